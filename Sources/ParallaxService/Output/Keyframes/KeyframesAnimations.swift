import ParallaxLayout

/// A scene box's animations as CSS property keyframes, shared by the `css` and `waapi` writers
/// (the same numbers, two spellings). One animation per CSS property (`translate`, `width`,
/// `height`, `scale`, `rotate`, `opacity`), each with the knots of its own curve, so a property's
/// keyframes never need another property's knots (an eased segment cannot be split without
/// changing its control points).
struct KeyframesAnimation {
    struct Step {
        /// The scroll offset of this keyframe.
        var offset: Double
        /// The value's numbers: two lengths for `translate` (x, y), one length for `width` and
        /// `height`, one number for `scale`, `opacity` and `rotate` (degrees). Kept as numbers, not
        /// text, so a fluid stylesheet can spell each length relative to the scroller from the
        /// same step at its reference sizes (`StyleSpelling`, docs/web.md#fluid-and-fixed).
        var numbers: [Double]
        var unit: Unit
        /// The timing function of the segment that starts here; nil for linear (the default).
        var easing: String?

        /// The CSS value of a fixed stylesheet, e.g. `12px 0px`, `0.5`, `30deg`.
        var value: String { StyleSpelling.fixed.value(unit, [numbers]) }
    }

    /// What a step's numbers are, so each is spelled in its CSS unit.
    enum Unit {
        case translate, length, number, degrees
    }

    /// The CSS property name.
    var property: String
    var steps: [Step]

    /// The animations of `box`: translate relative to its resting place (`left`/`top` hold the
    /// position at `rest`), sizes and effects absolute. Constant curves give no animation.
    static func of(_ box: KeyframesScene.Box, rest: Double) -> [KeyframesAnimation] {
        var out: [KeyframesAnimation] = []
        let x0 = box.anchorX ?? box.x.value(at: rest), y0 = box.anchorY ?? box.y.value(at: rest)
        switch (box.x.isConstant, box.y.isConstant) {
        case (true, true): break
        case (false, true):
            out.append(KeyframesAnimation(property: "translate", steps: steps(box.x, .translate) { [$0 - x0, 0] }))
        case (true, false):
            out.append(KeyframesAnimation(property: "translate", steps: steps(box.y, .translate) { [0, $0 - y0] }))
        case (false, false):
            out.append(KeyframesAnimation(property: "translate", steps: pairSteps(box.x, box.y, x0, y0)))
        }
        if !box.width.isConstant { out.append(KeyframesAnimation(property: "width", steps: steps(box.width, .length) { [$0] })) }
        if !box.height.isConstant { out.append(KeyframesAnimation(property: "height", steps: steps(box.height, .length) { [$0] })) }
        if let s = box.scale, !s.isConstant { out.append(KeyframesAnimation(property: "scale", steps: steps(s, .number) { [$0] })) }
        if let r = box.rotate, !r.isConstant { out.append(KeyframesAnimation(property: "rotate", steps: steps(r, .degrees) { [$0] })) }
        if let o = box.opacity, !o.isConstant { out.append(KeyframesAnimation(property: "opacity", steps: steps(o, .number) { [$0] })) }
        return out
    }

    /// A number in the answer's spelling (shortest round-trip, docs/model.md#determinism-and-motion), valid as a CSS number.
    static func css(_ v: Double) -> String {
        JSONWriter.text { $0.numberValue(v) }
    }

    static func cubicBezier(_ e: SegmentEasing) -> String? {
        guard case .cubicBezier(let x1, let y1, let x2, let y2) = e else { return nil }
        return "cubic-bezier(" + [x1, y1, x2, y2].map(css).joined(separator: ", ") + ")"
    }

    /// One step per knot. A jump (two knots at one offset) cannot be two keyframes at one
    /// percentage (CSS merges them), so the linear segment before it ends with a `linear()`
    /// easing that reaches the left value just before 100 % and the right value at 100 %
    /// (CSS Easing Functions Level 2, section 2.3: the last of equal input positions wins at that input).
    private static func steps(_ c: Curve, _ unit: Unit, _ value: (Double) -> [Double]) -> [Step] {
        var out: [Step] = []
        var i = 0
        let k = c.knots
        while i < k.count {
            if i + 1 < k.count, k[i + 1].offset == k[i].offset {
                // k[i] is the left end of a jump; the step before it (if any) gets the jump easing.
                if let last = out.indices.last, i > 0, i - 1 < c.easings.count, c.easings[i - 1] == .linear,
                   k[i + 1].value != k[i - 1].value {
                    let r = (k[i].value - k[i - 1].value) / (k[i + 1].value - k[i - 1].value)
                    out[last].easing = "linear(0, " + css(r) + " 100%, 1 100%)"
                }
                i += 1
                continue
            }
            out.append(Step(offset: k[i].offset, numbers: value(k[i].value), unit: unit,
                            easing: i < c.easings.count ? cubicBezier(c.easings[i]) : nil))
            i += 1
        }
        return out
    }

    /// Both coordinates vary (no model does this today; kept exact for linear curves): steps on
    /// the union of the knots, the later value at a shared jump.
    private static func pairSteps(_ x: Curve, _ y: Curve, _ x0: Double, _ y0: Double) -> [Step] {
        var offsets = (x.knots + y.knots).map(\.offset)
        offsets.sort()
        var out: [Step] = []
        for o in offsets where out.last?.offset != o {
            out.append(Step(offset: o, numbers: [x.linearValue(at: o) - x0, y.linearValue(at: o) - y0], unit: .translate))
        }
        return out
    }
}
