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
        /// Two lengths (x, y); two numbers (a per-axis `scale: sx sy`).
        case translate, length, number, numberPair, degrees
    }

    /// The CSS property name.
    var property: String
    var steps: [Step]
    /// The largest `maxError` of the curves its steps follow (docs/model.md#linearize): the steps
    /// are exact on linear curves, so a linearized box's animation is as close as its tracks.
    var maxError = 0.0

    init(property: String, steps: [Step], of curves: Curve...) {
        self.property = property
        self.steps = steps
        maxError = curves.map(\.maxError).max() ?? 0
    }

    /// The animations of `box`: translate relative to its resting place (`left`/`top` hold the
    /// position at `rest`), sizes and effects absolute. Constant curves give no animation.
    static func of(_ box: KeyframesScene.Box, rest: Double) -> [KeyframesAnimation] {
        var out: [KeyframesAnimation] = []
        let x0 = box.anchorX ?? box.x.value(at: rest), y0 = box.anchorY ?? box.y.value(at: rest)
        switch (box.x.isConstant, box.y.isConstant) {
        case (true, true): break
        case (false, true):
            out.append(KeyframesAnimation(property: "translate", steps: steps(box.x, .translate) { [$0 - x0, 0] }, of: box.x))
        case (true, false):
            out.append(KeyframesAnimation(property: "translate", steps: steps(box.y, .translate) { [0, $0 - y0] }, of: box.y))
        case (false, false):
            out.append(KeyframesAnimation(property: "translate", steps: pairSteps(box.x, box.y, .translate) { [$0 - x0, $1 - y0] }, of: box.x, box.y))
        }
        if !box.width.isConstant { out.append(KeyframesAnimation(property: "width", steps: steps(box.width, .length) { [$0] }, of: box.width)) }
        if !box.height.isConstant { out.append(KeyframesAnimation(property: "height", steps: steps(box.height, .length) { [$0] }, of: box.height)) }
        if let sy = box.scaleY, let sx = box.scale {
            // Per axis: one `scale: sx sy` animation; a constant side rides along with the other.
            let (ax, ay) = (sx.value(at: rest), sy.value(at: rest))
            switch (sx.isConstant, sy.isConstant) {
            case (true, true): break
            case (false, true): out.append(KeyframesAnimation(property: "scale", steps: steps(sx, .numberPair) { [$0, ay] }, of: sx))
            case (true, false): out.append(KeyframesAnimation(property: "scale", steps: steps(sy, .numberPair) { [ax, $0] }, of: sy))
            case (false, false): out.append(KeyframesAnimation(property: "scale", steps: pairSteps(sx, sy, .numberPair) { [$0, $1] }, of: sx, sy))
            }
        } else if let s = box.scale, !s.isConstant {
            out.append(KeyframesAnimation(property: "scale", steps: steps(s, .number) { [$0] }, of: s))
        }
        if let r = box.rotate, !r.isConstant { out.append(KeyframesAnimation(property: "rotate", steps: steps(r, .degrees) { [$0] }, of: r)) }
        if let o = box.opacity, !o.isConstant { out.append(KeyframesAnimation(property: "opacity", steps: steps(o, .number) { [$0] }, of: o)) }
        return out
    }

    /// A number in the answer's spelling (shortest round-trip, docs/model.md#determinism-and-motion), valid as a CSS number.
    static func css(_ v: Double) -> String {
        JSONWriter.text { $0.numberValue(v) }
    }

    /// Decimals of a stylesheet's numbers (docs/web.md#numbers): a length to 1/1000 px, a
    /// unitless number (opacity, scale, degrees) or a percentage of the scroller to 1e-6; keyframe
    /// selectors get what 1/1000 px of their domain needs (`percentDecimals`).
    enum Decimals {
        static let px = 3
        static let unitless = 6
    }

    /// `v` rounded half away from zero to `decimals` places, in its shortest spelling: the double
    /// nearest a decimal of that many places prints as that decimal, so `0.19999999999999996` at 6
    /// is `0.2`. Magnitudes whose scaled value leaves the exact integers of a double (never a
    /// layout's) are written as they are.
    static func css(_ v: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = v * scale
        guard scaled.isFinite, abs(scaled) < 4_503_599_627_370_496 else { return css(v) }
        let rounded = scaled.rounded(.toNearestOrAwayFromZero) / scale
        return css(rounded == 0 ? 0 : rounded)
    }

    /// The decimals of a keyframe selector (a percentage of a domain `length` px long) that
    /// place it to 1/1000 px: 100/length % a px, so 1/1000 px is 0.1/length %.
    static func percentDecimals(domainLength length: Double) -> Int {
        var decimals = 0
        var step = 1.0
        while step * length > 0.1 && decimals < 12 {
            step /= 10
            decimals += 1
        }
        return decimals
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
                } else if i > 0, let first = k.first, let end = k.last {
                    // After an eased segment (docs/model.md#effects) the timing function is taken:
                    // the left value is reached a hair (1e-6 of the domain) early instead.
                    let hair = (end.offset - first.offset) * 1e-6
                    out.append(Step(offset: k[i].offset - hair, numbers: value(k[i].value), unit: unit))
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

    /// Both numbers of a two-number property vary (a translate along and across the axis, a
    /// per-axis scale, docs/model.md#effects): one keyframe list for both. Steps on the union of
    /// the knots; a segment where both are linear, or where one holds still while the other
    /// runs one of its own whole segments, keeps that segment's easing and is exact. Elsewhere
    /// (two different curves at once, or a curve cut by the other's knot) the segment is written
    /// as `pairPieces` linear steps of the exact values, within ~1e-4 of the curve's travel. A
    /// jump becomes a step a hair (1e-6 of the domain) before it, at the values just left of it.
    private static func pairSteps(_ x: Curve, _ y: Curve, _ unit: Unit, _ value: (Double, Double) -> [Double]) -> [Step] {
        var offsets = (x.knots + y.knots).map(\.offset)
        offsets.sort()
        var unique: [Double] = []
        for o in offsets where unique.last != o { unique.append(o) }
        guard let first = unique.first, let last = unique.last else { return [] }
        let hair = (last - first) * 1e-6
        var out: [Step] = []
        for (n, o) in unique.enumerated() {
            if n > 0, x.jumps(at: o) || y.jumps(at: o), o - hair > unique[n - 1] {
                out.append(Step(offset: o - hair, numbers: value(x.value(at: o - hair), y.value(at: o - hair)), unit: unit))
            }
            out.append(Step(offset: o, numbers: value(x.value(at: o), y.value(at: o)), unit: unit))
            guard n + 1 < unique.count else { break }
            let b = unique[n + 1], end = b - (x.jumps(at: b) || y.jumps(at: b) ? hair : 0)
            let ex = x.segmentEasing(from: o, to: b), ey = y.segmentEasing(from: o, to: b)
            switch (ex, ey) {
            case (.linear?, .linear?): break
            case (let e?, _) where end == b && y.holds(from: o, to: b):
                out[out.count - 1].easing = cubicBezier(e)
            case (_, let e?) where end == b && x.holds(from: o, to: b):
                out[out.count - 1].easing = cubicBezier(e)
            default:
                for k in 1..<pairPieces {
                    let t = o + (end - o) * Double(k) / Double(pairPieces)
                    out.append(Step(offset: t, numbers: value(x.value(at: t), y.value(at: t)), unit: unit))
                }
            }
        }
        return out
    }

    /// Linear steps per segment where two curves cannot share one timing function.
    static let pairPieces = 48
}

extension Curve {
    /// Two knots at offset o: the value steps there.
    func jumps(at o: Double) -> Bool {
        zip(knots, knots.dropFirst()).contains { $0.offset == o && $1.offset == o && $0.value != $1.value }
    }

    /// The easing of the one whole segment [a, b] of this curve, nil when [a, b] is not exactly
    /// one of its segments (cut by the other curve's knot, or spanning several).
    func segmentEasing(from a: Double, to b: Double) -> SegmentEasing? {
        for j in 0..<easings.count where knots[j].offset == a && knots[j + 1].offset == b { return easings[j] }
        if let l = knots.last, a >= l.offset { return .linear }
        if let f = knots.first, b <= f.offset { return .linear }
        // Inside a linear segment (cut by the other's knot) it stays linear.
        for j in 0..<easings.count where knots[j].offset <= a && b <= knots[j + 1].offset && easings[j] == .linear { return .linear }
        return nil
    }

    /// Whether the value stays the same over [a, b].
    func holds(from a: Double, to b: Double) -> Bool {
        value(at: a) == value(at: b) && knots.allSatisfy { $0.offset <= a || $0.offset >= b || $0.value == value(at: a) }
    }
}
