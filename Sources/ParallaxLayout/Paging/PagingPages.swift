// Pages and layers of a paging response (docs/model.md#paging), one page at a time.

extension PagingEngine {
    /// The slots returned at offset o, ascending (docs/model.md#paging "Exact readings"): the visible ones
    /// (at most two when a = A, since L ≥ A; a carousel shows up to ⌈(A + a)/L⌉), all N, or the requested range (clamped to 0…N−1 unless
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

    /// Slots k whose viewport frame overlaps [0, A) with positive length: x = (k·L + c) − o with
    /// x < A and x + a > 0 (|k·L − o| < A when a = A), which is exactly visibleFraction > 0. The
    /// ends are bracketed around the offset in doubles and clamped to the real pages before any
    /// conversion to Int, so a huge offset never traps; a few exact checks of the test then settle
    /// the rounding. Visible slots are consecutive: x grows with k.
    func visibleSlots(offset o: Double) -> Range<Int> {
        let L = stride, A = extent, a = pageExtent, c = lead
        func visible(_ k: Double) -> Bool {
            let x = (k * L + c) - o
            return x < A && x + a > 0
        }
        var lo = floorD((o - c - a) / L) - 1
        var hi = floorD((o - c + A) / L) + 1
        if !infinite {
            lo = max(lo, 0)
            hi = min(hi, countD - 1)
        }
        // The brackets lie within two slots of the ends (the divisions round by less than a slot);
        // the bound only guards the loops.
        var steps = 0
        while lo <= hi, !visible(lo), steps < 4 { lo += 1; steps += 1 }
        steps = 0
        while hi >= lo, !visible(hi), steps < 4 { hi -= 1; steps += 1 }
        guard lo <= hi, visible(lo), visible(hi) else { return 0..<0 }
        return toInt(lo)..<(toInt(hi) + 1)
    }

    /// Page in slot k at offset o, with its layers (docs/model.md#paging, docs/model.md#carousels).
    ///
    /// - progress p = P − k; visibleFraction = the length of [x, x + a) ∩ [0, A) over a
    ///   (clamp((A − |k·L − o|)/A, 0, 1) when a = A).
    /// - frame (content coordinates): x = c + k·L + S/2 — the seed's scroll container spans −S/2 … W + S/2.
    /// - viewportFrame: x = c + k·L − o.
    /// - rtl mirrors geometry about the viewport's centre: viewport x' = A − (x + a) (o − k·L
    ///   when a = A); content frame mirrored within contentSize: x' = contentSize − x − a.
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
    /// one by one with `layer(_:of:)` and builds no array per page (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    public func pageWithoutLayers(slot k: Int, offset o: Double) -> (PageLayout, PagePlace) {
        let L = stride, A = extent, a = pageExtent
        let kD = Double(k)
        let P = o / L
        let p = P - kD
        let kL: Double, visibleFraction: Double
        var d: Double
        if fillsViewport {
            // a = A, c = 0: the plain pager's A − |d|, the same bits as the carousel's reading
            // below (c adds +0, min and max pick the operands the absolute value does), without
            // its extra operations on each of 10⁴ pages (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
            kL = kD * L
            d = kL - o
            visibleFraction = clamp((A - abs(d)) / A, 0, 1)
        } else {
            // [d, d + a) ∩ [0, A) over a (docs/model.md#carousels).
            kL = kD * L + lead
            d = kL - o
            visibleFraction = clamp((min(d + a, A) - max(d, 0)) / a, 0, 1)
        }
        var contentX = kL + spacing / 2
        if mirrored {
            d = (A - a) - d
            contentX = contentExtent - contentX - a
        }
        let unsnappedViewportFrame = Frame.along(axis, d, a, cross)
        let clip = unsnappedViewportFrame.clipped(toViewport: viewport)?.snapped(pixelScale)
        let page = PageLayout(
            index: index(slot: k), slot: k, progress: nz(p), visibleFraction: nz(visibleFraction),
            frame: Frame.along(axis, contentX, a, cross).snapped(pixelScale),
            viewportFrame: unsnappedViewportFrame.snapped(pixelScale), layers: [])
        return (page, PagePlace(pageStart: d, progress: clamp(p, -1, 1), amount: min(abs(p), 1), clip: clip))
    }

    /// Layer `j` (0 ..< `layerCount`) of the page at `place`.
    public func layer(_ j: Int, of place: PagePlace) -> LayerLayout {
        layer(prepared(j), pageStart: place.pageStart, progress: place.progress, amount: place.amount, clip: place.clip)
    }

    /// One layer of a page whose (mirrored) viewport start is `pageStart`.
    ///
    /// - fit page (the seed): x = T·clamp(p, −1, 1), width a (the page's extent, A unless a
    ///   carousel's). Seed check: with rate = −p, the current page's background is at
    ///   −space·rate, the next at −space·rate − space.
    /// - fit cover: x = T·clamp(p, −1, 1) − |T|, width a + 2|T|.
    /// - rtl: x' = a − x − width in page-local coordinates (the mirror about the page centre).
    /// - opacity / scale = 1 − (1 − min)·min(|p|, 1)·m (Swiper's parallax module, × motionScale).
    func layer(_ layer: PreparedLayer, pageStart: Double, progress clamped: Double, amount: Double,
               clip: Frame?) -> LayerLayout {
        let a = pageExtent, T = layer.travel
        var start = T * clamped
        var length = a
        if layer.cover {
            start -= abs(T)
            length = a + 2 * abs(T)
        }
        if mirrored { start = a - start - length }
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
