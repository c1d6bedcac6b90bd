import HTTPServer
import ParallaxLayout

/// The paging picture (docs/model.md#paging, docs/api.md#pictures): the viewport, every page with its index and slot,
/// its layers striped and clipped by the page (the seed's `clipsToBounds`) with their unclipped
/// frames dashed, and the neighbouring pages beside the viewport under a veil, so one can see
/// where the next page waits and how far each layer has travelled.
enum WholeSVGPaging {
    /// Lays out `input` (one offset: the caller answers timelines otherwise) and draws it.
    /// Without `range` or `include: "all"` the picture also shows one page before and after the
    /// visible ones, laid out by the same engine (a second layout with `range`).
    static func draw(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) -> ByteBuffer {
        if let window = try nearestWindow(input, limits: limits) {
            return draw(window.layout, viewport: input.viewport, pageCount: Int(exactly: input.pageCount) ?? 0,
                        infinite: input.infinite ?? false, rtl: input.direction == .rtl, omitted: window.omitted)
        }
        guard case .single(let visible) = try input.layout(limits: limits) else { return ByteBuffer() }
        var layout = visible
        if input.range == nil, input.include != .all, let wide = neighbours(input, visible, limits: limits) {
            layout = wide
        }
        let total = layout.pages.count
        layout.pages = nearest(layout.pages)
        return draw(layout, viewport: input.viewport, pageCount: Int(exactly: input.pageCount) ?? 0,
                    infinite: input.infinite ?? false, rtl: input.direction == .rtl, omitted: total - layout.pages.count,
                    carousel: carousel(input, layout))
    }

    /// At most `maxPages` pages are drawn, those nearest the viewport (smallest |progress|, in
    /// slot order): `include: "all"` over 10 000 pages would otherwise make a picture of hundreds
    /// of megabytes that no one can look at (and docs/operations.md#bounded-memory bounds what one answer may hold).
    static let maxPages = 24

    static func nearest(_ pages: [PageLayout]) -> [PageLayout] {
        guard pages.count > maxPages else { return pages }
        let kept = pages.indices.sorted { (abs(pages[$0].progress), $0) < (abs(pages[$1].progress), $1) }.prefix(maxPages)
        return kept.sorted().map { pages[$0] }
    }

    /// For `include: "all"` or a `range` of more than `maxPages` slots: only the `maxPages` slots
    /// nearest the viewport are laid out (the ones `nearest` would keep of the whole answer: the
    /// smallest |p| = |P − k|, the lower slot first on a tie, which is a window of consecutive
    /// slots), so a 10 000-page answer is not laid out whole for a picture of 24 pages; nil when
    /// the answer has at most `maxPages` pages (laid out as it is).
    private static func nearestWindow(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) -> (layout: PagingLayout, omitted: Int)? {
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
        guard case .single(let visible) = try one.layout(limits: limits) else { return nil }
        let P = visible.position
        guard let guess = Int(exactly: P.rounded(.down)) else { return nil }
        var s = Swift.min(Swift.max(guess - maxPages / 2, lo), hi - maxPages + 1)
        while s > lo, abs(P - Double(s - 1)) <= abs(P - Double(s + maxPages - 1)) { s -= 1 }
        while s + maxPages <= hi, abs(P - Double(s + maxPages)) < abs(P - Double(s)) { s += 1 }
        var window = one
        window.range = PagingInput.PageRange(from: Double(s), to: Double(s + maxPages - 1))
        guard case .single(let layout) = try window.layout(limits: limits) else { return nil }
        return (layout, hi - lo + 1 - layout.pages.count)
    }

    /// The layout of slots floor(P) − 1 … ceil(P) + 1, widened to one slot beyond each visible
    /// page (a carousel shows several, docs/model.md#carousels), within 0…N−1 unless infinite; nil
    /// when P is too large for an Int or the clamped range is empty (far overscroll).
    private static func neighbours(_ input: PagingInput, _ l: PagingLayout, limits: LayoutLimits) -> PagingLayout? {
        guard var lo = Int(exactly: l.position.rounded(.down)), var hi = Int(exactly: l.position.rounded(.up)),
              let n = Int(exactly: input.pageCount) else { return nil }
        if let first = l.pages.first?.slot, let last = l.pages.last?.slot {
            lo = Swift.min(lo, first)
            hi = Swift.max(hi, last)
        }
        let infinite = input.infinite ?? false
        let from = infinite ? lo - 1 : Swift.max(0, lo - 1), to = infinite ? hi + 1 : Swift.min(n - 1, hi + 1)
        guard from <= to else { return nil }
        var wide = input
        wide.range = PagingInput.PageRange(from: Double(from), to: Double(to))
        wide.include = nil
        guard case .single(let out)? = try? wide.layout(limits: limits) else { return nil }
        return out
    }

    /// "pages of 300, centred" for a carousel (the page's extent read off a page's frame), nil otherwise.
    private static func carousel(_ input: PagingInput, _ l: PagingLayout) -> String? {
        guard input.pageSize != nil || input.align != nil, let page = l.pages.first else { return nil }
        let a = l.axis == .vertical ? page.frame.height : page.frame.width
        return "pages of \(SVGCanvas.num(a))\(input.align == .center ? ", centred" : "")"
    }

