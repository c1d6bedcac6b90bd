import ParallaxLayout

/// The answer formats of the keyframes routes (docs/model.md#keyframes).
enum KeyframesFormat: String, JSONNames {
    /// The canonical tracks (`knots`, `easings`).
    case json
    /// A stylesheet for the docs/model.md#keyframes markup with scroll-driven animations.
    case css
    /// `element.animate` keyframes and options for a `ScrollTimeline`.
    case waapi
    /// `values`, `keyTimes`, `timingFunctions` for CAKeyframeAnimation and Android keyframes.
    case keytimes

    static let names = NameTable<Self>()
}

/// `snapStop` (paging only): CSS `scroll-snap-stop` on every page's snap position. `always` makes a
/// fling or a wheel turn stop on the next page instead of passing over pages (CSS Scroll Snap 1,
/// section 6.2); `normal`, the default, lets it pass over as the browser's momentum carries it.
enum SnapStop: String, JSONNames {
    case normal
    case always

    static let names = NameTable<Self>()
}

/// The fields a keyframes request adds to its model's request (openapi.yaml `PagingKeyframesRequest`, …).
enum KeyframesField: String, JSONNames {
    case domain, format, properties, snapStop
    static let names = NameTable<Self>()
}

/// What a keyframes request adds to its model's request (docs/model.md#keyframes): the model's own fields are read
/// by the model's reader; `offset`, `offsets`, `pixelScale`, … are rejected by ParallaxLayout's
/// `keyframes()` (model logic), so the reader only checks syntax here.
struct KeyframesOptions {
    var domain: KeyframeDomain?
    var format: KeyframesFormat = .json
    var properties: [String]?
    var snapStop: SnapStop = .normal
    /// No `viewport` with format css or waapi: the answer fits the scroller at any size
    /// (docs/web.md#fluid-and-fixed); `frameless` are the elements that left out `frame`.
    var fluid = false
    var frameless: Set<Int> = []
}

extension InputReader {
    /// Reads `domain`, `format`, `properties` or (for a model that `pages`) `snapStop` into
    /// `options`; false for any other key (the model's reader then reports it as unknown).
    /// `snapStop` is accepted with every format, so the stylesheet's URL with `format=json` (what
    /// parallax.js fetches) stays a valid request; only the css answer has snap rules to carry it.
    mutating func keyframesField(_ key: JSONKey, _ v: JSONValue, into options: inout KeyframesOptions, pages: Bool) -> Bool {
        guard let field = KeyframesField.names[key] else { return false }
        switch field {
        case .domain: options.domain = keyframeDomain(v)
        case .format: if let f = keyword(v, KeyframesFormat.self) { options.format = f }
        case .properties: options.properties = propertyList(v)
        case .snapStop:
            guard pages else {
                fail("applies only to paging keyframes: a header or scroll page has no snap positions")
                return true
            }
            if let s = keyword(v, SnapStop.self) { options.snapStop = s }
        }
        return true
    }

    /// `{"from": a, "to": b}`, both required numbers; their order is checked by `keyframes()`.
    private mutating func keyframeDomain(_ v: JSONValue) -> KeyframeDomain? {
        guard let range = fromTo(v), let from = range.from, let to = range.to else { return nil }
        return KeyframeDomain(from: from, to: to)
    }

    /// An array of dotted property paths (`["frame.x", "opacity"]`); names are checked by
    /// `keyframes()`, which knows each model's properties.
    private mutating func propertyList(_ v: JSONValue) -> [String]? {
        guard v.kind == .array else { fail("must be an array of strings, not \(v.kindName)"); return nil }
        var out: [String] = []
        out.reserveCapacity(v.count)
        v.forEachElement { i, e in
            if let s = at(i, { $0.string(e) }) { out.append(s) }
        }
        return out
    }
}
