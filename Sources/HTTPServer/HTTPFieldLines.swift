/// Header field lines prepared once (at start-up, say: CORS, Cache-Control, Vary) and checked
/// then like every field (`FieldCheck`); `HTTPResponse.append(_:)` copies them
/// as one block. Lines holding a refused field keep the refusal instead of bytes, and a response
/// they are added to is answered with 500 like any other refused field.
public struct HTTPFieldLines: Sendable {
    let bytes: ByteBuffer
    let refused: String?

    public init(_ fields: [(name: String, value: String)]) {
        var response = HTTPResponse()
        for (name, value) in fields { response.appendField(name, value) }
        self.bytes = response.fieldLines
        self.refused = response.refusedField
    }

    /// The fields, for tests.
    public var fields: [(name: String, value: String)] {
        var response = HTTPResponse()
        response.append(self)
        return response.headers
    }
}
