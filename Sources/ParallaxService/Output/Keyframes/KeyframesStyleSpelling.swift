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
/// `FluidScenes` checks the affinity at a fourth size before anything is written.
struct StyleSpelling {
    /// The reference sizes [R0, RW, RH]; nil for a fixed stylesheet.
    var references: [Size]?

    static let fixed = StyleSpelling(references: nil)

    var isFluid: Bool { references != nil }

    /// Units relative to the scroller for boxes inside it (container query units) and for the
    /// scroller's own `::before` (percentages of its padding box, its absolute containing block).
    enum Relative { case container, percent }

    /// A length from its values in each scene (`values[k]` in scene k; fixed: one value).
    func length(_ values: [Double], _ relative: Relative = .container) -> String {
        guard let (w, h, c) = coefficients(values) else { return KeyframesAnimation.css(values[0]) + "px" }
        let (wu, hu) = relative == .container ? ("cqw", "cqh") : ("%", "%")
        var terms: [String] = []
        if w != 0 { terms.append(KeyframesAnimation.css(w) + wu) }
        if h != 0 { terms.append(KeyframesAnimation.css(h) + hu) }
        if c != 0 || terms.isEmpty { terms.append(KeyframesAnimation.css(c) + "px") }
        if terms.count == 1 { return terms[0] }
        var s = "calc(" + terms[0]
        for t in terms.dropFirst() {
            s += t.hasPrefix("-") ? " - " + t.dropFirst() : " + " + t
        }
        return s + ")"
    }

    /// The length's terms: `w` cqw + `h` cqh + `c` px (cqw and cqh being 1 % of W and H), from its
    /// values at the three references; nil for a fixed stylesheet.
    func coefficients(_ values: [Double]) -> (w: Double, h: Double, c: Double)? {
        guard let r = references, values.count == 3 else { return nil }
        let a = (values[1] - values[0]) / (r[1].width - r[0].width)
        let b = (values[2] - values[0]) / (r[2].height - r[0].height)
        // One scroller-width is 100cqw (100 %): the coefficient of W, × 100.
        return (tidy(a * 100), tidy(b * 100), tidy(values[0] - a * r[0].width - b * r[0].height))
    }

    /// What the spelled length is on a scroller of `size` (`FluidScenes` checks it there).
    func evaluate(_ values: [Double], at size: Size) -> Double {
        guard let (w, h, c) = coefficients(values) else { return values[0] }
        return c + w / 100 * size.width + h / 100 * size.height
    }

    /// A number that does not depend on the size (scale, opacity, degrees): scene R0's.
    func number(_ values: [Double]) -> String { KeyframesAnimation.css(values[0]) }

    /// A step's CSS value from its numbers in each scene (`numbers[k]`: scene k's).
    func value(_ unit: KeyframesAnimation.Unit, _ numbers: [[Double]]) -> String {
        switch unit {
        case .translate: length(numbers.map { $0[0] }) + " " + length(numbers.map { $0[1] })
        case .length: length(numbers.map { $0[0] })
        case .number: number(numbers.map { $0[0] })
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
