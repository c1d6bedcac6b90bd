// Turns analytic breakpoints into minimal tracks (docs/model.md#keyframes "Exact" and "Minimal").
//
// Every model gives, per target, the offsets where any of its numbers can change formula (page
// boundaries, visibility edges, clamp corners, aspect kinks, effect range ends) and a function that
// lays the target out at one offset with the model's own engine. Between two consecutive breakpoints
// each number is linear in the offset (or one eased bezier for docs/model.md#scroll-elements effects), so the engine's values
// at the breakpoints are the knots, and nothing is ever sampled.

/// Knots closer to the line through their neighbours than this fraction of the track's scale
/// (max(1, max |v|)) are merged. The engines' own rounding at a breakpoint is ~|P|·2⁻⁵² of the
/// scale (P the page position, up to ~10⁴ for a long pager), so 1e-12 would keep noise knots; 1e-10
/// still leaves every merged track within 1e-10 of the engine, ten times inside docs/model.md#keyframes's 1e-9.
let mergeTolerance = 1e-10

/// The tracks of one target: `rows[i]` holds the engine's numbers at `offsets[i]` in `names` order
/// (`offsets` from ``breakpoints(_:_:)``); `easing(p, j)` shapes segment j of property p (nil =
/// linear). `kinks(p, i)` says whether offsets[i] can bend property p at all (the ends always
/// count): a model that knows it keeps the engine's rounding at the other breakpoints out of the
/// track (only for all-linear properties: dropping a knot joins its two segments). Properties the
/// filter does not want are skipped; constant ones are dropped unless named. `jump(p, i)` is the
/// value just below offsets[i] where property p jumps there (docs/model.md#effects): the track then
/// holds two knots at that offset, the row's value second.
func makeTracks(target: TrackTarget, names: [String], offsets: [Double], rows: [[Double]],
                filter: PropertyFilter, kinks: (Int, Int) -> Bool = { _, _ in true },
                easing: (Int, Int) -> SegmentEasing? = { _, _ in nil },
                jump: (Int, Int) -> Double? = { _, _ in nil }) -> [Track] {
    var out: [Track] = []
    let last = offsets.count - 1
    for (p, name) in names.enumerated() where filter.wants(name) {
        var knots: [Knot] = []
        var easings: [SegmentEasing] = []
        knots.reserveCapacity(offsets.count)
        easings.reserveCapacity(offsets.count)
        var complete = true
        for (i, o) in offsets.enumerated() {
            guard p < rows[i].count else {
                complete = false
                break
            }
            guard i == 0 || i == last || kinks(p, i) else { continue }
            if i > 0 { easings.append(easing(p, i - 1) ?? .linear) }
            if i > 0, let below = jump(p, i), below != rows[i][p] {
                knots.append(Knot(offset: o, value: below))
                easings.append(.linear)
            }
            knots.append(Knot(offset: o, value: rows[i][p]))
        }
        guard complete, !knots.isEmpty else { continue }
        var track = Track(target: target, property: name, knots: knots, easings: easings)
        track.mergeCollinearKnots()
        if track.isConstant, !filter.keepsConstant(name) { continue }
        out.append(track)
    }
    return out
}

extension Track {
    /// max(1, max |v|): the scale of docs/model.md#keyframes's tolerance.
    var scale: Double {
        var s = 1.0
        for k in knots { s = max(s, abs(k.value)) }
        return s
    }

    /// Every knot equals the first within the merge tolerance, and no segment is a bezier that could
    /// leave that value (a bezier's knots equal only when it is flat: SubBezier keeps y-ranges open).
    var isConstant: Bool {
        guard let first = knots.first else { return true }
        let tolerance = mergeTolerance * scale
        return knots.allSatisfy { abs($0.value - first.value) <= tolerance }
    }

    /// Drops every knot that lies (within mergeTolerance · scale) on the straight line between the
    /// kept knots around it, where both neighbouring segments are linear. Greedy from the left, but
    /// each candidate line is checked against every knot it would replace, so errors never add up.
    mutating func mergeCollinearKnots() {
        let n = knots.count
        guard n > 2 else { return }
        let tolerance = mergeTolerance * scale
        func onLine(from i: Int, to j: Int) -> Bool {
            let a = knots[i], b = knots[j]
            guard b.offset > a.offset else { return false }
            for q in (i + 1)..<j {
                let k = knots[q]
                guard k.offset > a.offset, k.offset < b.offset else { return false }
                let u = (k.offset - a.offset) / (b.offset - a.offset)
                if abs(a.value + (b.value - a.value) * u - k.value) > tolerance { return false }
            }
            return true
        }
        var keptKnots = [knots[0]]
        var keptEasings: [SegmentEasing] = []
        var i = 0
        while i < n - 1 {
            if easings[i] != .linear {
                keptKnots.append(knots[i + 1])
                keptEasings.append(easings[i])
                i += 1
                continue
            }
            var e = i + 1
            while e + 1 < n, easings[e] == .linear, onLine(from: i, to: e + 1) { e += 1 }
            keptKnots.append(knots[e])
            keptEasings.append(.linear)
            i = e
        }
        knots = keptKnots
        easings = keptEasings
    }
}

/// Sorted, distinct breakpoints of a domain: `from`, the given offsets strictly inside it, `to`.
func breakpoints(_ domain: KeyframeDomain, _ candidates: [Double]) -> [Double] {
    var list = [domain.from]
    for o in candidates.sorted() where o > domain.from && o < domain.to && o != list[list.count - 1] {
        list.append(o)
    }
    list.append(domain.to)
    return list
}
