// The names of layers and elements (docs/api.md#limits): each at most `maxNameBytes` long, and
// no two alike. A name is repeated in every page, frame and stylesheet rule an answer holds, so
// its length multiplies the answer (a 10 000-byte name in 32 layers of 300 pages made a stylesheet
// of hundreds of MB); and two boxes of one name are one selector, so the later one's rules would
// silently override the earlier one's (docs/model.md#keyframes).

extension Checker {
    /// Checks `count` names: each within `maxNameBytes` UTF-8 bytes, at field `field` of `entry(i)`;
    /// a name equal to an earlier one is reported at the later one's pointer, naming the first.
    /// `name(i)` is the name as the answers use it (a default included), `given(i)` whether the
    /// request gave it (a default's pointer is the entry itself: `/layers/1`, not `/layers/1/name`).
    mutating func names<Field: FieldNames>(_ count: Int, _ name: (Int) -> String, given: (Int) -> Bool,
                                           field: Field, _ entry: (Int) -> String) {
        let limit = limits.maxNameBytes
        for i in 0..<count where given(i) && name(i).utf8.count > limit {
            add(field.pointer(in: entry(i)), "must be at most \(limit) bytes (UTF-8), not \(name(i).utf8.count) (--max-name-bytes)")
        }
        guard count > 1 else { return }
        func duplicate(_ i: Int, of first: Int) {
            let what = given(first) ? field.pointer(in: entry(first)) : entry(first) + " (its default name \"\(name(first))\")"
            add(given(i) ? field.pointer(in: entry(i)) : entry(i), "must differ from the name of \(what): names are unique")
        }
        // Pairwise for the usual few (no allocation); a dictionary for the many.
        if count <= 32 {
            for i in 1..<count {
                let n = name(i)
                for j in 0..<i where name(j) == n {
                    duplicate(i, of: j)
                    break
                }
            }
        } else {
            var first: [String: Int] = [:]
            first.reserveCapacity(count)
            for i in 0..<count {
                if let j = first[name(i)] { duplicate(i, of: j) } else { first[name(i)] = i }
            }
        }
    }
}
