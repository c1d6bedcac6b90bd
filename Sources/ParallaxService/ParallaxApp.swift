import HTTPServer
import ParallaxLayout

/// The application (SPEC §6): one instance per event loop, called only on that loop's thread, so
/// the JSON parser and buffers are reused without locks; `metrics` is the one shared object.
///
/// A request is routed once (`Route`), and that route also labels its metrics record. The three
/// model routes go through one generic path, `answer(_:body:…)` (Endpoint.swift), the keyframes
/// routes through theirs (KeyframesEndpoint.swift); both hand a cursor to `deliver`, which writes a
/// small answer whole and streams a large one as the socket drains (SPEC §10). `WebSemantics`
/// wraps every answer in SPEC §9's fields (CORS, ETag/304, Cache-Control, gzip).
/// Wiring: `ParallaxApp.responderFactory(options)` (ServiceOptions.swift).
public final class ParallaxApp: HTTPResponder {
    let options: ServiceOptions
    let metrics: ServiceMetrics
    private let isDraining: @Sendable () -> Bool
    private let openConnections: @Sendable () -> Int
    let parser = JSONParser()
    private var accessLog: AccessLog?
    /// The JSON readers' path and key buffers, reused from request to request.
    var readerScratch = InputReader.Scratch()
    /// CORS, caching and compression around every answer (SPEC §9).
    var web: WebSemantics
    /// The route of the request just answered, for its record (the engine calls `record` right
    /// after `respond`); nil after an engine error, whose record is routed from its path.
    private var answeredRoute: Route?
    /// Answers estimated above this many bytes are streamed as the socket drains (SPEC §10);
    /// smaller ones are written whole with a Content-Length (the fast path).
    var streamThreshold = 64 * 1024

    /// `isDraining` and `openConnections` read the engine's `ServerState` (connections are
    /// counted there, once).
    public init(options: ServiceOptions, metrics: ServiceMetrics,
                isDraining: @escaping @Sendable () -> Bool = { false },
                openConnections: @escaping @Sendable () -> Int = { 0 }) {
        self.options = options
        self.metrics = metrics
        self.isDraining = isDraining
        self.openConnections = openConnections
        self.accessLog = options.accessLog ? AccessLog(format: options.logFormat) : nil
        self.web = WebSemantics(options: options)
    }

