import ParallaxLayout

/// How far past its domain a stylesheet's animations reach: a page's own content decides how far
/// it scrolls, so the header's and the scroll elements' curves go on for a million px (every
/// model is eventually constant or linear, docs/model.md#keyframes-on-real-pages). A widened end
/// stays within the offsets a request may name (`LayoutLimits.maxMagnitude`).
let styledReach = 1_000_000.0

extension PagingInput {
    /// The offsets a pager's stylesheet covers: every offset its scroller can reach, [0, (N − 1)·L]
    /// (an infinite pager: its domain's non-negative part and on to `infiniteReach`), and the requested domain.
    func styledDomain(_ d: KeyframeDomain, limits: LayoutLimits) -> KeyframeDomain {
        let to = (infinite ?? false) ? infiniteReach(d.to) : max(d.to, min((pageCount - 1) * keyframeStrideForCSS, limits.maxMagnitude))
        return KeyframeDomain(from: min(d.from, 0), to: to)
    }

    /// An infinite pager's scroller reaches past its domain's end `to` where the last page in
    /// view there sticks out past the viewport's trailing edge (its box lengthens the content,
    /// docs/model.md#keyframes-on-real-pages; c, a and L as in docs/model.md#carousels): to that
    /// page's trailing edge c + k·L + a less A, so the animations cover every offset the scroller reaches.
    func infiniteReach(_ to: Double) -> Double {
        let A = viewportExtent, a = pageExtent(A), L = keyframeStrideForCSS, c = restingLead(A, a)
        let k = ((to + A - c) / L).rounded(.up) - 1  // the last slot with c + k·L − to < A
        return max(to, c + k * L + a - A)
    }

    /// L = a + S (docs/model.md#carousels; a = A without `pageSize`).
    var keyframeStrideForCSS: Double {
        pageExtent(viewportExtent) + (pageSpacing ?? 0)
    }
}

extension HeaderInput {
    /// The offsets a header's stylesheet covers: from 0 (or the domain's start) to far past any body.
    func styledDomain(_ d: KeyframeDomain, limits: LayoutLimits) -> KeyframeDomain {
        KeyframeDomain(from: min(d.from, 0), to: max(d.to, min(d.to + styledReach, limits.maxMagnitude)))
    }
}

extension ScrollInput {
    /// The offsets a scroll page's stylesheet covers: from 0 (or the domain's start) to far past
    /// the last element.
    func styledDomain(_ d: KeyframeDomain, limits: LayoutLimits) -> KeyframeDomain {
        KeyframeDomain(from: min(d.from, 0), to: max(d.to, min(d.to + styledReach, limits.maxMagnitude)))
    }
}
