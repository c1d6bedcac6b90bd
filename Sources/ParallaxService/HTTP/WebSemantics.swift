import HTTPServer

/// The finishing step: the one place an answer gets its HTTP semantics (docs/api.md#caching,
/// #cors, #compression) after the route said what to answer (a `Reply`, or a model's cursor):
/// the body (written whole, streamed, or a document's prepared bytes), CORS, validators,
/// freshness and the content coding, a matching `If-None-Match` turned into 304 (412 for POST),
/// and every problem's fields, the engine's errors' and a prepared answer's refusal's included
/// (`finish(_:_:_:)` with a `Problem`). The engine frames what it leaves (ResponseOutput.swift).
/// One instance per `ParallaxApp`, so per event loop: the gzip stream and its output buffer are
/// reused without locks. A streamed answer, whose size is unknown when its head goes out, takes
/// gzip whenever `ContentNegotiation` allows it, sends the tag of that coding (it needs only the
/// request) with the other fields, then feeds `Gzip` chunk by chunk (`CodedBodyProducer`).
/// A document (`StaticDocument`) brings its bytes, gzip form and tags, prepared at start-up.
/// A class: the app calls it on every request, and a struct held by the app would be copied
/// (its fields retained and released) for each non-mutating call.
final class WebSemantics {
    let cors: CORSPolicy
    /// `Cache-Control: public, max-age=N` of a validated route's GET (docs/api.md#caching).
    let cacheMaxAge: HTTPFieldLines
    /// `Cache-Control: no-cache` of a document's GET: its bytes are the build's (the module, the
    /// demo, the contract), so a cache keeps them but asks again on every use, and the first use
    /// after an upgrade gets the new bytes (their tag differs; docs/api.md#caching,
    /// RFC 9111 §5.2.2.4). The question costs a 304 while the build is the same.
    private let revalidate = HTTPFieldLines([("Cache-Control", "no-cache")])
    /// The fixed lines of most answers, prepared and checked once: `Cache-Control: no-store`
    /// then the CORS fields of any origin (`*`), and the CORS fields then `Vary` of a
    /// representation, without and with `Accept` (indexed by `varyByAccept`). Used when the
    /// policy is `*`; a list of origins echoes the request's `Origin` (`seal`).
    private let noStoreAnyOrigin: HTTPFieldLines
    private let representationAnyOrigin: [HTTPFieldLines]
    private let contentEncodingGzip = HTTPFieldLines([("Content-Encoding", "gzip")])
    /// `Cache-Control: no-store` alone: the answers web pages may not read (`/metrics`).
    private let noStore = HTTPFieldLines([("Cache-Control", "no-store")])
    /// `X-Request-Id` of every answer (RequestID.swift, docs/operations.md#request-ids), and the
    /// last made id (the first is 1).
    let requestIDs = RequestIDs()
    /// Of the request being answered, set by `begin` before its route runs: which id its answer
    /// ends with, and whether web pages may read it (all routes but `/metrics`, `Route.hasCORS`).
    private(set) var stamp = RequestIDs.Stamp.made(0)
    private var readable = true
    static let etag = HTTPFieldName(prefix: "ETag: ")
    /// Answers shorter than this go out as identity: below ~1 KiB gzip's 18-byte frame and the
    /// client's inflate cost more than the bytes saved (docs/api.md#compression).
    static let minimumGzipBytes = 1024
    private let gzip = Gzip()
    /// The compressed body; swapped with the response's, so both keep their capacity.
    private var scratch = ByteBuffer()

    init(options: ServiceOptions) {
        self.cors = options.cors
        self.cacheMaxAge = HTTPFieldLines([("Cache-Control", "public, max-age=\(options.cacheMaxAge)")])
        let anyOrigin = [("Access-Control-Allow-Origin", "*"), ("Access-Control-Expose-Headers", CORSPolicy.exposedHeaders)]
        self.noStoreAnyOrigin = HTTPFieldLines([("Cache-Control", "no-store")] + anyOrigin)
        self.representationAnyOrigin = [false, true].map { byAccept in
            HTTPFieldLines(anyOrigin + [("Vary", byAccept ? "Accept, Accept-Encoding" : "Accept-Encoding")])
        }
    }

