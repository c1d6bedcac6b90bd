// The docs/model.md#keyframes value rules shared by the three keyframes entry points: fields that describe one moment or
// round to pixels are refused, the domain must be finite with from < to, property names must exist.

extension Checker {
    /// docs/model.md#keyframes: "`offset`, `page`, `offsets`, `previousOffset`, `velocity` and `pixelScale` describe
    /// one moment or round to pixels: each is a 422 here".
    mutating func refuseMoment(_ given: Bool, _ pointer: String) {
        if given { add(pointer, "not allowed in a keyframes request (give domain instead)") }
    }

    /// The domain: a resolved default must be non-empty (reported at "/domain", the field to give);
    /// a given one has `from` within `ends` and `to` above `from` and within `ends`, each stated
    /// as one rule. `ends` is ±maxMagnitude, narrower for an infinite pager (2^52 strides).
    /// Returns whether it is usable.
    @discardableResult
    mutating func domain(_ d: KeyframeDomain, given: Bool, ends: Bounds? = nil) -> Bool {
        if !given {
            guard d.from.isFinite, d.to.isFinite, d.from < d.to else {
                add("/domain", "the default domain [\(fmt(d.from)), \(fmt(d.to))] is empty; give domain {from, to}")
                return false
            }
            return true
        }
        let b = ends ?? coordinates
        let fromOK = within(d.from, b, "/domain/from")
        var above = b
        above.lo = fromOK ? d.from : b.lo
        above.loOpen = true
        above.loName = "domain.from"
        above.loKnown = fromOK
        let toOK = within(d.to, above, "/domain/to")
        return fromOK && toOK
    }

    /// Every name in `properties` must be one the model can answer (`known`).
    /// `explain` gives a name's own refusal instead of the list of known names.
    mutating func properties(_ list: [String]?, known: [String], explain: (String) -> String? = { _ in nil }) {
        guard let list else { return }
        for (i, name) in list.enumerated() where !known.contains(name) {
            if let why = explain(name) {
                add("/properties/\(i)", why)
                continue
            }
            // Pages and layers share the viewportFrame.* names: list each once.
            var names: [String] = []
            for k in known where !names.contains(k) { names.append(k) }
            add("/properties/\(i)", "unknown property; one of \(names.joined(separator: ", "))")
        }
    }
}

/// `properties` as a filter: nil keeps everything (constant tracks dropped), a list keeps only the
/// named paths and keeps them even when constant (the client asked for them).
struct PropertyFilter: Sendable {
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

/// A model whose keyframes request is its layout request less the fields of one moment: the header
/// and the scroll elements (a pager has more such fields, PagingKeyframes.swift checks its own).
protocol MomentlessKeyframes {
    var offset: Double? { get set }
    var offsets: [Double]? { get set }
    var pixelScale: Double? { get set }
    func validate(limits: LayoutLimits) -> [ValidationIssue]
    /// Every track name the model can answer (the `properties` a request may name).
    static var keyframeProperties: [String] { get }
}

extension MomentlessKeyframes {
    /// Checks a keyframes request (docs/model.md#keyframes), every problem at once: the model's own
    /// rules without its single-moment fields, each of those fields refused, the property names,
    /// and the domain (`resolved`; a given one even beside other problems, the default only when
    /// all else is valid). Returns the request without the moment fields, ready for its engine.
    func momentless(domain: KeyframeDomain?, resolved: KeyframeDomain, properties: [String]?,
                    limits: LayoutLimits) throws(ValidationError) -> Self {
        var plain = self
        (plain.offset, plain.offsets, plain.pixelScale) = (nil, nil, nil)
        var c = Checker(limits: limits)
        c.issues = plain.validate(limits: limits)
        c.refuseMoment(offset != nil, "/offset")
        c.refuseMoment(offsets != nil, "/offsets")
        c.refuseMoment(pixelScale != nil, "/pixelScale")
        c.properties(properties, known: Self.keyframeProperties)
        if c.issues.isEmpty || domain != nil { c.domain(resolved, given: domain != nil) }
        guard c.issues.isEmpty else { throw ValidationError(issues: c.issues) }
        return plain
    }
}

extension HeaderInput: MomentlessKeyframes {}
extension ScrollInput: MomentlessKeyframes {}
