import HTTPServer

/// The HTTP semantics around every answer (docs/api.md#caching, #cors, #compression). The route
/// writes its answer (or a problem); then `finish` adds CORS, validators, freshness and the
/// content coding, and turns a matching `If-None-Match` into 304 (412 for POST). `OPTIONS` never
/// reaches a route: `preflight` answers it. What applies follows from the route's table entry
/// (Route.swift). One instance per `ParallaxApp`, so per event loop: the gzip stream and its
/// output buffer are reused without locks. A streamed answer, whose size is unknown when its head
/// goes out, takes gzip whenever `ContentNegotiation` allows it, sends `entityTag(…)` of that
/// coding (it needs only the request) with the other fields, then feeds `Gzip` chunk by chunk
/// (`CodedBodyProducer`; `ParallaxApp.answer` asks `streamCoding` before it sets the producer).
/// A document (`StaticDocument`) brings its bytes, gzip form and tags, prepared at start-up.
struct WebSemantics {
    let cors: CORSPolicy
    let cacheMaxAge: String
    /// Answers shorter than this go out as identity: below ~1 KiB gzip's 18-byte frame and the
    /// client's inflate cost more than the bytes saved (docs/api.md#compression).
    static let minimumGzipBytes = 1024
    private let gzip = Gzip()
    /// The compressed body; swapped with the response's, so both keep their capacity.
    private var scratch = ByteBuffer()

    init(options: ServiceOptions) {
        self.cors = options.cors
        self.cacheMaxAge = "public, max-age=\(options.cacheMaxAge)"
    }

    /// `OPTIONS` on a known route: 204 with `Allow` and, for an allowed origin, the CORS preflight
    /// fields (Fetch §3.2.3).
    func preflight(_ request: borrowing HTTPRequest, _ route: Route, into response: inout HTTPResponse) {
        response.status = .noContent
        response.headers += cors.preflight(origin: request.headers["Origin"],
                                           requestHeaders: request.headers["Access-Control-Request-Headers"],
                                           methods: route.allow)
    }

    /// The content coding of a streamed answer of `route`, chosen before its producer is set:
    /// gzip whenever the request accepts it (a streamed answer is far above 1 KiB).
    func streamCoding(acceptEncoding: String?, _ route: Route) -> ContentCoding {
        guard route.caching == .validated, gzip.isUsable, let acceptEncoding else { return .identity }
        return ContentNegotiation.coding(acceptEncoding: acceptEncoding)
    }

    /// After the route (or a problem) has filled `response`; `route` is nil when none matched.
    /// - Problems and operational answers (`/healthz`, `/readyz`, `/metrics`): CORS and
    ///   `Cache-Control: no-store` (a 503 while draining or a 413 under today's limits must not be
    ///   replayed by a cache; a 422 would be safe but is cheap to recompute).
    /// - 200 of a validated route: `ETag`, `Vary`, `Cache-Control` on GET/HEAD, gzip when asked
    ///   for and ≥ 1 KiB; a matching `If-None-Match` → 304 (GET/HEAD) or 412 (POST).
    mutating func finish(_ request: borrowing HTTPRequest, _ route: Route?, _ produced: Produced, _ response: inout HTTPResponse) {
        let origin = request.headers["Origin"]
        guard response.status == .ok, let route, route.caching == .validated else {
            response.headers.append(("Cache-Control", "no-store"))
            return addCORS(origin: origin, varyByEncoding: false, &response)
        }
        let coding: ContentCoding
        let tag: String
        switch produced {
        case .streamed(let streamed):
            coding = streamed
            tag = entityTag(request, route, response.contentType, coding)
        case .whole:
            // gzip only when the stream works (zlib could not allocate: identity, with its own tag).
            coding = response.bytes.readableBytes >= Self.minimumGzipBytes && gzip.isUsable
                ? ContentNegotiation.coding(acceptEncoding: request.headers.joined("Accept-Encoding")) : .identity
            tag = entityTag(request, route, response.contentType, coding)
        case .document(let document):
            coding = document.coding(acceptEncoding: request.headers.joined("Accept-Encoding"))
            tag = document.tag(coding)
            response.contentType = document.contentType
        }
        let isGet = request.method == .get || request.method == .head
        response.headers.append(("ETag", tag))
        if isGet { response.headers.append(("Cache-Control", cacheMaxAge)) }
        if let condition = request.headers.joined("If-None-Match"), EntityTag.ifNoneMatch(condition, matches: tag) {
            if isGet {
                // RFC 9110 §15.4.5: the 200's ETag, Cache-Control and Vary, no content and no
                // representation metadata (Content-Type, Content-Encoding).
                response.status = .notModified
                response.contentType = nil
                response.dropBody()
                return addCORS(origin: origin, varyByEncoding: true, varyByAccept: route.negotiatesAccept, &response)
            }
            response.dropBody()
            response.headers.removeAll(keepingCapacity: true)
            Problem.preconditionFailed.write(into: &response)
            response.headers.append(("Cache-Control", "no-store"))
            return addCORS(origin: origin, varyByEncoding: false, &response)
        }
        switch produced {
        case .document(let document):
            response.send(document.bytes(coding))
        case .whole where coding == .gzip:
            gzip.compress(response.bytes, into: &scratch)
            gzip.finish(into: &scratch)
            response.writeBody { swap(&$0, &scratch) }
            scratch.clear(keepingCapacityUpTo: 1 << 20)
        default:
            break
        }
        if coding == .gzip { response.headers.append(("Content-Encoding", "gzip")) }
        addCORS(origin: origin, varyByEncoding: true, varyByAccept: route.negotiatesAccept, &response)
    }

    /// The strong tag of a computed answer about to be sent (EntityTag.swift): the hash of the
    /// request (known before any body byte, so streamed answers can send it first) and the media
    /// type. Documents bring theirs (`StaticDocument`).
    func entityTag(_ request: borrowing HTTPRequest, _ route: Route, _ contentType: String?, _ coding: ContentCoding) -> String {
        let variant = contentType ?? ""
        if request.method == .post {
            return EntityTag.strong(route: route.path, span: request.body, isQuery: false,
                                    variant: variant, coding: coding.token)
        }
        return EntityTag.strong(route: route.path, span: request.query, isQuery: true,
                                variant: variant, coding: coding.token)
    }

    /// `Access-Control-Allow-Origin` and `-Expose-Headers` when the origin is allowed, and one
    /// `Vary`: `Accept-Encoding` for representations that may be gzip-coded, `Origin` when the
    /// policy is a list. Literal values, no arrays: this runs on every answer.
    /// The three layout routes add `Accept`: it chooses JSON or the SVG picture (docs/api.md#pictures), so a
    /// cache must key on it (RFC 9110 §12.5.5).
    func addCORS(origin: String?, varyByEncoding: Bool, varyByAccept: Bool = false, _ response: inout HTTPResponse) {
        if let allowed = cors.allowOrigin(for: origin) {
            response.headers.append(("Access-Control-Allow-Origin", allowed))
            response.headers.append(("Access-Control-Expose-Headers", CORSPolicy.exposedHeaders))
        }
        switch (varyByEncoding, cors.variesByOrigin) {
        case (true, true): response.headers.append(("Vary", varyByAccept ? "Accept, Accept-Encoding, Origin" : "Accept-Encoding, Origin"))
        case (true, false): response.headers.append(("Vary", varyByAccept ? "Accept, Accept-Encoding" : "Accept-Encoding"))
        case (false, true): response.headers.append(("Vary", "Origin"))
        case (false, false): break
        }
    }
}
