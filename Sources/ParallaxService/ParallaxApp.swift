import HTTPServer
import ParallaxLayout

/// The application: one instance per event loop, called only on that loop's thread, so the JSON
/// parser and buffers are reused without locks; `metrics` is the one shared object.
///
/// A request is routed once against the route table (Route.swift), whose entry says everything
/// about it: its methods (405, `Allow`, the preflight), its caching, and its handler. The route
/// says what to answer (a `Reply`; the six model routes, one generic path over an `Endpoint`
/// (Endpoint.swift), their answer's cursor), and the finishing step, `WebSemantics.finish`, makes
/// it the response: written whole or streamed as the socket drains
/// (docs/operations.md#bounded-memory), with CORS, ETag/304, Cache-Control and gzip
/// (docs/api.md). The route's table index goes with the answer to its record
/// (`HTTPResponse.label`).
/// Wiring: `ParallaxApp.responderFactory(options)` (ServiceOptions.swift).
public final class ParallaxApp: HTTPResponder {
    let options: ServiceOptions
    let metrics: ServiceMetrics
    private let isDraining: @Sendable () -> Bool
    private let openConnections: @Sendable () -> Int
    private let refusals: @Sendable () -> ServiceMetrics.Refusals
    let parser = JSONParser()
    /// Written on the app's own loop only, like `readerScratch` and `answeredFields`: unchecked,
    /// since the three checked cost w1 ≈ 310 and w7 ≈ 140 instructions a request (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @exclusivity(unchecked) private var accessLog: AccessLog?
    /// The JSON readers' path and key buffers, reused from request to request.
    @exclusivity(unchecked) var readerScratch = InputReader.Scratch()
    /// CORS, caching and compression around every answer (docs/api.md#caching).
    let web: WebSemantics
    /// The route table (Route.swift), its documents prepared before the first request.
    let routes = Route.table
    /// The routes' path bytes (`Route.index(of:among:)`).
    private let routePaths = Route.paths
    /// The access-log fields of the request just answered, read from its head while the access
    /// log is on; taken by its record (the engine calls `record` right after `respond`, or, for a
    /// prepared answer, once it is decided: `belong(to:)` tells).
    @exclusivity(unchecked) private var answeredFields: AccessLog.Fields?
    /// Answers estimated above this many bytes are streamed as the socket drains; smaller ones
    /// are written whole with a Content-Length (the fast path).
    var streamThreshold = 64 * 1024
    /// The public listener, or the one of `--metrics-address` (MetricsOptions.swift).
    let listener: Listener
    /// The public listener does not serve `/metrics` (it is elsewhere, or off).
    let hidesMetrics: Bool
    /// The table index of `/metrics`, whose answers web pages may not read (`Route.hasCORS`):
    /// compared, since copying a route out of the table costs a retain and release a request.
    let metricsIndex = Route.table.firstIndex { !$0.hasCORS } ?? Route.table.count

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

