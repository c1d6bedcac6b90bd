import ParallaxLayout

/// How a stylesheet spells its numbers (docs/web.md#fluid-and-fixed). A fixed stylesheet has one
/// scene, at the request's viewport, and writes every length in px. A fluid one (no `viewport`)
/// has three scenes of the same markup at reference sizes R0 = (W0, H0), RW = (W1, H0) and
/// RH = (W0, H1) (`FluidScenes`); a number found at the same place in the three is, for every
/// model this service styles fluidly, affine in the scroller's size (W, H):
///
///     v(W, H) = c + a·W + b·H,   a = (v(RW) − v(R0)) / (W1 − W0),   b = (v(RH) − v(R0)) / (H1 − H0)
///
/// (a page's place i·(W + S), a layer's `rate` travel r·(W + S), a `cover` width W + 2|T|, the
/// content's extent (N − 1)·(W + S) + W; docs/model.md#paging, #stretchy-header). It is written
/// `calc(a·100cqw + b·100cqh + c px)`: `cqw`/`cqh` are 1 % of the scroller's content box, which is
/// its client size (no padding, border or scrollbar), because the scroller is a size container.
/// `FluidScenes` checks the affinity at more sizes before anything is written.
///
/// A carousel whose `pageSize` is P points (docs/model.md#carousels) has pages of extent
/// m = min(P, A) along its axis (A = W, or H when vertical), which bends at A = P. Every number
/// of it is a function of (W, H, m) through the page's extent (stride m + S, resting lead
/// (A − m)/2, page-local layers, `rate` travel r·(m + S)), affine in the three, so a fourth scene
/// RM, R0's size with another page extent m1 (m0 in the first three), gives the third coefficient
///
///     v(W, H, m) = c + a·W + b·H + d·m,   d = (v(RM) − v(R0)) / (m1 − m0)
///
/// and the length is written `calc(a·100cqw + b·100cqh + d·min(P px, 100cqw) + c px)` (cqh when
/// vertical): the browser takes the min at every size, so it is exact on both sides of the bend.
struct StyleSpelling {
    /// The reference sizes [R0, RW, RH] (and RM, R0's size again, with `page`); nil for a fixed
    /// stylesheet.
    var references: [Size]?
    /// A points carousel's page extent, the third variable; nil for every other stylesheet (whose
    /// spelling has no such term).
    var page: PageExtent? = nil

    /// m = min(P, A): P the request's `pageSize` in points along `axis`, m0 the page's extent in
    /// the scenes R0, RW, RH and m1 in RM (`FluidScenes.pageExtents`).
    struct PageExtent {
        var points: Double
        var axis: Axis
        var m0: Double
        var m1: Double

        /// m on a scroller of `size`.
        func extent(at size: Size) -> Double { min(points, axis == .horizontal ? size.width : size.height) }
    }

    static let fixed = StyleSpelling(references: nil)

    var isFluid: Bool { references != nil }

    /// Units relative to the scroller for boxes inside it (container query units) and for the
    /// scroller's own `::before` (percentages of its padding box, its absolute containing block).
    /// A page-extent term in percentages is written only where the percentage is of the axis's
    /// extent (the `::before`'s width when horizontal, its height when vertical: its content's
    /// extent along the axis is the only one of its lengths that holds m).
    enum Relative { case container, percent }

    /// A length from its values in each scene (`values[k]` in scene k; fixed: one value).
    func length(_ values: [Double], _ relative: Relative = .container) -> String {
        guard let (w, h, m, c) = coefficients(values) else { return Self.px(values[0]) }
        let (wu, hu) = relative == .container ? ("cqw", "cqh") : ("%", "%")
        var terms: [String] = []
        if w != 0 { terms.append(Self.unitless(w) + wu) }
        if h != 0 { terms.append(Self.unitless(h) + hu) }
        if m != 0, let page {
            let unit = relative == .percent ? "%" : page.axis == .horizontal ? "cqw" : "cqh"
            terms.append(Self.pageTerm(m, page.points, unit, first: terms.isEmpty))
        }
        if c != 0 || terms.isEmpty { terms.append(Self.px(c)) }
        if terms.count == 1 { return terms[0] }
        var s = "calc(" + terms[0]
        for t in terms.dropFirst() {
            s += t.hasPrefix("-") ? " - " + t.dropFirst() : " + " + t
        }
        return s + ")"
    }

