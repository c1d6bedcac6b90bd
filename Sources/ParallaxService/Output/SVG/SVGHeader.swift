import HTTPServer
import ParallaxLayout

/// The stretchy-header picture (docs/model.md#stretchy-header, docs/api.md#pictures): the
/// viewport, the header pinned to its top with the image layer clipped by it (a drawn landscape
/// placed at `contentFrame`, or filling the image layer, so stretching and zooming are visible),
/// the scrolling body from `contentTop`, and guides at the rest height, the minimum height and
/// the body's top.
///
/// Drawn a piece at a time (`SVGPicture`): the body's sheet, its lines of text in runs of
/// `linesPerPiece`, the header with its image, its card, the veil, the guides, the viewport. One
/// header is one layout, made before the first piece (the sheet's box needs it).
struct SVGHeader: SVGDrawing {
    let viewport: Size
    let sheet: SVGCanvas.Sheet
    private let input: HeaderInput
    private let h: HeaderLayout
    private var stage = Stage.sheet

    /// The body's lines of text drawn by one piece (at most 400 lines in all).
    static let linesPerPiece = 50

    private enum Stage {
        case sheet
        /// The body's line `i`, at `y`.
        case lines(i: Int, y: Double)
        case header, card, veil, guides, viewport, done
    }

    init(_ input: HeaderInput, limits: LayoutLimits) throws(ValidationError) {
        let engine = try HeaderEngine(input, limits: limits)
        let h = engine.layout(offset: engine.frameOffsets[0])
        self.h = h
        self.input = input
        viewport = input.viewport
        let u = SVGCanvas.unit(for: input.viewport), n = SVGCanvas.num
        let w = input.viewport.width
        let guides = 150 * u  // the column right of the viewport holding the guides' labels
        let top = Swift.min(0, h.header.y)
        let bottom = Swift.max(input.viewport.height, h.header.y + h.header.height)
        var state = h.collapsed ? "collapsed" : h.stretched ? "stretched" : "resting"
        if !h.collapsed && !h.stretched && h.progress < 1 { state = "collapsing" }
        sheet = SVGCanvas.Sheet(
            content: Frame(x: 0, y: top, width: w + guides, height: bottom - top),
            title: "Stretchy header · offset \(n(input.offset ?? 0))",
            subtitle: ["height \(n(h.header.height)) of \(n(input.header.height)) · progress \(n(h.progress)) · \(state)",
                       "mode \(input.mode?.rawValue ?? "fill") · stretch \(input.stretch ?? true) · body at \(n(h.contentTop))"],
            legend: [
                (.outline, "viewport"), (.fill(SVGCanvas.hue(0)), "header"), (.stripes(SVGCanvas.hue(1)), "image layer"),
                (.dashed, "contentFrame / guides"), (.fill(SVGCanvas.muted), "scrolling body"),
            ])
    }

    /// The frame and header (~3.5 KB) and the body's lines (~70 bytes each, one per 16 points).
    var estimatedBytes: Int {
        4000 + 70 * Int(Swift.min(400, Swift.max(0, input.viewport.height) / 16))
    }

