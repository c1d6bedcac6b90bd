import ParallaxLayout

/// How far past its domain a stylesheet's animations reach: a page's own content decides how far
/// it scrolls, so the header's and the scroll elements' curves go on for a million px (every
/// model is eventually constant or linear, docs/model.md#keyframes-on-real-pages). A widened end
/// stays within the offsets a request may name (`LayoutLimits.maxMagnitude`).
let styledReach = 1_000_000.0

extension PagingInput {
    /// The offsets a pager's stylesheet covers: every offset its scroller can reach, [0, (N − 1)·L]
    /// (an infinite pager scrolls over its domain's non-negative part), and the requested domain.
    func styledDomain(_ d: KeyframeDomain, limits: LayoutLimits) -> KeyframeDomain {
        let to = (infinite ?? false) ? d.to : max(d.to, min((pageCount - 1) * keyframeStrideForCSS, limits.maxMagnitude))
        return KeyframeDomain(from: min(d.from, 0), to: to)
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
