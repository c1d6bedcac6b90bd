import HTTPServer
import ParallaxLayout

/// The one drawing helper behind the `format: "svg"` pictures (docs/api.md#pictures): an SVG 1.1
/// document written straight into the answer's buffer a piece at a time (SVGPicture.swift),
/// deterministic by construction (docs/model.md#determinism-and-motion): every number goes
/// through the JSON writer's shortest round-trip formatter after rounding to 1/100 point (a
/// picture needs no more, and 187.33 reads better than 187.33333333333334), written in place
/// by the shapes (no String per number), element ids are counters (carried from piece to
/// piece), and no clock, locale or hash order is involved.
///
/// Sizes scale with the viewport (`unit` = one "point" of type and stroke at a 400-point-wide
/// viewport), so a phone and a desktop viewport give pictures that look alike.
struct SVGCanvas {
    /// Where the canvas writes: the answer's buffer, lent by `SVGPicture` for each piece.
    var bytes = ByteBuffer()
    /// Type and stroke scale: max(W, H) / 400, at least 0.5.
    let unit: Double
    private var nextID = 0

    /// The palette: slate inks and six page hues (Tailwind's 500 steps, legible on white).
    static let ink = "#0f172a", muted = "#64748b", paper = "#f8fafc", line = "#cbd5e1"
    static let hues = ["#6366f1", "#0ea5e9", "#10b981", "#f59e0b", "#ef4444", "#a855f7"]
    static func hue(_ i: Int) -> String { hues[((i % hues.count) + hues.count) % hues.count] }

    init(viewport: Size) { unit = Self.unit(for: viewport) }

    /// The `unit` of a picture of `viewport`, for what a drawing lays out before its canvas exists.
    static func unit(for viewport: Size) -> Double {
        Swift.max(0.5, Swift.max(viewport.width, viewport.height) / 400)
    }

    // MARK: - Text of numbers and names

