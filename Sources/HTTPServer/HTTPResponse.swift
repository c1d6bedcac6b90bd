/// The response an application fills in. The engine adds `Date`, `Server`, the framing
/// (`Content-Length` or `Transfer-Encoding: chunked`) and `Connection`; the application sets
/// status, content type, extra headers, and either a complete `body` or a body producer.
/// `body` keeps its capacity between requests on the same loop: write into it, do not replace it.
public struct HTTPResponse {
    public var status: HTTPStatus
    public var contentType: String?
    /// Extra headers such as `Allow`. Do not set Content-Length, Date, Server, Connection or
    /// Transfer-Encoding here.
    public var headers: [(name: String, value: String)]
    /// The complete body; ignored when a producer is set with `stream(_:)`.
    public var body: ByteBuffer
    /// Ask the engine to close the connection after this response.
    public var close: Bool
    /// The streamed body, if any: one existential per streamed answer (they are large, so the box
    /// is noise); the producer's own code stays specialised.
    public internal(set) var producer: (any HTTPBodyProducer)?

    public init(status: HTTPStatus = .ok, contentType: String? = nil,
                headers: [(name: String, value: String)] = [], body: ByteBuffer = ByteBuffer(), close: Bool = false) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.close = close
        self.producer = nil
    }

    /// Answer with a body produced piece by piece as the socket drains (see `HTTPBodyProducer`).
    public mutating func stream(_ producer: some HTTPBodyProducer) {
        self.producer = producer
    }

    /// Drops the body, whole or streamed (a 304 or 412 decided after the answer was set).
    public mutating func dropBody() {
        body.clear(keepingCapacityUpTo: 1 << 20)
        producer = nil
    }

    /// Makes the value ready for the next request while keeping the body's capacity (up to
    /// 1 MiB: one big answer must not pin its memory on the loop).
    public mutating func reset() {
        status = .ok
        contentType = nil
        if !headers.isEmpty { headers.removeAll(keepingCapacity: true) }
        body.clear(keepingCapacityUpTo: 1 << 20)
        close = false
        producer = nil
    }
}
