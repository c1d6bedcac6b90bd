import HTTPServer
import ParallaxLayout

/// The scroll-elements picture (docs/model.md#scroll-elements, docs/api.md#pictures): the
/// viewport, each element where the page alone would put it (dashed: its frame moved by −s), an
/// arrow to where the effect moves it (`viewportFrame`, drawn with its scale and rotation about
/// the centre and its opacity), and a card with its progress and effect values. Elements off
/// screen stay in the picture under a veil, within one viewport before and after the screen
/// along the axis.
///
/// Drawn a piece at a time (`SVGPicture`): one element per piece, the veil, the viewport, then
/// one card per piece (the first `maxCards`). The sheet's box encloses every element, so the
/// elements are laid out once before the first piece for it (nothing kept), and each again
/// when its piece is reached.
struct SVGScroll: SVGDrawing {
    let viewport: Size
    let sheet: SVGCanvas.Sheet
    private let engine: ScrollEngine
    private let offset: Double
    /// The left edge of the cards' column.
    private let column: Double
    private var stage = Stage.element(0)

    /// Cards drawn, for the first elements (a card per element of 1 024 would bury the picture).
    static let maxCards = 64

    private enum Stage {
        case element(Int)
        case veil, viewport
        /// Card `i`, below the bottom of the one above.
        case card(Int, below: Double)
        case done
    }

    init(_ input: ScrollInput, limits: LayoutLimits) throws(ValidationError) {
        engine = try ScrollEngine(input, limits: limits)
        offset = engine.frameOffsets[0]
        viewport = input.viewport
        let u = SVGCanvas.unit(for: input.viewport), n = SVGCanvas.num
        let vertical = (input.axis ?? .vertical) == .vertical
        let screen = Frame(x: 0, y: 0, width: input.viewport.width, height: input.viewport.height)
        // Everything drawn, limited to one viewport beyond the screen on each side along the axis
        // (a long page would otherwise shrink the screen to a sliver).
        let reach = vertical
            ? Frame(x: -1e300, y: -screen.height, width: 2e300, height: 3 * screen.height)
            : Frame(x: -screen.width, y: -1e300, width: 3 * screen.width, height: 2e300)
        var frames = [screen], visible = 0
        frames.reserveCapacity(1 + 2 * input.elements.count)
        for i in input.elements.indices {
            let e = engine.element(i, offset: offset)
            frames.append(e.viewportFrame)
            if e.visible { visible += 1 }
        }
        for i in input.elements.indices { frames.append(Self.restingFrame(engine.element(i, offset: offset))) }
        let drawn = Self.clamp(SVGCanvas.union(frames), to: reach)
        // A column on the right for the cards.
        column = drawn.x + drawn.width + 12 * u
        let count = input.elements.count
        sheet = SVGCanvas.Sheet(
            content: Frame(x: drawn.x, y: drawn.y, width: drawn.width + 12 * u + 190 * u, height: drawn.height),
            title: "Scroll elements · offset \(n(input.offset ?? 0))",
            subtitle: ["\(count) element\(count == 1 ? "" : "s"), \(visible) visible"
                + " · axis \(vertical ? "vertical" : "horizontal")"
                + (input.motionScale.map { " · motionScale \(n($0))" } ?? "")],
            legend: [
                (.outline, "viewport"), (.dashed, "at rest (frame − offset)"), (.fill(SVGCanvas.hue(0)), "moved by its effects"),
                (.veil, "off screen"),
            ])
    }

    /// ~500 bytes per element and ~700 per card, and the frame.
    var estimatedBytes: Int {
        let count = engine.input.elements.count
        return 3000 + 500 * count + 700 * Swift.min(count, Self.maxCards)
    }

