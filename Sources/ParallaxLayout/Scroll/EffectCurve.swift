// A multi-stop effect laid over offsets (docs/model.md#effects): what the single-offset answer
// and the keyframes tracks both read, so they agree at every stop.

/// A progress range in offsets and the divisor its progress uses (ScrollEngine.element): an
/// element's (V + length by default) or an effect's own (endOffset − startOffset).
struct ProgressRange {
    let start, end, span: Double

    init(start: Double, end: Double, span: Double) {
        (self.start, self.end, self.span) = (start, end, span)
    }

    init(_ range: Effect.Range) {
        self.init(start: range.startOffset, end: range.endOffset, span: range.endOffset - range.startOffset)
    }

    /// The offset of stop q: start + q·(end − start), the ends exact (monotone in q).
    func offset(of q: Double) -> Double {
        if q <= 0 { return start }
        if q >= 1 { return end }
        return min(max(start + q * (end - start), start), end)
    }
}

/// An effect laid over its progress range: each stop placed at its offset, the value measured
/// from those offsets (docs/model.md#effects).
///
/// Each segment's fraction u is taken from the offsets of its own two stops, from the nearer one
/// (ScrollEngine.progress), not from the progress q: u is then exactly 0 and 1 at the stops, so a
/// curve that leaves a stop vertically (cubic-bezier(0, 0.55, …)) starts at its stop's value
/// instead of an ulp of q later, where y ~ √u would already have moved it by ~1e-8 of its range,
/// and a track's knots there are the same numbers (docs/model.md#keyframes's 1e-9). A segment
/// spanning the whole range divides by the range's own divisor, so the two-stop effect is the
/// `[from, to]` form bit for bit.
struct EffectCurve: Sendable {
    let effect: Effect
    let range: ProgressRange
    /// `offsets[j]`: where stop j begins to hold (non-decreasing).
    let offsets: [Double]

    init(effect: Effect, range: ProgressRange) {
        self.effect = effect
        self.range = range
        offsets = effect.stops.map { range.offset(of: $0.q) }
    }

    /// The value at offset s (before motionScale): below the range as at its start, above as at
    /// its end (clamped progress); the last stop at or before s holds (right-continuous at a
    /// jump), v_0 before the first stop, and at or past the last one its segment's end.
    func value(at s: Double) -> Double {
        let x = min(max(s, range.start), range.end)
        let n = offsets.count
        if x < offsets[0] { return effect.stops[0].v }
        var j = 0
        while j + 1 < n, offsets[j + 1] <= x { j += 1 }
        var u = 1.0
        if j == n - 1 {
            guard offsets[n - 2] < offsets[n - 1] else { return effect.stops[n - 1].v }
            j = n - 2
        } else {
            let a = offsets[j], b = offsets[j + 1]
            let span = a == range.start && b == range.end ? range.span : b - a
            u = clamp(ScrollEngine.progress(at: x, start: a, end: b, span: span), 0, 1)
        }
        let v0 = effect.stops[j].v, v1 = effect.stops[j + 1].v
        return v0 + (v1 - v0) * effect.easing(j)(u)
    }

}
