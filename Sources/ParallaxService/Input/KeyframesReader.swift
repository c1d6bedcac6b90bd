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

/// What a keyframes request adds to its model's request (docs/model.md#keyframes): the model's own fields are read
/// by the model's reader; `offset`, `offsets`, `pixelScale`, … are rejected by ParallaxLayout's
/// `keyframes()` (model logic), so the reader only checks syntax here.
struct KeyframesOptions {
    var domain: KeyframeDomain?
    var format: KeyframesFormat = .json
    var properties: [String]?
}

extension InputReader {
    private static let domainFields = JSONFields(required: ["from", "to"])

    /// Reads `domain`, `format` or `properties` into `options`; false for any other key (the
    /// model's reader then reports it as unknown).
    mutating func keyframesField(_ key: JSONKey, _ v: JSONValue, into options: inout KeyframesOptions) -> Bool {
        switch key {
        case "domain": options.domain = keyframeDomain(v)
        case "format": if let f = stringKeyword(v, KeyframesFormat.self) { options.format = f }
        case "properties": options.properties = propertyList(v)
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
