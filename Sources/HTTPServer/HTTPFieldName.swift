/// A field name checked once (an RFC 9110 §5.1 token), for `HTTPResponse.appendField(_:value:)`.
public struct HTTPFieldName: Sendable {
    /// `Name: `.
    let prefix: StaticString
    let name: String

    /// `prefix` is the name followed by `: `, e.g. `"ETag: "` (a literal of the program: one that
    /// is not a token then `: ` stops it at once).
    public init(prefix: StaticString) {
        let text = "\(prefix)"
        let name = String(text.dropLast(2))
        precondition(text.hasSuffix(": ") && FieldCheck.isToken(name.utf8.span.bytes), "not a field name: \(text)")
        self.prefix = prefix
        self.name = name
    }
}
