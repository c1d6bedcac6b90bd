import HTTPServer
import ParallaxLayout

/// The application: one instance per event loop, called only on that loop's thread, so the JSON
/// parser and buffers are reused without locks; `metrics` is the one shared object.
///
/// A request is routed once against the route table (Route.swift), whose entry says everything
/// about it: its methods (405, `Allow`, the preflight), its caching, and its handler, carried out
/// by `produce`. The six model routes go through one generic path, `answer(_:body:…)` over an
/// `Endpoint` (Endpoint.swift), which hands a cursor to `deliver`: a small answer is written
/// whole, a large one streamed as the socket drains (docs/operations.md#bounded-memory).
/// `WebSemantics` wraps every answer in CORS, ETag/304, Cache-Control and gzip (docs/api.md).
/// Wiring: `ParallaxApp.responderFactory(options)` (ServiceOptions.swift).
public final class ParallaxApp: HTTPResponder {
    let options: ServiceOptions
    let metrics: ServiceMetrics
    private let isDraining: @Sendable () -> Bool
    private let openConnections: @Sendable () -> Int
    private let refusals: @Sendable () -> ServiceMetrics.Refusals
    let parser = JSONParser()
    /// Written on the app's own loop only, like `readerScratch`: unchecked, since a checked
    /// access cost ≈ 67 instructions a request (`swift_beginAccess`, bench/callgrind).
    @exclusivity(unchecked) private var accessLog: AccessLog?
    /// The JSON readers' path and key buffers, reused from request to request.
    /// (Loop-confined like the whole app: no dynamic exclusivity checks on these per-request vars.)
    @exclusivity(unchecked) var readerScratch = InputReader.Scratch()
    /// CORS, caching and compression around every answer (docs/api.md#caching).
    let web: WebSemantics
    /// The route table (Route.swift), its documents prepared before the first request.
    let routes = Route.table
    /// The table index of the request just answered, for its record (the engine calls `record`
    /// right after `respond`); nil after an engine error, whose record is routed from its path.
    @exclusivity(unchecked) private var answeredRoute: Int?
    /// Answers estimated above this many bytes are streamed as the socket drains; smaller ones
    /// are written whole with a Content-Length (the fast path).
    var streamThreshold = 64 * 1024
    /// The public listener, or the one of `--metrics-address` (MetricsOptions.swift).
    let listener: Listener
    /// The public listener does not serve `/metrics` (it is elsewhere, or off).
    let hidesMetrics: Bool

    /// `isDraining` and `openConnections` read the engine's `ServerState` (connections are
    /// counted there, once).
    public convenience init(options: ServiceOptions, metrics: ServiceMetrics,
                isDraining: @escaping @Sendable () -> Bool = { false },
                openConnections: @escaping @Sendable () -> Int = { 0 }) {
        self.init(options: options, metrics: metrics, isDraining: isDraining, openConnections: openConnections,
                  refusals: { ServiceMetrics.Refusals() }, listener: .public)
    }

    /// With the engine's refusal counters (`/metrics`) and the listener it serves.
    init(options: ServiceOptions, metrics: ServiceMetrics, isDraining: @escaping @Sendable () -> Bool,
         openConnections: @escaping @Sendable () -> Int, refusals: @escaping @Sendable () -> ServiceMetrics.Refusals,
         listener: Listener) {
        self.listener = listener
        self.hidesMetrics = listener == .public && options.metricsAddress != .sameAsPublic
        self.refusals = refusals
        self.options = options
        self.metrics = metrics
        self.isDraining = isDraining
        self.openConnections = openConnections
        self.accessLog = options.accessLog ? AccessLog(format: options.logFormat) : nil
        self.web = WebSemantics(options: options)
        NameTables.build()
    }

