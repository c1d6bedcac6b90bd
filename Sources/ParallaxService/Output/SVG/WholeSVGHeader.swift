import HTTPServer
import ParallaxLayout

/// The stretchy-header picture (docs/model.md#stretchy-header, docs/api.md#pictures): the viewport, the header pinned to its
/// top with the image layer clipped by it (a drawn landscape placed at `contentFrame`, or filling
/// the image layer, so stretching and zooming are visible), the scrolling body from `contentTop`,
/// and guides at the rest height, the minimum height and the body's top.
enum WholeSVGHeader {
    static func draw(_ input: HeaderInput, limits: LayoutLimits) throws(ValidationError) -> ByteBuffer {
        guard case .single(let h) = try input.layout(limits: limits) else { return ByteBuffer() }
        return draw(h, input: input)
    }

    static func draw(_ h: HeaderLayout, input: HeaderInput) -> ByteBuffer {
        var c = SVGCanvas(viewport: input.viewport)
        let u = c.unit, n = SVGCanvas.num
        let w = input.viewport.width
        let screen = Frame(x: 0, y: 0, width: w, height: input.viewport.height)
        let guides = 150 * u  // the column right of the viewport holding the guides' labels
        let top = Swift.min(0, h.header.y)
        let bottom = Swift.max(screen.height, h.header.y + h.header.height)
        let content = Frame(x: 0, y: top, width: w + guides, height: bottom - top)
        let offset = input.offset ?? 0
        var state = h.collapsed ? "collapsed" : h.stretched ? "stretched" : "resting"
        if !h.collapsed && !h.stretched && h.progress < 1 { state = "collapsing" }
        let subtitle = ["height \(n(h.header.height)) of \(n(input.header.height)) · progress \(n(h.progress)) · \(state)",
                        "mode \(input.mode?.rawValue ?? "fill") · stretch \(input.stretch ?? true) · body at \(n(h.contentTop))"]
        let accent = SVGCanvas.hue(0)
        let legend: [(SVGCanvas.Swatch, String)] = [
            (.outline, "viewport"), (.fill(accent), "header"), (.stripes(SVGCanvas.hue(1)), "image layer"),
            (.dashed, "contentFrame / guides"), (.fill(SVGCanvas.muted), "scrolling body"),
        ]
        c.picture(content: content, title: "Stretchy header · offset \(n(offset))", subtitle: subtitle, legend: legend) { c, paper in
            body(from: h.contentTop, to: paper.y + paper.height, width: w, &c)
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
            landscape(in: picture, &c)
            if h.contentFrame != nil { c.rect(picture, stroke: SVGCanvas.ink, width: 1.2, dash: true) }
            c.endGroup()
            c.rect(hf, stroke: accent, width: 2)
            if hf.height > 0 {
                c.card(["header \(n(hf.width)) × \(n(hf.height))",
                        "image \(n(h.image.width)) × \(n(h.image.height)) at y \(n(h.image.y))"],
                       x: hf.x + 10 * u, y: hf.y + 10 * u, accent: accent, maxWidth: hf.width - 40 * u)
            }
            c.veil(outside: screen, within: paper)
            // Guides: rest height, minimum height and the body's top, labelled on the right.
            let hh = input.header.height, m = input.header.minHeight ?? 0
            guide(y: hh, "rest height \(n(hh))", width: w, &c)
            if m > 0 { guide(y: m, "min height \(n(m))", width: w, &c) }
            guide(y: h.contentTop, "body top \(n(h.contentTop))", width: w, &c)
            c.viewport(screen, label: "viewport \(n(w)) × \(n(input.viewport.height))")
        }
        return c.bytes
    }

    /// A tick across the viewport's right edge at `y` and its label in the column to the right.
    private static func guide(y: Double, _ label: String, width: Double, _ c: inout SVGCanvas) {
        c.line(width - 14 * c.unit, y, width + 8 * c.unit, y, stroke: SVGCanvas.ink, width: 1.2)
        c.text(label, x: width + 12 * c.unit, y: y + 4 * c.unit, size: 10.5, fill: SVGCanvas.muted)
    }

    /// The scrolling body: a white sheet from `top` with grey lines standing for text, so its
    /// movement with the offset reads at a glance.
    private static func body(from top: Double, to bottom: Double, width: Double, _ c: inout SVGCanvas) {
        guard bottom > top else { return }
        let u = c.unit
        c.rect(Frame(x: 0, y: top, width: width, height: bottom - top), fill: "#ffffff", stroke: "#e2e8f0", width: 1)
        var y = top + 22 * u, i = 0
        while y + 8 * u < bottom, i < 400 {
            let length = i % 5 == 4 ? 0.45 : (i % 3 == 0 ? 0.82 : 0.9)
            c.rect(Frame(x: 16 * u, y: y, width: (width - 32 * u) * length, height: 7 * u), fill: "#e2e8f0", radius: 3)
            y += (i % 5 == 4 ? 28 : 16) * u
            i += 1
        }
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