    /// Every answer ends with its `X-Request-Id` (docs/operations.md#request-ids): 304s,
    /// preflights and problems included (`WebSemantics.begin`, `end`).
    public func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        var index = Route.index(of: request.path, among: routePaths)
        // A route this listener does not serve is an unknown path, counted as unmatched.
        if index < routes.count, hides(routes[index]) { index = routes.count }
        response.label = index
        web.begin(request, readable: index != metricsIndex)
        if accessLog != nil {
            var fields = AccessLog.Fields(request, route: Route.labels[index], readsForwarding: !options.trustedProxies.ranges.isEmpty)
            fields.requestId = web.requestIDs.string(web.currentID(request))
            answeredFields = fields
        }
        route(request, index, into: &response)
        web.end(request, &response)
    }

    /// The route's answer, finished (`WebSemantics.finish`).
    private func route(_ request: borrowing HTTPRequest, _ index: Int, into response: inout HTTPResponse) {
        guard index < routes.count else {
            if case .options = request.method, request.path.count == 1 && request.path[0] == UInt8(ascii: "*") {
                // RFC 9110 §9.3.7: `OPTIONS *` asks about the server itself: the methods of its routes.
                response.status = .noContent
                response.appendField("Allow", "GET, HEAD, POST, OPTIONS")
                return web.finish(request, .written, &response)
            }
            let target = request.target
            var fragment = false
            for i in target.indices where target[i] == UInt8(ascii: "#") { fragment = true }
            return web.finish(request, .problem(fragment ? .fragment : .notFound(String(copying: request.path))), &response)
        }
        let route = routes[index]
        if case .options = request.method {
            return web.finish(request, .preflight(methods: route.allow), &response)
        }
        guard route.allows(request.method) else {
            return web.finish(request, .problem(.methodNotAllowed(route.allow)), &response)
        }
        switch route.handler {
        case .pagingLayout: endpoint(LayoutEndpoint<PagingInput>.self, route, request, into: &response)
        case .headerLayout: endpoint(LayoutEndpoint<HeaderInput>.self, route, request, into: &response)
        case .scrollLayout: endpoint(LayoutEndpoint<ScrollInput>.self, route, request, into: &response)
        case .pagingKeyframes: endpoint(KeyframesEndpoint<PagingInput>.self, route, request, into: &response)
        case .headerKeyframes: endpoint(KeyframesEndpoint<HeaderInput>.self, route, request, into: &response)
        case .scrollKeyframes: endpoint(KeyframesEndpoint<ScrollInput>.self, route, request, into: &response)
        case .document(let document): web.finish(request, .document(document), &response)
        case .health, .readiness, .metrics: web.finish(request, operational(route.handler, into: &response), &response)
        }
    }

    /// `/healthz`, `/readyz`, `/metrics`: written here, never stored (`Reply.written`).
    private func operational(_ handler: Route.Handler, into response: inout HTTPResponse) -> Reply {
        switch handler {
        case .health:
            writeStatus("{\"status\":\"ok\"}", into: &response)
        case .readiness:
            if isDraining() { return .problem(.draining) }
            writeStatus("{\"status\":\"ready\"}", into: &response)
        default:
            response.contentType = "text/plain; version=0.0.4; charset=utf-8"
            let open = openConnections()
            let refused = refusals()
            response.writeBody { metrics.render(into: &$0, openConnections: open, refusals: refused) }
        }
        return .written
    }

    private func writeStatus(_ json: StaticString, into response: inout HTTPResponse) {
        response.contentType = "application/json"
        response.writeBody { $0.writeStaticString(json) }
    }

    // MARK: - The model routes: one request body, one generic path

    /// The JSON text of a model request: the POST body (when its Content-Type is JSON), or the GET
    /// query rewritten as the equivalent JSON (QueryParameters), lent to `use`; the problem when
    /// there is none.
    @inline(__always)
    func withRequestJSON(_ request: borrowing HTTPRequest, _ use: (Span<UInt8>) -> Void) -> Problem? {
        if case .post = request.method {
            // docs/api.md#errors: a body is read as JSON only when it says it is (415 otherwise,
            // also without a Content-Type: RFC 9110 §8.3 lets a recipient guess, we do not).
            // The engine has judged the field already (`contentTypeIsJSON`); it is looked up only
            // to quote a refused one.
            switch request.contentTypeIsJSON {
            case true?:
                // docs/api.md#the-query-of-a-post: a POST's fields are its body's; a query beside
                // them is refused whole, never silently dropped.
                if request.query.count > 0 { return .invalid([Self.postQueryIssue(request.query)]) }
                use(request.body)
                return nil
            case false?:
                return .unsupportedMediaType(request.headers.firstIndex(of: "Content-Type").map { String(copying: request.headers.value(at: $0)) })
            case nil:
                return .unsupportedMediaType(nil)
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
        case .success(let json):
            readerScratch.fromQuery = true
            defer { readerScratch.fromQuery = false }
            use(json.readableBytesSpan)
            return nil
        case .failure(let e):
            return .invalid(e.issues)
        }
    }

    /// The 422's issue for a POST that carries a query: the names it sent (at most three, each cut
    /// at 32 bytes), and what to do instead.
    static func postQueryIssue(_ query: Span<UInt8>) -> ValidationIssue {
        var names: [String] = []
        var more = false
        for pair in String(copying: query).split(separator: "&") where !pair.isEmpty {
            let name = String(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0].prefix(32))
            if names.contains(name) { continue }
            if names.count == 3 { more = true; break }
            names.append(name)
        }
        let sent = names.isEmpty ? "" : " (it sent " + names.joined(separator: ", ") + (more ? ", …" : "") + ")"
        return ValidationIssue(pointer: "", message: "the query of a POST is not read\(sent): give every field in the JSON body, or send the query alone with GET")
    }

    /// The one path of the model routes: read, validate, lay out, and hand the answer's cursor
    /// (or the problem) to the finishing step while the document is open.
    private func endpoint<E: Endpoint>(_: E.Type, _ route: Route, _ request: borrowing HTTPRequest,
                                       into response: inout HTTPResponse) {
        // Only read when it matters (curl and apps send neither; browsers do).
        let accept = route.negotiatesAccept ? request.headers["Accept"] : nil
        let problem = withRequestJSON(request) { body in
            let limits = options.limits
            let parsed = parser.parse(body) { root in
                var reader = InputReader(reusing: &readerScratch)
                defer { reader.release(into: &readerScratch) }
                let input = E.read(root, &reader, accept: accept)
                if !reader.issues.isEmpty {
                    return web.finish(request, .problem(.invalid(reader.issues + E.valueIssues(input, limits: limits))), &response)
                }
                do throws(ValidationError) {
                    let answered = try E.answer(input, limits: limits)
                    switch consume answered {
                    case .cursor(let cursor, let contentType):
                        let estimate = cursor.estimatedBytes
                        if let issue = AnswerBound.check(estimate, limits) {
                            return web.finish(request, .problem(.invalid([issue])), &response)
                        }
                        web.finish(request, route, answer: consume cursor, estimate: estimate, contentType: contentType,
                                   streamThreshold: streamThreshold, &response)
                        // A head that waits while its answer prepares is recorded after other
                        // answers: its fields go with it (`HTTPResponse.note`).
                        if accessLog != nil, let fields = answeredFields, response.producer?.prepares == true {
                            response.note = AccessLog.Fields.Note(fields)
                        }
                    case .picture(let picture):
                        let estimate = picture.estimatedBytes
                        if let issue = AnswerBound.check(estimate, limits) {
                            return web.finish(request, .problem(.invalid([issue])), &response)
                        }
                        web.finish(request, route, answer: picture, estimate: estimate, contentType: "image/svg+xml",
                                   streamThreshold: streamThreshold, &response)
                    }
                } catch {
                    web.finish(request, .problem(.invalid(error.issues)), &response)
                }
            }
            if case .failure(let syntax) = parsed {
                metrics.jsonParseErrors.add(1)
                web.finish(request, .problem(.malformedJSON(syntax)), &response)
            }
        }
        if let problem { web.finish(request, .problem(problem), &response) }
    }

    // MARK: - Engine errors, metrics, log

    /// An engine error's answer; its id is always made (the head may not have parsed, so no
    /// caller's id can be trusted to be the request's).
    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        let id = web.beginEngineError()
        answeredFields = accessLog == nil ? nil : AccessLog.Fields(route: "", requestId: web.requestIDs.string(id))
        switch error.kind {
        case .malformed: metrics.httpParseErrors.add(1)
        case .responseHeaderRefused: Log.line(options.logFormat, "error", "response-header-refused", error.detail)
        default: break
        }
        web.finish(.engine(error), .none, &response)
        web.endEngineError(&response)
    }

    public func record(_ record: HTTPRequestRecord) { self.record(record, note: nil) }

    public func record(_ record: HTTPRequestRecord, note: (any AnyObject & Sendable)?) {
        let index = record.label ?? Route.index(ofTarget: record.path.utf8.span)
        metrics.record(route: index, status: record.status, nanoseconds: record.durationNanoseconds,
                       bytesIn: record.bytesIn, bytesOut: record.bytesOut)
        if accessLog != nil {
            // An answer that prepared brings its fields in its record (`HTTPResponse.note`);
            // an engine error's are its id alone, routed here from the path; any other record
            // comes right after its `respond`, whose fields are checked to be its own.
            var fields = AccessLog.Fields(route: Route.labels[index])
            if let note = note as? AccessLog.Fields.Note {
                fields = note.fields
            } else if let answered = answeredFields {
                if answered.method == nil {
                    fields.requestId = answered.requestId
                } else if answered.belong(to: record) {
                    fields = answered
                }
            }
            answeredFields = nil
            fields.resolveClient(peer: record.remoteAddress, options.trustedProxies)
            accessLog?.write(record, fields)
        }
    }
}
