import HTTPServer
import ParallaxLayout

/// The paging picture (docs/model.md#paging, docs/api.md#pictures): the viewport, every page with
/// its index and slot, its layers striped and clipped by the page (the seed's `clipsToBounds`)
/// with their unclipped frames dashed, and the neighbouring pages beside the viewport under a
/// veil, so one can see where the next page waits and how far each layer has travelled.
///
/// Drawn a piece at a time (`SVGPicture`): per page its tinted rectangle and clip, one piece per
/// layer inside the clip, one per layer's dashed frame, its outline; then the veil, one label per
/// page, the viewport. A page is laid out (with its layers) when its first piece is reached,
/// and its label lays out again only the four layers it names.
struct SVGPaging: SVGDrawing {
    let viewport: Size
    let sheet: SVGCanvas.Sheet
    private let engine: PagingEngine
    private let offset: Double
    private let slots: [Int]
    private let vertical: Bool
    private var stage: Stage
    /// The page being drawn, with its layers (from its opening to its outline).
    private var page: PageLayout?

    private enum Stage {
        case open(Int)
        case clipped(Int, layer: Int)
        case unclipped(Int, layer: Int)
        case veil
        case label(Int)
        case viewport
        case done
    }

    init(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) {
        let s = try Self.select(input, limits: limits)
        engine = s.engine
        offset = s.offset
        slots = s.slots
        viewport = input.viewport
        let l = s.summary
        vertical = l.axis == .vertical
        stage = s.slots.isEmpty ? .veil : .open(0)
        let screen = Frame(x: 0, y: 0, width: viewport.width, height: viewport.height)
        let frames = s.slots.map { s.engine.pageWithoutLayers(slot: $0, offset: s.offset).0.viewportFrame }
        let n = SVGCanvas.num
        var first = ["position \(n(l.position))", "current page \(l.currentPage)"]
        if let t = l.transition { first.append("page \(t.from) → \(t.to) at \(n(t.progress * 100))%") }
        let pageCount = Int(exactly: input.pageCount) ?? 0, infinite = input.infinite ?? false, rtl = input.direction == .rtl
        let second = ["\(pageCount) pages\(infinite ? ", infinite" : "")\(rtl ? ", rtl" : "")"] + (s.carousel.map { [$0] } ?? [])
            + ["stride \(n(l.stride))", "snap \(n(l.snap.previous)) / \(n(l.snap.nearest)) / \(n(l.snap.next))"]
        var facts = [first.joined(separator: " · "), second.joined(separator: " · ")]
        if s.omitted > 0 { facts.append("\(s.omitted) more pages of the answer not drawn (the \(Self.maxPages) nearest the viewport are)") }
        sheet = SVGCanvas.Sheet(
            content: SVGCanvas.union([screen] + frames), title: "Paging · offset \(n(l.offset))", subtitle: facts,
            legend: [
                (.outline, "viewport"), (.fill(SVGCanvas.hue(0)), "page (index · slot)"),
                (.stripes(SVGCanvas.hue(0)), "layer, clipped by its page"), (.dashed, "layer frame, unclipped"),
                (.veil, "off screen"),
            ])
    }

    /// The pages' openings and outlines, each layer twice (clipped, then its dashed frame), a
    /// label per page; a layer name appears in at most four labels' lines per page.
    var estimatedBytes: Int {
        3000 + slots.count * (1800 + engine.layerCount * 900 + Swift.min(engine.layerNameBytes, 4 * 256))
    }

    mutating func drawNext(_ c: inout SVGCanvas, paper: Frame) -> Bool {
        switch stage {
        case .open(let p):
            let opened = engine.page(slot: slots[p], offset: offset)
            Self.open(opened, &c)
            page = opened
            stage = .clipped(p, layer: 0)
        case .clipped(let p, let j):
            guard let page, j < page.layers.count else {
                c.endGroup()
                stage = .unclipped(p, layer: 0)
                return true
            }
            Self.clipped(page.layers[j], j, color: SVGCanvas.hue(page.index), &c)
            stage = .clipped(p, layer: j + 1)
        case .unclipped(let p, let j):
            guard let page else { return false }
            if j < page.layers.count {
                Self.unclipped(page.layers[j], color: SVGCanvas.hue(page.index), &c)
                stage = .unclipped(p, layer: j + 1)
                return true
            }
            c.rect(page.viewportFrame, stroke: SVGCanvas.hue(page.index), width: 1.5, radius: 2)
            self.page = nil
            stage = p + 1 < slots.count ? .open(p + 1) : .veil
        case .veil:
            c.veil(outside: screen, within: paper)
            stage = slots.isEmpty ? .viewport : .label(0)
        case .label(let p):
            label(slot: slots[p], &c)
            stage = p + 1 < slots.count ? .label(p + 1) : .viewport
        case .viewport:
            let n = SVGCanvas.num
            c.viewport(screen, label: "viewport \(n(viewport.width)) × \(n(viewport.height))")
            stage = .done
        case .done:
            return false
        }
        return true
    }

