import ParallaxLayout

// Page-progress answers (docs/model.md#page-progress): a pager's tracks as functions of a page's
// progress p, in the data formats only.

extension KeyframesAnswer {
    /// The formats that take `input: "pageProgress"`: the data formats, whose tracks an app plays on
    /// its pager's p. A stylesheet and WAAPI animations play on the scroller's offset.
    static let progressFormats: [KeyframesFormat] = [.json, .keytimes, .fixtures]

    /// The answer to a `pageProgress` request, or its 422s (the format's at `/input` first).
    static func progress<Model>(_ input: Model, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        guard progressFormats.contains(o.format) else {
            let names = progressFormats.map { "\"\($0.rawValue)\"" }.joined(separator: " and ")
            throw ValidationError(issues: [ValidationIssue(
                pointer: KeyframesField.input.pointer(),
                message: "\"pageProgress\" is answered in formats \(names); format \"\(o.format.rawValue)\" plays on the scroller's offset (ask for input \"offset\")")])
        }
        guard let pager = input as? PagingInput else {
            throw ValidationError(issues: [ValidationIssue(pointer: KeyframesField.input.pointer(), message: "applies only to paging keyframes")])
        }
        if o.format == .fixtures { return try fixtures(input, o, limits: limits) }
        var k = try pager.progressKeyframes(domain: o.domain, properties: o.properties, limits: limits)
        if let bounds = o.linearize { k = try linearized(k, bounds, limits: limits) }
        return KeyframesAnswer(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: o.format == .keytimes)))
    }
}

extension JSONWriter {
    /// `stride` (L, points per unit of p) and the sign convention: p = offset/L − index, +1 when
    /// the page has moved one page back (docs/model.md#page-progress "sign").
    /// `"linearized": {length, ratio, angle}`, the bounds a linearized answer was made within.
    mutating func linearizedHeader(_ l: LinearizeBounds) {
        key("linearized")
        objectStart(); field("length", l.length); field("ratio", l.ratio); field("angle", l.angle); objectEnd()
    }

    mutating func progressHeader(stride: Double?) {
        if let stride { field("stride", stride) }
        key("sign"); string("movedBack")
    }
}
