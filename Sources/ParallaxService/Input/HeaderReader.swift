import ParallaxLayout

extension InputReader {
    // The field tables (InputReader.object), in the order of the schema (openapi.yaml).
    private static let headerRequestFields = JSONFields(
        required: ["viewport", "header"],
        optional: ["offset", "offsets", "stretch", "mode", "content", "contentMode", "motionScale", "pixelScale"])
    private static let headerFields = JSONFields(required: ["height"], optional: ["minHeight"])

    /// The stretchy-header request (docs/model.md#stretchy-header).
    mutating func headerInput(_ root: JSONValue, extra: (inout InputReader, JSONKey, JSONValue) -> Bool = { _, _, _ in false }) -> HeaderInput {
        var input = HeaderInput(viewport: Size(width: 1, height: 1), header: HeaderInput.Header(height: 1))
        object(root, Self.headerRequestFields) { r, key, v in
            switch key {
            case "viewport": if let s = r.size(v) { input.viewport = s }
            case "header": if let h = r.header(v) { input.header = h }
            case "offset": input.offset = r.number(v)
            case "offsets": input.offsets = r.numbers(v)
            case "stretch": input.stretch = r.bool(v)
            case "mode": input.mode = r.keyword(v, HeaderInput.Mode.self)
            case "content": input.content = r.size(v)
            case "contentMode": input.contentMode = r.keyword(v, ContentMode.self)
            case "motionScale": input.motionScale = r.number(v)
            case "pixelScale": input.pixelScale = r.number(v)
            default: return extra(&r, key, v)
            }
            return true
        }
        return consume input
    }

    /// `{"height": Hh, "minHeight": m}`, height required.
    private mutating func header(_ v: JSONValue) -> HeaderInput.Header? {
        var height: Double?, minHeight: Double?
        let seen = object(v, Self.headerFields) { r, key, e in
            switch key {
            case "height": height = r.number(e)
            case "minHeight": minHeight = r.number(e)
            default: return false
            }
            return true
        }
        guard seen else { return nil }
        return HeaderInput.Header(height: height ?? 1, minHeight: minHeight)
    }
}
