// The contract between the engine and an application (the service, tests).
// The engine owns sockets, parsing, limits, timeouts and writing; the application only turns
// a complete request into a response. One responder instance lives on each event loop and is
// only ever called from that loop's thread, so it may keep reusable buffers without locks.
//
// The shape of the API (docs/architecture.md), one way for bytes:
//
//     read buffer ──▶ HTTPParser ──▶ HTTPRequest (~Escapable: method, version, and the target,
//                                    header fields and body as Spans over the connection's
//                                    buffers, valid only inside `respond`)
//                                 ──▶ HTTPResponder.respond(to:into:)
//                                 ──▶ HTTPResponse: status (HTTPStatus, which owns the reason
//                                     phrase), content type, extra headers (checked before the
//                                     wire), and a `body` that is exactly one of
//                                       • `.bytes`, a complete ByteBuffer (Content-Length),
//                                         written in place with `writeBody`, or
//                                       • `.stream`, set by `stream(producer)`, an HTTPBodyProducer the engine
//                                         calls as the socket drains ("append up to N bytes
//                                         to this ByteBuffer; are you done?"): Content-Length
//                                         when the producer knows its length, chunked transfer
//                                         coding otherwise; HEAD drops the body in both cases.
//                                         A content coding (gzip) sits between producer and
//                                         chunk framing as `CodedBodyProducer<P, C: HTTPContentCoder>`.
//                                 ──▶ the connection's outbox (ByteBuffer) ──▶ socket.
//
// Memory: a connection holds at most `writeHighWaterMark` plus one produced chunk of unsent
// output; all connections together stop taking new requests while `maxOutputBytes` of unsent
// output exist (HTTPLimits).

/// The request method. The common ones are cases so routing never compares strings.
public enum HTTPMethod: Equatable, Sendable {
    case get, head, post, put, delete, options, patch
    case other(String)
}

/// Errors the engine answers by itself, before or instead of calling `respond`.
/// The application only chooses how they look (e.g. RFC 9457 problem details); the status
/// follows from the kind, so the two cannot disagree.
public struct HTTPEngineError: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// llhttp rejected the bytes, or HTTP/1.1 without Host.
        case malformed
        case headersTooLarge
        case bodyTooLarge
        /// Headers or body too slow.
        case requestTimeout
        /// Draining or over capacity.
        case unavailable
        /// An Expect other than 100-continue.
        case expectationFailed
        case versionNotSupported
        /// The request-target alone is over the head limit (RFC 9110 §15.5.15).
        case uriTooLong
        /// A transfer coding other than chunked (RFC 9112 §6.1: 501).
        case notImplemented
        /// A content-coded body (the engine decodes none, RFC 9110 §15.5.16), or, for a request
        /// waiting for `100 Continue`, a body whose Content-Type is not JSON (RFC 9110 §10.1.1).
        case unsupportedMediaType
        /// The application's response named a header field the engine refused to send: a name
        /// that is not an RFC 9110 §5.1 token, or a value with CR, LF or NUL (RFC 9110 §5.5),
        /// which could split the response. Nothing of it went out.
        case responseHeaderRefused
    }
    public var kind: Kind
    /// A sentence for the client, e.g. "invalid header value char at byte 37".
    public var detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var status: HTTPStatus {
        switch kind {
        case .malformed: .badRequest
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .requestTimeout: .requestTimeout
        case .unavailable: .serviceUnavailable
        case .expectationFailed: .expectationFailed
        case .versionNotSupported: .httpVersionNotSupported
        case .uriTooLong: .uriTooLong
        case .notImplemented: .notImplemented
        case .unsupportedMediaType: .unsupportedMediaType
        case .responseHeaderRefused: .internalServerError
        }
    }
}

/// What the engine reports after each response, for access logs and metrics.
public struct HTTPRequestRecord: Sendable {
    public var method: HTTPMethod
    /// The request-target's path (up to `?`), made a String only when read (an access log, a
    /// record without a route): the engine keeps a short path in two words (`RecordPath`).
    public var path: String {
        get { recordPath.string }
        set { recordPath = RecordPath(newValue) }
    }
    var recordPath: RecordPath
    public var status: Int
    public var bytesIn: Int
    public var bytesOut: Int
    /// From the first byte of the request to the response being queued, in nanoseconds.
    public var durationNanoseconds: UInt64
    public var remoteAddress: String

    public init(method: HTTPMethod, path: String, status: Int, bytesIn: Int, bytesOut: Int,
                durationNanoseconds: UInt64, remoteAddress: String) {
        self.method = method
        self.recordPath = RecordPath(path)
        self.status = status
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.durationNanoseconds = durationNanoseconds
        self.remoteAddress = remoteAddress
    }

    init(method: HTTPMethod, recordPath: RecordPath, status: Int, bytesIn: Int, bytesOut: Int,
                durationNanoseconds: UInt64, remoteAddress: String) {
        self.method = method
        self.recordPath = recordPath
        self.status = status
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.durationNanoseconds = durationNanoseconds
        self.remoteAddress = remoteAddress
    }
}

/// A request path for the access record without a String per request: up to 16 bytes in two
/// words (the first eight, and the last eight overlapping them), longer paths as a String.
struct RecordPath: Sendable {
    private var count = 0
    private var first: UInt64 = 0
    private var last: UInt64 = 0
    private var long: String?

    init() {}

    init(_ string: String) {
        long = string
    }

    init(_ bytes: Span<UInt8>) {
        let n = bytes.count
        if n > 16 {
            long = String(copying: bytes)
            return
        }
        count = n
        let raw = bytes.bytes
        if n >= 8 {
            first = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: 0, as: UInt64.self))
            last = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
        } else {
            var i = 0
            while i < n {
                first |= UInt64(bytes[i]) &<< UInt64(8 &* i)
                i &+= 1
            }
        }
    }

    var string: String {
        if let long { return long }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for i in 0..<count {
            let word = i < 8 ? first : last
            let shift = i < 8 ? i : i - (count - 8)
            bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * shift)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One per event loop, called only on that loop's thread.
public protocol HTTPResponder: AnyObject {
    /// Turn a complete request into a response. `response` arrives reset, with a reused body buffer.
    /// HEAD arrives as `.head`: answer it as GET; the engine sends the headers (with the GET
    /// Content-Length) and drops the body. Engine-level errors never reach this method.
    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse)
    /// Render an engine-level error. The engine closes the connection afterwards when it must.
    func respond(to error: HTTPEngineError, into response: inout HTTPResponse)
    /// After each response is queued (including engine errors). Keep it cheap.
    func record(_ record: HTTPRequestRecord)
    func connectionOpened()
    func connectionClosed()
}

extension HTTPResponder {
    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        response.status = error.status
        response.contentType = "text/plain; charset=utf-8"
        response.writeBody { body in
            body.writeString(error.detail)
            body.writeByte(UInt8(ascii: "\n"))
        }
    }
    public func record(_ record: HTTPRequestRecord) {}
    public func connectionOpened() {}
    public func connectionClosed() {}
}
