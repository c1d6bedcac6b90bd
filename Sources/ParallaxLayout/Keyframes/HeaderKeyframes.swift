// Header keyframes, docs/model.md#keyframes over docs/model.md#stretchy-header.
//
// Every number of the header answer is linear in the visible height h = max(m, Hh − y) (with
// stretch) or max(m, min(Hh, Hh − y)) (without), or in y itself (contentTop, the header's y-origin
// −y when pulled down without stretch). So the breakpoints in y are the clamp corners y = Hh − m
// (collapsed) and y = 0 (the stretch corner; rest), plus, with `content` fitted by aspectFill or
// aspectFit, the offset where the image layer's aspect crosses the content's (the fit switches
// from width-bound to height-bound there). The knots are HeaderEngine's own numbers.

extension HeaderInput {
    /// Numbers of the header answer a track can follow (docs/model.md#keyframes "header every number of the
    /// answer"), in JSON order; `contentFrame.*` only when `content` is given.
    public static let keyframeProperties = frameProperties("header") + frameProperties("image")
        + frameProperties("contentFrame") + ["contentTop", "progress"]

    /// docs/model.md#keyframes: the default domain is [−Hh, Hh].
    public func resolvedKeyframeDomain(_ domain: KeyframeDomain?) -> KeyframeDomain {
        domain ?? KeyframeDomain(from: -header.height, to: header.height)
    }

    /// docs/model.md#keyframes keyframes of a stretchy header: every number of the answer over the domain of
    /// offsets y, constant ones left out unless named in `properties`. Axis: vertical (y).
    public func keyframes(domain: KeyframeDomain?, properties: [String]?,
                          limits: LayoutLimits = .standard) throws(ValidationError) -> Keyframes {
        let resolved = resolvedKeyframeDomain(domain)
        let plain = try momentless(domain: domain, resolved: resolved, properties: properties, limits: limits)
        let engine = try HeaderEngine(plain, limits: limits)
        var tracks = headerTracks(engine, resolved, properties)
        // Every number bends only at y = 0, y = Hh − m and the aspect kink (Continuation.swift).
        var low = 0.0
        if let content, content.width > 0 { low = min(low, header.height - content.height * viewport.width / content.width) }
        markContinuations(&tracks, domain: resolved, horizon: KeyframeDomain(from: low, to: header.height)) { wide in
            headerTracks(engine, wide, properties)
        }
        return Keyframes(model: .header, axis: .vertical, domain: resolved, tracks: tracks)
    }

    private func headerTracks(_ engine: HeaderEngine, _ resolved: KeyframeDomain, _ properties: [String]?) -> [Track] {
        let Hh = header.height, m = header.minHeight ?? 0
        var offsets = breakpoints(resolved, [0, Hh - m])
        if let content, contentMode ?? .aspectFill == .aspectFill || contentMode == .aspectFit {
            // Image height at which width/cw = height/ch; the image height is linear between the
            // breakpoints above, so the crossing is solved on each piece from the engine's values.
            let kink = content.height * viewport.width / content.width
            var extra: [Double] = []
            let heights = offsets.map { engine.layout(offset: $0).image.height }
            for j in 0..<(offsets.count - 1) {
                let h0 = heights[j], h1 = heights[j + 1]
                guard (h0 - kink) * (h1 - kink) < 0 else { continue }
                extra.append(offsets[j] + (kink - h0) / (h1 - h0) * (offsets[j + 1] - offsets[j]))
            }
            offsets = breakpoints(resolved, offsets + extra)
        }
        var names = frameProperties("header") + frameProperties("image")
        if content != nil { names += frameProperties("contentFrame") }
        names += ["contentTop", "progress"]
        let rows = offsets.map { y -> [Double] in
            let l = engine.layout(offset: y)
            var row = l.header.numbers + l.image.numbers
            if let f = l.contentFrame { row += f.numbers }
            return row + [l.contentTop, l.progress]
        }
        return makeTracks(target: .header, names: names, offsets: offsets, rows: rows,
                          filter: PropertyFilter(names: properties))
    }
}
