// Scroll keyframes, docs/model.md#keyframes over docs/model.md#scroll-elements.
//
// An element's progress is linear in s everywhere; progressClamped and the effect ranges change
// formula only at the ends of the effect range, s = start (progress 0) and s = end (progress 1).
// Between them an effect is from + (to − from)·ease(progress) with progress linear in s: one CSS
// cubic-bezier segment with the easing's own control points (motionScale only rescales its ends).
// A domain that cuts the range cuts the curve exactly (SubBezier). Rellax `speed` is linear in the
// raw progress, so it never bends. The knots are ScrollEngine's own numbers.

extension ScrollInput {
    /// Numbers of an element a track can follow (docs/model.md#keyframes "scroll elements").
    public static let keyframeProperties = ["progress", "progressClamped", "translate.x", "translate.y",
                                            "scale", "opacity", "rotate"]

    var keyframeAxis: Axis { axis ?? .vertical }

    /// The default domain is [0, the largest top + length of an element], cut to the offsets a
    /// request may name (±maxMagnitude): elements ending past 10^15 give [0, 10^15], a domain the
    /// client could send back (docs/model.md#keyframes).
    public func resolvedKeyframeDomain(_ domain: KeyframeDomain?, limits: LayoutLimits = .standard) -> KeyframeDomain {
        if let domain { return domain }
        let vertical = keyframeAxis == .vertical
        var end = 0.0
        for e in elements { end = max(end, vertical ? e.frame.y + e.frame.height : e.frame.x + e.frame.width) }
        return KeyframeDomain(from: 0, to: min(end, limits.maxMagnitude))
    }

    /// docs/model.md#keyframes keyframes of scroll elements: per element, in request order, `progress`,
    /// `progressClamped`, `translate.*`, `scale`, `opacity`, `rotate` over the domain, constant ones
    /// left out unless named in `properties`.
    public func keyframes(domain: KeyframeDomain?, properties: [String]?,
                          limits: LayoutLimits = .standard) throws(ValidationError) -> Keyframes {
        let stream = try keyframeStream(domain: domain, properties: properties, limits: limits)
        var tracks: [Track] = []
        for i in 0..<stream.count { tracks += stream.tracks(element: i) }
        return Keyframes(model: .scroll, axis: stream.axis, domain: stream.domain, tracks: tracks)
    }

    /// Validates as `keyframes(domain:properties:limits:)` does (the same problems) and returns
    /// the tracks as a stream, element by element (ScrollKeyframeStream.swift).
    public func keyframeStream(domain: KeyframeDomain?, properties: [String]?,
                               limits: LayoutLimits = .standard) throws(ValidationError) -> ScrollKeyframeStream {
        let resolved = resolvedKeyframeDomain(domain, limits: limits)
        let plain = try momentless(domain: domain, resolved: resolved, properties: properties, limits: limits)
        let engine = try ScrollEngine(plain, limits: limits)
        return ScrollKeyframeStream(axis: keyframeAxis, domain: resolved, engine: engine, filter: PropertyFilter(names: properties))
    }
}

extension ScrollEngine {
    /// The effect range of element i in offsets: progress 0 at `start`, 1 at `end` (docs/model.md#scroll-elements).
    func effectRange(_ i: Int) -> (start: Double, end: Double) {
        let e = input.elements[i]
        let vertical = axis == .vertical
        let top = vertical ? e.frame.y : e.frame.x
        let length = vertical ? e.frame.height : e.frame.width
        return (e.startOffset ?? (top - extent), e.endOffset ?? (top + length))
    }

    /// The tracks of element i over the domain.
    func keyframeTracks(element i: Int, domain: KeyframeDomain, filter: PropertyFilter) -> [Track] {
        let e = input.elements[i]
        let (start, end) = effectRange(i)
        let curve = e.easing?.controlPoints
        func fraction(_ o: Double) -> Double { clamp((o - start) / (end - start), 0, 1) }
        var candidates = [start, end]
        // Where the domain cuts the eased range, a piece may need extra cuts (SubBezier.cuts).
        if let curve, domain.from > start || domain.to < end {
            let a = max(domain.from, start), b = min(domain.to, end)
            if a < b {
                let bezier = CubicBezier(x1: curve.0, y1: curve.1, x2: curve.2, y2: curve.3)
                let ta = bezier.solveX(fraction(a)), tb = bezier.solveX(fraction(b))
                for t in BezierPiece.cuts(curve, ta, tb) { candidates.append(start + bezier.sampleX(t) * (end - start)) }
            }
        }
        let offsets = breakpoints(domain, candidates)
        let rows = offsets.map { o -> [Double] in
            let l = element(i, offset: o)
            return [l.progress, l.progressClamped, l.translate.x, l.translate.y, l.scale, l.opacity, l.rotate]
        }
        // Eased: the effect ranges (translate only without speed), inside [start, end].
        let eased: Set<Int> = e.speed == nil ? [2, 3, 4, 5, 6] : [4, 5, 6]
        return makeTracks(target: .element(name: e.name), names: ScrollInput.keyframeProperties, offsets: offsets,
                          rows: rows, filter: filter, easing: { p, j in
            guard let curve, eased.contains(p) else { return nil }
            let a = offsets[j], b = offsets[j + 1]
            guard a >= start, b <= end else { return nil }
            let bezier = CubicBezier(x1: curve.0, y1: curve.1, x2: curve.2, y2: curve.3)
            let xa = fraction(a), xb = fraction(b)
            let ta = xa == 0 ? 0 : bezier.solveX(xa), tb = xb == 1 ? 1 : bezier.solveX(xb)
            return BezierPiece.easing(curve, ta, tb)
        })
    }
}
