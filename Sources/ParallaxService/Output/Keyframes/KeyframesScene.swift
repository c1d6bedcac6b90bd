import ParallaxLayout

/// The docs/model.md#keyframes markup of one keyframes answer as positioned boxes, each number a `Curve` over the
/// domain: what the `css` and `waapi` writers render. Every box is absolutely positioned in its
/// parent (the scroller's content, a page, a layer, the header); `x`/`y` are its offset there.
/// The scroller is the viewport, so a box's content position is its viewport position + o
/// along the axis (docs/model.md#keyframes: the scroller's scrollLeft/scrollTop is the offset).
struct KeyframesScene {
    struct Box {
        /// The CSS selector of the markup (class and attribute names are API, docs/model.md#keyframes).
        var selector: String
        var x, y, width, height: Curve
        var scale, rotate, opacity: Curve?
        /// A per-axis scale (docs/model.md#effects): `scale` is then the x scale and this the y
        /// one, written `scale: sx sy`; nil for a uniform scale.
        var scaleY: Curve?
        /// `overflow: clip` (a page clips its layers, the seed's `clipsToBounds`).
        var clips = false
        /// Drawn above later siblings (the pinned header over the body).
        var raised = false
        /// In the page's flow instead of absolutely placed (the header's body: its size is the
        /// page's content, never the stylesheet's); only its top margin is set, never animated.
        var inFlow = false
        /// A scroll-snap position (a page, docs/model.md#paging snap targets).
        var snaps = false
        /// Animated over its own crossing of the scroller (a CSS `view()` timeline) instead of
        /// the scroller's offset: a scroll element of a fluid stylesheet, whose range
        /// top − V … top + length moves with the scroller's extent V (docs/web.md#fluid-and-fixed).
        var view: ViewRange?
        /// Where a box on its own timeline rests (its frame's origin, before `translate`); nil:
        /// its curves' value at the scene's `rest`.
        var anchorX, anchorY: Double?
        /// Placed by the page's own flow (a fluid scroll element without `frame`): no position,
        /// place or size rule, only its animations.
        var inPageFlow = false
        /// A fluid stylesheet's `img.parallax-content` inside this box: fitted by the browser
        /// (`object-fit`), since an aspect fit's size bends with the box's (docs/web.md#fluid-and-fixed).
        var content: FittedContent?
    }

    /// An image the browser fits into its box by `mode` (its natural size is `size`).
    struct FittedContent {
        var mode: ContentMode
        var size: Size
    }

    /// A `view()` timeline's range: `domain` the offsets its curves run over in the scene's
    /// viewport, `progress` the same range in docs/model.md#scroll-elements progress, which is
    /// the `cover` range's fraction (cover 0 % is progress 0, where the leading edge enters at
    /// the far edge; cover 100 % is progress 1, where the trailing edge leaves at the near edge).
    struct ViewRange {
        var domain: KeyframeDomain
        var progressFrom: Double
        var progressTo: Double
    }

    var axis: Axis
    /// The offsets the curves cover: the requested domain widened to every offset the page can
    /// scroll to (`styledDomain`).
    var domain: KeyframeDomain
    /// Where the boxes rest (``restOffset(_:)``): their places and sizes without scroll-driven
    /// animations, the reference the module's translations start from.
    var rest: Double

    /// The offset a page opens at, 0, clamped into the requested domain: without scroll-driven
    /// animations and without the module, a page shows its layout at the top (a header at its
    /// resting height, not stretched to the domain's −Hh). parallax.js uses the same rule.
    static func restOffset(_ requested: KeyframeDomain) -> Double {
        min(max(0, requested.from), requested.to)
    }
    /// A centred carousel (docs/model.md#carousels `align: "center"`): its pages snap by their
    /// centres (`scroll-snap-align: center`), not their leading edges.
    var snapsCentred = false
    /// A right-to-left pager: the scroller is `direction: rtl` and its scrollLeft is −offset.
    var rtl = false
    /// The scroller's size (the viewport) and its scrollable content size.
    var viewport: Size
    var contentSize: Size
    var boxes: [Box]

    /// Values of one target: the tracks that vary, else the single-offset answer at `from`.
    struct Values {
        var domain: KeyframeDomain
        var tracks: [String: Track] = [:]
        var rest: [String: Double] = [:]

        func curve(_ property: String) -> Curve {
            if let t = tracks[property] { return Curve(t) }
            return .constant(rest[property] ?? 0, over: domain)
        }

        /// nil when the property is neither a track nor in the answer (e.g. no `scale` asked).
        func optionalCurve(_ property: String) -> Curve? {
            tracks[property] != nil || rest[property] != nil ? curve(property) : nil
        }
    }

    /// Tracks grouped by target, in the answer's order. Two elements of one name (the scroll
    /// request does not forbid it) share a target and a selector: the first one's tracks are kept,
    /// matching the first element the scene places.
    static func group(_ keyframes: Keyframes) -> (order: [TrackTarget], tracks: [TrackTarget: [String: Track]]) {
        var order: [TrackTarget] = []
        var byTarget: [TrackTarget: [String: Track]] = [:]
        for t in keyframes.tracks {
            if byTarget[t.target] == nil { order.append(t.target) }
            if byTarget[t.target]?[t.property] == nil { byTarget[t.target, default: [:]][t.property] = t }
        }
        return (order, byTarget)
    }

    /// A CSS string (CSS Syntax 3, section 4.3.5 / CSSOM "serialize a string"): `"` and `\` escaped, control
    /// characters as hex escapes, so a layer or element name cannot break out of its selector.
    static func cssString(_ s: String) -> String {
        // Most names escape nothing: one copy between the quotes, not a scalar at a time (a
        // 256-byte name is laid out in every scene of a stylesheet and of its fluid check).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"", "\\": out += "\\" + String(u)
            // `<` as a hex escape: `</style>` never appears verbatim, so the stylesheet may be
            // inlined in a `<style>` element (HTML's raw text ends at `</style`).
            case "<": out += "\\3c "
            case "\u{0}": out += "\u{FFFD}"
            case "\u{1}"..."\u{1F}", "\u{7F}": out += "\\" + String(u.value, radix: 16) + " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

/// The property names of a frame's four numbers (`viewportFrame.x`, …), made once: a box's
/// values are looked up by them for every box of every unit.
struct FrameKeys: Sendable {
    let x, y, width, height: String

    init(_ name: String) {
        (x, y, width, height) = (name + ".x", name + ".y", name + ".width", name + ".height")
    }

    static let viewportFrame = FrameKeys("viewportFrame")
    static let contentFrame = FrameKeys("contentFrame")
}

extension Frame {
    /// `name.x`, `name.y`, `name.width`, `name.height` into `rest`.
    func flatten(_ name: String, into rest: inout [String: Double]) {
        flatten(FrameKeys(name), into: &rest)
    }

    func flatten(_ keys: FrameKeys, into rest: inout [String: Double]) {
        rest[keys.x] = x
        rest[keys.y] = y
        rest[keys.width] = width
        rest[keys.height] = height
    }
}
