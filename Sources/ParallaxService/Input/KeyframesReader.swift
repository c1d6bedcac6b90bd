import ParallaxLayout

/// The answer formats of the keyframes routes (docs/model.md#keyframes).
enum KeyframesFormat: String, CaseIterable {
    /// The canonical tracks (`knots`, `easings`).
    case json
    /// A stylesheet for the docs/model.md#keyframes markup with scroll-driven animations.
    case css
    /// `element.animate` keyframes and options for a `ScrollTimeline`.
    case waapi
    /// `values`, `keyTimes`, `timingFunctions` for CAKeyframeAnimation and Android keyframes.
    case keytimes
}

/// `snapStop` (paging only): CSS `scroll-snap-stop` on every page's snap position. `always` makes a
/// fling or a wheel turn stop on the next page instead of passing over pages (CSS Scroll Snap 1,
/// §6.2); `normal`, the default, lets it pass over as the browser's momentum carries it.
enum SnapStop: String, CaseIterable {
    case normal
    case always
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
    private static let domainFields = JSONFields(required: ["from", "to"])

    /// Reads `domain`, `format`, `properties` or (for a model that `pages`) `snapStop` into
    /// `options`; false for any other key (the model's reader then reports it as unknown).
    /// `snapStop` is accepted with every format, so the stylesheet's URL with `format=json` (what
    /// parallax.js fetches) stays a valid request; only the css answer has snap rules to carry it.
    mutating func keyframesField(_ key: JSONKey, _ v: JSONValue, into options: inout KeyframesOptions, pages: Bool) -> Bool {
        switch key {
        case "domain": options.domain = keyframeDomain(v)
        case "format": if let f = stringKeyword(v, KeyframesFormat.self) { options.format = f }
        case "properties": options.properties = propertyList(v)
        case "snapStop":
            guard pages else {
                fail("applies only to paging keyframes: a header or scroll page has no snap positions")
                return true
            }
            if let s = stringKeyword(v, SnapStop.self) { options.snapStop = s }
        default: return false
        }
        return true
    }

    /// `{"from": a, "to": b}`, both required numbers; their order is checked by `keyframes()`.
    private mutating func keyframeDomain(_ v: JSONValue) -> KeyframeDomain? {
        var from: Double?, to: Double?
        let seen = object(v, Self.domainFields) { r, key, e in
            switch key {
            case "from": from = r.number(e)
            case "to": to = r.number(e)
            default: return false
            }
            return true
        }
        guard seen, let from, let to else { return nil }
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
