// Paging keyframes, docs/model.md#keyframes over docs/model.md#paging and its carousels (docs/model.md#carousels).
//
// Slot k's numbers depend on the offset o only through p = o/L − k (clamped to ±1 by the layers,
// |p| for opacity and scale), x = c + k·L − o (viewport frames) and the overlap of [x, x + a)
// with [0, A) (visibleFraction). So every number is linear between the breakpoints k·L − L and
// k·L + L (p = ±1), k·L (rest) and the four offsets where a page edge crosses a viewport edge,
// c + k·L − A, c + k·L + a − A, c + k·L and c + k·L + a (k·L − A, k·L, k·L, k·L + A when a = A),
// whatever the fit, direction, motionScale or content mode (a layer's size never changes with o,
// so contentFrame is constant). The knots are PagingEngine's own numbers at those offsets.

extension PagingInput {
    /// Page numbers a track can follow (docs/model.md#keyframes "paging pages").
    public static let pageKeyframeProperties = ["progress", "visibleFraction"] + frameProperties("viewportFrame")
    /// Layer numbers a track can follow (docs/model.md#keyframes "layers"); opacity, scale and contentFrame only
    /// for layers that have them.
    public static let layerKeyframeProperties = frameProperties("frame") + frameProperties("viewportFrame")
        + ["opacity", "scale"] + frameProperties("contentFrame")

    /// The request without the fields that describe one moment (`takeMoment`), nor `include` and
    /// `range` (which pages one answer lists): its engine lays out any offset.
    var momentless: PagingInput {
        var copy = splitMoments().0
        copy.include = nil
        copy.range = nil
        return copy
    }

    /// L = a + S, for the default domain.
    public var keyframeStride: Double { pageExtent(viewportExtent) + (pageSpacing ?? 0) }

    /// The default domain is [0, (N − 1)·L], cut to the offsets a request may name (±maxMagnitude),
    /// so the answer's domain is one the client could send back (docs/model.md#keyframes).
    public func resolvedKeyframeDomain(_ domain: KeyframeDomain?, limits: LayoutLimits = .standard) -> KeyframeDomain {
        domain ?? KeyframeDomain(from: 0, to: min((pageCount - 1) * keyframeStride, limits.maxMagnitude))
    }

    /// The slots visible somewhere in the domain (nil when none is), after every paging and keyframes check (docs/model.md#paging, #keyframes):
    /// the moment fields are refused, the domain must be finite with from < to (and within 2^52
    /// strides when infinite), and it may span at most `limits.maxPagesPerResponse` slots.
    public func keyframeSlots(domain: KeyframeDomain?, limits: LayoutLimits = .standard) throws(ValidationError) -> ClosedRange<Int>? {
        try checkedKeyframes(domain: domain, properties: nil, limits: limits).2
    }

    /// The tracks of slot k over `domain` (for writers that stream a long pager slot by slot, issue
    /// 11). Assumes a request that `keyframeSlots` accepted; an invalid one gives no tracks.
    public func keyframeTracks(slot k: Int, domain: KeyframeDomain, properties: [String]?) -> [Track] {
        guard let engine = try? PagingEngine(momentless) else { return [] }
        return engine.keyframeTracks(slot: k, domain: domain, properties: properties)
    }

    /// docs/model.md#keyframes keyframes of a pager: for every slot visible somewhere in the domain, its page's
    /// `progress`, `visibleFraction`, `viewportFrame.*` and its layers' `frame.*`,
    /// `viewportFrame.*`, `opacity`, `scale`, `contentFrame.*`, constant ones left out unless named
    /// in `properties`.
    public func keyframes(domain: KeyframeDomain?, properties: [String]?,
                          limits: LayoutLimits = .standard) throws(ValidationError) -> Keyframes {
        let (engine, resolved, slots) = try checkedKeyframes(domain: domain, properties: properties, limits: limits)
        var tracks: [Track] = []
        if let slots {
            for k in slots { tracks += engine.keyframeTracks(slot: k, domain: resolved, properties: properties) }
        }
        return Keyframes(model: .paging, axis: engine.axis, domain: resolved, tracks: tracks)
    }

