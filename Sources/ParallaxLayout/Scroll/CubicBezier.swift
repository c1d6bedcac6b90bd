// CSS cubic-bezier timing functions (docs/model.md#scroll-elements): Newton–Raphson on x(t) from t = x (WebKit/Chromium
// `UnitBezier`), then bisection, both to |x(t) − x| ≤ 1e-12. A browser stops at 1e-7 (a rendering
// tolerance); keyframes (docs/model.md#keyframes) must agree with these answers to 1e-9 of an effect's range, and near a
// steep part of a curve y moves by up to ~20× the error in x, so the solve is 1e-12. Iteration counts
// are fixed so every platform runs the same floating-point operations and gets the same bits (docs/model.md#determinism-and-motion).

/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2), as in CSS.
public struct CubicBezier: Sendable, Hashable {
    let ax, bx, cx, ay, by, cy: Double

    /// Newton steps: quadratic convergence from t = x reaches 1e-12 in ≤ 6 on every valid curve
    /// whose slope stays away from 0; the rest fall back to bisection.
    static let newtonIterations = 12
    /// Bisection steps: 64 halvings of [0, 1] reach the spacing of doubles near any t in (0, 1],
    /// where |x(t) − x| ≤ 3 · 2⁻⁵³ (x' ≤ 3 on a CSS curve).
    static let bisectionIterations = 64
    /// |x(t) − x| accepted as solved (docs/model.md#scroll-elements).
    static let epsilon = 1e-12

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        // Polynomial coefficients, WebKit UnitBezier: B(t) = ((a·t + b)·t + c)·t.
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t in [0, 1] with |x(t) − x| ≤ 1e-12 · min(x, 1 − x), x in [0, 1].
    ///
    /// Relative to the distance from the nearer end because a CSS curve may leave an end
    /// vertically (x1 = 0 with y1 ≠ 0, e.g. cubic-bezier(0, 0.55, 0.45, 1); or x2 = 1): there
    /// y ≈ c·√x, so an absolute 1e-12 in x would move y by ~1e-12/√x (5e-7 of the range 1e-7 from
    /// the end), while a relative one keeps y within ~1e-12 of its range. Where no double t gets
    /// that close, the 64 bisection steps still end at the spacing of doubles. Newton is accepted
    /// only inside [0, 1] (outside, x(t) may have other roots); bisection keeps lo ≤ t ≤ hi with
    /// x(lo) ≤ x ≤ x(hi), so the answer is monotone in x up to the tolerance.
    func solveX(_ x: Double) -> Double {
        let tolerance = CubicBezier.epsilon * min(x, 1 - x)
        var t = x
        for _ in 0..<CubicBezier.newtonIterations {
            let error = sampleX(t) - x
            if abs(error) <= tolerance { return t }
            let slope = derivativeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
            if !(t >= 0 && t <= 1) { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<CubicBezier.bisectionIterations {
            let value = sampleX(t)
            if abs(value - x) <= tolerance { return t }
            if x > value { lo = t } else { hi = t }
            t = (hi - lo) * 0.5 + lo
        }
        return t
    }

    /// y at x, x clamped to [0, 1]; the endpoints are exact (0 → 0, 1 → 1).
    public func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveX(x))
    }
}

extension Easing {
    /// The eased value of progress x in [0, 1] (docs/model.md#scroll-elements): linear is x itself; the keywords are
    /// CSS's ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), ease-in-out (0.42, 0, 0.58, 1).
    public func callAsFunction(_ x: Double) -> Double {
        switch self {
        case .linear: x
        case .easeIn: CubicBezier.easeIn(x)
        case .easeOut: CubicBezier.easeOut(x)
        case .easeInOut: CubicBezier.easeInOut(x)
        case let .cubicBezier(x1, y1, x2, y2): CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)(x)
        }
    }
}

extension CubicBezier {
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
}