    mutating func drawNext(_ c: inout SVGCanvas, paper: Frame) -> Bool {
        let u = c.unit, n = SVGCanvas.num, w = input.viewport.width
        switch stage {
        case .sheet:
            // The scrolling body: a white sheet from `contentTop` with grey lines standing for
            // text, so its movement with the offset reads at a glance.
            let top = h.contentTop, bottom = paper.y + paper.height
            guard bottom > top else { stage = .header; return true }
            c.rect(Frame(x: 0, y: top, width: w, height: bottom - top), fill: "#ffffff", stroke: "#e2e8f0", width: 1)
            stage = .lines(i: 0, y: top + 22 * u)
        case .lines(var i, var y):
            let bottom = paper.y + paper.height, end = i + Self.linesPerPiece
            while y + 8 * u < bottom, i < 400, i < end {
                let length = i % 5 == 4 ? 0.45 : (i % 3 == 0 ? 0.82 : 0.9)
                c.rect(Frame(x: 16 * u, y: y, width: (w - 32 * u) * length, height: 7 * u), fill: "#e2e8f0", radius: 3)
                y += (i % 5 == 4 ? 28 : 16) * u
                i += 1
            }
            stage = i == end ? .lines(i: i, y: y) : .header
        case .header:
            // The header and, clipped by it, its image layer.
            let hf = h.header
            let clip = c.clipPath(hf)
            c.group(clip: clip)
            let image = Frame(x: hf.x + h.image.x, y: hf.y + h.image.y, width: h.image.width, height: h.image.height)
            let stripes = c.stripes(SVGCanvas.hue(1), origin: image, angle: 45)
            c.rect(image, fill: "url(#\(stripes))")
            let picture = h.contentFrame.map {
                Frame(x: image.x + $0.x, y: image.y + $0.y, width: $0.width, height: $0.height)
            } ?? image
            Self.landscape(in: picture, &c)
            if h.contentFrame != nil { c.rect(picture, stroke: SVGCanvas.ink, width: 1.2, dash: true) }
            c.endGroup()
            c.rect(hf, stroke: SVGCanvas.hue(0), width: 2)
            stage = .card
        case .card:
            let hf = h.header
            if hf.height > 0 {
                c.card(["header \(n(hf.width)) × \(n(hf.height))",
                        "image \(n(h.image.width)) × \(n(h.image.height)) at y \(n(h.image.y))"],
                       x: hf.x + 10 * u, y: hf.y + 10 * u, accent: SVGCanvas.hue(0), maxWidth: hf.width - 40 * u)
            }
            stage = .veil
        case .veil:
            c.veil(outside: Frame(x: 0, y: 0, width: w, height: input.viewport.height), within: paper)
            stage = .guides
        case .guides:
            // Rest height, minimum height and the body's top, labelled on the right.
            let hh = input.header.height, m = input.header.minHeight ?? 0
            Self.guide(y: hh, "rest height \(n(hh))", width: w, &c)
            if m > 0 { Self.guide(y: m, "min height \(n(m))", width: w, &c) }
            Self.guide(y: h.contentTop, "body top \(n(h.contentTop))", width: w, &c)
            stage = .viewport
        case .viewport:
            c.viewport(Frame(x: 0, y: 0, width: w, height: input.viewport.height),
                       label: "viewport \(n(w)) × \(n(input.viewport.height))")
            stage = .done
        case .done:
            return false
        }
        return true
    }

    /// A tick across the viewport's right edge at `y` and its label in the column to the right.
    private static func guide(y: Double, _ label: String, width: Double, _ c: inout SVGCanvas) {
        c.line(width - 14 * c.unit, y, width + 8 * c.unit, y, stroke: SVGCanvas.ink, width: 1.2)
        c.text(label, x: width + 12 * c.unit, y: y + 4 * c.unit, size: 10.5, fill: SVGCanvas.muted)
    }

    /// A drawn picture filling `f`: sky, sun and two mountain ranges in the frame's proportions,
    /// so an aspect-filled image visibly zooms as the header stretches.
    private static func landscape(in f: Frame, _ c: inout SVGCanvas) {
        guard f.width > 0, f.height > 0 else { return }
        let n = SVGCanvas.num
        func p(_ x: Double, _ y: Double) -> String { "\(n(f.x + x * f.width)) \(n(f.y + y * f.height))" }
        let sky = c.id("g")
        c.raw("<linearGradient id=\"\(sky)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#6366f1\"/>")
        c.raw("<stop offset=\"1\" stop-color=\"#38bdf8\"/></linearGradient>\n")
        c.rect(f, fill: "url(#\(sky))", opacity: 0.9)
        let r = Swift.min(f.width, f.height) * 0.11
        c.raw("<circle cx=\"\(n(f.x + 0.74 * f.width))\" cy=\"\(n(f.y + 0.3 * f.height))\" r=\"\(n(r))\" fill=\"#fde68a\"/>\n")
        c.raw("<path d=\"M\(p(0, 1))L\(p(0, 0.62))L\(p(0.22, 0.38))L\(p(0.42, 0.6))L\(p(0.6, 0.44))L\(p(0.82, 0.66))L\(p(1, 0.5))L\(p(1, 1))z\" fill=\"#1e3a8a\" fill-opacity=\"0.55\"/>\n")
        c.raw("<path d=\"M\(p(0, 1))L\(p(0, 0.8))L\(p(0.3, 0.64))L\(p(0.55, 0.82))L\(p(0.78, 0.7))L\(p(1, 0.84))L\(p(1, 1))z\" fill=\"#0f172a\" fill-opacity=\"0.7\"/>\n")
    }
}
