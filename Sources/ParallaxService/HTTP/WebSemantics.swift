import HTTPServer

/// The HTTP semantics around every answer (docs/api.md#caching, #cors, #compression). The route
/// writes its answer (or a problem); then `finish` adds CORS, validators, freshness and the
/// content coding, and turns a matching `If-None-Match` into 304 (412 for POST). `OPTIONS` never
/// reaches a route: `preflight` answers it. What applies follows from the route's table entry
/// (Route.swift). One instance per `ParallaxApp`, so per event loop: the gzip stream and its
/// output buffer are reused without locks. A streamed answer, whose size is unknown when its head
/// goes out, takes gzip whenever `ContentNegotiation` allows it, sends the tag of that
/// coding (it needs only the request) with the other fields, then feeds `Gzip` chunk by chunk
/// (`CodedBodyProducer`; `ParallaxApp.answer` asks `streamCoding` before it sets the producer).
/// A document (`StaticDocument`) brings its bytes, gzip form and tags, prepared at start-up.
/// A class: the app calls it on every request, and a struct held by the app would be copied
/// (its fields retained and released) for each non-mutating call.
final class WebSemantics {
    let cors: CORSPolicy
    /// `Cache-Control: public, max-age=N` of a validated route's GET (docs/api.md#caching).
    let cacheMaxAge: HTTPFieldLines
    /// The fixed lines of most answers, prepared and checked once: `Cache-Control: no-store`
    /// then the CORS fields of any origin (`*`), and the CORS fields then `Vary` of a
    /// representation, without and with `Accept` (indexed by `varyByAccept`). Used when the
    /// policy is `*`; a list of origins echoes the request's `Origin` (`addCORS`).
    private let noStoreAnyOrigin: HTTPFieldLines
    private let representationAnyOrigin: [HTTPFieldLines]
    private let contentEncodingGzip = HTTPFieldLines([("Content-Encoding", "gzip")])
    static let etag = HTTPFieldName(prefix: "ETag: ")
    /// Answers shorter than this go out as identity: below ~1 KiB gzip's 18-byte frame and the
    /// client's inflate cost more than the bytes saved (docs/api.md#compression).
    static let minimumGzipBytes = 1024
    private let gzip = Gzip()
    /// The compressed body; swapped with the response's, so both keep their capacity.
    @exclusivity(unchecked) private var scratch = ByteBuffer()

    init(options: ServiceOptions) {
        self.cors = options.cors
        self.cacheMaxAge = HTTPFieldLines([("Cache-Control", "public, max-age=\(options.cacheMaxAge)")])
        let anyOrigin = [("Access-Control-Allow-Origin", "*"), ("Access-Control-Expose-Headers", CORSPolicy.exposedHeaders)]
        self.noStoreAnyOrigin = HTTPFieldLines([("Cache-Control", "no-store")] + anyOrigin)
        self.representationAnyOrigin = [false, true].map { byAccept in
            HTTPFieldLines(anyOrigin + [("Vary", byAccept ? "Accept, Accept-Encoding" : "Accept-Encoding")])
        }
    }

