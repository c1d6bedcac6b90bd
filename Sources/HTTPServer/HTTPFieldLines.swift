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

/// The start of a field line, `Name: ` and a fixed start of its value, checked once, whose value
/// each answer ends with a decimal number (`HTTPResponse.appendField(_:decimal:)`): a request id
/// made per answer costs a copy and its digits, not a check of its bytes (bench/callgrind w7).
public struct HTTPFieldPrefix: Sendable {
    let bytes: ByteBuffer
    let refused: String?
    /// The same bytes by value when they fit (they do for a request id's), written without a copy
    /// call (`ReservedBytes.writeInline`).
    let inline: InlineBytes?

    public init(name: String, valueStart: String) {
        var response = HTTPResponse()
        response.appendField(name, valueStart)
        var bytes = response.fieldLines
        if bytes.readableBytes >= 2 { bytes.moveWriterIndex(to: bytes.writerIndex - 2) }  // the CRLF
        self.bytes = bytes
        self.refused = response.refusedField
        self.inline = InlineBytes(Array("\(name): \(valueStart)".utf8))
    }
}

