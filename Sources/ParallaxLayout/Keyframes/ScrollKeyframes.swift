// Scroll keyframes, docs/model.md#keyframes over docs/model.md#scroll-elements.
//
// An element's progress is linear in s everywhere; progressClamped changes formula only at the
// ends of the element's range, s = start (progress 0) and s = end (progress 1). Each effect
// (docs/model.md#effects; a `[from, to]` field is the two-stop effect) changes formula only at its
// stops' offsets: between two of them it is v_j + (v_j+1 − v_j)·ease_j(u) with u affine in s, one
// CSS cubic-bezier segment with the easing's own control points (motionScale only rescales its
// ends); two stops at one offset are a jump. A domain that cuts a segment cuts the curve exactly
// (SubBezier). Rellax `speed` is linear in the raw progress, so it never bends. Each property
// gets its own breakpoints, so one property's stops add no knots to another's track; the knots are
// ScrollEngine's own numbers (EffectKeyframes.swift).

extension ScrollInput {
    /// Numbers of an element a track can follow (docs/model.md#keyframes "scroll elements").
    public static let keyframeProperties = ["progress", "progressClamped", "translate.x", "translate.y",
                                            "scale", "scaleX", "scaleY", "opacity", "rotate"]

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
    /// `progressClamped`, `translate.*`, `scale` (`scaleX`, `scaleY` when asked), `opacity`,
    /// `rotate` over the domain, constant ones
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
    /// Every offset where one of element i's numbers can bend: its range's ends and every
    /// effect's own range's (Continuation.swift).
    func horizon(_ i: Int) -> KeyframeDomain {
        let r = progressRange(i)
        var lo = min(r.start, r.end), hi = max(r.start, r.end)
        for effect in input.elements[i].effects ?? [] {
            guard let own = effect.range else { continue }
            lo = min(lo, own.startOffset)
            hi = max(hi, own.endOffset)
        }
        return KeyframeDomain(from: lo, to: hi)
    }

    /// The tracks of element i over the domain, in `ScrollInput.keyframeProperties` order.
    func keyframeTracks(element i: Int, domain: KeyframeDomain, filter: PropertyFilter) -> [Track] {
        let e = input.elements[i]
        let target = TrackTarget.element(name: e.name)
        let range = progressRange(i)
        let driven = drivenCurves(i)
        var out: [Track] = []
        for (p, name) in ScrollInput.keyframeProperties.enumerated() where filter.wants(name) {
            if (name == "scaleX" || name == "scaleY") && !e.hasAxisScale { continue }
            func value(_ l: ElementLayout) -> Double {
                [l.progress, l.progressClamped, l.translate.x, l.translate.y, l.scale,
                 l.scaleX ?? 1, l.scaleY ?? 1, l.opacity, l.rotate][p]
            }
            if let curve = driven[name] {
                out += curve.tracks(target: target, name: name, domain: domain, filter: filter,
                                    motion: { self.moved(curve.effect.property, $0) }) { value(element(i, offset: $0)) }
            } else {
                // Linear between the range's ends (progress, Rellax speed) or constant.
                let offsets = breakpoints(domain, [range.start, range.end])
                out += makeTracks(target: target, names: [name], offsets: offsets,
                                  rows: offsets.map { [value(element(i, offset: $0))] }, filter: filter)
            }
        }
        return out
    }

    /// The curve of each property an effect drives, by track name, the `[from, to]` fields as
    /// the two-stop effects they are (docs/model.md#effects).
    func drivenCurves(_ i: Int) -> [String: EffectCurve] {
        let e = input.elements[i]
        var out: [String: EffectCurve] = [:]
        let along: Effect.Property = axis == .vertical ? .translateY : .translateX
        let easings = e.easing.map { [$0] }
        for (property, range) in [(along, e.translate), (.scale, e.scale), (.opacity, e.opacity), (.rotate, e.rotate)] {
            guard let range else { continue }
            let effect = Effect(property: property, stops: [.init(0, range.from), .init(1, range.to)], easings: easings)
            out[property.trackName] = EffectCurve(effect: effect, range: progressRange(i))
        }
        if !curves.isEmpty { for curve in curves[i] { out[curve.effect.property.trackName] = curve } }
        return out
    }

    /// An effect's value as the answer gives it: motionScale applied, `-0` as 0 (`element`).
    func moved(_ property: Effect.Property, _ v: Double) -> Double {
        guard motion != 1 else { return nz(v) }
        return nz(property.isScale || property == .opacity ? 1 + (v - 1) * motion : v * motion)
    }
}

extension Effect.Property {
    /// The answer's number this property drives (`scale.x` is `scaleX`).
    var trackName: String {
        switch self {
        case .scaleX: "scaleX"
        case .scaleY: "scaleY"
        default: rawValue
        }
    }
}