    /// d·min(P px, 100 units), the coefficient inside: `min(d·P px, d·100 units)` for d > 0; for
    /// d < 0 `-min(|d|·P px, |d|·100 units)` (written as a subtraction), or, as the first term,
    /// where a leading `-min(` would not be CSS, `max(d·P px, d·100 units)`, the same number.
    private static func pageTerm(_ d: Double, _ points: Double, _ unit: String, first: Bool) -> String {
        if d < 0, first { return "max(" + px(d * points) + ", " + unitless(d * 100) + unit + ")" }
        let k = abs(d)
        return (d < 0 ? "-" : "") + "min(" + px(k * points) + ", " + unitless(k * 100) + unit + ")"
    }

    /// A length in px, to 1/1000 px (docs/web.md#numbers).
    static func px(_ v: Double) -> String { KeyframesAnimation.css(v, decimals: KeyframesAnimation.Decimals.px) + "px" }

    /// A number without a length unit, or a coefficient of 1 % of the scroller, to 1e-6.
    static func unitless(_ v: Double) -> String { KeyframesAnimation.css(v, decimals: KeyframesAnimation.Decimals.unitless) }

    /// The length's terms: `w` cqw + `h` cqh + `m` × the page extent + `c` px (cqw and cqh being
    /// 1 % of W and H), from its values at the references; nil for a fixed stylesheet.
    func coefficients(_ values: [Double]) -> (w: Double, h: Double, m: Double, c: Double)? {
        guard let r = references, values.count == r.count, values.count >= 3 else { return nil }
        let a = (values[1] - values[0]) / (r[1].width - r[0].width)
        let b = (values[2] - values[0]) / (r[2].height - r[0].height)
        var d = 0.0, m0 = 0.0
        if let page, values.count == 4 {
            d = (values[3] - values[0]) / (page.m1 - page.m0)
            m0 = page.m0
        }
        // One scroller-width is 100cqw (100 %): the coefficient of W, × 100; d multiplies m itself.
        return (tidy(a * 100), tidy(b * 100), tidy(d), tidy(values[0] - a * r[0].width - b * r[0].height - d * m0))
    }

    /// What the spelled length is on a scroller of `size` (`FluidScenes` checks it there).
    func evaluate(_ values: [Double], at size: Size) -> Double {
        guard let (w, h, m, c) = coefficients(values) else { return values[0] }
        return c + w / 100 * size.width + h / 100 * size.height + m * (page?.extent(at: size) ?? 0)
    }

    /// A number that does not depend on the size (scale, opacity, degrees): scene R0's.
    func number(_ values: [Double]) -> String { Self.unitless(values[0]) }

    /// A step's CSS value from its numbers in each scene (`numbers[k]`: scene k's).
    func value(_ unit: KeyframesAnimation.Unit, _ numbers: [[Double]]) -> String {
        switch unit {
        case .translate: length(numbers.map { $0[0] }) + " " + length(numbers.map { $0[1] })
        case .length: length(numbers.map { $0[0] })
        case .number: number(numbers.map { $0[0] })
        case .numberPair: number(numbers.map { $0[0] }) + " " + number(numbers.map { $0[1] })
        case .degrees: number(numbers.map { $0[0] }) + "deg"
        }
    }

    /// Rounding noise of the coefficients' arithmetic (a few ulps of a value, far below the
    /// 0.5 px check) removed, so `16px` is not written `16.000000000000004px`.
    private func tidy(_ x: Double) -> Double {
        let r = (x * 1e9).rounded() / 1e9
        return abs(r - x) <= 1e-9 * max(1, abs(x)) ? (r == 0 ? 0 : r) : x
    }
}
