// The docs/model.md#keyframes value rules shared by the three keyframes entry points: fields that describe one moment or
// round to pixels are refused, the domain must be finite with from < to, property names must exist.

extension Checker {
    /// docs/model.md#keyframes: "`offset`, `page`, `offsets`, `previousOffset`, `velocity` and `pixelScale` describe
    /// one moment or round to pixels: each is a 422 here", in the schema's order.
    mutating func refuseMoments<Field: FieldNames>(_ given: [Field]) {
        for field in given { add(field.pointer(), "not allowed in a keyframes request (give domain instead)") }
    }

    /// The domain: a resolved default must be non-empty (reported at "/domain", the field to give);
    /// a given one has `from` within `ends` and `to` above `from` and within `ends`, each stated
    /// as one rule. `ends` is ±maxMagnitude, narrower for an infinite pager (2^52 strides).
    /// Returns whether it is usable.
    @discardableResult
    mutating func domain(_ d: KeyframeDomain, given: Bool, ends: Bounds? = nil) -> Bool {
        if !given {
            guard d.from.isFinite, d.to.isFinite, d.from < d.to else {
                add(KeyframesField.domain.pointer(), "the default domain [\(fmt(d.from)), \(fmt(d.to))] is empty; give domain {from, to}")
                return false
            }
            return true
        }
        let b = ends ?? coordinates
        let fromOK = within(d.from, b, RangeField.from.pointer(in: KeyframesField.domain.pointer()))
        var above = b
        above.lo = fromOK ? d.from : b.lo
        above.loOpen = true
        above.loName = "domain.from"
        above.loKnown = fromOK
        let toOK = within(d.to, above, RangeField.to.pointer(in: KeyframesField.domain.pointer()))
        return fromOK && toOK
    }

    /// Every name in `properties` must be one the model can answer (`known`).
    /// `explain` gives a name's own refusal instead of the list of known names.
    mutating func properties(_ list: [String]?, known: [String], explain: (String) -> String? = { _ in nil }) {
        guard let list else { return }
        for (i, name) in list.enumerated() where !known.contains(name) {
            if let why = explain(name) {
                add(KeyframesField.properties.pointer(at: i), why)
                continue
            }
            // Pages and layers share the viewportFrame.* names: list each once.
            var names: [String] = []
            for k in known where !names.contains(k) { names.append(k) }
            add(KeyframesField.properties.pointer(at: i), "unknown property; one of \(names.joined(separator: ", "))")
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

/// A model's request, some of whose fields describe one moment or round to pixels
/// (docs/model.md#keyframes): its keyframes request refuses them.
protocol MomentFields: FieldNamed {
    /// Clears `field` when it is one of those and says whether the request gave it; false for
    /// every other field. A switch over every field, so the compiler asks a new one which it is.
    mutating func takeMoment(_ field: Field) -> Bool
}

extension MomentFields {
    /// The request without the fields of one moment, and those of them it gave, in the schema's
    /// order (none on the valid path, so no array is made).
    func splitMoments() -> (Self, given: [Field]) {
        var plain = self
        var given: [Field] = []
        for field in Field.allCases where plain.takeMoment(field) { given.append(field) }
        return (plain, given)
    }
}

extension PagingInput: MomentFields {
    mutating func takeMoment(_ field: Field) -> Bool {
        switch field {
        case .offset: defer { offset = nil }; return offset != nil
        case .page: defer { page = nil }; return page != nil
        case .offsets: defer { offsets = nil }; return offsets != nil
        case .velocity: defer { velocity = nil }; return velocity != nil
        case .previousOffset: defer { previousOffset = nil }; return previousOffset != nil
        case .pixelScale: defer { pixelScale = nil }; return pixelScale != nil
        case .viewport, .pageCount, .pageSpacing, .pageSize, .align, .axis, .direction, .infinite, .currentPage,
             .layers, .include, .range, .decelerationRate, .motionScale: return false
        }
    }
}

extension HeaderInput: MomentFields {
    mutating func takeMoment(_ field: Field) -> Bool {
        switch field {
        case .offset: defer { offset = nil }; return offset != nil
        case .offsets: defer { offsets = nil }; return offsets != nil
        case .pixelScale: defer { pixelScale = nil }; return pixelScale != nil
        case .viewport, .header, .stretch, .mode, .content, .contentMode, .motionScale: return false
        }
    }
}

extension ScrollInput: MomentFields {
    mutating func takeMoment(_ field: Field) -> Bool {
        switch field {
        case .offset: defer { offset = nil }; return offset != nil
        case .offsets: defer { offsets = nil }; return offsets != nil
        case .pixelScale: defer { pixelScale = nil }; return pixelScale != nil
        case .viewport, .elements, .axis, .motionScale: return false
        }
    }
}

/// A model whose keyframes request is its layout request less the fields of one moment: the header
/// and the scroll elements (a pager has more rules of its own, PagingKeyframes.swift checks them).
protocol MomentlessKeyframes: MomentFields {
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
        let (plain, moments) = splitMoments()
        var c = Checker(limits: limits)
        c.issues = plain.validate(limits: limits)
        c.refuseMoments(moments)
        c.properties(properties, known: Self.keyframeProperties)
        if c.issues.isEmpty || domain != nil { c.domain(resolved, given: domain != nil) }
        guard c.issues.isEmpty else { throw ValidationError(issues: c.issues) }
        return plain
    }
}

extension HeaderInput: MomentlessKeyframes {}
extension ScrollInput: MomentlessKeyframes {}
