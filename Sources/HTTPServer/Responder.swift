// The contract between the engine and an application (ParallaxService, tests).
// The engine owns sockets, parsing, limits, timeouts and writing; the application only turns
// a complete request into a response. One responder instance lives on each event loop and is
// only ever called from that loop's thread, so it may keep reusable buffers without locks.

/// The request method. The common ones are cases so routing never compares strings.
public enum HTTPMethod: Equatable, Sendable {
    case get, head, post, put, delete, options, patch
    case other(String)
}

/// One request, complete with its body. Valid only for the duration of `respond`.
public struct HTTPRequest {
    public var method: HTTPMethod
    /// The raw request-target, e.g. `/v1/paging?offset=12`.
    public var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var versionMinor: Int
    public var headers: HTTPHeaders
    /// The de-chunked body (empty when there is none).
    public var body: [UInt8]

    public init(method: HTTPMethod, target: String, versionMinor: Int = 1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.versionMinor = versionMinor
        self.headers = headers
        self.body = body
    }

    /// The target up to `?`.
    public var path: Substring {
        if let q = questionMark { return target[..<q] }
        return target[...]
    }

    /// The part after `?`, or nil.
    public var query: Substring? {
        guard let q = questionMark else { return nil }
        return target[target.utf8.index(after: q)...]
    }

    /// Where `?` is; scans the contiguous UTF-8 bytes directly (the generic String index walk
    /// costs more than the rest of routing).
    private var questionMark: String.Index? {
        let offset = target.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "?")) }
        switch offset {
        case .some(.some(let o)): return target.utf8.index(target.utf8.startIndex, offsetBy: o)
        case .some(.none): return nil
        case .none: return target.utf8.firstIndex(of: UInt8(ascii: "?"))
        }
    }
}

/// The response an application fills in. The engine adds `Date`, `Server`, `Content-Length`
/// and `Connection`; the application sets status, content type, extra headers and body.
/// `body` keeps its capacity between requests on the same loop: append to it, do not replace it.
public struct HTTPResponse {
    public var status: Int
    public var contentType: String?
    /// Extra headers such as `Allow`. Do not set Content-Length, Date, Server or Connection here.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Ask the engine to close the connection after this response.
    public var close: Bool

    public init(status: Int = 200, contentType: String? = nil,
                headers: [(name: String, value: String)] = [], body: [UInt8] = [], close: Bool = false) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.close = close
    }

    /// Makes the value ready for the next request while keeping the body's capacity.
    public mutating func reset() {
        status = 200
        contentType = nil
        if !headers.isEmpty { headers.removeAll(keepingCapacity: true) }
        body.removeAll(keepingCapacity: true)
        close = false
    }
}

/// Errors the engine answers by itself, before or instead of calling `respond`.
/// The application only chooses how they look (problem+json in ParallaxService).
public struct HTTPEngineError: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case malformed            // 400: llhttp rejected the bytes, or HTTP/1.1 without Host
        case headersTooLarge      // 431
        case bodyTooLarge         // 413
        case requestTimeout       // 408: headers or body too slow
        case unavailable          // 503: draining or over capacity
        case expectationFailed    // 417: an Expect other than 100-continue
        case versionNotSupported  // 505
    }
    public var kind: Kind
    public var status: Int
    /// A sentence for the client, e.g. "invalid header value char at byte 37".
    public var detail: String

    public init(kind: Kind, status: Int, detail: String) {
        self.kind = kind
        self.status = status
        self.detail = detail
    }
}

/// What the engine reports after each response, for access logs and metrics.
public struct HTTPRequestRecord: Sendable {
    public var method: HTTPMethod
    public var path: String
    public var status: Int
    public var bytesIn: Int
    public var bytesOut: Int
    /// From the first byte of the request to the response being queued, in nanoseconds.
    public var durationNanoseconds: UInt64
    public var remoteAddress: String

    public init(method: HTTPMethod, path: String, status: Int, bytesIn: Int, bytesOut: Int,
                durationNanoseconds: UInt64, remoteAddress: String) {
        self.method = method
        self.path = path
        self.status = status
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.durationNanoseconds = durationNanoseconds
        self.remoteAddress = remoteAddress
    }
}

/// One per event loop, called only on that loop's thread.
public protocol HTTPResponder: AnyObject {
    /// Turn a complete request into a response. `response` arrives reset, with a reused body buffer.
    /// HEAD arrives as `.head`: answer it as GET; the engine sends the headers (with the GET
    /// Content-Length) and drops the body. Engine-level errors never reach this method.
    func respond(to request: HTTPRequest, into response: inout HTTPResponse)
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
        response.body.append(contentsOf: error.detail.utf8)
        response.body.append(UInt8(ascii: "\n"))
    }
    public func record(_ record: HTTPRequestRecord) {}
    public func connectionOpened() {}
    public func connectionClosed() {}
}
