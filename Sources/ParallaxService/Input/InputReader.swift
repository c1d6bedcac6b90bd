import ParallaxLayout

/// Maps a parsed JSON document onto ParallaxLayout inputs, reporting every type problem, unknown
/// field (the schema's `additionalProperties: false`) and missing required field as a
/// (JSON pointer, message) issue, so one 422 lists them all (docs/api.md). Value rules (bounds,
/// "exactly one of") belong to ParallaxLayout's `validate`.
///
/// The two lists are simply concatenated (reader's first), never compared: a field the reader
/// reports is left absent (`nil`) or given a placeholder its own value rule accepts (sizes 1,
/// coordinates and offsets 0, `pageCount` 1, a range's missing end equal to the other), so value
/// validation cannot name that field a second time. Value rules about how fields combine ("give
/// only one of offset, page, offsets") are still reported: they are further problems, not echoes.
///
/// The current location is a stack of steps (trivial values: a push or pop copies no String and
/// destroys nothing); a pointer string is built only for an issue.
struct InputReader {
    private(set) var issues: [ValidationIssue] = []
    private var path: [Step] = []
    /// Keys of the objects being read, innermost last: one buffer for the whole document instead
    /// of an array per object (duplicate detection).
    private var keys: [JSONKey] = []
    /// While `object` calls its `member`: the position in the object's `JSONFields` of the key
    /// it matched, −1 for a key outside the table. A hot reader switches on it (an integer)
    /// instead of comparing the key with each case's literal again (`PagingReader`).
    private(set) var field = -1

    /// The two buffers, kept by the caller between documents so a request allocates neither
    /// (a reader leaves both empty: every push has its pop).
    struct Scratch {
        fileprivate var path: [Step] = []
        fileprivate var keys: [JSONKey] = []
        init() {}
    }

