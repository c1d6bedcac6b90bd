// Cutting a CSS cubic-bezier easing where a keyframes domain cuts an eased effect range (docs/model.md#scroll-elements) (docs/model.md#keyframes).
//
// The effect is v = from + (to − from)·y(t) with x(t) = progress. The part of the curve between the
// parameters ta and tb is itself a cubic Bézier whose control points are the blossoms
// B(ta,ta,ta), B(ta,ta,tb), B(ta,tb,tb), B(tb,tb,tb) (de Casteljau); rescaled to the unit square it is
// again a cubic from (0, 0) to (1, 1). Its x control points are not always in [0, 1] (x(t) is
// monotone, but its control polygon need not be), so such pieces are halved until they are
// (`cuts`): every emitted segment is a valid CSS cubic-bezier.

/// A piece [ta, tb] of a CSS curve, in the parameter t.
struct BezierPiece {
    let x1, y1, x2, y2: Double

    /// The blossom B(u1, u2, u3) of the cubic with control values p0…p3 (de Casteljau with a
    /// different parameter at each level).
    static func blossom(_ p: (Double, Double, Double, Double), _ u1: Double, _ u2: Double, _ u3: Double) -> Double {
        func lerp(_ a: Double, _ b: Double, _ u: Double) -> Double { a + (b - a) * u }
        let q0 = lerp(p.0, p.1, u1), q1 = lerp(p.1, p.2, u1), q2 = lerp(p.2, p.3, u1)
        let r0 = lerp(q0, q1, u2), r1 = lerp(q1, q2, u2)
        return lerp(r0, r1, u3)
    }

    /// The four control y values of the piece (unnormalised), for the collapse check.
    static func controlY(_ c: (Double, Double, Double, Double), _ ta: Double, _ tb: Double) -> [Double] {
        let py = (0.0, c.1, c.3, 1.0)
        return [blossom(py, ta, ta, ta), blossom(py, ta, ta, tb), blossom(py, ta, tb, tb), blossom(py, tb, tb, tb)]
    }

    /// The easing of the piece [ta, tb] of cubic-bezier(c.0, c.1, c.2, c.3), renormalised.
    static func easing(_ c: (Double, Double, Double, Double), _ ta: Double, _ tb: Double) -> SegmentEasing {
        if ta == 0, tb == 1 { return .cubicBezier(x1: c.0, y1: c.1, x2: c.2, y2: c.3) }
        let px = (0.0, c.0, c.2, 1.0), py = (0.0, c.1, c.3, 1.0)
        let xs = [blossom(px, ta, ta, ta), blossom(px, ta, ta, tb), blossom(px, ta, tb, tb), blossom(px, tb, tb, tb)]
        let ys = [blossom(py, ta, ta, ta), blossom(py, ta, ta, tb), blossom(py, ta, tb, tb), blossom(py, tb, tb, tb)]
        let dx = xs[3] - xs[0], dy = ys[3] - ys[0]
        guard dx > 0, dy != 0 else { return .linear }
        return .cubicBezier(x1: clamp((xs[1] - xs[0]) / dx, 0, 1), y1: (ys[1] - ys[0]) / dy,
                            x2: clamp((xs[2] - xs[0]) / dx, 0, 1), y2: (ys[2] - ys[0]) / dy)
    }

    /// Parameters inside (ta, tb) at which to cut further, halving (a few times at most) every
    /// piece that is not a well-shaped CSS curve once renormalised:
    /// - its x control points must lie in [0, 1]. Monotone x(t) keeps x1' ≥ 0 and x2' ≤ 1, but
    ///   where x'(t) falls fast across a piece, x1' = (b − a)·x'(a)/(3·Δx) exceeds 1 (and x2' < 0
    ///   at the other end); halving makes x' nearly constant on each piece, so they come back in.
    /// - its y-range must not collapse: end values closer than a quarter of the control-point
    ///   y-spread (a curve that comes back near where it started) would blow the renormalised y
    ///   up and the rounding with it (docs/model.md#keyframes's 1e-9).
    static func cuts(_ c: (Double, Double, Double, Double), _ ta: Double, _ tb: Double, depth: Int = 0) -> [Double] {
        guard depth < 8, ta > 0 || tb < 1, needsCut(c, ta, tb) else { return [] }
        let tm = (ta + tb) / 2
        return cuts(c, ta, tm, depth: depth + 1) + [tm] + cuts(c, tm, tb, depth: depth + 1)
    }

    static func needsCut(_ c: (Double, Double, Double, Double), _ ta: Double, _ tb: Double) -> Bool {
        let px = (0.0, c.0, c.2, 1.0)
        let x0 = blossom(px, ta, ta, ta), x3 = blossom(px, tb, tb, tb)
        let dx = x3 - x0
        guard dx > 0 else { return false }
        let x1 = (blossom(px, ta, ta, tb) - x0) / dx, x2 = (blossom(px, ta, tb, tb) - x0) / dx
        if x1 > 1 + 1e-12 || x2 < -1e-12 { return true }
        let ys = controlY(c, ta, tb)
        let spread = (ys.max() ?? 0) - (ys.min() ?? 0)
        return spread > 0 && abs(ys[3] - ys[0]) < 0.25 * spread
    }
}

extension Easing {
    /// The CSS control points, or nil for linear (docs/model.md#scroll-elements: the keywords are CSS's curves).
    var controlPoints: (Double, Double, Double, Double)? {
        switch self {
        case .linear: nil
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInOut: (0.42, 0, 0.58, 1)
        case let .cubicBezier(x1, y1, x2, y2): (x1, y1, x2, y2)
        }
    }
}
