// Page-progress keyframes (docs/model.md#page-progress): a pager's numbers as functions of one
// page's progress p instead of the scroller's offset, for the native pagers that hand an app p.
//
// Every number of page i depends on the offset o only through p = o/L − i (the layers' clamped
// travel, |p| for opacity and scale) and the page's viewport start c + i·L − o = c − p·L (viewport
// frames, visibleFraction): functions of p alone, the same for every page (docs/model.md#paging,
// #carousels). So the tracks of slot 0 with the offset o = p·L read as functions of p are every
// page's tracks. Their breakpoints are slot 0's, p = −1, 0, 1 and the page edges crossing the
// viewport's, (c − A)/L, (c + a − A)/L, c/L, (c + a)/L; the knots are PagingEngine's own numbers
// there, nothing is sampled. A page's `frame` (where its content lies in the scroller,
// c + i·L + S/2) is the one number that depends on i: it has no p-track.

extension PagingInput {
    /// The default domain in pages: [min(−1, p_in), max(1, p_out)], p_in = (c − A)/L the progress
    /// where the page's leading edge enters the viewport, p_out = (c + a)/L where its trailing edge
    /// leaves it, so every number has reached its end value at both ends.
    public func resolvedProgressDomain(_ domain: KeyframeDomain?) -> KeyframeDomain {
        if let domain { return domain }
        let A = viewportExtent, a = pageExtent(A), c = restingLead(A, a), L = keyframeStride
        return KeyframeDomain(from: min(-1, (c - A) / L), to: max(1, (c + a) / L))
    }

    /// p-domain ends: p·L must be an offset a request may name.
    func progressBounds(stride L: Double?, limits: LayoutLimits) -> Bounds {
        let m = limits.maxMagnitude
        guard let L, L > 0 else { return Bounds(lo: -m, hi: m) }
        return Bounds(lo: -m / L, hi: m / L, note: "so that p·L is an offset a request may name")
    }

    /// Why a `properties` name has no p-track: the page's own frame (asked as `page.frame.*`)
    /// depends on its index.
    static func progressRefusal(_ name: String) -> String? {
        guard name.hasPrefix("page.frame.") else { return nil }
        let field = name.dropFirst("page.frame.".count)
        return "a page's frame.\(field) depends on its index (its place in the scroller), so it has no page-progress track; ask for viewportFrame.\(field), the same for every page"
    }

    /// docs/model.md#page-progress keyframes: one track per page property (`target` `.anyPage`)
    /// and per layer property (`.anyPageLayer`), over `domain` in pages, exact for every page i at
    /// o = (i + p)·L.
    public func progressKeyframes(domain: KeyframeDomain?, properties: [String]?,
                                  limits: LayoutLimits = .standard) throws(ValidationError) -> Keyframes {
        let (engine, resolved, _) = try checkedKeyframes(domain: domain, properties: properties, limits: limits,
                                                         input: .pageProgress)
        return Keyframes(model: .paging, axis: engine.axis, domain: resolved,
                         tracks: engine.progressTracks(domain: resolved, properties: properties),
                         input: .pageProgress, stride: engine.stride)
    }
}

extension PagingEngine {
    /// The p-tracks over `d` (in pages), each marked where it continues linearly past it: outside
    /// [min(−1, p_in), max(1, p_out)] every number is constant or linear in p (Continuation.swift).
    func progressTracks(domain d: KeyframeDomain, properties: [String]?) -> [Track] {
        let h = horizon(slot: 0)
        let horizon = KeyframeDomain(from: h.from / stride, to: h.to / stride)
        return continued(rawProgressTracks(domain: d, properties: properties), domain: d, horizon: horizon) {
            rawProgressTracks(domain: $0, properties: properties)
        }
    }

    /// Slot 0's tracks at its breakpoints within [d.from·L, d.to·L], written at p = o/L (the ends
    /// at d's own ends, so the knots span the domain exactly). A breakpoint that rounds onto its
    /// neighbour's p is dropped: two knots at one p would read as a jump.
    private func rawProgressTracks(domain d: KeyframeDomain, properties: [String]?) -> [Track] {
        let L = stride, e = edgeOffsets(slot: 0)
        let all = breakpoints(KeyframeDomain(from: d.from * L, to: d.to * L), [-L, e.0, e.1, 0, e.2, e.3, L])
        var offsets: [Double] = [all[0]], ps: [Double] = [d.from]
        for o in all.dropFirst().dropLast() where o / L > ps[ps.count - 1] && o / L < d.to {
            offsets.append(o)
            ps.append(o / L)
        }
        offsets.append(all[all.count - 1])
        ps.append(d.to)
        return slotTracks(slot: 0, offsets: offsets, at: ps, page: .anyPage,
                          layer: { .anyPageLayer(name: $0) }, properties: properties)
    }
}