    /// A reader over `scratch`'s buffers (moved in, no copy); give them back with `release`.
    init(reusing scratch: inout Scratch) {
        swap(&path, &scratch.path)
        swap(&keys, &scratch.keys)
        path.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    mutating func release(into scratch: inout Scratch) {
        swap(&path, &scratch.path)
        swap(&keys, &scratch.keys)
    }

    /// One step of the location: a member of the document, a schema name, an array index.
    fileprivate enum Step {
        case member(JSONKey), name(StaticString), index(Int)

        var token: JSONPointer.Token {
            switch self {
            case .member(let k): .member(k)
            case .name(let n): .key(n.description)
            case .index(let i): .index(i)
            }
        }
    }

    var pointer: String { JSONPointer(path.map(\.token)).description }

    mutating func fail(_ message: String) {
        issues.append(ValidationIssue(pointer: pointer, message: message))
    }

    /// Takes back the issue at `pointer` saying `message`, if there is one: a route on which a
    /// field may be absent in some forms (a fluid stylesheet's `viewport`, docs/web.md#fluid-and-fixed).
    mutating func withdraw(_ pointer: String, _ message: String) -> Bool {
        guard let i = issues.firstIndex(where: { $0.pointer == pointer && $0.message == message }) else { return false }
        issues.remove(at: i)
        return true
    }

    /// Runs `body` one level down, at the field `name`.
    mutating func at<R>(_ name: StaticString, _ body: (inout InputReader) -> R) -> R {
        path.append(.name(name))
        defer { path.removeLast() }
        return body(&self)
    }

    /// Runs `body` one level down, at array index `index`.
    mutating func at<R>(_ index: Int, _ body: (inout InputReader) -> R) -> R {
        path.append(.index(index))
        defer { path.removeLast() }
        return body(&self)
    }

    /// Iterates an object's members with the path at each member. A key is first looked up in
    /// `fields` (the object's schema, one table per object kind): a field seen before is reported
    /// once per repeat without reading it again, by a bit of a mask. Then `member` reads it;
    /// `member` returns false for a key it does not know (reported as unknown). Keys outside
    /// `fields` that `member` still accepts (a route's `extra` fields) are remembered in the key
    /// buffer for the same check. Then each of `fields`' required names missing is reported, in
    /// order. Returns false when `value` is not an object.
    @discardableResult @inline(__always)
    mutating func object(_ value: JSONValue, _ fields: JSONFields, member: (inout InputReader, JSONKey, JSONValue) -> Bool) -> Bool {
        guard value.kind == .object else {
            fail("must be an object, not \(value.kindName)")
            return false
        }
        var seen: UInt64 = 0
        let start = keys.count
        value.forEachMemberKey { key, v in
            path.append(.member(key))
            defer { path.removeLast() }
            if let i = fields.index(of: key) {
                let bit: UInt64 = 1 << UInt64(i)
                if seen & bit != 0 {
                    fail("appears more than once")
                    return
                }
                seen |= bit
                field = i
                if !member(&self, key, v) { fail("unknown field") }
                return
            }
            field = -1
            // Only known extra fields are remembered, so the scan stays short however many
            // unknown keys a hostile body holds.
            if keys.count > start && keys[start...].contains(key) {
                fail("appears more than once")
                return
            }
            if member(&self, key, v) { keys.append(key) } else { fail("unknown field") }
        }
        if keys.count > start { keys.removeSubrange(start...) }
        let missing = fields.requiredMask & ~seen
        if missing != 0 {
            for i in 0..<fields.requiredCount where missing & (1 << UInt64(i)) != 0 {
                at(fields.name(i)) { $0.fail("is required") }
            }
        }
        return true
    }

    // MARK: - Scalars

    mutating func number(_ v: JSONValue) -> Double? {
        switch v.number {
        case .finite(let d)?: return d
        // A literal beyond a double (1e999) reads as infinity: every number has a value rule, which
        // refuses it with the field's whole rule ("must be between -1e15 and 1e15").
        case .overflow?: return .infinity
        case nil: fail("must be a number, not \(v.kindName)"); return nil
        }
    }

    mutating func bool(_ v: JSONValue) -> Bool? {
        if let b = v.bool { return b }
        fail("must be a boolean, not \(v.kindName)")
        return nil
    }

    mutating func string(_ v: JSONValue) -> String? {
        if let s = v.string { return s }
        fail("must be a string, not \(v.kindName)")
        return nil
    }

    /// A string naming one case of `E`, e.g. `axis`.
    mutating func keyword<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ type: E.Type) -> E? where E.RawValue == String {
        stringKeyword(v, type)
    }

    /// `keyword` through a String: the path for enums without a byte matcher, and for errors.
    mutating func stringKeyword<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _: E.Type) -> E? where E.RawValue == String {
        guard let s = string(v) else { return nil }
        if let e = E(rawValue: s) { return e }
        fail("must be one of " + E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        return nil
    }

    /// An array of numbers (`offsets`).
    mutating func numbers(_ v: JSONValue) -> [Double]? {
        guard v.kind == .array else { fail("must be an array, not \(v.kindName)"); return nil }
        var out: [Double] = []
        out.reserveCapacity(v.count)
        v.forEachElement { i, e in
            out.append(at(i) { $0.number(e) } ?? 0)
        }
        return out
    }

    /// `[from, to]`: exactly two numbers (docs/model.md#scroll-elements effect ranges).
    mutating func pair(_ v: JSONValue) -> (Double, Double)? {
        guard v.kind == .array, v.count == 2 else {
            fail(v.kind == .array ? "must have exactly 2 numbers [from, to]" : "must be an array [from, to], not \(v.kindName)")
            return nil
        }
        var values: [Double?] = []
        v.forEachElement { i, e in values.append(at(i) { $0.number(e) }) }
        guard let a = values[0], let b = values[1] else { return nil }
        return (a, b)
    }

    // MARK: - Shared objects

    private static let sizeFields = JSONFields(required: ["width", "height"])
    private static let frameFields = JSONFields(required: ["x", "y", "width", "height"])

    /// `{width, height}`, both required numbers.
    mutating func size(_ v: JSONValue) -> Size? {
        var w: Double?, h: Double?
        let seen = object(v, Self.sizeFields) { r, key, e in
            switch key {
            case "width": w = r.number(e)
            case "height": h = r.number(e)
            default: return false
            }
            return true
        }
        // A bad or missing side becomes a placeholder (already reported), so value validation
        // still checks the other one.
        guard seen else { return nil }
        return Size(width: w ?? 1, height: h ?? 1)
    }

    /// `{x, y, width, height}`, all required numbers.
    mutating func frame(_ v: JSONValue) -> Frame? {
        var x: Double?, y: Double?, w: Double?, h: Double?
        let seen = object(v, Self.frameFields) { r, key, e in
            switch key {
            case "x": x = r.number(e)
            case "y": y = r.number(e)
            case "width": w = r.number(e)
            case "height": h = r.number(e)
            default: return false
            }
            return true
        }
        guard seen else { return nil }
        return Frame(x: x ?? 0, y: y ?? 0, width: w ?? 1, height: h ?? 1)
    }
}

