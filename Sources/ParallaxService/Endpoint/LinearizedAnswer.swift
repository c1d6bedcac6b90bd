import ParallaxLayout

// `linearize` (docs/model.md#linearize): the answer's eased segments as chords within proven
// bounds, for players that cannot play a cubic segment. ParallaxLayout's Linearize.swift does the
// halving; this file applies it to an answer's tracks and refuses what it cannot answer.

/// A track source whose tracks come linearized.
struct LinearizedSource: TrackSource {
    let base: any TrackSource
    let bounds: LinearizeBounds
    var model: KeyframesModel { base.model }
    var axis: Axis { base.axis }
    var domain: KeyframeDomain { base.domain }
    var slots: ClosedRange<Int>? { base.slots }
    var linearized: LinearizeBounds? { bounds }
    /// Within the budget checked before the first byte (`KeyframesAnswer.linearized`); past it
    /// a track would stop halving at `Track.maxHalvings`, its maxError saying so.
    func tracks(unit: Int) -> [Track] { base.tracks(unit: unit).map { $0.linearized(bounds, budget: .max) ?? $0 } }
}

extension KeyframesAnswer {
    /// The formats whose tracks a player evaluates itself (a stylesheet's are the browser's;
    /// waapi's keyframes are a script's, which may hand them to a player of its own).
    static let linearFormats: [KeyframesFormat] = [.json, .keytimes, .fixtures, .waapi]

    /// Bytes a linear knot takes in the json answer (`TracksAnswer.estimate`).
    static let bytesPerKnot = 48
    /// Bytes a linear keyframe takes in the waapi answer (`{"offset":…,"easing":"linear",…}`).
    static let bytesPerWAAPIKnot = 80

    static func linearizeIssue(_ o: KeyframesOptions) -> ValidationIssue? {
        guard o.linearize != nil else { return nil }
        guard linearFormats.contains(o.format) else {
            let names = linearFormats.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            return ValidationIssue(pointer: KeyframesField.linearize.pointer(),
                                   message: "applies to formats \(names); format \"\(o.format.rawValue)\" is played by the browser, which plays cubic segments exactly")
        }
        // A fluid answer spells each keyframe from its reference sizes' steps, which must match
        // one for one (docs/web.md#fluid-and-fixed); chords halved at each size do not.
        guard !o.fluid else {
            return ValidationIssue(pointer: KeyframesField.linearize.pointer(), message: "needs \"viewport\": a fluid waapi answer's keyframes are exact cubic segments at every size; ask for one size to get chords")
        }
        return nil
    }

    /// The 422 of an answer whose knots would pass the answer limit, with the estimate.
    static func tooManyKnots(_ knots: Double, _ limits: LayoutLimits, bytesPerKnot: Int = bytesPerKnot) -> ValidationError {
        let about = knots < 1e12 ? "about \(Int(knots.rounded(.up))) knots (about \(Int(knots.rounded(.up)) * bytesPerKnot) bytes)"
                                 : "more than 10^12 knots"
        return ValidationError(issues: [ValidationIssue(
            pointer: KeyframesField.linearize.pointer(),
            message: "the linearized answer would hold \(about); at most \(limits.maxAnswerBytes) bytes (--max-answer-bytes): ask for larger bounds, fewer tracks or a narrower domain")])
    }

    /// `k` linearized, or the 422 when its knots would pass the answer limit.
    static func linearized(_ k: Keyframes, _ bounds: LinearizeBounds, limits: LayoutLimits) throws(ValidationError) -> Keyframes {
        let budget = limits.maxAnswerBytes / bytesPerKnot
        var estimate = 0.0
        for t in k.tracks { estimate += t.estimatedLinearKnots(bounds) }
        guard estimate <= Double(budget), let lin = k.linearized(bounds, budget: budget) else { throw tooManyKnots(estimate, limits) }
        return lin
    }

    /// About how many keyframes a linearized waapi answer's animations hold (both scenes), or the
    /// 422 when they would pass the answer limit; 0 when not linearized.
    static func linearKnots(_ main: TrackPlan, _ reduced: TrackPlan, _ limits: LayoutLimits) throws(ValidationError) -> Double {
        guard let bounds = main.linearize else { return 0 }
        let knots = main.estimatedLinearKnots(bounds) + reduced.estimatedLinearKnots(bounds)
        if knots > Double(limits.maxAnswerBytes / bytesPerWAAPIKnot) { throw tooManyKnots(knots, limits, bytesPerKnot: bytesPerWAAPIKnot) }
        return knots
    }

    /// `source` linearized, its knots estimated unit by unit first. A pager's tracks are all
    /// linear (docs/model.md#paging: clamps and edges only), so its units are not laid out twice.
    static func linearized(_ source: any TrackSource, _ bounds: LinearizeBounds, limits: LayoutLimits) throws(ValidationError) -> any TrackSource {
        if source.model != .paging, let slots = source.slots {
            var estimate = 0.0
            for u in slots { for t in source.tracks(unit: u) { estimate += t.estimatedLinearKnots(bounds) } }
            if estimate > Double(limits.maxAnswerBytes / bytesPerKnot) { throw tooManyKnots(estimate, limits) }
        }
        return LinearizedSource(base: source, bounds: bounds)
    }
}