    mutating func drawNext(_ c: inout SVGCanvas, paper: Frame) -> Bool {
        let count = engine.input.elements.count
        switch stage {
        case .element(let i):
            guard i < count else { stage = .veil; return true }
            let e = engine.element(i, offset: offset)
            Self.drawElement(e, rest: Self.restingFrame(e), color: SVGCanvas.hue(i), &c)
            stage = .element(i + 1)
        case .veil:
            c.veil(outside: screen, within: paper)
            stage = .viewport
        case .viewport:
            let n = SVGCanvas.num
            c.viewport(screen, label: "viewport \(n(screen.width)) × \(n(screen.height))")
            stage = .card(0, below: -.infinity)
        case .card(let i, let below):
            guard i < Swift.min(count, Self.maxCards) else { stage = .done; return true }
            // Each card at its element's height unless the one above is in the way.
            let e = engine.element(i, offset: offset)
            let y = Swift.max(e.viewportFrame.y, below + 6 * c.unit)
            let f = e.viewportFrame
            c.line(f.x + f.width, f.y + 8 * c.unit, column, y + 8 * c.unit, stroke: SVGCanvas.hue(i), width: 0.8, dash: true)
            let height = c.card(Self.cardLines(e), x: column, y: y, accent: SVGCanvas.hue(i), maxWidth: 186 * c.unit)
            stage = .card(i + 1, below: y + height)
        case .done:
            return false
        }
        return true
    }

    private var screen: Frame { Frame(x: 0, y: 0, width: viewport.width, height: viewport.height) }

    /// The frame before its effects: `viewportFrame` minus `translate`
    /// (docs/model.md#scroll-elements: the element's frame moved by −s, then by translate).
    private static func restingFrame(_ e: ElementLayout) -> Frame {
        let f = e.viewportFrame
        return Frame(x: f.x - e.translate.x, y: f.y - e.translate.y, width: f.width, height: f.height)
    }

    private static func drawElement(_ e: ElementLayout, rest: Frame, color: String, _ c: inout SVGCanvas) {
        let f = e.viewportFrame, n = SVGCanvas.num
        c.rect(rest, stroke: SVGCanvas.muted, width: 1.2, dash: true, radius: 4)
        if e.translate.x != 0 || e.translate.y != 0 {
            let x1 = rest.x + rest.width / 2, y1 = rest.y + rest.height / 2
            let x2 = f.x + f.width / 2, y2 = f.y + f.height / 2
            c.line(x1, y1, x2, y2, stroke: color, width: 1.5)
            c.raw("<circle cx=\"\(n(x2))\" cy=\"\(n(y2))\" r=\"\(n(3.5 * c.unit))\" fill=\"\(color)\"/>\n")
        }
        c.group(aboutCentreOf: f, scale: e.scale, rotate: e.rotate, opacity: e.opacity, scaleX: e.scaleX, scaleY: e.scaleY)
        c.rect(f, fill: color, stroke: color, width: 2, opacity: 0.22, radius: 4)
        c.endGroup()
    }

    private static func cardLines(_ e: ElementLayout) -> [String] {
        let n = SVGCanvas.num
        // Two effects a line; the two-number ones of docs/model.md#effects (a translate across both
        // axes, a per-axis scale) take a line of their own so the card does not cut them.
        var effects: [String] = [], own: [String] = []
        if e.translate.x != 0 && e.translate.y != 0 {
            own.append("translate \(n(e.translate.x)), \(n(e.translate.y))")
        } else if e.translate.x != 0 || e.translate.y != 0 {
            effects.append("translate \(n(e.translate.x != 0 ? e.translate.x : e.translate.y))")
        }
        if e.scale != 1 { effects.append("scale \(n(e.scale))") }
        if let sx = e.scaleX, let sy = e.scaleY, sx != 1 || sy != 1 { own.append("scale \(n(sx)) × \(n(sy))") }
        if e.rotate != 0 { effects.append("rotate \(n(e.rotate))°") }
        if e.opacity != 1 { effects.append("opacity \(n(e.opacity))") }
        var lines = [e.name, "progress \(n(e.progress)) (clamped \(n(e.progressClamped)))"] + own
        if effects.isEmpty && own.isEmpty { lines.append("at rest") }
        for i in stride(from: 0, to: effects.count, by: 2) { lines.append(effects[i..<Swift.min(i + 2, effects.count)].joined(separator: " · ")) }
        return lines
    }

    /// `f` ∩ `bound` (the bound may be unbounded, ±1e300, on one axis).
    private static func clamp(_ f: Frame, to bound: Frame) -> Frame {
        let x0 = Swift.max(f.x, bound.x), y0 = Swift.max(f.y, bound.y)
        let x1 = Swift.min(f.x + f.width, bound.x + bound.width), y1 = Swift.min(f.y + f.height, bound.y + bound.height)
        return Frame(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }
}