/// The field names of one kind of JSON object in the API (its schema's `properties`), required
/// ones first, as a table of each name's length and first 16 bytes: a key is matched by comparing
/// words, and a field's position is its bit in `InputReader.object`'s masks. Built once per kind.
///
/// A key finds its one candidate entry by a multiplicative hash of its words into 256 slots, the
/// multiplier chosen when the table is built so that no two of its names share a slot; the entry's
/// words then confirm it. (A scan of the entries cost ≈ 17 instructions a key per name before it.)
struct JSONFields: Sendable {
    private let names: [StaticString]
    private let entries: [(length: Int, word0: UInt64, word1: UInt64)]
    /// Slot → entry index, −1 for none.
    private let slots: [Int8]
    private let multiplier: UInt64
    let requiredCount: Int
    let requiredMask: UInt64

    init(required: [StaticString], optional: [StaticString] = []) {
        names = required + optional
        precondition(names.count <= 64 && names.allSatisfy { $0.utf8CodeUnitCount <= 16 },
                     "a field table holds at most 64 names of at most 16 bytes")
        let entries = names.map { ($0.utf8CodeUnitCount, JSONKey.word($0, from: 0), JSONKey.word($0, from: 8)) }
        self.entries = entries
        requiredCount = required.count
        requiredMask = required.isEmpty ? 0 : UInt64.max >> UInt64(64 - required.count)
        // Odd multipliers from a fixed sequence until every name has a slot of its own (a few
        // tries for the API's tables, once per table, at start-up).
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        while true {
            let m = candidate | 1
            var table = [Int8](repeating: -1, count: 256)
            var clash = false
            for (i, e) in entries.enumerated() {
                let s = Self.slot(length: e.0, e.1, e.2, m)
                if table[s] >= 0 { clash = true; break }
                table[s] = Int8(i)
            }
            if !clash { slots = table; multiplier = m; break }
            candidate = candidate &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        }
    }

    @inline(__always) private static func slot(length: Int, _ word0: UInt64, _ word1: UInt64, _ m: UInt64) -> Int {
        Int(truncatingIfNeeded: ((word0 ^ (word1 &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: length)) &* m) >> 56)
    }

    /// The position of the field `key` names, or nil.
    @inline(__always) func index(of key: JSONKey) -> Int? {
        guard key.length <= 16 else { return nil }
        let i = Int(slots.span[Self.slot(length: key.length, key.word0, key.word1, multiplier)])
        guard i >= 0 else { return nil }
        let e = entries.span[i]
        return e.length == key.length && e.word0 == key.word0 && e.word1 == key.word1 ? i : nil
    }

    func name(_ i: Int) -> StaticString { names[i] }
}