    /// The finishing step of the answers that carry no computed body: what the route wrote
    /// (`Reply.written`), a problem, a document, a preflight (`Reply`).
    /// - Operational answers (`/healthz`, `/readyz`, `/metrics`, `OPTIONS *`) and problems: CORS
    ///   and `Cache-Control: no-store` (a 503 while draining or a 413 under today's limits must
    ///   not be replayed by a cache; a 422 would be safe but is cheap to recompute).
    /// - A document: its prepared tag and bytes in the negotiated coding (`represent`).
    func finish(_ request: borrowing HTTPRequest, _ reply: Reply, _ response: inout HTTPResponse) {
        switch reply {
        case .written:
            seal(echo(request), .noStore, &response)
        case .problem(let problem):
            finish(problem, echo(request), &response)
        case .document(let document):
            let coding = document.coding(acceptEncoding: request.headers.joined("Accept-Encoding"))
            response.contentType = document.contentType
            if represent(request, coding, documentTag: document.tag(coding), hash: 0, varyByAccept: false, &response) {
                response.send(document.bytes(coding))
            }
        case .preflight(let methods):
            // 204 with `Allow` and, for an allowed origin, the CORS preflight fields (Fetch
            // standard, section 3.2.3); none for a route web pages may not read, so the browser refuses.
            response.status = .noContent
            guard readable else { return response.appendField("Allow", methods) }
            response.headers += cors.preflight(origin: request.headers["Origin"],
                                               requestHeaders: request.headers["Access-Control-Request-Headers"],
                                               methods: methods)
        }
    }

    /// The finishing step of a computed answer (a model route's cursor, already within its bound,
    /// `AnswerBound`): where it is decided, once, whether the answer is written whole (estimated
    /// at most `streamThreshold` bytes: a Content-Length, gzip when asked for and ≥ 1 KiB) or
    /// streamed as the socket drains, and by which producer (`AnswerProducer`, gzip-coded by
    /// `CodedBodyProducer` whenever `ContentNegotiation` allows: a streamed answer is far above
    /// 1 KiB, and its size is unknown when its head goes out). An answer that `prepares` (a
    /// fluid stylesheet's check) is decided here when written whole (its check is as small as it
    /// is), else by the engine before its first byte, a step per slice of the loop; its refusal
    /// is then finished by `finish(_:_:_:)` with the echo kept by the producer.
    func finish<A: AnswerCursor>(_ request: borrowing HTTPRequest, _ route: Route, answer: consuming A, estimate: Int,
                                 contentType: String, streamThreshold: Int, _ response: inout HTTPResponse) {
        var answer = answer  // moved, not copied
        guard estimate > streamThreshold else {
            if _slowPath(answer.prepares), let refusal = Preparation.decide({ answer.prepare() }) {
                return finish(.invalid(refusal.issues), echo(request), &response)
            }
            response.contentType = contentType
            response.writeBody { JSONWriter.write(into: &$0) { w in while answer.writeNext(&w) {} } }
            // gzip only when the stream works (zlib could not allocate: identity, with its own tag).
            let coding = response.bytes.readableBytes >= Self.minimumGzipBytes && gzip.isUsable
                ? ContentNegotiation.coding(acceptEncoding: request.headers.joined("Accept-Encoding")) : .identity
            let hash = entityTagHash(request, route, contentType)
            if represent(request, coding, documentTag: nil, hash: hash, varyByAccept: route.negotiatesAccept, &response),
               coding == .gzip {
                gzip.compress(response.bytes, into: &scratch)
                gzip.finish(into: &scratch)
                response.writeBody { swap(&$0, &scratch) }
                scratch.clear(keepingCapacityUpTo: 1 << 20)
            }
            return
        }
        var coding = ContentCoding.identity
        if route.caching == .validated, gzip.isUsable, let acceptEncoding = request.headers.joined("Accept-Encoding") {
            coding = ContentNegotiation.coding(acceptEncoding: acceptEncoding)
        }
        response.contentType = contentType
        let producer = AnswerProducer(answer, refusal: echo(request, keepingID: true), finishedBy: self)
        switch coding {
        case .identity: response.stream(producer)
        case .gzip: response.stream(CodedBodyProducer(producer, coder: Gzip()))
        }
        _ = represent(request, coding, documentTag: nil, hash: entityTagHash(request, route, contentType),
                      varyByAccept: route.negotiatesAccept, &response)
    }