    static func draw(_ l: PagingLayout, viewport: Size, pageCount: Int, infinite: Bool, rtl: Bool, omitted: Int = 0,
                     carousel: String? = nil) -> ByteBuffer {
        var c = SVGCanvas(viewport: viewport)
        let screen = Frame(x: 0, y: 0, width: viewport.width, height: viewport.height)
        let content = SVGCanvas.union([screen] + l.pages.map(\.viewportFrame))
        let n = SVGCanvas.num
        let title = "Paging · offset \(n(l.offset))"
        var first = ["position \(n(l.position))", "current page \(l.currentPage)"]
        if let t = l.transition { first.append("page \(t.from) → \(t.to) at \(n(t.progress * 100))%") }
        let second = ["\(pageCount) pages\(infinite ? ", infinite" : "")\(rtl ? ", rtl" : "")"] + (carousel.map { [$0] } ?? [])
            + ["stride \(n(l.stride))", "snap \(n(l.snap.previous)) / \(n(l.snap.nearest)) / \(n(l.snap.next))"]
        var facts = [first.joined(separator: " · "), second.joined(separator: " · ")]
        if omitted > 0 { facts.append("\(omitted) more pages of the answer not drawn (the \(maxPages) nearest the viewport are)") }
        let legend: [(SVGCanvas.Swatch, String)] = [
            (.outline, "viewport"), (.fill(SVGCanvas.hue(0)), "page (index · slot)"),
            (.stripes(SVGCanvas.hue(0)), "layer, clipped by its page"), (.dashed, "layer frame, unclipped"),
            (.veil, "off screen"),
        ]
        c.picture(content: content, title: title, subtitle: facts, legend: legend) { c, paper in
            for page in l.pages { drawPage(page, &c) }
            c.veil(outside: screen, within: paper)
            for page in l.pages { label(page, vertical: l.axis == .vertical, screen: screen, &c) }
            c.viewport(screen, label: "viewport \(n(viewport.width)) × \(n(viewport.height))")
        }
        return c.bytes
    }

    /// The page's tinted rectangle, then its layers inside the page's clip (stripes that move with
    /// the layer; opacity and scale about the layer's centre as reported), then each layer's own
    /// frame dashed outside the clip, so `fit: "cover"` overhang and travel show.
    private static func drawPage(_ page: PageLayout, _ c: inout SVGCanvas) {
        let color = SVGCanvas.hue(page.index)
        let pf = page.viewportFrame
        c.rect(pf, fill: color, stroke: color, width: 1.5, opacity: 0.08, radius: 2)
        let clip = c.clipPath(pf)
        c.group(clip: clip)
        for (j, layer) in page.layers.enumerated() {
            let lf = layer.viewportFrame
            let pattern = c.stripes(color, origin: lf, angle: j % 2 == 0 ? 45 : -45)
            c.group(transform: SVGCanvas.aboutCentre(lf, scale: layer.scale, rotate: nil), opacity: layer.opacity)
            c.rect(lf, fill: "url(#\(pattern))")
            if let cf = layer.contentFrame {
                c.rect(Frame(x: lf.x + cf.x, y: lf.y + cf.y, width: cf.width, height: cf.height),
                       stroke: color, width: 1.5, dash: true)
            }
            c.endGroup()
        }
        c.endGroup()
        for layer in page.layers {
            c.group(transform: SVGCanvas.aboutCentre(layer.viewportFrame, scale: layer.scale, rotate: nil))
            c.rect(layer.viewportFrame, stroke: color, width: 1, dash: true)
            c.endGroup()
        }
        c.rect(pf, stroke: color, width: 1.5, radius: 2)
    }

    /// A card at the page's top-left corner: index and slot, progress and visible fraction, and
    /// one line per layer (page-local x/y along the axis, opacity and scale when reported).
    /// The card sits in the page's on-screen part when that has room for it.
    private static func label(_ page: PageLayout, vertical: Bool, screen: Frame, _ c: inout SVGCanvas) {
        let n = SVGCanvas.num
        var lines = ["page \(page.index) · slot \(page.slot)",
                     "p \(n(page.progress)) · \(n(page.visibleFraction * 100))% visible"]
        for layer in page.layers.prefix(4) {
            var s = "\(layer.name) \(vertical ? "y \(n(layer.frame.y))" : "x \(n(layer.frame.x))")"
            if let o = layer.opacity { s += " · α \(n(o))" }
            if let k = layer.scale { s += " · ×\(n(k))" }
            lines.append(s)
        }
        if page.layers.count > 4 { lines.append("+ \(page.layers.count - 4) more layers") }
        var pf = page.viewportFrame
        let x0 = Swift.max(pf.x, screen.x), y0 = Swift.max(pf.y, screen.y)
        let part = Frame(x: x0, y: y0, width: Swift.min(pf.x + pf.width, screen.width) - x0, height: Swift.min(pf.y + pf.height, screen.height) - y0)
        if part.width >= 180 * c.unit && part.height >= 80 * c.unit { pf = part }
        c.card(lines, x: pf.x + 10 * c.unit, y: pf.y + 10 * c.unit, accent: SVGCanvas.hue(page.index),
               maxWidth: Swift.max(60 * c.unit, pf.width - 20 * c.unit))
    }
}
