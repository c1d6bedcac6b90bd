import ParallaxLayout

// The name tables of the fields declared in ParallaxLayout (FieldNames.swift); `required`
// are the fields an object must have, reported missing in this order.
extension HeaderRequestField: JSONNames { static let names = NameTable<Self>(required: [.viewport, .header]) }
extension HeaderField: JSONNames { static let names = NameTable<Self>(required: [.height]) }

extension InputReader {
    /// The stretchy-header request (docs/model.md#stretchy-header).
    mutating func headerInput(_ root: JSONValue, extra: (inout InputReader, JSONKey, JSONValue) -> Bool = { _, _, _ in false }) -> HeaderInput {
        var input = HeaderInput(viewport: Size(width: 1, height: 1), header: HeaderInput.Header(height: 1))
        object(root, HeaderRequestField.self) { r, member, v in
            let field: HeaderRequestField
            switch member {
            case .field(let f): field = f
            case .other(let key): return extra(&r, key, v)
            }
            switch field {
            case .viewport: if let s = r.size(v) { input.viewport = s }
            case .header: if let h = r.header(v) { input.header = h }
            case .offset: input.offset = r.number(v)
            case .offsets: input.offsets = r.numbers(v)
            case .stretch: input.stretch = r.bool(v)
            case .mode: input.mode = r.keyword(v, HeaderInput.Mode.self)
            case .content: input.content = r.size(v)
            case .contentMode: input.contentMode = r.keyword(v, ContentMode.self)
            case .motionScale: input.motionScale = r.number(v)
            case .pixelScale: input.pixelScale = r.number(v)
            }
            return true
        }
        return consume input
    }

    /// `{"height": Hh, "minHeight": m}`, height required.
    private mutating func header(_ v: JSONValue) -> HeaderInput.Header? {
        var height: Double?, minHeight: Double?
        let seen = object(v, HeaderField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .height: height = r.number(e)
            case .minHeight: minHeight = r.number(e)
            }
            return true
        }
        guard seen else { return nil }
        return HeaderInput.Header(height: height ?? 1, minHeight: minHeight)
    }
}
