// Cutting a CSS cubic-bezier easing where a keyframes domain cuts an eased §3 effect range (SPEC §8).
//
// The effect is v = from + (to − from)·y(t) with x(t) = progress. The part of the curve between the
// parameters ta and tb is itself a cubic Bézier whose control points are the blossoms
// B(ta,ta,ta), B(ta,ta,tb), B(ta,tb,tb), B(tb,tb,tb) (de Casteljau); rescaled to the unit square it is
// again a CSS cubic-bezier, with x1, x2 in [0, 1] because x(t) is monotone when the curve's own x1,
// x2 are in [0, 1].

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

    /// Parameters inside (ta, tb) at which to cut further so that no piece has a collapsed
    /// y-range: a piece whose end values differ by less than a quarter of its control-point
    /// y-spread (a curve that comes back near where it started) is halved, a few times at most.
    /// Keeps renormalised control points of moderate size, so rounding stays small (SPEC §8 1e-9).
    static func cuts(_ c: (Double, Double, Double, Double), _ ta: Double, _ tb: Double, depth: Int = 0) -> [Double] {
        let ys = controlY(c, ta, tb)
        let spread = (ys.max() ?? 0) - (ys.min() ?? 0)
        guard depth < 4, spread > 0, ta > 0 || tb < 1, abs(ys[3] - ys[0]) < 0.25 * spread else { return [] }
        let tm = (ta + tb) / 2
        return cuts(c, ta, tm, depth: depth + 1) + [tm] + cuts(c, tm, tb, depth: depth + 1)
    }
}

extension Easing {
    /// The CSS control points, or nil for linear (SPEC §3: the keywords are CSS's curves).
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
