import ParallaxLayout

/// One number of a keyframes scene as a function of the offset: a track's knots and easings, or a
/// constant (a property left out of the answer because it does not vary, docs/model.md#keyframes). The CSS and
/// WAAPI writers place boxes in their parents, which needs a few exact operations on tracks:
/// adding the offset (a pinned or paged box's content position is its viewport position + o) and
/// subtracting a parent's position. Those are only ever applied to piecewise-linear tracks (paging
/// and header have no eased segment), where they are exact on the union of the knots.
struct Curve: Equatable {
    var knots: [Knot]
    var easings: [SegmentEasing]
    /// The proven distance from the exact curve of a linearized track's chords
    /// (docs/model.md#linearize), carried through the exact operations below; 0 for an exact one.
    var maxError = 0.0

    init(_ track: Track) {
        knots = track.knots
        easings = track.easings
        maxError = track.maxError ?? 0
    }

    init(knots: [Knot], easings: [SegmentEasing], maxError: Double = 0) {
        self.knots = knots
        self.easings = easings
        self.maxError = maxError
    }

    static func constant(_ value: Double, over domain: KeyframeDomain) -> Curve {
        Curve(knots: [Knot(offset: domain.from, value: value), Knot(offset: domain.to, value: value)], easings: [.linear])
    }

    /// The value at the domain's start (the box's place where scroll-driven animations are
    /// unsupported, docs/model.md#keyframes "left at rest").
    var first: Double { knots.first?.value ?? 0 }

    /// The exact value at `offset` (eased segments solved as the track would).
    func value(at offset: Double) -> Double {
        Track(target: .header, property: "", knots: knots, easings: easings).value(at: offset)
    }

    var isConstant: Bool {
        guard let v = knots.first?.value else { return true }
        return knots.allSatisfy { $0.value == v }
    }

    var isLinear: Bool { easings.allSatisfy { $0 == .linear } }

    /// A linear curve whose values all lie within rounding noise (1e-9 relative) of the first is
    /// that constant: a paged box's content place v + o is c + i·L, but with a carousel's
    /// a = f·W (rarely a whole number, docs/model.md#carousels) the sum misses it by an ulp or two
    /// at some sizes and not others, and a fluid stylesheet's markup must not change with the size.
    func settled() -> Curve {
        guard isLinear, let v = knots.first?.value, let from = knots.first?.offset, let to = knots.last?.offset,
              from < to, knots.allSatisfy({ abs($0.value - v) <= 1e-9 * max(1, abs(v)) }) else { return self }
        var c = Curve.constant(v, over: KeyframeDomain(from: from, to: to))
        c.maxError = maxError
        return c
    }

    /// `self + c`.
    func adding(_ c: Double) -> Curve {
        Curve(knots: knots.map { Knot(offset: $0.offset, value: $0.value + c) }, easings: easings, maxError: maxError)
    }

    /// `self + k·o`: exact on linear segments (a linear function of o added to a linear segment is
    /// linear); an eased segment would change shape, so callers pass linear tracks only.
    func addingOffset(times k: Double) -> Curve {
        Curve(knots: knots.map { Knot(offset: $0.offset, value: $0.value + k * $0.offset) }, easings: easings, maxError: maxError)
    }

    /// The linear interpolation of the knots at `offset` (holding end values; the second knot of a
    /// jump wins), for merging linear curves.
    func linearValue(at offset: Double, leftOfJump: Bool = false) -> Double {
        guard let firstKnot = knots.first, let last = knots.last else { return 0 }
        if offset < firstKnot.offset { return firstKnot.value }
        if offset > last.offset { return last.value }
        var j = 0
        // The segment holding `offset`; at a jump, the first knot of the jump for the left value.
        while j + 1 < knots.count, leftOfJump ? knots[j + 1].offset < offset : knots[j + 1].offset <= offset { j += 1 }
        if j + 1 >= knots.count { return last.value }
        let a = knots[j], b = knots[j + 1]
        // At a knot, its own value: a + (b − a)·1 may miss b by an ulp, and linearCombination would
        // take that for a jump (a carousel's a = f·W is rarely a whole number, docs/model.md#carousels).
        if offset == a.offset { return a.value }
        if offset == b.offset { return b.value }
        return a.value + (b.value - a.value) * ((offset - a.offset) / (b.offset - a.offset))
    }

    /// `a·self + b·other` for linear curves over the same domain, on the union of their knots
    /// (a jump in either becomes a jump), with collinear knots merged; its distance from the
    /// exact combination is at most |a|·e₁ + |b|·e₂ (the triangle inequality).
    func linearCombination(_ a: Double, _ other: Curve, _ b: Double) -> Curve {
        var offsets: [Double] = []
        offsets.reserveCapacity(knots.count + other.knots.count)
        var i = 0, j = 0
        while i < knots.count || j < other.knots.count {
            let o: Double
            if j >= other.knots.count || (i < knots.count && knots[i].offset <= other.knots[j].offset) {
                o = knots[i].offset; i += 1
            } else {
                o = other.knots[j].offset; j += 1
            }
            if offsets.last != o { offsets.append(o) }
        }
        var out: [Knot] = []
        for o in offsets {
            let left = a * linearValue(at: o, leftOfJump: true) + b * other.linearValue(at: o, leftOfJump: true)
            let right = a * linearValue(at: o) + b * other.linearValue(at: o)
            out.append(Knot(offset: o, value: left))
            if right != left { out.append(Knot(offset: o, value: right)) }
        }
        return Curve(knots: out, easings: Array(repeating: .linear, count: max(0, out.count - 1)),
                     maxError: abs(a) * maxError + abs(b) * other.maxError).mergingCollinear()
    }

    /// Drops knots lying on the line through their neighbours (kept: jumps and their ends).
    func mergingCollinear() -> Curve {
        guard isLinear, knots.count > 2 else { return self }
        var out: [Knot] = [knots[0]]
        for k in knots.dropFirst() {
            if out.count >= 2 {
                let a = out[out.count - 2], b = out[out.count - 1]
                if a.offset < b.offset, b.offset < k.offset {
                    let predicted = a.value + (k.value - a.value) * ((b.offset - a.offset) / (k.offset - a.offset))
                    if abs(predicted - b.value) <= 1e-12 * max(1, abs(b.value)) { out[out.count - 1] = k; continue }
                }
            }
            out.append(k)
        }
        return Curve(knots: out, easings: Array(repeating: .linear, count: out.count - 1), maxError: maxError)
    }
}