    public func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        let route = Route(path: request.path)
        answeredRoute = route
        if request.method == .options && route != .unmatched {
            return web.preflight(request, route, into: &response)
        }
        let streamed = produce(request, route, into: &response)
        web.finish(request, route, streamed: streamed, &response)
    }

    /// The route's answer or a problem, before SPEC §9's fields. Returns the content coding a
    /// streamed answer's producer applies, nil when the body is whole.
    private func produce(_ request: borrowing HTTPRequest, _ route: Route, into response: inout HTTPResponse) -> ContentCoding? {
        guard route != .unmatched else {
            Problem.notFound(String(copying: request.path)).write(into: &response)
            return nil
        }
        guard route.allows(request.method) else {
            Problem.methodNotAllowed(route.allow).write(into: &response)
            return nil
        }
        switch route {
        case .paging: return model(PagingEndpoint.self, route, request, into: &response)
        case .header: return model(HeaderEndpoint.self, route, request, into: &response)
        case .scroll: return model(ScrollEndpoint.self, route, request, into: &response)
        case .pagingKeyframes, .headerKeyframes, .scrollKeyframes:
            return keyframes(route, request, into: &response)
        case .healthz:
            writeStatus("{\"status\":\"ok\"}", into: &response)
        case .readyz:
            if isDraining() { Problem.draining.write(into: &response); return nil }
            writeStatus("{\"status\":\"ready\"}", into: &response)
        case .metrics:
            response.contentType = "text/plain; version=0.0.4; charset=utf-8"
            let open = openConnections()
            response.writeBody { metrics.render(into: &$0, openConnections: open) }
        case .openapi:
            response.contentType = "application/yaml"
            response.writeBody { $0.writeString(OpenAPIDocument.yaml) }
        case .demo:
            response.contentType = "text/html; charset=utf-8"
            response.writeBody { $0.writeString(DemoPage.html) }
        case .unmatched:
            break
        }
        return nil
    }

    private func writeStatus(_ json: StaticString, into response: inout HTTPResponse) {
        response.contentType = "application/json"
        response.writeBody { $0.writeStaticString(json) }
    }

    // MARK: - The model routes: one request body, one generic path

    /// The JSON text of a model request: the POST body (when its Content-Type is JSON), or the GET
    /// query rewritten as the equivalent JSON (QueryParameters), lent to `use`; nil (and the
    /// problem written) when there is none.
    func withRequestJSON<R>(_ request: borrowing HTTPRequest, into response: inout HTTPResponse,
                            _ use: (Span<UInt8>, inout HTTPResponse) -> R?) -> R? {
        if request.method == .post {
            if let i = request.headers.firstIndex(of: "Content-Type"), !MediaType.isJSON(request.headers.value(at: i)) {
                Problem.unsupportedMediaType(String(copying: request.headers.value(at: i))).write(into: &response)
                return nil
            }
            return use(request.body, &response)
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

    private func model<E: Endpoint>(_ endpoint: E.Type, _ route: Route, _ request: borrowing HTTPRequest,
                                    into response: inout HTTPResponse) -> ContentCoding? {
        // Only read when present (curl and apps send neither; browsers do).
        let accept = request.headers["Accept"]
        let acceptEncoding = request.headers.joined("Accept-Encoding")
        let coding = web.streamCoding(acceptEncoding: acceptEncoding, route)
        return withRequestJSON(request, into: &response) { body, response in
            answer(endpoint, body: body, accept: accept, coding: coding, into: &response)
        } ?? nil
    }

    /// The one path of the three models. The answer is written (or its producer set) while the
    /// document is open; only the issues of an invalid request leave the closure.
    func answer<E: Endpoint>(_: E.Type, body: Span<UInt8>, accept: String? = nil, coding: ContentCoding = .identity,
                             into response: inout HTTPResponse) -> ContentCoding? {
        let limits = options.limits
        var streamed: ContentCoding?
        let outcome: Result<[ValidationIssue]?, JSONSyntaxError> = parser.parse(body) { root in
            var reader = InputReader(reusing: &readerScratch)
            defer { reader.release(into: &readerScratch) }
            var format = FormatChoice(requested: nil, accept: accept)
            let input = E.read(root, &reader, format: &format)
            if !reader.issues.isEmpty { return reader.issues + E.validate(input, limits: limits) }
            do throws(ValidationError) {
                // `format: "svg"` or `Accept: image/svg+xml` (SPEC §9 "Pictures"): the answer drawn.
                if try format.resolve(timeline: E.isTimeline(input)).get() == .svg {
                    response.contentType = "image/svg+xml"
                    let picture = try E.picture(input, limits: limits)
                    response.writeBody { $0.writeBuffer(picture) }
                    return nil
                }
                let engine = try E.layout(input, limits: limits)
                streamed = deliver(E.answer(engine), contentType: "application/json", coding: coding, into: &response)
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
        return streamed
    }

    /// Writes `answer` whole into the body, or, above `streamThreshold`, sets a producer that
    /// writes it as the socket drains (gzip-coded when `coding` says so). Returns the streamed
    /// answer's coding, nil for a whole body.
    func deliver<A: AnswerCursor>(_ answer: A, contentType: String, coding: ContentCoding,
                                  into response: inout HTTPResponse) -> ContentCoding? {
        var answer = answer
        response.contentType = contentType
        guard answer.estimatedBytes > streamThreshold else {
            response.writeBody { JSONWriter.write(into: &$0) { w in while answer.writeNext(&w) {} } }
            return nil
        }
        switch coding {
        case .identity: response.stream(AnswerProducer(answer))
        case .gzip: response.stream(CodedBodyProducer(AnswerProducer(answer), coder: Gzip()))
        }
        return coding
    }

    // MARK: - Engine errors, metrics, log

    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        answeredRoute = nil
        if error.kind == .malformed { metrics.httpParseErrors.add(1) }
        Problem.engine(error).write(into: &response)
        // No request head to read an Origin from (it may not even have parsed): `*` policies
        // still mark the problem readable; a list policy cannot echo what it did not read.
        response.headers.append(("Cache-Control", "no-store"))
        web.addCORS(origin: nil, varyByEncoding: false, &response)
    }

    public func record(_ record: HTTPRequestRecord) {
        let route: Route
        if let answered = answeredRoute {
            route = answered
        } else {
            let target = record.path
            route = Route(target: target.utf8.span)
        }
        answeredRoute = nil
        metrics.record(route: route, status: record.status, nanoseconds: record.durationNanoseconds,
                       bytesIn: record.bytesIn, bytesOut: record.bytesOut)
        accessLog?.write(record)
    }
}