    /// The finishing step of a problem: the route's, an engine error's (`RequestEcho.none`: no
    /// request head to read), or a prepared answer's refusal (the echo its producer kept).
    func finish(_ problem: Problem, _ echo: RequestEcho, _ response: inout HTTPResponse) {
        problem.write(into: &response)
        seal(echo, .noStore, &response)
    }

    /// A 200 of a validated route, its body set: `ETag` (the document's, or the computed
    /// answer's `hash` in `coding`), `Cache-Control` on GET/HEAD; a matching `If-None-Match` → 304
    /// (GET/HEAD) or 412 (POST), and false: no body is to be added. Else `Content-Encoding` when
    /// gzip and the representation's CORS and `Vary`, and true: the caller sets the body in that
    /// coding.
    private func represent(_ request: borrowing HTTPRequest, _ coding: ContentCoding, documentTag: String?, hash: UInt64,
                           varyByAccept: Bool, _ response: inout HTTPResponse) -> Bool {
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
        if isGet { response.append(documentTag == nil ? cacheMaxAge : revalidate) }
        let ending = Ending.representation(varyByAccept: varyByAccept)
        if let condition = request.headers.joined("If-None-Match"),
           EntityTag.ifNoneMatch(condition, matches: documentTag ?? EntityTag.tag(hash, coding: coding.token)) {
            if isGet {
                // RFC 9110 §15.4.5: the 200's ETag, Cache-Control and Vary, no content and no
                // representation metadata (Content-Type, Content-Encoding).
                response.status = .notModified
                response.contentType = nil
                response.dropBody()
                seal(echo(request), ending, &response)
                return false
            }
            response.dropBody()
            response.headers = []
            finish(.preconditionFailed, echo(request), &response)
            return false
        }
        if coding == .gzip { response.append(contentEncodingGzip) }
        seal(echo(request), ending, &response)
        return true
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

    // MARK: - The request's id (docs/operations.md#request-ids)

    /// Before the route: the id the answer will carry (the caller's when one sane token came,
    /// else one made here), and whether web pages may read the answer.
    @inline(__always)
    func begin(_ request: borrowing HTTPRequest, readable: Bool) {
        self.readable = readable
        if let i = request.requestIDField, RequestIDs.isSane(request.headers.value(at: i)) {
            stamp = .caller(i)
        } else {
            stamp = .made(requestIDs.next())
        }
    }

    /// An engine error's: no head to read, so a made id, and readable as any problem.
    func beginEngineError() -> RequestIDs.ID {
        readable = true
        let n = requestIDs.next()
        stamp = .made(n)
        return .made(n)
    }

    /// The last field of every answer of `respond`: its `X-Request-Id`.
    @inline(__always)
    func end(_ request: borrowing HTTPRequest, _ response: inout HTTPResponse) {
        switch stamp {
        case .caller(let i): response.appendField(RequestIDs.field) { $0.writeBytes(request.headers.value(at: i)) }
        case .made(let n): requestIDs.stamp(made: n, &response)
        }
    }

    func endEngineError(_ response: inout HTTPResponse) {
        if case .made(let n) = stamp { requestIDs.stamp(made: n, &response) }
    }

    /// The id of the request being answered in full (a log line, a refusal decided later).
    func currentID(_ request: borrowing HTTPRequest) -> RequestIDs.ID {
        switch stamp {
        case .caller(let i): .caller(String(copying: request.headers.value(at: i)))
        case .made(let n): .made(n)
        }
    }

    /// What the answer's fields echo of `request`; `keepingID` for a producer's refusal, which
    /// comes after `respond` and so must carry the id itself.
    private func echo(_ request: borrowing HTTPRequest, keepingID: Bool = false) -> RequestEcho {
        RequestEcho(origin: request.headers["Origin"], readable: readable, id: keepingID ? currentID(request) : nil)
    }

    /// How an answer ends (`seal`).
    enum Ending {
        /// Problems and operational answers: `Cache-Control: no-store`, then CORS (and
        /// `Vary: Origin` when the policy is a list).
        case noStore
        /// A validated route's 200 or 304: CORS and `Vary` (`Accept-Encoding`, `Accept` when the
        /// route negotiates on it, `Origin` when the policy is a list).
        case representation(varyByAccept: Bool)
    }

    /// The fields every answer ends with, but a preflight's (`finish`, `.preflight`): the one
    /// place for a field all of them carry. `Access-Control-Allow-Origin` and `-Expose-Headers`
    /// when the origin is allowed, and one `Vary`: `Accept-Encoding` for representations that may
    /// be gzip-coded, `Origin` when the policy is a list. Literal values, no arrays: this runs on
    /// every answer. The three layout routes add `Accept`: it chooses JSON or the SVG picture
    /// (docs/api.md#pictures), so a cache must key on it (RFC 9110 §12.5.5).
    @inline(__always)
    func seal(_ echo: RequestEcho, _ ending: Ending, _ response: inout HTTPResponse) {
        sealCORS(echo, ending, &response)
        // An answer decided after `respond` (a prepared refusal) carries its request's id here;
        // every other gets it from `end`, the last field of `respond`.
        if let id = echo.id { requestIDs.stamp(id, &response) }
    }

    @inline(__always)
    private func sealCORS(_ echo: RequestEcho, _ ending: Ending, _ response: inout HTTPResponse) {
        if !echo.readable { return response.append(noStore) }
        let varyByEncoding: Bool, varyByAccept: Bool
        switch ending {
        case .noStore:
            if cors.origins == .any { return response.append(noStoreAnyOrigin) }
            response.appendField("Cache-Control", "no-store")
            (varyByEncoding, varyByAccept) = (false, false)
        case .representation(let byAccept):
            if cors.origins == .any { return response.append(representationAnyOrigin[byAccept ? 1 : 0]) }
            (varyByEncoding, varyByAccept) = (true, byAccept)
        }
        if let allowed = cors.allowOrigin(for: echo.origin) {
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

/// What of a request its answer's fields echo (CORS: its `Origin`), read by the finishing step,
/// and kept by a streamed answer's producer for the refusal it may send in the answer's place,
/// when the request is gone. An engine error has no request head to read: `none` (`*` policies
/// still mark its problem readable; a list policy cannot echo what it did not read).
struct RequestEcho {
    let origin: String?
    /// Whether web pages may read the answer (CORS fields): false for `/metrics`.
    var readable = true
    /// The request's id, for an answer decided after `respond` (`WebSemantics.seal`); nil when
    /// `respond` adds it (`WebSemantics.end`).
    var id: RequestIDs.ID?

    static let none = RequestEcho(origin: nil)
}

/// What a route answers, for the finishing step (`WebSemantics.finish`) to make into the
/// response; a model route's computed answer goes there as its cursor.
enum Reply {
    /// The route wrote status, content type and body itself (an operational answer, `OPTIONS *`).
    case written
    case problem(Problem)
    /// A document prepared at start-up: its bytes, gzip form and tags.
    case document(StaticDocument)
    /// `OPTIONS` on a known route, whose methods these are.
    case preflight(methods: String)
}
