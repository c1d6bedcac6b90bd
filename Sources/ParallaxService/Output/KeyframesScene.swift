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
        /// `overflow: clip` (a page clips its layers, the seed's `clipsToBounds`).
        var clips = false
        /// Drawn above later siblings (the pinned header over the body).
        var raised = false
        /// In the page's flow instead of absolutely placed (the header's body: its size is the
        /// page's content, never the stylesheet's); only its top margin is set, never animated.
        var inFlow = false
        /// A scroll-snap position (a page, docs/model.md#paging snap targets).
        var snaps = false
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
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"", "\\": out += "\\" + String(u)
            case "\u{0}": out += "\u{FFFD}"
            case "\u{1}"..."\u{1F}", "\u{7F}": out += "\\" + String(u.value, radix: 16) + " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

extension Frame {
    /// `name.x`, `name.y`, `name.width`, `name.height` into `rest`.
    func flatten(_ name: String, into rest: inout [String: Double]) {
        rest[name + ".x"] = x
        rest[name + ".y"] = y
        rest[name + ".width"] = width
        rest[name + ".height"] = height
    }
}
