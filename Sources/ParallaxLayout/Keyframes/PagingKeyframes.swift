// Paging keyframes, docs/model.md#keyframes over docs/model.md#paging.
//
// Slot k's numbers depend on the offset o only through p = o/L − k (clamped to ±1 by the layers,
// |p| for opacity and scale), d = k·L − o (viewport frames) and |d| (visibleFraction, clamped to
// [0, 1]). So every number is linear between the breakpoints k·L − L, k·L − A, k·L, k·L + A, k·L + L
// (p = −1, the visibility edge, rest, the other edge, p = +1), whatever the fit, direction,
// motionScale or content mode (a layer's size never changes with o, so contentFrame is constant).
// The knots are PagingEngine's own numbers at those offsets.

extension PagingInput {
    /// Page numbers a track can follow (docs/model.md#keyframes "paging pages").
    public static let pageKeyframeProperties = ["progress", "visibleFraction"] + frameProperties("viewportFrame")
    /// Layer numbers a track can follow (docs/model.md#keyframes "layers"); opacity, scale and contentFrame only
    /// for layers that have them.
    public static let layerKeyframeProperties = frameProperties("frame") + frameProperties("viewportFrame")
        + ["opacity", "scale"] + frameProperties("contentFrame")

    /// The request without the fields that describe one moment, nor `include` and `range` (which
    /// pages one answer lists): its engine lays out any offset.
    var momentless: PagingInput {
        var copy = self
        copy.include = nil
        copy.range = nil
        copy.offset = nil
        copy.page = nil
        copy.offsets = nil
        copy.previousOffset = nil
        copy.velocity = nil
        copy.pixelScale = nil
        return copy
    }

