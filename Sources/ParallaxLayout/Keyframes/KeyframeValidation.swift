// The §8 value rules shared by the three keyframes entry points: fields that describe one moment or
// round to pixels are refused, the domain must be finite with from < to, property names must exist.

extension Checker {
    /// SPEC §8: "`offset`, `page`, `offsets`, `previousOffset`, `velocity` and `pixelScale` describe
    /// one moment or round to pixels: each is a 422 here".
    mutating func refuseMoment(_ given: Bool, _ pointer: String) {
        if given { add(pointer, "not allowed in a keyframes request (give domain instead)") }
    }

    /// A domain given in the request (or the resolved default, reported at "/domain"): finite,
    /// within ±maxMagnitude, from < to. Returns whether it is usable.
    @discardableResult
    mutating func domain(_ d: KeyframeDomain, given: Bool) -> Bool {
        if !given {
            guard d.from.isFinite, d.to.isFinite, d.from < d.to else {
                add("/domain", "the default domain [\(fmt(d.from)), \(fmt(d.to))] is empty; give domain {from, to}")
                return false
            }
            return true
        }
        let fromOK = number(d.from, "/domain/from")
        let toOK = number(d.to, "/domain/to")
        guard fromOK, toOK else { return false }
        guard d.from < d.to else {
            add("/domain/to", "must be > domain.from")
            return false
        }
        return true
    }

    /// Every name in `properties` must be one the model can answer (`known`).
    mutating func properties(_ list: [String]?, known: [String]) {
        guard let list else { return }
        for (i, name) in list.enumerated() where !known.contains(name) {
            add("/properties/\(i)", "unknown property; one of \(known.joined(separator: ", "))")
        }
    }
}

/// `properties` as a filter: nil keeps everything (constant tracks dropped), a list keeps only the
/// named paths and keeps them even when constant (the client asked for them).
struct PropertyFilter {
    let names: [String]?
    func wants(_ name: String) -> Bool { names?.contains(name) ?? true }
    func keepsConstant(_ name: String) -> Bool { names?.contains(name) ?? false }
    /// The wanted subset of `all`, in `all`'s order.
    func select(_ all: [String]) -> [String] { all.filter(wants) }
}

/// "x", "y", "width", "height" after a prefix: the four numbers of a frame, in JSON order.
func frameProperties(_ prefix: String) -> [String] {
    [prefix + ".x", prefix + ".y", prefix + ".width", prefix + ".height"]
}

extension Frame {
    /// The four numbers in `frameProperties` order.
    var numbers: [Double] { [x, y, width, height] }
}
