import ParallaxLayout

// The name tables of the fields declared in ParallaxLayout (FieldNames.swift); `required`
// are the fields an object must have, reported missing in this order.
extension ScrollField: JSONNames { static let names = NameTable<Self>(required: [.viewport, .elements]) }
extension ElementField: JSONNames { static let names = NameTable<Self>(required: [.name, .frame]) }
extension EffectField: JSONNames { static let names = NameTable<Self>(required: [.property, .stops]) }
extension EffectRangeField: JSONNames { static let names = NameTable<Self>(required: [.startOffset, .endOffset]) }
extension EasingField: JSONNames { static let names = NameTable<Self>(required: [.cubicBezier]) }

extension Effect.Property: JSONNames { static let names = NameTable<Self>() }

extension InputReader {
    /// The scroll-elements request (docs/model.md#scroll-elements).
    mutating func scrollInput(_ root: JSONValue, extra: (inout InputReader, JSONKey, JSONValue) -> Bool = { _, _, _ in false }) -> ScrollInput {
        var input = ScrollInput(viewport: Size(width: 1, height: 1), elements: [])
        object(root, ScrollField.self) { r, member, v in
            let field: ScrollField
            switch member {
            case .field(let f): field = f
            case .other(let key): return extra(&r, key, v)
            }
            switch field {
            case .viewport: if let s = r.size(v) { input.viewport = s }
            case .elements: if let e = r.elements(v) { input.elements = e }
            case .axis: input.axis = r.keyword(v, Axis.self)
            case .offset: input.offset = r.number(v)
            case .offsets: input.offsets = r.numbers(v)
            case .motionScale: input.motionScale = r.number(v)
            case .pixelScale: input.pixelScale = r.number(v)
            }
            return true
        }
        return consume input
    }

    private mutating func elements(_ v: JSONValue) -> [ScrollInput.Element]? {
        objects(v, placeholder: ScrollInput.Element(name: "", frame: Frame(x: 0, y: 0, width: 1, height: 1))) { r, e, element in
            r.element(e, into: &element)
        }
    }

    /// One element, read over its placeholder (`objects`).
    private mutating func element(_ v: JSONValue, into element: inout ScrollInput.Element) {
        object(v, ElementField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .name: if let s = r.string(e) { element.name = s }
            case .frame: if let f = r.frame(e) { element.frame = f }
            case .speed: element.speed = r.number(e)
            case .center: element.center = r.bool(e)
            case .translate: element.translate = r.effectRange(e)
            case .scale: element.scale = r.effectRange(e)
            case .opacity: element.opacity = r.effectRange(e)
            case .rotate: element.rotate = r.effectRange(e)
            case .easing: element.easing = r.easing(e)
            case .startOffset: element.startOffset = r.number(e)
            case .endOffset: element.endOffset = r.number(e)
            case .effects: element.effects = r.effects(e)
            }
            return true
        }
    }

    /// An element's `effects`. An effect the reader finds a problem in leaves the whole list
    /// absent: a placeholder in its place could repeat another's property, and value rules would
    /// then report a problem the request does not have (the reader's issues say what to fix).
    private mutating func effects(_ v: JSONValue) -> [Effect]? {
        let before = issues.count
        let list = objects(v, placeholder: Effect(property: .opacity, stops: [])) { r, e, effect in
            r.effect(e, into: &effect)
        }
        return issues.count == before ? list : nil
    }

    private mutating func effect(_ v: JSONValue, into effect: inout Effect) {
        object(v, EffectField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .property: if let p = r.keyword(e, Effect.Property.self) { effect.property = p }
            case .stops: if let s = r.stops(e) { effect.stops = s }
            case .easings:
                effect.easings = r.elementsRead(e) { r, x in r.easing(x) ?? .linear }
            case .range:
                var start: Double?, end: Double?
                r.object(e, EffectRangeField.self) { r, member, x in
                    guard case .field(let field) = member else { return false }
                    switch field {
                    case .startOffset: start = r.number(x)
                    case .endOffset: end = r.number(x)
                    }
                    return true
                }
                if let start, let end { effect.range = Effect.Range(startOffset: start, endOffset: end) }
            }
            return true
        }
    }

    /// `[[q, v], …]`: each stop exactly two numbers (the count is a value rule).
    private mutating func stops(_ v: JSONValue) -> [Effect.Stop]? {
        elementsRead(v) { r, e in
            guard e.kind == .array, e.count == 2 else {
                r.fail(e.kind == .array ? "must have exactly 2 numbers [q, v]" : "must be an array [q, v], not \(e.kindName)")
                return Effect.Stop(0, 0)
            }
            var values: [Double] = []
            e.forEachElement { i, x in values.append(r.at(i) { $0.number(x) } ?? 0) }
            return Effect.Stop(values[0], values[1])
        }
    }

    /// An array read element by element at its index.
    private mutating func elementsRead<T>(_ v: JSONValue, _ read: (inout InputReader, JSONValue) -> T) -> [T]? {
        guard v.kind == .array else { fail("must be an array, not \(v.kindName)"); return nil }
        var out: [T] = []
        out.reserveCapacity(v.count)
        v.forEachElement { i, e in out.append(at(i) { read(&$0, e) }) }
        return out
    }

    /// `[from, to]` of an effect (`translate`, `scale`, `opacity`, `rotate`).
    private mutating func effectRange(_ v: JSONValue) -> ScrollInput.EffectRange? {
        pair(v).map { ScrollInput.EffectRange(from: $0.0, to: $0.1) }
    }

    /// A CSS keyword or `{"cubicBezier": [x1, y1, x2, y2]}` (docs/model.md#scroll-elements).
    private mutating func easing(_ v: JSONValue) -> Easing? {
        if v.kind == .string {
            if let s = v.string, let e = Easing(keyword: s) { return e }
            fail("must be one of " + Easing.keywords.map { "\"\($0)\"" }.joined(separator: ", ")
                 + " or {\"cubicBezier\": [x1, y1, x2, y2]}")
            return nil
        }
        guard v.kind == .object else {
            fail("must be a string or an object, not \(v.kindName)")
            return nil
        }
        var points: [Double]?
        let issuesBefore = issues.count
        object(v, EasingField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .cubicBezier:
                guard e.kind == .array, e.count == 4 else {
                    r.fail("must be an array of 4 numbers [x1, y1, x2, y2]")
                    return true
                }
                points = r.numbers(e)
            }
            return true
        }
        // Any issue inside the object (a non-number point, an unknown key) leaves easing absent.
        guard let p = points, p.count == 4, issues.count == issuesBefore else { return nil }
        return .cubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
    }
}