    /// A number rounded to 1/100 and written in the shortest form that reads back (`-0` as `0`).
    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return JSONWriter.text { $0.numberValue(r.isFinite ? r : 0) }
    }

    /// XML character data and attribute values (XML 1.0 §2.4): `&`, `<`, `>`, quotes escaped;
    /// control characters other than tab and newline, which XML 1.0 forbids, become U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(c)
            default: out.unicodeScalars.append(c.value < 0x20 || (0xFFFE...0xFFFF).contains(c.value) ? "\u{FFFD}" : c)
            }
        }
        return out
    }

    // MARK: - Document

    mutating func raw(_ s: String) { bytes.writeString(s) }

    /// Markup written as it is (the fixed parts of an element).
    @inline(__always) mutating func lit(_ s: StaticString) { bytes.writeStaticString(s) }

    /// `num(v)` written in place, with no String made (the shapes write dozens per layer).
    mutating func number(_ v: Double) {
        let r = (v * 100).rounded() / 100
        JSONWriter.write(into: &bytes) { $0.numberValue(r.isFinite ? r : 0) }
    }

    /// ` name="v"` with `v` a number (`num`).
    @inline(__always) private mutating func attribute(_ name: StaticString, _ v: Double) {
        lit(name)
        number(v)
        lit("\"")
    }

    /// `<svg>` with a viewBox around `box`, a white ground and the shared styles.
    mutating func open(box: Frame, title: String) {
        let n = Self.num
        raw("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(box.x)) \(n(box.y)) \(n(box.width)) \(n(box.height))\"")
        raw(" width=\"\(n(box.width / unit))\" height=\"\(n(box.height / unit))\" font-family=\"ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\">\n")
        raw("<title>\(Self.escape(title))</title>\n")
        rect(box, fill: "#ffffff")
    }

    mutating func close() { raw("</svg>\n") }

    /// A fresh id (`c0`, `c1`, …) for a clipPath or pattern.
    mutating func id(_ prefix: String) -> String {
        defer { nextID += 1 }
        return prefix + String(nextID)
    }

    // MARK: - Shapes

    mutating func rect(_ f: Frame, fill: String = "none", stroke: String? = nil, width: Double = 1,
                       dash: Bool = false, opacity: Double? = nil, radius: Double = 0) {
        attribute("<rect x=\"", f.x)
        attribute(" y=\"", f.y)
        attribute(" width=\"", Swift.max(0, f.width))
        attribute(" height=\"", Swift.max(0, f.height))
        if radius > 0 { attribute(" rx=\"", radius * unit) }
        lit(" fill=\"")
        raw(fill)
        lit("\"")
        if let opacity { attribute(" fill-opacity=\"", opacity) }
        if let stroke {
            lit(" stroke=\"")
            raw(stroke)
            attribute("\" stroke-width=\"", width * unit)
            if dash { dasharray() }
        }
        lit("/>\n")
    }

    /// ` stroke-dasharray="4 3"` in units.
    private mutating func dasharray() {
        lit(" stroke-dasharray=\"")
        number(4 * unit)
        lit(" ")
        number(3 * unit)
        lit("\"")
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dash: Bool = false) {
        attribute("<line x1=\"", x1)
        attribute(" y1=\"", y1)
        attribute(" x2=\"", x2)
        attribute(" y2=\"", y2)
        lit(" stroke=\"")
        raw(stroke)
        attribute("\" stroke-width=\"", width * unit)
        if dash { dasharray() }
        lit("/>\n")
    }

    /// Text at (x, y) (baseline), `size` in units; `anchor` is SVG's text-anchor.
    mutating func text(_ s: String, x: Double, y: Double, size: Double = 12, weight: Int = 400,
                       fill: String = SVGCanvas.ink, anchor: String = "start") {
        attribute("<text x=\"", x)
        attribute(" y=\"", y)
        attribute(" font-size=\"", size * unit)
        if weight != 400 { raw(" font-weight=\"\(weight)\"") }
        if anchor != "start" { raw(" text-anchor=\"\(anchor)\"") }
        lit(" fill=\"")
        raw(fill)
        lit("\">")
        raw(Self.escape(s))
        lit("</text>\n")
    }

    /// A `<clipPath>` holding `f`; returns its id for `clip-path="url(#id)"`.
    mutating func clipPath(_ f: Frame) -> String {
        let cid = id("c")
        lit("<clipPath id=\"")
        raw(cid)
        lit("\">")
        rect(f)
        raw("</clipPath>\n")
        return cid
    }

    /// Diagonal stripes in `color` that move with `origin` (the layer's frame), so a layer's
    /// parallax shift shows against its page's edges. Returns the pattern id.
    mutating func stripes(_ color: String, origin: Frame, angle: Double) -> String {
        let pid = id("p"), s = 10 * unit
        lit("<pattern id=\"")
        raw(pid)
        attribute("\" patternUnits=\"userSpaceOnUse\" width=\"", s)
        attribute(" height=\"", s)
        lit(" patternTransform=\"translate(")
        number(origin.x)
        lit(" ")
        number(origin.y)
        lit(") rotate(")
        number(angle)
        attribute(")\"><rect width=\"", s)
        attribute(" height=\"", s)
        lit(" fill=\"")
        raw(color)
        attribute("\" fill-opacity=\"0.16\"/><rect width=\"", s / 2.5)
        attribute(" height=\"", s)
        lit(" fill=\"")
        raw(color)
        lit("\" fill-opacity=\"0.38\"/></pattern>\n")
        return pid
    }

    /// A label card: lines of text (the first bold) on a white rounded card at (x, y), its
    /// top-left, at most `maxWidth` wide (longer lines are cut with an ellipsis). Widths are
    /// estimated from the character count (a server has no font metrics). Returns its height.
    @discardableResult
    mutating func card(_ lines: [String], x: Double, y: Double, accent: String, maxWidth: Double = .infinity) -> Double {
        guard !lines.isEmpty else { return 0 }
        let perChar = 5.7 * unit, pad = 8 * unit
        let fit = Swift.max(4, Int((maxWidth - 2 * pad) / perChar))
        let shown = lines.map { $0.count > fit ? String($0.prefix(fit - 1)) + "…" : $0 }
        let longest = Double(shown.map(\.count).max() ?? 0)
        let w = Swift.min(maxWidth, 2 * pad + longest * perChar), h = (10 + 14 * Double(shown.count)) * unit
        rect(Frame(x: x, y: y, width: w, height: h), fill: "#ffffff", stroke: accent, width: 1, opacity: 0.94, radius: 5)
        text(shown[0], x: x + pad, y: y + 16 * unit, size: 11, weight: 650, fill: Self.ink)
        for (i, l) in shown.dropFirst().enumerated() {
            text(l, x: x + pad, y: y + (30 + 14 * Double(i)) * unit, size: 10, fill: Self.muted)
        }
        return h
    }

    /// `<g>` with an optional clip, transform and opacity; close it with `endGroup()`.
    mutating func group(clip: String? = nil, transform: String? = nil, opacity: Double? = nil) {
        lit("<g")
        if let clip { raw(" clip-path=\"url(#\(clip))\"") }
        if let transform { raw(" transform=\"\(transform)\"") }
        if let opacity { attribute(" opacity=\"", opacity) }
        lit(">\n")
    }

    /// `<g>` scaled by `scale` and rotated by `rotate` degrees about the centre of `f`
    /// (docs/model.md#paging, docs/model.md#scroll-elements: both about the centre), with an
    /// optional opacity; no transform when neither applies. `scaleX`/`scaleY` (a scroll element's
    /// per-axis scale, docs/model.md#effects) multiply the uniform scale along each axis, written
    /// `scale(sx sy)`. Close it with `endGroup()`.
    mutating func group(aboutCentreOf f: Frame, scale: Double?, rotate: Double?, opacity: Double? = nil,
                        scaleX: Double? = nil, scaleY: Double? = nil) {
        lit("<g")
        let s = scale ?? 1, r = rotate ?? 0, sx = scaleX ?? 1, sy = scaleY ?? 1
        let perAxis = sx != 1 || sy != 1
        if s != 1 || r != 0 || perAxis {
            let cx = f.x + f.width / 2, cy = f.y + f.height / 2
            lit(" transform=\"translate(")
            number(cx)
            lit(" ")
            number(cy)
            lit(")")
            if r != 0 { lit(" rotate("); number(r); lit(")") }
            if perAxis {
                lit(" scale(")
                number(s * sx)
                lit(" ")
                number(s * sy)
                lit(")")
            } else if s != 1 {
                lit(" scale("); number(s); lit(")")
            }
            lit(" translate(")
            number(-cx)
            lit(" ")
            number(-cy)
            lit(")\"")
        }
        if let opacity { attribute(" opacity=\"", opacity) }
        lit(">\n")
    }

    mutating func endGroup() { raw("</g>\n") }

    /// Pale veil over everything in `box` outside `viewport` (even-odd hole), so what lies beyond
    /// the screen stays visible but reads as off-screen.
    mutating func veil(outside viewport: Frame, within box: Frame) {
        let n = Self.num
        func sub(_ f: Frame) -> String { "M\(n(f.x)) \(n(f.y))h\(n(f.width))v\(n(f.height))h\(n(-f.width))z" }
        raw("<path fill-rule=\"evenodd\" fill=\"#ffffff\" fill-opacity=\"0.62\" d=\"\(sub(box))\(sub(viewport))\"/>\n")
    }

    /// The viewport outline, drawn last so it sits above everything, with its size as a label.
    mutating func viewport(_ f: Frame, label: String) {
        rect(f, stroke: Self.ink, width: 2.5, radius: 3)
        text(label, x: f.x, y: f.y - 7 * unit, size: 11, weight: 600, fill: Self.ink)
    }

    /// Title and subtitle lines in the heading band from `top`.
    mutating func heading(_ title: String, _ subtitle: [String], x: Double, top: Double) {
        text(title, x: x, y: top + 18 * unit, size: 16, weight: 700)
        for (i, line) in subtitle.enumerated() {
            text(line, x: x, y: top + (36 + 15 * Double(i)) * unit, size: 11, fill: Self.muted)
        }
    }

    /// The heading band's height in units for `lines` subtitle lines.
    static func headingHeight(_ lines: Int) -> Double { 44 + 15 * Double(lines) }

    /// The picture's box around `content` (viewport coordinates): a margin, the heading band above
    /// and the legend's rows below. Returns the box and the legend's top.
    func frame(content: Frame, lines: Int, legend: [(Swatch, String)]) -> (box: Frame, legendTop: Double, margin: Double) {
        let m = 30 * unit
        let inner = Self.inset(content, by: m)
        let rows = legendLayout(legend, x: inner.x + m, width: inner.width - 2 * m).height
        let band = Self.headingHeight(lines) * unit
        let box = Frame(x: inner.x, y: inner.y - band, width: inner.width, height: inner.height + band + rows + 6 * unit)
        return (box, inner.y + inner.height, m)
    }

    /// What frames a picture, known before its first piece: the content's box (viewport
    /// coordinates), the title and subtitle lines of the heading band, and the legend.
    struct Sheet {
        var content: Frame
        var title: String
        var subtitle: [String]
        var legend: [(Swatch, String)]
    }

    /// The picture's first piece: the document for `sheet.content`, the paper, the heading, and
    /// the body's clip opened. Returns the paper (the body's drawing area).
    mutating func begin(_ sheet: Sheet) -> Frame {
        let (box, _, m) = frame(content: sheet.content, lines: sheet.subtitle.count, legend: sheet.legend)
        open(box: box, title: sheet.title)
        let paper = Self.inset(sheet.content, by: m * 0.8)
        rect(paper, fill: Self.paper, stroke: "#e2e8f0", width: 1, radius: 8)
        heading(sheet.title, sheet.subtitle, x: box.x + m, top: box.y)
        let clip = clipPath(paper)
        group(clip: clip)
        return paper
    }

    /// The picture's last piece: the body's clip closed, the legend, the end of the document.
    mutating func end(_ sheet: Sheet) {
        let (box, legendTop, m) = frame(content: sheet.content, lines: sheet.subtitle.count, legend: sheet.legend)
        endGroup()
        legend(sheet.legend, x: box.x + m, y: legendTop, width: box.width - 2 * m)
        close()
    }

    /// One legend entry: a swatch (`rect` drawn by `swatch`) and its words.
    enum Swatch { case outline, fill(String), stripes(String), dashed, veil }

    /// Where each legend entry goes when the row wraps at `width`: origins, and the rows' height.
    func legendLayout(_ items: [(Swatch, String)], x: Double, width: Double) -> (origins: [(Double, Double)], height: Double) {
        var cx = x, cy = 0.0, out: [(Double, Double)] = []
        for (_, label) in items {
            let w = (14 + 6 + 6.1 * Double(label.count) + 16) * unit
            if cx > x && cx + w - 16 * unit > x + width { cx = x; cy += 22 * unit }
            out.append((cx, cy))
            cx += w
        }
        return (out, cy + 22 * unit)
    }

    /// The legend from (x, y), wrapped at `width`: each swatch 14 units square, then its label.
    mutating func legend(_ items: [(Swatch, String)], x: Double, y: Double, width: Double) {
        let s = 14 * unit
        for ((swatch, label), (cx, dy)) in zip(items, legendLayout(items, x: x, width: width).origins) {
            let box = Frame(x: cx, y: y + dy, width: s, height: s)
            switch swatch {
            case .outline: rect(box, fill: "#ffffff", stroke: Self.ink, width: 2.5, radius: 2)
            case .fill(let c): rect(box, fill: c, stroke: c, width: 1.2, opacity: 0.14, radius: 2)
            case .stripes(let c):
                let pattern = stripes(c, origin: box, angle: 45)
                rect(box, fill: "url(#\(pattern))", radius: 2)
            case .dashed: rect(box, stroke: Self.muted, width: 1.2, dash: true, radius: 2)
            case .veil: rect(box, fill: Self.line, stroke: Self.line, width: 1, opacity: 0.5, radius: 2)
            }
            text(label, x: cx + s + 6 * unit, y: y + dy + s - 3 * unit, size: 11, fill: Self.muted)
        }
    }

    /// The smallest frame holding all of `frames`.
    static func union(_ frames: [Frame]) -> Frame {
        guard let first = frames.first else { return Frame(x: 0, y: 0, width: 0, height: 0) }
        var minX = first.x, minY = first.y, maxX = first.x + first.width, maxY = first.y + first.height
        for f in frames.dropFirst() {
            minX = Swift.min(minX, f.x); minY = Swift.min(minY, f.y)
            maxX = Swift.max(maxX, f.x + f.width); maxY = Swift.max(maxY, f.y + f.height)
        }
        return Frame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `f` grown by `d` on every side.
    static func inset(_ f: Frame, by d: Double) -> Frame {
        Frame(x: f.x - d, y: f.y - d, width: f.width + 2 * d, height: f.height + 2 * d)
    }
}
