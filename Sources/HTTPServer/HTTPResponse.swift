/// The response an application fills in. The engine adds `Date`, `Server`, the framing
/// (`Content-Length` or `Transfer-Encoding: chunked`) and `Connection`; the application sets
/// status, content type, extra headers, and the body: exactly one of complete bytes or a stream
/// (`Body`, after Hummingbird's `ResponseBody`).
///
/// The buffer behind `bytes` (`writeBody`) keeps its capacity between requests on the same loop (write into
/// it, do not replace it): while a stream or a shared buffer (`send(_:)`) is the body, the
/// response parks that buffer, empty, and takes it back for the next request. Header names and
/// values are checked before they reach the wire (`refusedHeader`).
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

    public var status: HTTPStatus
    public var contentType: String?
    /// Extra headers such as `Allow`. Do not set Content-Length, Date, Server, Connection or
    /// Transfer-Encoding here.
    public var headers: [(name: String, value: String)]
    public private(set) var body: Body
    /// Ask the engine to close the connection after this response.
    public var close: Bool
    /// The response's own buffer while `body` is something else (always empty then).
    private var parked: ByteBuffer?

    public init(status: HTTPStatus = .ok, contentType: String? = nil,
                headers: [(name: String, value: String)] = [], body: ByteBuffer = ByteBuffer(), close: Bool = false) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = .bytes(body)
        self.close = close
        self.parked = nil
    }

    /// The complete body (empty while the body is a stream). Read only: write with `writeBody`.
    public var bytes: ByteBuffer {
        if case .bytes(let b) = body { return b }
        return ByteBuffer()
    }

    /// Writes the complete body in place, e.g. `response.writeBody { $0.writeString("…") }`.
    /// Writing makes the body `.bytes` again (a stream set before is dropped). A method rather
    /// than a `_modify` accessor: a coroutine's frame may be heap-allocated across modules.
    @inline(__always)
    public mutating func writeBody<R, E: Error>(_ write: (inout ByteBuffer) throws(E) -> R) throws(E) -> R {
        unpark()
        var b: ByteBuffer
        if case .bytes(let own) = body { b = own } else { b = ByteBuffer() }
        // A trivial placeholder while the buffer is lent, so it stays uniquely referenced.
        body = .stream(Placeholder())
        defer { body = .bytes(b) }
        return try write(&b)
    }

    /// The streamed producer, nil for a complete body.
    public var producer: (any HTTPBodyProducer)? {
        if case .stream(let p) = body { return p }
        return nil
    }

    /// Answer with a body produced piece by piece as the socket drains (see `HTTPBodyProducer`).
    public mutating func stream(_ producer: some HTTPBodyProducer) {
        park()
        body = .stream(producer)
    }

    /// Answer with finished bytes held elsewhere (a document prepared at start-up): shared, not
    /// copied (`ByteBuffer` is copy-on-write).
    public mutating func send(_ bytes: ByteBuffer) {
        park()
        body = .bytes(bytes)
    }

    /// Drops the body, whole or streamed (a 304 or 412 decided after the answer was set).
    public mutating func dropBody() {
        writeBody { $0.clear(keepingCapacityUpTo: 1 << 20) }
    }

    /// Makes the value ready for the next request while keeping the body's capacity (up to
    /// 1 MiB: one big answer must not pin its memory on the loop).
    public mutating func reset() {
        status = .ok
        contentType = nil
        if !headers.isEmpty { headers.removeAll(keepingCapacity: true) }
        dropBody()
        close = false
    }

    /// Moves the own buffer aside, emptied, before another body takes its place.
    private mutating func park() {
        guard parked == nil, case .bytes(var own) = body else { return }
        body = .stream(Placeholder())
        own.clear(keepingCapacityUpTo: 1 << 20)
        parked = own
    }

    /// Makes the own buffer the body again.
    @inline(__always)
    private mutating func unpark() {
        guard let own = parked else { return }
        parked = nil
        body = .bytes(own)
    }

    /// Stands in for the body while the buffer is lent out; never framed.
    private struct Placeholder: HTTPBodyProducer {
        var contentLength: Int? { 0 }
        mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress { .done }
    }
}

extension HTTPResponse {
    /// The first header field the engine must not send, with the reason, or nil when all are
    /// fit for the wire: every name an RFC 9110 §5.1 token (`tchar`s), every value (and the
    /// content type) free of CR, LF and NUL (RFC 9110 §5.5: they would end the field, or the
    /// head, early, and let whatever follows pose as more fields or a second response).
    public func refusedHeader() -> String? {
        if let type = contentType, !Self.isFieldValue(type) { return "Content-Type: the value holds CR, LF or NUL" }
        for (name, value) in headers {
            if !Self.isToken(name) { return "'\(Self.printable(name))': the name is not an RFC 9110 token" }
            if !Self.isFieldValue(value) { return "\(name): the value holds CR, LF or NUL" }
        }
        return nil
    }

    /// RFC 9110 §5.6.2: `token = 1*tchar`, `tchar` being `!#$%&'*+-.^_`|~`, digits and letters
    /// (the bits of `tcharLow` for bytes 0–63, `tcharHigh` for 64–127).
    static func isToken(_ s: String) -> Bool {
        var count = 0
        for b in s.utf8 {
            let mask: UInt64 = b < 64 ? tcharLow >> b : b < 128 ? tcharHigh >> (b &- 64) : 0
            guard mask & 1 == 1 else { return false }
            count &+= 1
        }
        return count > 0
    }

    private static var tcharLow: UInt64 { 0x03ff_6cfa_0000_0000 }
    private static var tcharHigh: UInt64 { 0x57ff_ffff_c7ff_fffe }

    /// RFC 9110 §5.5: CR, LF and NUL are invalid anywhere in a field value.
    @inline(__always)
    static func isFieldValue(_ s: String) -> Bool {
        for b in s.utf8 where b < 0x0e && (b == 0x0d || b == 0x0a || b == 0) { return false }
        return true
    }

    /// A refused name for the log and the problem: control bytes shown as `\xNN`, at most 100.
    private static func printable(_ s: String) -> String {
        var out = ""
        for b in s.utf8.prefix(100) {
            if b >= 0x20 && b < 0x7f { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += "\\x" + String(b, radix: 16) }
        }
        return out
    }
}
