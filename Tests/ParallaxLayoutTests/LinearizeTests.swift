// docs/model.md#linearize: chords within a proven bound of the exact eased track. Hand cases, and
// over generated scroll effects: at 10 000 points per track the linearized track is within its
// maxError of the exact one (the bound is never under the true error), and the bound is within
// the one asked for.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct LinearizeTests {
    /// The largest |linearized − exact| over `n` evenly spaced points of the domain.
    func trueError(_ lin: Track, _ exact: Track, _ d: KeyframeDomain, points n: Int = 10_000) -> Double {
        var worst = 0.0
        for i in 0...n {
            let o = d.from + (d.to - d.from) * Double(i) / Double(n)
            worst = max(worst, abs(lin.value(at: o) - exact.value(at: o)))
        }
        return worst
    }

    @Test func easeInOverAHundredPoints() throws {
        // v = 100·easeIn((o)/100) over [0, 100]: the control polygon's vertical distance from the
        // chord is 100·|0 − 0.42·…|: P1 = (42, 0), P2 = (100, 100) → g(P1) = |0 − 42| = 42.
        let exact = Track(target: .header, property: "contentTop", knots: [Knot(offset: 0, value: 0), Knot(offset: 100, value: 100)],
                          easings: [.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)])
        #expect(LinearPiece(exact.knots[0], exact.knots[1], (0.42, 0, 1, 1), 0, 1).bound == 42)
        let lin = try #require(exact.linearized(.defaults, budget: 10_000))
        #expect(lin.easings.allSatisfy { $0 == .linear })
        #expect(lin.knots.first == exact.knots.first && lin.knots.last == exact.knots.last)
        let maxError = try #require(lin.maxError)
        #expect(maxError <= 0.25 && maxError > 0.25 / 8)
        let err = trueError(lin, exact, KeyframeDomain(from: 0, to: 100))
        #expect(err <= maxError + 1e-9 * 100 && err > 0)
        // √(42/0.25) ≈ 13 pieces estimated; the halving makes a power-of-two-ish count near it.
        #expect(exact.estimatedLinearKnots(.defaults) == 2 + 13)
        #expect(lin.knots.count >= 9 && lin.knots.count <= 40, "\(lin.knots.count)")
        // Past the budget: nil.
        #expect(exact.linearized(.defaults, budget: 4) == nil)
    }

    @Test func linearTracksGetZero() throws {
        let t = Track(target: .page(slot: 0), property: "progress", knots: [Knot(offset: 0, value: 0), Knot(offset: 5, value: 1)], easings: [.linear])
        let lin = try #require(t.linearized(.defaults, budget: 10))
        #expect(lin.maxError == 0 && lin.knots == t.knots)
    }

    @Test func scrollEffectsWithinTheirBound() throws {
        var r = SplitMix64(seed: 3503)
        let suite = KeyframesPropertyTests()
        var eased = 0
        for n in 0..<60 {
            let input = suite.randomScroll(&r)
            let k = try input.keyframes(domain: nil, properties: nil)
            let bounds = n % 3 == 0 ? LinearizeBounds.defaults : LinearizeBounds(length: r.double(0.01, 2), ratio: r.double(1e-4, 0.01), angle: r.double(1e-3, 0.1))
            let lin = try #require(k.linearized(bounds, budget: 1_000_000))
            #expect(lin.linearized == bounds)
            for (t, exact) in zip(lin.tracks, k.tracks) {
                #expect(t.easings.allSatisfy { $0 == .linear })
                let maxError = try #require(t.maxError)
                #expect(maxError <= bounds.bound(PropertyKind(property: t.property)))
                let err = trueError(t, exact, k.domain)
                #expect(err <= maxError + 1e-9 * max(1, t.scaleForTests), "\(t.target) \(t.property): \(err) > \(maxError)")
                if exact.easings.contains(where: { $0 != .linear }) { eased += 1 }
            }
        }
        #expect(eased > 20)
    }
}