    /// Validates a keyframes request (every problem at once) and prepares its engine.
    /// With `input` `.pageProgress` the domain is in pages (docs/model.md#page-progress) and no
    /// slots are counted (the tracks hold for every page).
    func checkedKeyframes(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits,
                          input: KeyframesInput = .offset)
        throws(ValidationError) -> (PagingEngine, KeyframeDomain, ClosedRange<Int>?) {
        let progress = input == .pageProgress
        var c = Checker(limits: limits)
        // include and range are checked as values, not against the pages-per-response budget.
        let (checked, moments) = splitMoments()
        c.issues = checked.validate(limits: limits, answersPages: false)
        c.refuseMoments(moments)
        c.properties(properties, known: Self.pageKeyframeProperties + Self.layerKeyframeProperties,
                     explain: progress ? Self.progressRefusal : { _ in nil })
        let resolved = progress ? resolvedProgressDomain(domain) : resolvedKeyframeDomain(domain, limits: limits)
        // A given domain is checked even beside other problems (its ends within 2^52 strides of 0
        // too when infinite, once the stride is known); the default needs every other field valid.
        let A = viewportExtent
        let strideKnown = Bounds(lo: limits.minSize, hi: limits.maxMagnitude).contains(A)
            && Bounds(lo: 0, hi: limits.maxMagnitude).contains(pageSpacing ?? 0)
            && Bounds(lo: limits.minSize, hi: A).contains(pageExtent(A))
        let ends = progress ? progressBounds(stride: strideKnown ? keyframeStride : nil, limits: limits)
            : positionBounds(isInfinite: infinite ?? false, stride: strideKnown ? keyframeStride : nil, limits: limits)
        if c.issues.isEmpty || domain != nil { c.domain(resolved, given: domain != nil, ends: ends) }
        guard c.issues.isEmpty else { throw ValidationError(issues: c.issues) }
        let engine = try PagingEngine(momentless, limits: limits)
        if progress { return (engine, resolved, nil) }
        let bounds = engine.keyframeSlotBounds(resolved)
        if let (lo, hi) = bounds, hi - lo + 1 > Double(limits.maxPagesPerResponse) {
            let which = domain == nil ? "the default domain [\(c.fmt(resolved.from)), \(c.fmt(resolved.to))]" : "the domain"
            c.add(KeyframesField.domain.pointer(), "\(which) spans \(c.fmt(hi - lo + 1)) slots; at most \(limits.maxPagesPerResponse) per response (give a narrower domain)")
            throw ValidationError(issues: c.issues)
        }
        return (engine, resolved, bounds.map { toInt($0.0)...toInt($0.1) })
    }
}

extension PagingEngine {
    /// A layer's track names by which optional numbers it has (bit 0 opacity, 1 scale, 2
    /// contentFrame), built once: a long pager asks for them per slot and layer.
    static let layerNames: [[String]] = (0..<8).map { bits in
        var names = frameProperties("frame") + frameProperties("viewportFrame")
        if bits & 1 != 0 { names.append("opacity") }
        if bits & 2 != 0 { names.append("scale") }
        if bits & 4 != 0 { names += frameProperties("contentFrame") }
        return names
    }

    /// First and last slot k whose page overlaps the viewport for some o in the domain (the
    /// engine's visibility test, x = (k·L + c) − o with x < A and x + a > 0), clamped to the real
    /// pages unless infinite; nil when no slot qualifies. Doubles, so a huge domain is counted
    /// before anything becomes an Int.
    func keyframeSlotBounds(_ d: KeyframeDomain) -> (Double, Double)? {
        let L = stride, A = extent, a = pageExtent, c = lead
        // Slot k is visible at some o ≤ d.to iff it is at d.to's side: (k·L + c) − d.to < A; and
        // at some o ≥ d.from iff (k·L + c) − d.from + a > 0.
        func beforeEnd(_ k: Double) -> Bool { (k * L + c) - d.to < A }
        func afterStart(_ k: Double) -> Bool { (k * L + c) - d.from + a > 0 }
        // Bracket analytically, then settle the rounding with a few exact checks of the test itself.
        var lo = floorD((d.from - c - a) / L)
        var steps = 0
        while !afterStart(lo), steps < 8 { lo += 1; steps += 1 }
        steps = 0
        while afterStart(lo - 1), steps < 8 { lo -= 1; steps += 1 }
        var hi = ceilD((d.to - c + A) / L)
        steps = 0
        while !beforeEnd(hi), steps < 8 { hi -= 1; steps += 1 }
        steps = 0
        while beforeEnd(hi + 1), steps < 8 { hi += 1; steps += 1 }
        if !infinite {
            lo = max(lo, 0)
            hi = min(hi, countD - 1)
        }
        guard lo <= hi, afterStart(lo), beforeEnd(lo), afterStart(hi), beforeEnd(hi) else { return nil }
        return (lo, hi)
    }

    /// The offsets where a page edge of slot k crosses a viewport edge, ascending: the page's
    /// leading edge leaves A, its trailing edge leaves A, its leading edge passes 0, its trailing
    /// edge passes 0 (the visibility kinks; k·L − A, k·L, k·L, k·L + A when a = A, to the bit).
    func edgeOffsets(slot k: Int) -> (Double, Double, Double, Double) {
        let start = Double(k) * stride + lead
        return (start - extent, start + (pageExtent - extent), start, start + pageExtent)
    }