    public func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        var index = Route.index(of: request.path)
        // A route this listener does not serve is an unknown path, counted as unmatched.
        if index < routes.count, hides(routes[index]) { index = routes.count }
        answeredRoute = index
        guard index < routes.count else {
            if case .options = request.method, request.path.count == 1 && request.path[0] == UInt8(ascii: "*") {
                // RFC 9110 §9.3.7: `OPTIONS *` asks about the server itself: the methods of its routes.
                response.status = .noContent
                response.appendField("Allow", "GET, HEAD, POST, OPTIONS")
                return web.finish(request, nil, .whole, &response)
            }
            Problem.notFound(String(copying: request.path)).write(into: &response)
            return web.finish(request, nil, .whole, &response)
        }
        let route = routes[index]
        if case .options = request.method {
            return web.preflight(request, route, into: &response)
        }
        guard route.allows(request.method) else {
            Problem.methodNotAllowed(route.allow).write(into: &response)
            return web.finish(request, route, .whole, &response)
        }
        let produced = produce(request, route, into: &response)
        web.finish(request, route, produced, &response)
    }

    /// The route's answer or a problem, before the fields of `WebSemantics.finish`.
    private func produce(_ request: borrowing HTTPRequest, _ route: Route, into response: inout HTTPResponse) -> Produced {
        switch route.handler {
        case .pagingLayout: return endpoint(LayoutEndpoint<PagingInput>.self, route, request, into: &response)
        case .headerLayout: return endpoint(LayoutEndpoint<HeaderInput>.self, route, request, into: &response)
        case .scrollLayout: return endpoint(LayoutEndpoint<ScrollInput>.self, route, request, into: &response)
        // A keyframes answer may be refused after its head was framed (a fluid stylesheet's
        // check, `AnswerProducer.prepare`): its problem's CORS fields need the Origin.
        case .pagingKeyframes:
            return endpoint(KeyframesEndpoint<PagingInput>.self, route, request, origin: request.headers["Origin"], into: &response)
        case .headerKeyframes:
            return endpoint(KeyframesEndpoint<HeaderInput>.self, route, request, origin: request.headers["Origin"], into: &response)
        case .scrollKeyframes:
            return endpoint(KeyframesEndpoint<ScrollInput>.self, route, request, origin: request.headers["Origin"], into: &response)
        case .document(let document):
            return .document(document)
        case .health:
            writeStatus("{\"status\":\"ok\"}", into: &response)
        case .readiness:
            if isDraining() { Problem.draining.write(into: &response); return .whole }
            writeStatus("{\"status\":\"ready\"}", into: &response)
        case .metrics:
            response.contentType = "text/plain; version=0.0.4; charset=utf-8"
            let open = openConnections()
            let refused = refusals()
            response.writeBody { metrics.render(into: &$0, openConnections: open, refusals: refused) }
        }
        return .whole
    }

    private func writeStatus(_ json: StaticString, into response: inout HTTPResponse) {
        response.contentType = "application/json"
        response.writeBody { $0.writeStaticString(json) }
    }

    // MARK: - The model routes: one request body, one generic path

    /// The JSON text of a model request: the POST body (when its Content-Type is JSON), or the GET
    /// query rewritten as the equivalent JSON (QueryParameters), lent to `use`; nil (and the
    /// problem written) when there is none.
    @inline(__always)
    func withRequestJSON<R>(_ request: borrowing HTTPRequest, into response: inout HTTPResponse,
                            _ use: (Span<UInt8>, inout HTTPResponse) -> R?) -> R? {
        if case .post = request.method {
            // docs/api.md#errors: a body is read as JSON only when it says it is (415 otherwise,
            // also without a Content-Type: RFC 9110 §8.3 lets a recipient guess, we do not).
            // The engine has judged the field already (`contentTypeIsJSON`); it is looked up only
            // to quote a refused one.
            switch request.contentTypeIsJSON {
            case true?:
                return use(request.body, &response)
            case false?:
                let value = request.headers.firstIndex(of: "Content-Type").map { String(copying: request.headers.value(at: $0)) }
                Problem.unsupportedMediaType(value).write(into: &response)
                return nil
            case nil:
                Problem.unsupportedMediaType(nil).write(into: &response)
                return nil
            }
        }
        let parser = self.parser
        let query = request.queryStart == nil ? nil : Substring(String(copying: request.query))
        let checked = QueryParameters.json(from: query) { text in
            switch parser.parse(text.span, { _ in () }) {
            case .success: nil
            case .failure(let e): "must be JSON text: \(e.message) at byte \(e.position)"
            }
        }
        switch checked {
        case .success(let json): return use(json.readableBytesSpan, &response)
        case .failure(let e):
            Problem.invalid(e.issues).write(into: &response)
            return nil
        }
    }

    /// `origin`: the request's `Origin`, read only for the answers that may be refused while
    /// they stream (keyframes).
    private func endpoint<E: Endpoint>(_: E.Type, _ route: Route, _ request: borrowing HTTPRequest, origin: String? = nil,
                                       into response: inout HTTPResponse) -> Produced {
        // Only read when it matters (curl and apps send neither; browsers do).
        let accept = route.negotiatesAccept ? request.headers["Accept"] : nil
        let coding = web.streamCoding(acceptEncoding: request.headers.joined("Accept-Encoding"), route)
        return withRequestJSON(request, into: &response) { body, response in
            answer(E.self, body: body, accept: accept, coding: coding, origin: origin, into: &response)
        } ?? .whole
    }

    /// The one path of the model routes. The answer is written (or its producer set) while the
    /// document is open; only the issues of an invalid request leave the closure.
    /// `origin`: the request's `Origin`, for the fields of a problem decided while streaming
    /// (`AnswerProducer.prepare`).
    func answer<E: Endpoint>(_: E.Type, body: Span<UInt8>, accept: String? = nil, coding: ContentCoding = .identity,
                             origin: String? = nil, into response: inout HTTPResponse) -> Produced {
        let limits = options.limits
        var produced = Produced.whole
        let outcome: Result<[ValidationIssue]?, JSONSyntaxError> = parser.parse(body) { root in
            var reader = InputReader(reusing: &readerScratch)
            defer { reader.release(into: &readerScratch) }
            let request = E.read(root, &reader, accept: accept)
            if !reader.issues.isEmpty { return reader.issues + E.valueIssues(request, limits: limits) }
            do throws(ValidationError) {
                let answered = try E.answer(request, limits: limits)
                switch consume answered {
                case .cursor(let cursor, let contentType):
                    let estimate = cursor.estimatedBytes
                    if let issue = AnswerBound.check(estimate, limits) { return [issue] }
                    if _slowPath(cursor.prepares && estimate <= streamThreshold) {
                        // An answer written whole is decided here (its check is as small as it
                        // is); a streamed one before its first byte, a step per slice of the loop.
                        var deciding = cursor
                        if let issues = Self.decide(&deciding) { return issues }
                        produced = deliver(deciding, estimate: estimate, contentType: contentType, coding: coding, into: &response)
                    } else {
                        produced = deliver(consume cursor, estimate: estimate, contentType: contentType, coding: coding, origin: origin,
                                           into: &response)
                    }
                case .picture(let picture):
                    let estimate = picture.estimatedBytes
                    if let issue = AnswerBound.check(estimate, limits) { return [issue] }
                    produced = deliver(picture, estimate: estimate, contentType: "image/svg+xml", coding: coding, into: &response)
                }
            } catch { return error.issues }
            return nil
        }
        switch outcome {
        case .failure(let syntax):
            metrics.jsonParseErrors.add(1)
            Problem.malformedJSON(syntax).write(into: &response)
        case .success(let issues?):
            Problem.invalid(issues).write(into: &response)
        case .success(nil):
            break
        }
        return produced
    }

    /// Writes `answer` whole into the body, or, above `streamThreshold`, sets a producer that
    /// writes it as the socket drains (gzip-coded when `coding` says so).
    func deliver<A: AnswerCursor>(_ answer: consuming A, estimate: Int, contentType: String, coding: ContentCoding,
                                  origin: String? = nil, into response: inout HTTPResponse) -> Produced {
        var answer = answer  // moved, not copied
        response.contentType = contentType
        guard estimate > streamThreshold else {
            response.writeBody { JSONWriter.write(into: &$0) { w in while answer.writeNext(&w) {} } }
            return .whole
        }
        let web = self.web
        let fields = { (r: inout HTTPResponse) in web.addNoStore(origin: origin, &r) }
        switch coding {
        case .identity: response.stream(AnswerProducer(answer, problemFields: fields))
        case .gzip: response.stream(CodedBodyProducer(AnswerProducer(answer, problemFields: fields), coder: Gzip()))
        }
        return .streamed(coding)
    }

    /// Runs a cursor's preparation to its end: the issues of a refusal, nil when it may be written.
    static func decide<A: AnswerCursor>(_ cursor: inout A) -> [ValidationIssue]? {
        while true {
            switch cursor.prepare() {
            case .more: continue
            case .ready: return nil
            case .refused(let issues): return issues
            }
        }
    }

    // MARK: - Engine errors, metrics, log

    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        answeredRoute = nil
        switch error.kind {
        case .malformed: metrics.httpParseErrors.add(1)
        case .responseHeaderRefused: Log.line(options.logFormat, "error", error.detail)
        default: break
        }
        Problem.engine(error).write(into: &response)
        if error.kind == .unsupportedMediaType {
            // RFC 9110 §15.5.16: say what would have been accepted: JSON, not content-coded.
            response.appendField("Accept-Post", "application/json")
            response.appendField("Accept-Encoding", "identity")
        }
        // No request head to read an Origin from (it may not even have parsed): `*` policies
        // still mark the problem readable; a list policy cannot echo what it did not read.
        web.addNoStore(origin: nil, &response)
    }

    public func record(_ record: HTTPRequestRecord) {
        let index = answeredRoute ?? Route.index(ofTarget: record.path.utf8.span)
        answeredRoute = nil
        metrics.record(route: index, status: record.status, nanoseconds: record.durationNanoseconds,
                       bytesIn: record.bytesIn, bytesOut: record.bytesOut)
        accessLog?.write(record)
    }
}

/// What `produce` left in the response, for `WebSemantics.finish`.
enum Produced {
    /// A complete body (or a problem, or nothing) in the response's own buffer.
    case whole
    /// A producer set, applying this content coding.
    case streamed(ContentCoding)
    /// A prepared document: `finish` sends its bytes in the negotiated coding.
    case document(StaticDocument)
}
