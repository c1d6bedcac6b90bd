/// The response an application fills in. The engine adds `Date`, `Server`, the framing
/// (`Content-Length` or `Transfer-Encoding: chunked`) and `Connection`; the application sets
/// status, content type, extra headers, and the body: exactly one of complete bytes or a stream
/// (`Body`, after Hummingbird's `ResponseBody`).
///
/// The response owns a buffer that keeps its capacity between requests on the same loop. Where
/// the body is lives in `source`: that own buffer, a buffer shared from elsewhere (`send(_:)`),
/// or a producer (`stream(_:)`); `writeBody` writes into the own buffer and makes it the body
/// again. Every header field, the content type included, is checked when it is set
/// (`FieldCheck`): a refused one is left out and remembered (`refusedHeader()`), and the engine
/// then sends none of this response but the refusal's answer (500).
public struct HTTPResponse {
    /// What follows the head.
    public enum Body {
        /// A complete body, sent with a Content-Length.
        case bytes(ByteBuffer)
        /// A body produced piece by piece as the socket drains (`HTTPBodyProducer`): one
        /// existential per streamed answer (they are large, so the box is noise); the producer's
        /// own code stays specialised.
        case stream(any HTTPBodyProducer)
    }

    /// Where the body is. The hot path matches it several times a request: the own buffer is the
    /// empty case and any other body is boxed (`indirect`), so the value is one pointer, null for
    /// `.own`, and a match copies nothing (a multi-payload enum was copied through its value
    /// witnesses at each match, ≈ 380 instructions a request).
    enum Source {
        /// The own buffer.
        case own
        /// A body held elsewhere; the own buffer is empty then.
        indirect case elsewhere(Elsewhere)
    }

    enum Elsewhere {
        /// A finished buffer held elsewhere (`send(_:)`).
        case shared(ByteBuffer)
        /// A producer (`stream(_:)`).
        case stream(any HTTPBodyProducer)
    }

    public var status: HTTPStatus
    /// The media type, checked when set like every field: a value holding a control character
    /// other than HTAB is refused (`refusedHeader()`) and the type stays unset.
    public var contentType: String? {
        get { storedContentType }
        set {
            // The service sets the same few literals again and again: a value equal to the last
            // accepted one (the same bits, mostly) needs no second look.
            if let type = newValue, type != acceptedContentType {
                guard FieldCheck.isValue(type.utf8.span.bytes) else {
                    refuse(FieldCheck.refusal(value: "Content-Type"))
                    storedContentType = nil
                    return
                }
                acceptedContentType = type
            }
            storedContentType = newValue
        }
    }
    private var storedContentType: String?
    /// The last content type that passed the check (kept across `reset()`).
    private var acceptedContentType: String?
    /// The extra header fields as the lines that go on the wire (`Name: value\r\n` each), in
    /// the order added: checked when added (`FieldCheck`), so the serializer copies them as one
    /// block. Do not add Content-Length, Date, Server, Connection or Transfer-Encoding.
    private(set) var fieldLines: ByteBuffer
    /// The first field refused when it was set (then left out): the engine sends none of this
    /// response and answers 500 instead (`HTTPEngineError.responseHeaderRefused`).
    private(set) var refusedField: String?
    /// Ask the engine to close the connection after this response.
    public var close: Bool
    /// The application's name for what answered (the service: its route's index), handed back
    /// in the answer's record (`HTTPRequestRecord.label`); nil unless set.
    public var label: Int?
    /// More the application wants back in the record (the service: an access record's fields),
    /// for an answer whose record comes after other requests were answered (its head waited
    /// while its producer prepared); nil unless set.
    public var note: (any AnyObject & Sendable)?
    /// The own buffer: the body while `source` is `.own`, else empty (kept for its capacity).
    private var own: ByteBuffer
    private(set) var source = Source.own

    public init(status: HTTPStatus = .ok, contentType: String? = nil,
                headers: [(name: String, value: String)] = [], body: ByteBuffer = ByteBuffer(), close: Bool = false) {
        self.status = status
        self.storedContentType = nil
        self.acceptedContentType = nil
        self.fieldLines = ByteBuffer()
        self.refusedField = nil
        self.own = body
        self.close = close
        self.label = nil
        self.contentType = contentType
        if !headers.isEmpty { self.headers = headers }
    }

    private mutating func refuse(_ reason: String) {
        if refusedField == nil { refusedField = reason }
    }

    /// The extra header fields as name and value Strings (parsed from the lines: for tests and
    /// rare answers; the hot paths add lines with `append(_:)` and `appendField(_:value:)`).
    /// Setting replaces every field, each checked as `appendField(_:_:)` checks it.
    public var headers: [(name: String, value: String)] {
        get {
            var fields: [(name: String, value: String)] = []
            let bytes = fieldLines.bytes
            var i = 0
            while i < bytes.count {
                var colon = i
                while colon < bytes.count && bytes[colon] != UInt8(ascii: ":") { colon &+= 1 }
                var end = colon
                while end &+ 1 < bytes.count && !(bytes[end] == 0x0d && bytes[end &+ 1] == 0x0a) { end &+= 1 }
                let valueStart = min(colon &+ 2, end)
                fields.append((String(decoding: bytes[i..<colon], as: UTF8.self),
                               String(decoding: bytes[valueStart..<end], as: UTF8.self)))
                i = end &+ 2
            }
            return fields
        }
        set {
            // A refusal stays: a field refused once (the content type's, say) is never sent.
            fieldLines.clear()
            for (name, value) in newValue { appendField(name, value) }
        }
    }

