// Pages and layers of a paging response (docs/model.md#paging), one page at a time.

extension PagingEngine {
    /// The slots returned at offset o, ascending (docs/model.md#paging "Exact readings"): the visible ones
    /// (O(1): at most two, since L ≥ A), all N, or the requested range (clamped to 0…N−1 unless
    /// infinite).
    public func pageSlots(offset o: Double) -> Range<Int> {
        switch selection {
        case .visible:
            return visibleSlots(offset: o)
        case .all:
            return 0..<count
        case let .range(from, to):
            if infinite { return from..<(to + 1) }
            let lo = max(from, 0), hi = min(to, count - 1)
            return lo <= hi ? lo..<(hi + 1) : 0..<0
        }
    }

    /// Slots k whose viewport frame overlaps [0, A) with positive length: |k·L − o| < A, which is
    /// exactly visibleFraction > 0. Candidates are bracketed around o / L in doubles and clamped to
    /// the real pages before any conversion to Int, so a huge offset never traps.
    func visibleSlots(offset o: Double) -> Range<Int> {
        let L = stride, A = extent
        var lo = floorD((o - A) / L) - 1
        var hi = floorD((o + A) / L) + 1
        if !infinite {
            lo = max(lo, 0)
            hi = min(hi, countD - 1)
        }
        guard lo <= hi else { return 0..<0 }
        var first = Int.max, last = Int.min
        var k = lo
        var steps = 0
        while k <= hi, steps < 8 {  // hi − lo ≤ 2A/L + 3 ≤ 5; the bound only guards the loop
            steps += 1
            if abs(k * L - o) < A {
                first = min(first, toInt(k))
                last = max(last, toInt(k))
            }
            k += 1
        }
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// Page in slot k at offset o, with its layers (docs/model.md#paging).
    ///
    /// - progress p = P − k; visibleFraction = clamp((A − |k·L − o|)/A, 0, 1).
    /// - frame (content coordinates): x = k·L + S/2 — the seed's scroll container spans −S/2 … W + S/2.
    /// - viewportFrame: x = k·L − o.
    /// - rtl mirrors geometry about the viewport's centre: viewport x' = A − (x + A) = o − k·L;
    ///   content frame mirrored within contentSize: x' = N·L − x − A.
    public func page(slot k: Int, offset o: Double) -> PageLayout {
        let (page, place) = pageWithoutLayers(slot: k, offset: o)
        var out = page
        out.layers.reserveCapacity(inputLayers.count)
        for j in inputLayers.indices { out.layers.append(layer(j, of: place)) }
        return out
    }

    /// Where a page's layers are laid out from: what `layer(_:of:)` needs of its page.
    public struct PagePlace: Sendable {
        /// The page's (mirrored) viewport start d = k·L − o.
        let pageStart: Double
        /// clamp(p, −1, 1) and min(|p|, 1).
        let progress: Double, amount: Double
        /// The page's viewport frame ∩ the viewport, snapped (every layer's `clip`).
        let clip: Frame?
    }

    /// The layers a page has (the request's, or the default background).
    public var layerCount: Int { inputLayers.count }

    /// `page(slot:offset:)` with an empty `layers`, and its place: a writer streams the layers
    /// one by one with `layer(_:of:)` and builds no array per page (fewer allocations: docs/PERFORMANCE.md).
    public func pageWithoutLayers(slot k: Int, offset o: Double) -> (PageLayout, PagePlace) {
        let L = stride, A = extent
        let kD = Double(k)
        let P = o / L
        let p = P - kD
        var d = kD * L - o
        let visibleFraction = clamp((A - abs(d)) / A, 0, 1)
        var contentX = kD * L + spacing / 2
        if mirrored {
            d = -d
            contentX = countD * L - contentX - A
        }
        let unsnappedViewportFrame = Frame.along(axis, d, A, cross)
        let clip = unsnappedViewportFrame.clipped(toViewport: viewport)?.snapped(pixelScale)
        let page = PageLayout(
            index: index(slot: k), slot: k, progress: nz(p), visibleFraction: nz(visibleFraction),
            frame: Frame.along(axis, contentX, A, cross).snapped(pixelScale),
            viewportFrame: unsnappedViewportFrame.snapped(pixelScale), layers: [])
        return (page, PagePlace(pageStart: d, progress: clamp(p, -1, 1), amount: min(abs(p), 1), clip: clip))
    }

    /// Layer `j` (0 ..< `layerCount`) of the page at `place`.
    public func layer(_ j: Int, of place: PagePlace) -> LayerLayout {
        layer(prepared(j), pageStart: place.pageStart, progress: place.progress, amount: place.amount, clip: place.clip)
    }

    /// One layer of a page whose (mirrored) viewport start is `pageStart`.
    ///
    /// - fit page (the seed): x = T·clamp(p, −1, 1), width A. Seed check: with rate = −p, the
    ///   current page's background is at −space·rate, the next at −space·rate − space.
    /// - fit cover: x = T·clamp(p, −1, 1) − |T|, width A + 2|T|.
    /// - rtl: x' = A − x − width in page-local coordinates (the mirror about the page centre).
    /// - opacity / scale = 1 − (1 − min)·min(|p|, 1)·m (Swiper's parallax module, × motionScale).
    func layer(_ layer: PreparedLayer, pageStart: Double, progress clamped: Double, amount: Double,
               clip: Frame?) -> LayerLayout {
        let A = extent, T = layer.travel
        var start = T * clamped
        var length = A
        if layer.cover {
            start -= abs(T)
            length = A + 2 * abs(T)
        }
        if mirrored { start = A - start - length }
        let frame = Frame.along(axis, start, length, cross)
        var out = LayerLayout(
            name: layer.name, frame: frame.snapped(pixelScale),
            viewportFrame: Frame.along(axis, pageStart + start, length, cross).snapped(pixelScale), clip: clip)
        if let min = layer.opacityMin { out.opacity = nz(1 - (1 - min) * amount * motion) }
        if let min = layer.scaleMin { out.scale = nz(1 - (1 - min) * amount * motion) }
        if let content = layer.content {
            out.contentFrame = layer.contentMode.fit(content, width: frame.width, height: frame.height)
                .snapped(pixelScale)
        }
        return out
    }
}
