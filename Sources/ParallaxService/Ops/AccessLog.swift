import HTTPServer

/// The access log (docs/operations.md#logs): one line per response, in the log's format and on its
/// stream (Log.swift), built in a buffer reused by its event loop, so the hot path allocates
/// nothing for it beyond the strings the record carries.
struct AccessLog {
    let format: LogFormat
    private var line = ByteBuffer(capacity: 512)

    init(format: LogFormat) {
        self.format = format
    }

    /// What a request adds to the engine's record: its route, its ids and who sent it.
    struct Fields: Sendable {
        /// The route pattern (`/v1/paging`, `unmatched`), as the metrics label it.
        var route: String = "unmatched"
        /// The client: the peer, or the address a trusted proxy names (`--trusted-proxies`).
        var client: String?
        var userAgent: String?
        /// The forwarding fields as received, read only when a proxy is trusted; `client` is
        /// decided from them and the peer when the record arrives (`resolveClient`).
        var forwarded: String?
        var xForwardedFor: String?
        /// The request's method and path, to tell its record from another's: a head held while
        /// its answer prepares is recorded later, after other requests were answered.
        var method: HTTPMethod?
        var path: String?
        /// The answer's `X-Request-Id` (docs/operations.md#request-ids).
        var requestId: String?
        /// The W3C Trace Context received, when valid (TraceContext.swift).
        var trace: TraceContext?

        /// The fields of one request, read from its head (only while the access log is on).
        init(_ request: borrowing HTTPRequest, route: String, readsForwarding: Bool) {
            self.route = route
            method = request.method
            path = String(copying: request.path)
            userAgent = request.headers.joined("User-Agent")
            trace = TraceContext.parse(traceparent: request.headers.joined("traceparent"),
                                       tracestate: request.headers.joined("tracestate"))
            if readsForwarding {
                forwarded = request.headers.joined("Forwarded")
                xForwardedFor = request.headers.joined("X-Forwarded-For")
            }
        }

        init(route: String = "unmatched", client: String? = nil, userAgent: String? = nil, requestId: String? = nil) {
            self.route = route
            self.client = client
            self.userAgent = userAgent
            self.requestId = requestId
        }

        /// These fields carried by an answer's record (`HTTPResponse.note`): those of an answer
        /// whose head waited while it prepared, recorded after other requests were answered.
        final class Note: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        /// Whether these are the fields of the request `record` reports.
        func belong(to record: HTTPRequestRecord) -> Bool {
            method == record.method && path == record.path
        }

        mutating func resolveClient(peer: String, _ trusted: TrustedProxies) {
            guard forwarded != nil || xForwardedFor != nil else { return }
            client = trusted.client(peer: peer, forwarded: forwarded, xForwardedFor: xForwardedFor)
        }
    }

    /// Longest a client-controlled value is written (bytes, before escaping): a line stays
    /// bounded whatever a request carries (docs/operations.md#logs).
    static let maxPathBytes = 1024
    static let maxUserAgentBytes = 256

    mutating func write(_ r: HTTPRequestRecord, _ fields: Fields) {
        Self.render(r, fields, format: format, into: &line)
        Log.write(&line)
        line.clear()
    }

    /// Appends one log line, newline included.
    static func render(_ r: HTTPRequestRecord, _ fields: Fields, format: LogFormat, into line: inout ByteBuffer) {
        JSONWriter.write(into: &line) { render(r, fields, format: format, &$0) }
        line.writeByte(10)
    }

    private static func render(_ r: HTTPRequestRecord, _ f: Fields, format: LogFormat, _ w: inout JSONWriter) {
        let millis = Double(r.durationNanoseconds / 1000) / 1000
        let client = f.client ?? r.remoteAddress
        switch format {
        case .json:
            Log.start(&w, level: r.status >= 500 ? "error" : "info", event: "request")
            w.field("method", bounded(r.method.name, 32))
            w.field("route", f.route)
            w.field("path", bounded(r.path, maxPathBytes))
            w.field("status", r.status)
            w.field("bytesIn", r.bytesIn)
            w.field("bytesOut", r.bytesOut)
            w.field("durationMs", millis)
            w.field("client", client)
            w.field("peer", r.remoteAddress)
            optional(&w, "userAgent", f.userAgent.map { bounded($0, maxUserAgentBytes) })
            optional(&w, "requestId", f.requestId)
            optional(&w, "traceId", f.trace?.traceId)
            optional(&w, "parentId", f.trace?.parentId)
            optional(&w, "tracestate", f.trace?.tracestate)
            w.objectEnd()
        case .text:
            w.text { out in
                Timestamp.append(&out)
                out.writeByte(UInt8(ascii: " "))
                out.writeString(client)
                out.writeByte(UInt8(ascii: " "))
            }
            // The path and the user agent are client-controlled: quoted as JSON strings so they
            // cannot forge lines.
            w.stringValue(bounded(r.method.name, 32) + " " + bounded(r.path, maxPathBytes))
            w.text { $0.writeString(" \(r.status) in=\(r.bytesIn) out=\(r.bytesOut) \(millis)ms") }
            if let agent = f.userAgent { w.text { $0.writeByte(UInt8(ascii: " ")) }; w.stringValue(bounded(agent, maxUserAgentBytes)) }
            // Both are tokens of safe bytes (RequestIDs.isSane, hex digits): written as they are.
            if let id = f.requestId { w.text { $0.writeString(" id=" + id) } }
            if let t = f.trace { w.text { $0.writeString(" trace=" + t.traceId + "-" + t.parentId) } }
        }
    }

    private static func optional(_ w: inout JSONWriter, _ name: StaticString, _ value: String?) {
        w.key(name)
        if let value { w.string(value) } else { w.null() }
    }

    /// `s` cut to at most `bytes` UTF-8 bytes (a sequence cut in two becomes U+FFFD), marked `…`.
    static func bounded(_ s: String, _ bytes: Int) -> String {
        s.utf8.count <= bytes ? s : String(decoding: s.utf8.prefix(bytes), as: UTF8.self) + "…"
    }
}

extension HTTPMethod {
    /// The method token as sent.
    var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .patch: "PATCH"
        case .other(let s): s
        }
    }
}
