import HTTPServer
import ParallaxLayout

/// The application (SPEC §6): one instance per event loop, called only on that loop's thread, so
/// the JSON parser and buffers are reused without locks; `metrics` is the one shared object.
///
/// A request is routed once (`Route`), and that route also labels its metrics record. The three
/// model routes go through one generic path, `answer(_:body:into:)` (Endpoint.swift); the others
/// are answered here. Wiring: `ParallaxApp.responderFactory(options)` (ServiceOptions.swift).
public final class ParallaxApp: HTTPResponder {
    let options: ServiceOptions
    let metrics: ServiceMetrics
    private let isDraining: @Sendable () -> Bool
    private let openConnections: @Sendable () -> Int
    private let parser = JSONParser()
    private var accessLog: AccessLog?
    /// The JSON readers' path and key buffers, reused from request to request.
    private var readerScratch = InputReader.Scratch()
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
    }

    public func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        let route = Route(path: request.path)
        answeredRoute = route
        guard route != .unmatched else {
            return Problem.notFound(String(copying: request.path)).write(into: &response)
        }
        guard route.allows(request.method) else {
            return Problem.methodNotAllowed(route.allow).write(into: &response)
        }
        switch route {
        case .paging: model(PagingEndpoint.self, request, into: &response)
        case .header: model(HeaderEndpoint.self, request, into: &response)
        case .scroll: model(ScrollEndpoint.self, request, into: &response)
        case .healthz:
            writeStatus("{\"status\":\"ok\"}", into: &response)
        case .readyz:
            if isDraining() { return Problem.draining.write(into: &response) }
            writeStatus("{\"status\":\"ready\"}", into: &response)
        case .metrics:
            response.contentType = "text/plain; version=0.0.4; charset=utf-8"
            metrics.render(into: &response.body, openConnections: openConnections())
        case .openapi:
            response.contentType = "application/yaml"
            response.body.writeString(OpenAPIDocument.yaml)
        case .unmatched:
            break
        }
    }

    private func writeStatus(_ json: StaticString, into response: inout HTTPResponse) {
        response.contentType = "application/json"
        response.body.writeStaticString(json)
    }

    // MARK: - The three models: read → validate → layout → write, once

    /// The body of a model request: the POST body (when its Content-Type is JSON), or the GET
    /// query rewritten as the equivalent JSON (QueryParameters); then `answer`.
    private func model<E: Endpoint>(_ endpoint: E.Type, _ request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        if request.method == .post {
            if let i = request.headers.firstIndex(of: "Content-Type"), !MediaType.isJSON(request.headers.value(at: i)) {
                return Problem.unsupportedMediaType(String(copying: request.headers.value(at: i))).write(into: &response)
            }
            return answer(endpoint, body: request.body, into: &response)
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
        case .success(let json): answer(endpoint, body: json.readableBytesSpan, into: &response)
        case .failure(let e): Problem.invalid(e.issues).write(into: &response)
        }
    }

    /// The one path of the three models. The answer is written (or its producer set) while the
    /// document is open; only the issues of an invalid request leave the closure.
    func answer<E: Endpoint>(_: E.Type, body: Span<UInt8>, into response: inout HTTPResponse) {
        let limits = options.limits
        let threshold = streamThreshold
        let outcome: Result<[ValidationIssue]?, JSONSyntaxError> = parser.parse(body) { root in
            var reader = InputReader(reusing: &readerScratch)
            defer { reader.release(into: &readerScratch) }
            let input = E.read(root, &reader)
            if !reader.issues.isEmpty { return reader.issues + E.validate(input, limits: limits) }
            let engine: E.Engine
            do throws(ValidationError) { engine = try E.layout(input, limits: limits) } catch { return error.issues }
            var answer = E.answer(engine)
            response.contentType = "application/json"
            if answer.estimatedBytes > threshold {
                response.stream(AnswerProducer(answer))
            } else {
                JSONWriter.write(into: &response.body) { w in while answer.writeNext(&w) {} }
            }
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
    }

    // MARK: - Engine errors, metrics, log

    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        answeredRoute = nil
        if error.kind == .malformed { metrics.httpParseErrors.add(1) }
        Problem.engine(error).write(into: &response)
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
