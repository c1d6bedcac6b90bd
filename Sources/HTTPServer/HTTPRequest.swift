/// One request, complete with its body, as a view over the connection's buffers: the target,
/// the header fields and the body are `Span`s, so no `String` is made per request or per header
/// (docs/architecture.md). The view is `~Escapable`: the compiler rejects keeping it, or any span taken from
/// it, past the `respond` call it was lent to (the buffers are reused by the next request).
/// Copy what must outlive the call (`String(copying:)`, `ByteBuffer.writeBytes`).
public struct HTTPRequest: ~Escapable {
    public let method: HTTPMethod
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public let versionMinor: Int
    /// The raw request-target, e.g. `/v1/paging?offset=12`.
    public let target: Span<UInt8>
    public let headers: HTTPHeaders
    /// The de-chunked body (empty when there is none).
    public let body: Span<UInt8>

    /// Whether the first `Content-Type` field names JSON (`MediaType.isJSON`), nil without one:
    /// read once by the parser while the head arrives (the head policy needs it too), so the
    /// application does not look the field up and scan it again.
    public let contentTypeIsJSON: Bool?

    /// The index of the one `X-Request-Id` field (the request's id, for the access record and
    /// the answer), nil when there is none or more than one: noted by the parser as the field
    /// arrives, so the application does not look it up.
    public let requestIDField: Int?

    @_lifetime(copy target, copy headers, copy body)
    public init(method: HTTPMethod, versionMinor: Int = 1, target: Span<UInt8>, headers: HTTPHeaders, body: Span<UInt8>) {
        let contentType = headers.firstIndex(of: "Content-Type")
        self.init(method: method, versionMinor: versionMinor, target: target, headers: headers, body: body,
                  contentTypeIsJSON: contentType.map { MediaType.isJSON(headers.value(at: $0)) },
                  requestIDField: headers.soleIndex(of: "X-Request-Id") ?? -1, queryStart: Self.queryStart(of: target) ?? -1)
    }

    /// With the parser's `contentTypeIsJSON`, `requestIDField` and `queryStart` (negative: none).
    @_lifetime(copy target, copy headers, copy body)
    init(method: HTTPMethod, versionMinor: Int, target: Span<UInt8>, headers: HTTPHeaders, body: Span<UInt8>,
         contentTypeIsJSON: Bool?, requestIDField: Int, queryStart: Int) {
        self.method = method
        self.versionMinor = versionMinor
        self.target = target
        self.queryStart = queryStart >= 0 ? queryStart : nil
        self.headers = headers
        self.body = body
        self.contentTypeIsJSON = contentTypeIsJSON
        self.requestIDField = requestIDField >= 0 ? requestIDField : nil
    }

    /// Where `?` is in the target, or nil: found once, by the parser (`HeadRecorder.queryOffset`),
    /// for routing, the query's readers and the POST check alike.
    public let queryStart: Int?

    static func queryStart(of target: Span<UInt8>) -> Int? {
        var i = 0
        while i < target.count {
            if target[i] == UInt8(ascii: "?") { return i }
            i &+= 1
        }
        return nil
    }

    /// The target up to `?`.
    public var path: Span<UInt8> {
        @_lifetime(copy self) get {
            guard let q = queryStart else { return target }
            return target.extracting(0..<q)
        }
    }

    /// The part after `?` (empty when there is none; see `queryStart`).
    public var query: Span<UInt8> {
        @_lifetime(copy self) get {
            guard let q = queryStart else { return target.extracting(0..<0) }
            return target.extracting((q + 1)..<target.count)
        }
    }

    /// Builds a request from owned values and lends it to `body` (tests, fuzzers, tools; the
    /// engine lends views over its own buffers instead).
    public static func with<R>(method: HTTPMethod, target: String, versionMinor: Int = 1,
                               headers: [(String, String)] = [], body: [UInt8] = [],
                               _ use: (borrowing HTTPRequest) throws -> R) rethrows -> R {
        var bytes = ByteBuffer()
        bytes.writeString(target)
        var fields: [HTTPHeaders.Field] = []
        for (name, value) in headers {
            let n = bytes.writerIndex
            bytes.writeString(name)
            let v = bytes.writerIndex
            bytes.writeString(value)
            fields.append(HTTPHeaders.Field(name: n..<v, value: v..<bytes.writerIndex))
        }
        let targetCount = target.utf8.count
        let all = bytes.readableBytesSpan
        return try use(HTTPRequest(method: method, versionMinor: versionMinor,
                                   target: all.extracting(0..<targetCount),
                                   headers: HTTPHeaders(bytes: all, fields: fields.span), body: body.span))
    }
}
