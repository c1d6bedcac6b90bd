import ParallaxLayout

// Which pages the paging picture draws (docs/api.md#pictures): at most `maxPages`, those nearest
// the viewport, and without `range` or `include: "all"` one page before and after the visible
// ones, so one sees where the next page waits. Only their slots are chosen here (from the pages'
// places, no layer laid out); the pages are laid out as the picture reaches them.

extension SVGPaging {
    /// At most `maxPages` pages are drawn, those nearest the viewport (smallest |progress|, in
    /// slot order): `include: "all"` over 10 000 pages would otherwise make a picture of hundreds
    /// of megabytes that no one can look at (and docs/operations.md#bounded-memory bounds what
    /// one answer may hold).
    static let maxPages = 24

    /// What the picture draws: the engine that lays out its pages, the offset and the summary
    /// there (no pages), the slots drawn in ascending order, how many of the answer's pages are
    /// not drawn, and the carousel's note for the subtitle.
    struct Selection {
        var engine: PagingEngine
        var offset: Double
        var summary: PagingLayout
        var slots: [Int]
        var omitted: Int
        var carousel: String?
    }

    /// Validates `input` as its JSON answer does and chooses the pages. A picture draws one
    /// offset (the endpoint answers timelines as JSON or a 422), the first frame's.
    static func select(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) -> Selection {
        if let window = try nearestWindow(input, limits: limits) { return window }
        var engine = try PagingEngine(input, limits: limits)
        if input.range == nil, input.include != .all, let wide = neighbours(input, engine, limits: limits) {
            engine = wide
        }
        let offset = engine.offset(frame: 0)
        let summary = engine.summary(offset: offset, previousOffset: engine.previousOffset(forFrame: 0))
        let pages = engine.pageSlots(offset: offset).map { engine.pageWithoutLayers(slot: $0, offset: offset).0 }
        let kept = nearest(pages)
        return Selection(engine: engine, offset: offset, summary: summary, slots: kept.map(\.slot),
                         omitted: pages.count - kept.count, carousel: carousel(input, summary, first: kept.first))
    }

    /// The `maxPages` pages of `pages` nearest the viewport, in slot order (all when fewer).
    static func nearest(_ pages: [PageLayout]) -> [PageLayout] {
        guard pages.count > maxPages else { return pages }
        let kept = pages.indices.sorted { (abs(pages[$0].progress), $0) < (abs(pages[$1].progress), $1) }.prefix(maxPages)
        return kept.sorted().map { pages[$0] }
    }

    /// For `include: "all"` or a `range` of more than `maxPages` slots: the `maxPages` slots
    /// nearest the viewport (the ones `nearest` would keep of the whole answer: the smallest
    /// |p| = |P − k|, the lower slot first on a tie, which is a window of consecutive slots), so a
    /// 10 000-page answer is not laid out for a picture of 24 pages; nil when the answer has at
    /// most `maxPages` pages (drawn as they are).
    private static func nearestWindow(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) -> Selection? {
        guard input.include == .all || input.range != nil, let n = Int(exactly: input.pageCount) else { return nil }
        var lo = 0, hi = n - 1
        if let r = input.range {
            guard let from = Int(exactly: r.from), let to = Int(exactly: r.to) else { return nil }
            (lo, hi) = input.infinite ?? false ? (from, to) : (Swift.max(from, 0), Swift.min(to, n - 1))
        }
        guard hi - lo + 1 > maxPages else { return nil }
        var one = input
        one.include = nil
        one.range = nil
        // The same validation as the whole answer's (its problems, its pointers), then P.
        let issues = input.validate(limits: limits)
        if !issues.isEmpty { throw ValidationError(issues: issues) }
        let visible = try PagingEngine(one, limits: limits)
        let P = visible.summary(offset: visible.offset(frame: 0), previousOffset: visible.previousOffset(forFrame: 0)).position
        guard let guess = Int(exactly: P.rounded(.down)) else { return nil }
        var s = Swift.min(Swift.max(guess - maxPages / 2, lo), hi - maxPages + 1)
        while s > lo, abs(P - Double(s - 1)) <= abs(P - Double(s + maxPages - 1)) { s -= 1 }
        while s + maxPages <= hi, abs(P - Double(s + maxPages)) < abs(P - Double(s)) { s += 1 }
        var window = one
        window.range = PagingInput.PageRange(from: Double(s), to: Double(s + maxPages - 1))
        let engine = try PagingEngine(window, limits: limits)
        let offset = engine.offset(frame: 0)
        let slots = Array(engine.pageSlots(offset: offset))
        return Selection(engine: engine, offset: offset,
                         summary: engine.summary(offset: offset, previousOffset: engine.previousOffset(forFrame: 0)),
                         slots: slots, omitted: hi - lo + 1 - slots.count, carousel: nil)
    }

    /// The engine of slots floor(P) − 1 … ceil(P) + 1, widened to one slot beyond each visible
    /// page (a carousel shows several, docs/model.md#carousels), within 0…N−1 unless infinite;
    /// nil when P is too large for an Int or the clamped range is empty (far overscroll).
    private static func neighbours(_ input: PagingInput, _ visible: PagingEngine, limits: LayoutLimits) -> PagingEngine? {
        let o = visible.offset(frame: 0)
        let position = visible.summary(offset: o, previousOffset: visible.previousOffset(forFrame: 0)).position
        guard var lo = Int(exactly: position.rounded(.down)), var hi = Int(exactly: position.rounded(.up)),
              let n = Int(exactly: input.pageCount) else { return nil }
        let shown = visible.pageSlots(offset: o)
        if !shown.isEmpty {
            lo = Swift.min(lo, shown.lowerBound)
            hi = Swift.max(hi, shown.upperBound - 1)
        }
        let infinite = input.infinite ?? false
        let from = infinite ? lo - 1 : Swift.max(0, lo - 1), to = infinite ? hi + 1 : Swift.min(n - 1, hi + 1)
        guard from <= to else { return nil }
        var wide = input
        wide.range = PagingInput.PageRange(from: Double(from), to: Double(to))
        wide.include = nil
        return try? PagingEngine(wide, limits: limits)
    }

    /// "pages of 300, centred" for a carousel (the page's extent read off the first drawn
    /// page's frame), nil otherwise.
    private static func carousel(_ input: PagingInput, _ l: PagingLayout, first page: PageLayout?) -> String? {
        guard input.pageSize != nil || input.align != nil, let page else { return nil }
        let a = l.axis == .vertical ? page.frame.height : page.frame.width
        return "pages of \(SVGCanvas.num(a))\(input.align == .center ? ", centred" : "")"
    }
}