    private var screen: Frame { Frame(x: 0, y: 0, width: viewport.width, height: viewport.height) }

    /// The page's tinted rectangle, and its clip opened for its layers.
    private static func open(_ page: PageLayout, _ c: inout SVGCanvas) {
        let color = SVGCanvas.hue(page.index)
        let pf = page.viewportFrame
        c.rect(pf, fill: color, stroke: color, width: 1.5, opacity: 0.08, radius: 2)
        let clip = c.clipPath(pf)
        c.group(clip: clip)
    }

    /// Layer `j` inside its page's clip: stripes that move with the layer, opacity and scale about
    /// the layer's centre as reported, its content frame dashed.
    private static func clipped(_ layer: LayerLayout, _ j: Int, color: String, _ c: inout SVGCanvas) {
        let lf = layer.viewportFrame
        let pattern = c.stripes(color, origin: lf, angle: j % 2 == 0 ? 45 : -45)
        c.group(aboutCentreOf: lf, scale: layer.scale, rotate: nil, opacity: layer.opacity)
        c.rect(lf, fill: "url(#\(pattern))")
        if let cf = layer.contentFrame {
            c.rect(Frame(x: lf.x + cf.x, y: lf.y + cf.y, width: cf.width, height: cf.height),
                   stroke: color, width: 1.5, dash: true)
        }
        c.endGroup()
    }

    /// The layer's own frame dashed outside the clip, so `fit: "cover"` overhang and travel show.
    private static func unclipped(_ layer: LayerLayout, color: String, _ c: inout SVGCanvas) {
        c.group(aboutCentreOf: layer.viewportFrame, scale: layer.scale, rotate: nil)
        c.rect(layer.viewportFrame, stroke: color, width: 1, dash: true)
        c.endGroup()
    }

    /// A card at the page's top-left corner: index and slot, progress and visible fraction, and
    /// one line per layer for the first four (page-local x/y along the axis, opacity and scale
    /// when reported). The card sits in the page's on-screen part when that has room for it.
    private func label(slot: Int, _ c: inout SVGCanvas) {
        let n = SVGCanvas.num
        let (page, place) = engine.pageWithoutLayers(slot: slot, offset: offset)
        var lines = ["page \(page.index) · slot \(page.slot)",
                     "p \(n(page.progress)) · \(n(page.visibleFraction * 100))% visible"]
        for j in 0..<Swift.min(4, engine.layerCount) {
            let layer = engine.layer(j, of: place)
            var s = "\(layer.name) \(vertical ? "y \(n(layer.frame.y))" : "x \(n(layer.frame.x))")"
            if let o = layer.opacity { s += " · α \(n(o))" }
            if let k = layer.scale { s += " · ×\(n(k))" }
            lines.append(s)
        }
        if engine.layerCount > 4 { lines.append("+ \(engine.layerCount - 4) more layers") }
        var pf = page.viewportFrame
        let screen = self.screen
        let x0 = Swift.max(pf.x, screen.x), y0 = Swift.max(pf.y, screen.y)
        let part = Frame(x: x0, y: y0, width: Swift.min(pf.x + pf.width, screen.width) - x0, height: Swift.min(pf.y + pf.height, screen.height) - y0)
        if part.width >= 180 * c.unit && part.height >= 80 * c.unit { pf = part }
        c.card(lines, x: pf.x + 10 * c.unit, y: pf.y + 10 * c.unit, accent: SVGCanvas.hue(page.index),
               maxWidth: Swift.max(60 * c.unit, pf.width - 20 * c.unit))
    }
}
