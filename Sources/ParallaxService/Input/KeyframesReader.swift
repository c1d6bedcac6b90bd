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
    /// Test cases from the single-offset engine for a client's player (docs/model.md#fixtures).
    case fixtures

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

/// `scroller` (header and scroll keyframes, docs/web.md#the-page-scrolls): what scrolls. `element`,
/// the default, is the `.parallax-scroller` box; `root` the document itself (`scroll(root)`), so the
/// page keeps its own scrollbar, keyboard scrolling, anchors and find-in-page.
enum ScrollerKind: String, JSONNames {
    case element
    case root

    static let names = NameTable<Self>()
}

// The name tables of the fields declared in ParallaxLayout (FieldNames.swift); `required`
// are the fields an object must have, reported missing in this order.
extension KeyframesField: JSONNames { static let names = NameTable<Self>() }

/// What a keyframes request adds to its model's request (docs/model.md#keyframes): the model's own fields are read
/// by the model's reader; `offset`, `offsets`, `pixelScale`, … are rejected by ParallaxLayout's
/// `keyframes()` (model logic), so the reader only checks syntax here.
struct KeyframesOptions {
    var domain: KeyframeDomain?
    var format: KeyframesFormat = .json
    var properties: [String]?
    var snapStop: SnapStop = .normal
    /// What the tracks are functions of (docs/model.md#page-progress; paging only).
    var input: KeyframesInput = .offset
    /// `format: "fixtures"`: how many seeded positions each track adds, and their seed.
    var samples: Int?
    var seed: UInt32?
    /// Eased segments as chords within these bounds (docs/model.md#linearize).
    var linearize: LinearizeBounds?
    /// No `viewport` with format css or waapi: the answer fits the scroller at any size
    /// (docs/web.md#fluid-and-fixed); `frameless` are the elements that left out `frame`.
    var fluid = false
    var frameless: Set<Int> = []
    /// `scope` (docs/web.md#several-on-one-page): the stylesheet's rules apply only inside the
    /// element whose `data-parallax` lists it, and every name it defines carries it.
    var scope: String?
    var scroller: ScrollerKind = .element
    /// A digest of the request (`JSONValue.digest`): a stylesheet's names are derived from it, so
    /// two answers on one page never define the same name.
    var digest: UInt64 = 0

    /// The names and selectors of `Model`'s css and waapi answers (a scroll page's extent on the
    /// scroller's `::after`, `StyleNames.extent`).
    func names<Model>(_: Model.Type) -> StyleNames {
        var names = StyleNames(scope: scope, digest: digest)
        names.root = scroller == .root
        if Model.self == ScrollInput.self { names.extent = "::after" }
        return names
    }
}

extension InputReader {
    /// Reads `domain`, `format`, `properties`, `scope` or (for a model that `pages`) `snapStop` into
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
        case .input:
            guard pages else {
                fail("applies only to paging keyframes: only a pager has pages whose progress a track could follow")
                return true
            }
            if let i = keyword(v, KeyframesInput.self) { options.input = i }
        case .samples: options.samples = wholeNumber(v, upTo: 1000).map { Int($0) }
        case .seed: options.seed = wholeNumber(v, upTo: Double(UInt32.max)).map { UInt32($0) }
        case .linearize: options.linearize = linearizeBounds(v)
        case .scope: options.scope = scopeName(v)
        case .scroller:
            guard let s = keyword(v, ScrollerKind.self) else { return true }
            if s == .root, pages {
                fail("cannot be \"root\" for paging: a pager scrolls its own box (the page's scroller is for header and scroll keyframes)")
                return true
            }
            options.scroller = s
        }
        return true
    }

    /// An integer in 0…`max` (`samples`, `seed`).
    private mutating func wholeNumber(_ v: JSONValue, upTo max: Double) -> Double? {
        guard let n = number(v) else { return nil }
        guard n >= 0, n <= max, n.rounded(.down) == n else {
            fail("must be an integer between 0 and \(Int(max))")
            return nil
        }
        return n
    }

    /// `samples` and `seed` shape the fixtures answer only: with another format each is refused.
    mutating func fixtureFields(_ options: KeyframesOptions) {
        guard options.format != .fixtures else { return }
        for (field, given) in [(KeyframesField.samples, options.samples != nil), (.seed, options.seed != nil)] where given {
            fail(missing: field.rawValue, "applies only to format \"fixtures\" (the format asked is \"\(options.format.rawValue)\")")
        }
    }

    /// `scope`: `[a-z][a-z0-9-]{0,31}`, so it is a CSS identifier and a `data-parallax` token as it
    /// is (docs/web.md#several-on-one-page). Accepted with every format, like `snapStop`: the
    /// module fetches the stylesheet's URL with `format=json`.
    private mutating func scopeName(_ v: JSONValue) -> String? {
        guard let s = string(v) else { return nil }
        let u = Array(s.utf8)
        let lower = { (b: UInt8) in b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        let digit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        guard (1...32).contains(u.count), lower(u[0]), u.allSatisfy({ lower($0) || digit($0) || $0 == UInt8(ascii: "-") }) else {
            fail("must match [a-z][a-z0-9-]{0,31}: a lowercase letter, then at most 31 lowercase letters, digits or hyphens")
            return nil
        }
        return s
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