    /// `OPTIONS` on a known route: 204 with `Allow` and, for an allowed origin, the CORS preflight
    /// fields (Fetch standard §3.2.3).
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
    func finish(_ request: borrowing HTTPRequest, _ route: Route?, _ produced: Produced, _ response: inout HTTPResponse) {
        let origin = request.headers["Origin"]
        guard response.status == .ok, let route, route.caching == .validated else {
            return addNoStore(origin: origin, &response)
        }
        let coding: ContentCoding
        /// A computed answer's tag is written into the head as digits (no String); a document's
        /// is prepared.
        var documentTag: String? = nil
        let hash: UInt64
        switch produced {
        case .streamed(let streamed):
            coding = streamed
            hash = entityTagHash(request, route, response.contentType)
        case .whole:
            // gzip only when the stream works (zlib could not allocate: identity, with its own tag).
            coding = response.bytes.readableBytes >= Self.minimumGzipBytes && gzip.isUsable
                ? ContentNegotiation.coding(acceptEncoding: request.headers.joined("Accept-Encoding")) : .identity
            hash = entityTagHash(request, route, response.contentType)
        case .document(let document):
            coding = document.coding(acceptEncoding: request.headers.joined("Accept-Encoding"))
            documentTag = document.tag(coding)
            hash = 0
            response.contentType = document.contentType
        }
        // Matched, not compared: `==` on a method is the derived equality of an enum with a
        // String payload (≈ 15 instructions a call, five calls a request, bench/callgrind).
        let isGet: Bool
        switch request.method {
        case .get, .head: isGet = true
        default: isGet = false
        }
        if let documentTag {
            response.appendField("ETag", documentTag)
        } else {
            response.appendField(Self.etag) { EntityTag.write(hash, coding: coding.token, into: &$0) }
        }
        if isGet { response.append(cacheMaxAge) }
        if let condition = request.headers.joined("If-None-Match"),
           EntityTag.ifNoneMatch(condition, matches: documentTag ?? EntityTag.tag(hash, coding: coding.token)) {
            if isGet {
                // RFC 9110 §15.4.5: the 200's ETag, Cache-Control and Vary, no content and no
                // representation metadata (Content-Type, Content-Encoding).
                response.status = .notModified
                response.contentType = nil
                response.dropBody()
                return addCORS(origin: origin, varyByEncoding: true, varyByAccept: route.negotiatesAccept, &response)
            }
            response.dropBody()
            response.headers = []
            Problem.preconditionFailed.write(into: &response)
            return addNoStore(origin: origin, &response)
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
        if coding == .gzip { response.append(contentEncodingGzip) }
        addCORS(origin: origin, varyByEncoding: true, varyByAccept: route.negotiatesAccept, &response)
    }

    /// The hash of a computed answer's strong tag (EntityTag.swift, spelled by `EntityTag.tag`):
    /// of the request (known before any body byte, so streamed answers can send it first) and
    /// the media type. Documents bring theirs (`StaticDocument`).
    func entityTagHash(_ request: borrowing HTTPRequest, _ route: Route, _ contentType: String?) -> UInt64 {
        let variant = contentType ?? ""
        if case .post = request.method {
            return EntityTag.hash(route: route.path, representation: request.body, isQuery: false,
                                  variant: variant, version: EntityTag.answerVersion)
        }
        return EntityTag.hash(route: route.path, representation: request.query, isQuery: true,
                              variant: variant, version: EntityTag.answerVersion)
    }

    /// `Cache-Control: no-store` and the CORS fields (problems and operational answers).
    func addNoStore(origin: String?, _ response: inout HTTPResponse) {
        if cors.origins == .any { return response.append(noStoreAnyOrigin) }
        response.appendField("Cache-Control", "no-store")
        addCORS(origin: origin, varyByEncoding: false, &response)
    }

    /// `Access-Control-Allow-Origin` and `-Expose-Headers` when the origin is allowed, and one
    /// `Vary`: `Accept-Encoding` for representations that may be gzip-coded, `Origin` when the
    /// policy is a list. Literal values, no arrays: this runs on every answer.
    /// The three layout routes add `Accept`: it chooses JSON or the SVG picture (docs/api.md#pictures), so a
    /// cache must key on it (RFC 9110 §12.5.5).
    func addCORS(origin: String?, varyByEncoding: Bool, varyByAccept: Bool = false, _ response: inout HTTPResponse) {
        if varyByEncoding && cors.origins == .any {
            return response.append(representationAnyOrigin[varyByAccept ? 1 : 0])
        }
        if let allowed = cors.allowOrigin(for: origin) {
            response.appendField("Access-Control-Allow-Origin", allowed)
            response.appendField("Access-Control-Expose-Headers", CORSPolicy.exposedHeaders)
        }
        switch (varyByEncoding, cors.variesByOrigin) {
        case (true, true): response.appendField("Vary", varyByAccept ? "Accept, Accept-Encoding, Origin" : "Accept-Encoding, Origin")
        case (true, false): response.appendField("Vary", varyByAccept ? "Accept, Accept-Encoding" : "Accept-Encoding")
        case (false, true): response.appendField("Vary", "Origin")
        case (false, false): break
        }
    }
}