    /// Adds the field `name: value`, or, when the name is not a token or the value holds a control
    /// character other than HTAB (`FieldCheck`), records the refusal (the first one) and adds
    /// nothing.
    public mutating func appendField(_ name: String, _ value: String) {
        if refusedField != nil { return }
        if !FieldCheck.isToken(name.utf8.span.bytes) {
            refuse(FieldCheck.refusal(name: name.utf8.span))
        } else if !FieldCheck.isValue(value.utf8.span.bytes) {
            refuse(FieldCheck.refusal(value: name))
        } else {
            fieldLines.writeString(name)
            fieldLines.writeStaticString(": ")
            fieldLines.writeString(value)
            fieldLines.writeStaticString("\r\n")
        }
    }

    /// Adds lines prepared and checked once (`HTTPFieldLines`): one copy.
    @inline(__always)
    public mutating func append(_ lines: HTTPFieldLines) {
        if let refused = lines.refused {
            refuse(refused)
            return
        }
        fieldLines.writeBuffer(lines.bytes)
    }

    /// Adds the counted field line as it stands (its counter's digits and CRLF included).
    @inline(__always)
    public mutating func appendField(_ line: HTTPCountedField) {
        if refusedField != nil { return }
        fieldLines.writeLine(line)
    }

    /// Adds the field `name` with a value written in place by `write` (a tag's digits, say),
    /// checked after it is written; a refused value is taken back and recorded.
    @inline(__always)
    public mutating func appendField(_ name: HTTPFieldName, value write: (inout ByteBuffer) -> Void) {
        if refusedField != nil { return }
        let start = fieldLines.writerIndex
        fieldLines.writeStaticString(name.prefix)
        let valueStart = fieldLines.writerIndex
        write(&fieldLines)
        if !Self.isValue(fieldLines, from: valueStart) {
            fieldLines.moveWriterIndex(to: start)
            refuse(FieldCheck.refusal(value: name.name))
            return
        }
        fieldLines.writeStaticString("\r\n")
    }

    @inline(__always)
    private static func isValue(_ lines: borrowing ByteBuffer, from start: Int) -> Bool {
        let span = lines.readableBytesSpan
        return FieldCheck.isValue(span.bytes.extracting((start &- lines.readerIndex)..<span.count))
    }

    /// The body to send.
    public var body: Body {
        switch source {
        case .own: .bytes(own)
        case .elsewhere(.shared(let bytes)): .bytes(bytes)
        case .elsewhere(.stream(let producer)): .stream(producer)
        }
    }

    /// The complete body (empty while the body is a stream).
    public var bytes: ByteBuffer {
        switch source {
        case .own: own
        case .elsewhere(.shared(let bytes)): bytes
        case .elsewhere(.stream): ByteBuffer()
        }
    }

    /// The length of the complete body (0 while the body is a stream).
    var completeLength: Int {
        switch source {
        case .own: own.readableBytes
        case .elsewhere(.shared(let bytes)): bytes.readableBytes
        case .elsewhere(.stream): 0
        }
    }

    /// Writes the complete body into `out` (nothing for a stream), without a copy of the response.
    @inline(__always)
    func writeCompleteBody(to out: inout ByteBuffer) {
        switch source {
        case .own: out.writeBuffer(own)
        case .elsewhere(.shared(let bytes)): out.writeBuffer(bytes)
        case .elsewhere(.stream): break
        }
    }

    /// The streamed producer, nil for a complete body.
    public var producer: (any HTTPBodyProducer)? {
        if case .elsewhere(.stream(let producer)) = source { return producer }
        return nil
    }

    /// Writes the complete body in place, e.g. `response.writeBody { $0.writeString("…") }`;
    /// the own buffer becomes the body again (a stream or shared buffer set before is dropped).
    /// A method rather than a `_modify` accessor: a coroutine's frame may be heap-allocated.
    @inline(__always)
    public mutating func writeBody<R, E: Error>(_ write: (inout ByteBuffer) throws(E) -> R) throws(E) -> R {
        if case .own = source {} else { source = .own }
        return try write(&own)
    }

    /// Answer with a body produced piece by piece as the socket drains (see `HTTPBodyProducer`).
    public mutating func stream(_ producer: some HTTPBodyProducer) {
        own.clear(keepingCapacityUpTo: 1 << 20)
        source = .elsewhere(.stream(producer))
    }

    /// Answer with finished bytes held elsewhere (a document prepared at start-up): shared, not
    /// copied (`ByteBuffer` is copy-on-write).
    public mutating func send(_ bytes: ByteBuffer) {
        own.clear(keepingCapacityUpTo: 1 << 20)
        source = .elsewhere(.shared(bytes))
    }

    /// Drops the body, whole or streamed (a 304 or 412 decided after the answer was set).
    @inline(__always)
    public mutating func dropBody() {
        if case .own = source {} else { source = .own }
        own.clear(keepingCapacityUpTo: 1 << 20)
    }

    /// Makes the value ready for the next request while keeping the body's capacity (up to
    /// 1 MiB: one big answer must not pin its memory on the loop).
    @inline(__always)
    public mutating func reset() {
        status = .ok
        storedContentType = nil
        if !fieldLines.isEmpty { fieldLines.clear(keepingCapacityUpTo: 4096) }
        refusedField = nil
        dropBody()
        close = false
        label = nil
        if note != nil { note = nil }
    }
}

extension HTTPResponse {
    /// The first header field the engine must not send (refused when it was set), with the
    /// reason, or nil when all are fit for the wire (`FieldCheck`).
    public func refusedHeader() -> String? { refusedField }
}
