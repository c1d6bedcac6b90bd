import ParallaxLayout

// The name tables of the fields declared in ParallaxLayout (FieldNames.swift); `required`
// are the fields an object must have, reported missing in this order.
extension PagingField: JSONNames { static let names = NameTable<Self>(required: [.viewport, .pageCount]) }
extension PageSizeField: JSONNames { static let names = NameTable<Self>(required: [.fraction]) }
extension LayerField: JSONNames { static let names = NameTable<Self>() }
extension MinEffectField: JSONNames { static let names = NameTable<Self>() }

extension InputReader {
    /// The paging request (docs/model.md#paging), field names exactly as the API. Missing or invalid required
    /// values get placeholders so value validation still runs over the rest. `extra` reads the
    /// fields a variant adds (the keyframes request's `domain`, `format`, `properties`, docs/model.md#keyframes).
    mutating func pagingInput(_ root: JSONValue, extra: (inout InputReader, JSONKey, JSONValue) -> Bool = { _, _, _ in false }) -> PagingInput {
        var input = PagingInput(viewport: Size(width: 1, height: 1), pageCount: 1)
        object(root, PagingField.self) { r, member, v in
            let field: PagingField
            switch member {
            case .field(let f): field = f
            case .other(let key): return extra(&r, key, v)
            }
            switch field {
            case .viewport: if let s = r.size(v) { input.viewport = s }
            case .pageCount: if let n = r.number(v) { input.pageCount = n }
            case .pageSpacing: input.pageSpacing = r.number(v)
            case .pageSize: input.pageSize = r.pageSize(v)
            case .align: input.align = r.keyword(v, PagingInput.Align.self)
            case .axis: input.axis = r.keyword(v, Axis.self)
            case .direction: input.direction = r.keyword(v, Direction.self)
            case .infinite: input.infinite = r.bool(v)
            case .offset: input.offset = r.number(v)
            case .page: input.page = r.number(v)
            case .offsets: input.offsets = r.numbers(v)
            case .currentPage: input.currentPage = r.number(v)
            case .layers: input.layers = r.layers(v)
            case .include: input.include = r.keyword(v, PagingInput.Include.self)
            case .range: input.range = r.pageRange(v)
            case .velocity: input.velocity = r.number(v)
            case .decelerationRate: input.decelerationRate = r.number(v)
            case .previousOffset: input.previousOffset = r.number(v)
            case .motionScale: input.motionScale = r.number(v)
            case .pixelScale: input.pixelScale = r.number(v)
            }
            return true
        }
        // `consume`: the member closure captured `input`, and a plain return copied the whole
        // request out of it and destroyed the original (≈ 270 instructions a request).
        return consume input
    }

    /// Not inlined into `pagingInput`: there it cost ≈ 100 instructions more a request (bench/callgrind).
    @inline(never)
    private mutating func layers(_ v: JSONValue) -> [PagingInput.Layer]? {
        objects(v, placeholder: PagingInput.Layer()) { r, e, layer in r.layer(e, into: &layer) }
    }

    @inline(__always)
    private mutating func layer(_ v: JSONValue, into layer: inout PagingInput.Layer) {
        object(v, LayerField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .name: layer.name = r.string(e)
            case .travel: layer.travel = r.number(e)
            case .rate: layer.rate = r.number(e)
            case .fit: layer.fit = r.keyword(e, PagingInput.Fit.self)
            case .opacity: layer.opacity = r.minEffect(e)
            case .scale: layer.scale = r.minEffect(e)
            case .content: layer.content = r.size(e)
            case .contentMode: layer.contentMode = r.keyword(e, ContentMode.self)
            }
            return true
        }
    }

    /// `{"min": m}`.
    private mutating func minEffect(_ v: JSONValue) -> PagingInput.MinEffect? {
        var effect = PagingInput.MinEffect()
        let seen = object(v, MinEffectField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .min: effect.min = r.number(e)
            }
            return true
        }
        return seen ? effect : nil
    }

    /// `300` (points) or `{"fraction": 0.8}`; the bounds are ParallaxLayout's rule.
    private mutating func pageSize(_ v: JSONValue) -> PagingInput.PageSize? {
        switch v.kind {
        case .number: return number(v).map { .points($0) }
        case .object:
            var fraction: Double?
            let seen = object(v, PageSizeField.self) { r, member, e in
                guard case .field(let field) = member else { return false }
                switch field {
                case .fraction: fraction = r.number(e)
                }
                return true
            }
            guard seen, let fraction else { return nil }
            return .fraction(fraction)
        default:
            fail("must be a number or an object {\"fraction\": f}, not \(v.kindName)")
            return nil
        }
    }

    /// `{"from": i, "to": j}`, both required.
    private mutating func pageRange(_ v: JSONValue) -> PagingInput.PageRange? {
        guard let range = fromTo(v) else { return nil }
        return PagingInput.PageRange(from: range.from ?? 0, to: range.to ?? range.from ?? 0)
    }
}