    /// Every offset where one of slot k's numbers can bend: [k·L − L, k·L + L] and its edges,
    /// widened by far more than their rounding: a domain end one ulp past k·L + L (the default
    /// domain's (N − 1)·L against (N − 2)·L + L) still has the corner as a knot a merge may drop,
    /// so only an end clearly beyond counts as past the horizon (Continuation.swift).
    func horizon(slot k: Int) -> KeyframeDomain {
        let kL = Double(k) * stride, e = edgeOffsets(slot: k)
        let pad = 1e-9 * max(1, abs(kL) + stride + extent)
        return KeyframeDomain(from: min(kL - stride, e.0) - pad, to: max(kL + stride, e.3) + pad)
    }

    /// The tracks of slot k over the domain: the page's, then each layer's, in layer order, each
    /// marked where it continues linearly past the domain (Continuation.swift; every number of
    /// slot k bends only within `horizon(slot:)`, [kL − L, kL + L] when a = A).
    public func keyframeTracks(slot k: Int, domain: KeyframeDomain, properties: [String]?) -> [Track] {
        continued(rawKeyframeTracks(slot: k, domain: domain, properties: properties), domain: domain,
                  horizon: horizon(slot: k)) { rawKeyframeTracks(slot: k, domain: $0, properties: properties) }
    }

    private func rawKeyframeTracks(slot k: Int, domain: KeyframeDomain, properties: [String]?) -> [Track] {
        let L = stride, kL = Double(k) * L
        let e = edgeOffsets(slot: k)
        let offsets = breakpoints(domain, [kL - L, e.0, e.1, kL, e.2, e.3, kL + L])
        return slotTracks(slot: k, offsets: offsets, at: offsets, page: .page(slot: k),
                          layer: { .layer(slot: k, name: $0) }, properties: properties)
    }

    /// Slot k's tracks with a knot at each of `offsets` (its breakpoints within a domain, ascending),
    /// written at `xs[i]` on the track's own axis (the offset itself, or the page progress).
    func slotTracks(slot k: Int, offsets: [Double], at xs: [Double], page pageTarget: TrackTarget,
                    layer layerTarget: (String) -> TrackTarget, properties: [String]?) -> [Track] {
        let filter = PropertyFilter(names: properties)
        let L = stride, kL = Double(k) * L
        let e = edgeOffsets(slot: k)
        let pages = offsets.map { page(slot: k, offset: $0) }
        // Which breakpoint bends what (far from 0, o/L − k carries ~|P|·2⁻⁵² of rounding, so a knot
        // kept where nothing bends would be noise that merging cannot always tell from a kink):
        // p = ±1 bends the layers' clamped travel and their |p| effects, p = 0 the |p| effects, the
        // page edges crossing the viewport's only visibleFraction (when a = A two of them are
        // p = 0, the peak of its |d|).
        let clampCorner = offsets.map { $0 == kL - L || $0 == kL + L }
        let rest = offsets.map { $0 == kL }
        let edge = offsets.map { $0 == e.0 || $0 == e.1 || $0 == e.2 || $0 == e.3 }
        var tracks = makeTracks(
            target: pageTarget, names: PagingInput.pageKeyframeProperties, offsets: xs,
            rows: pages.map { [$0.progress, $0.visibleFraction] + $0.viewportFrame.numbers }, filter: filter,
            kinks: { p, i in p == 1 && edge[i] })
        for (i, layer) in layers.enumerated() {
            let names = PagingEngine.layerNames[(layer.opacityMin != nil ? 1 : 0) + (layer.scaleMin != nil ? 2 : 0)
                                                + (layer.content != nil ? 4 : 0)]
            let rows = pages.map { page -> [Double] in
                let l = page.layers[i]
                var row = l.frame.numbers + l.viewportFrame.numbers
                if let v = l.opacity { row.append(v) }
                if let v = l.scale { row.append(v) }
                if let f = l.contentFrame { row += f.numbers }
                return row
            }
            tracks += makeTracks(target: layerTarget(layer.name), names: names, offsets: xs,
                                 rows: rows, filter: filter) { p, i in
                switch names[p] {
                case "opacity", "scale": clampCorner[i] || rest[i]
                case "contentFrame.x", "contentFrame.y", "contentFrame.width", "contentFrame.height": false
                default: clampCorner[i]  // frame.*, viewportFrame.*
                }
            }
        }
        return tracks
    }
}
