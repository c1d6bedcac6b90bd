// One effect's track (docs/model.md#effects over docs/model.md#keyframes): knots at its stops'
// offsets, each segment between them one cubic-bezier piece of its easing, two stops at one offset
// a jump.

extension EffectCurve {
    /// The proper segment (two stops at distinct offsets) that holds [a, b], if any.
    func segment(_ a: Double, _ b: Double) -> Int? {
        for j in 0..<(offsets.count - 1) where offsets[j] < offsets[j + 1] && offsets[j] <= a && b <= offsets[j + 1] {
            return j
        }
        return nil
    }

    /// The effect's value just below offset x where stops meet there (a jump), before motionScale:
    /// the end of the segment that arrives at x, or the first value when none does. Stops that
    /// meet at the range's start are no jump: below the range the value is the one at its start.
    func leftValue(at x: Double) -> Double? {
        guard offsets.lastIndex(of: x).map({ $0 > 0 && offsets[$0 - 1] == x }) == true else { return nil }
        guard let k = offsets.lastIndex(where: { $0 < x }) else {
            return x > range.start ? effect.stops[0].v : nil
        }
        let a = effect.stops[k].v, b = effect.stops[k + 1].v
        return a + (b - a) * effect.easing(k)(1)
    }

    /// The property's track over the domain: `value(o)` is the answer's number at offset o,
    /// `moved` turns an effect value into it (motionScale).
    func tracks(target: TrackTarget, name: String, domain: KeyframeDomain, filter: PropertyFilter,
                motion moved: (Double) -> Double, value: (Double) -> Double) -> [Track] {
        var candidates = offsets
        // Where the domain cuts an eased segment, the piece may need extra cuts (SubBezier.cuts).
        for j in 0..<(offsets.count - 1) {
            let a0 = offsets[j], b0 = offsets[j + 1]
            guard a0 < b0, domain.from > a0 || domain.to < b0, let curve = effect.easing(j).controlPoints else { continue }
            let a = max(domain.from, a0), b = min(domain.to, b0)
            guard a < b else { continue }
            let bezier = CubicBezier(x1: curve.0, y1: curve.1, x2: curve.2, y2: curve.3)
            let ta = bezier.solveX((a - a0) / (b0 - a0)), tb = bezier.solveX((b - a0) / (b0 - a0))
            for t in BezierPiece.cuts(curve, ta, tb) { candidates.append(a0 + bezier.sampleX(t) * (b0 - a0)) }
        }
        let points = breakpoints(domain, candidates)
        return makeTracks(target: target, names: [name], offsets: points, rows: points.map { [value($0)] }, filter: filter,
                          easing: { _, k in
            let a = points[k], b = points[k + 1]
            guard let j = segment(a, b), let curve = effect.easing(j).controlPoints else { return nil }
            let a0 = offsets[j], b0 = offsets[j + 1]
            let bezier = CubicBezier(x1: curve.0, y1: curve.1, x2: curve.2, y2: curve.3)
            let xa = clamp((a - a0) / (b0 - a0), 0, 1), xb = clamp((b - a0) / (b0 - a0), 0, 1)
            let ta = xa == 0 ? 0 : bezier.solveX(xa), tb = xb == 1 ? 1 : bezier.solveX(xb)
            return BezierPiece.easing(curve, ta, tb)
        }, jump: { _, i in leftValue(at: points[i]).map(moved) })
    }
}