    /// L = A + S, for the default domain.
    var keyframeStride: Double {
        ((axis ?? .horizontal) == .horizontal ? viewport.width : viewport.height) + (pageSpacing ?? 0)
    }

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
    func checkedKeyframes(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits)
        throws(ValidationError) -> (PagingEngine, KeyframeDomain, ClosedRange<Int>?) {
        var c = Checker(limits: limits)
        // include and range are checked as values, not against the pages-per-response budget.
        var checked = momentless
        checked.include = include
        checked.range = range
        c.issues = checked.validate(limits: limits, answersPages: false)
        c.refuseMoment(offset != nil, "/offset")
        c.refuseMoment(page != nil, "/page")
        c.refuseMoment(offsets != nil, "/offsets")
        c.refuseMoment(previousOffset != nil, "/previousOffset")
        c.refuseMoment(velocity != nil, "/velocity")
        c.refuseMoment(pixelScale != nil, "/pixelScale")
        c.properties(properties, known: Self.pageKeyframeProperties + Self.layerKeyframeProperties)
        let resolved = resolvedKeyframeDomain(domain, limits: limits)
        // A given domain is checked even beside other problems (its ends within 2^52 strides of 0
        // too when infinite, once the stride is known); the default needs every other field valid.
        let A = (axis ?? .horizontal) == .horizontal ? viewport.width : viewport.height
        let strideKnown = Bounds(lo: limits.minSize, hi: limits.maxMagnitude).contains(A)
            && Bounds(lo: 0, hi: limits.maxMagnitude).contains(pageSpacing ?? 0)
        let ends = positionBounds(isInfinite: infinite ?? false, stride: strideKnown ? keyframeStride : nil, limits: limits)
        if c.issues.isEmpty || domain != nil { c.domain(resolved, given: domain != nil, ends: ends) }
        guard c.issues.isEmpty else { throw ValidationError(issues: c.issues) }
        let engine = try PagingEngine(momentless, limits: limits)
        let bounds = engine.keyframeSlotBounds(resolved)
        if let (lo, hi) = bounds, hi - lo + 1 > Double(limits.maxPagesPerResponse) {
            let which = domain == nil ? "the default domain [\(c.fmt(resolved.from)), \(c.fmt(resolved.to))]" : "the domain"
            c.add("/domain", "\(which) spans \(c.fmt(hi - lo + 1)) slots; at most \(limits.maxPagesPerResponse) per response (give a narrower domain)")
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

    /// First and last slot k with |k·L − o| < A for some o in the domain (the engine's visibility
    /// test), clamped to the real pages unless infinite; nil when no slot qualifies. Doubles, so a
    /// huge domain is counted before anything becomes an Int.
    func keyframeSlotBounds(_ d: KeyframeDomain) -> (Double, Double)? {
        let L = stride, A = extent
        func reaches(_ k: Double) -> Bool { k * L - d.to < A && d.from - k * L < A }
        // Bracket analytically, then settle the rounding with a few exact checks of the test itself.
        var lo = floorD((d.from - A) / L)
        var steps = 0
        while !(lo * L + A > d.from), steps < 8 { lo += 1; steps += 1 }
        steps = 0
        while (lo - 1) * L + A > d.from, steps < 8 { lo -= 1; steps += 1 }
        var hi = ceilD((d.to + A) / L)
        steps = 0
        while !(hi * L - A < d.to), steps < 8 { hi -= 1; steps += 1 }
        steps = 0
        while (hi + 1) * L - A < d.to, steps < 8 { hi += 1; steps += 1 }
        if !infinite {
            lo = max(lo, 0)
            hi = min(hi, countD - 1)
        }
        guard lo <= hi, reaches(lo), reaches(hi) else { return nil }
        return (lo, hi)
    }

    /// The tracks of slot k over the domain: the page's, then each layer's, in layer order, each
    /// marked where it continues linearly past the domain (Continuation.swift; every number of
    /// slot k bends only within [kL − L, kL + L]).
    public func keyframeTracks(slot k: Int, domain: KeyframeDomain, properties: [String]?) -> [Track] {
        let tracks = rawKeyframeTracks(slot: k, domain: domain, properties: properties)
        let kL = Double(k) * stride
        var out: [Track] = []
        out.reserveCapacity(tracks.count)
        // The slot's tracks over the widened domain, computed at most once (every target of the
        // slot shares the horizon, so every group asks for the same domain).
        var wideTracks: [Track]?
        var i = 0
        while i < tracks.count {
            var j = i + 1
            while j < tracks.count, tracks[j].target == tracks[i].target { j += 1 }
            var group = Array(tracks[i..<j])
            let target = tracks[i].target
            markContinuations(&group, domain: domain, horizon: KeyframeDomain(from: kL - stride, to: kL + stride)) { wide in
                let all = wideTracks ?? rawKeyframeTracks(slot: k, domain: wide, properties: properties)
                wideTracks = all
                return all.filter { $0.target == target }
            }
            out += group
            i = j
        }
        return out
    }

    private func rawKeyframeTracks(slot k: Int, domain: KeyframeDomain, properties: [String]?) -> [Track] {
        let filter = PropertyFilter(names: properties)
        let L = stride, A = extent, kL = Double(k) * L
        let offsets = breakpoints(domain, [kL - L, kL - A, kL, kL + A, kL + L])
        let pages = offsets.map { page(slot: k, offset: $0) }
        // Which breakpoint bends what (far from 0, o/L − k carries ~|P|·2⁻⁵² of rounding, so a knot
        // kept where nothing bends would be noise that merging cannot always tell from a kink):
        // p = ±1 bends the layers' clamped travel and their |p| effects, p = 0 the |p| effects and
        // visibleFraction, the visibility edges k·L ± A only visibleFraction.
        let clampCorner = offsets.map { $0 == kL - L || $0 == kL + L }
        let rest = offsets.map { $0 == kL }
        let edge = offsets.map { $0 == kL - A || $0 == kL + A }
        var tracks = makeTracks(
            target: .page(slot: k), names: PagingInput.pageKeyframeProperties, offsets: offsets,
            rows: pages.map { [$0.progress, $0.visibleFraction] + $0.viewportFrame.numbers }, filter: filter,
            kinks: { p, i in p == 1 && (rest[i] || edge[i]) })
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
            tracks += makeTracks(target: .layer(slot: k, name: layer.name), names: names, offsets: offsets,
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
