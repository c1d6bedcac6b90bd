import HTTPServer
import ParallaxLayout

/// The application (SPEC §6): one instance per event loop, called only on that loop's thread, so
/// the JSON parser and buffers are reused without locks; `metrics` is the one shared object.
///
/// Wiring (parallax-server/main.swift):
/// ```swift
/// let metrics = ServiceMetrics()
/// … makeResponder: { _, state in ParallaxApp(options: options, metrics: metrics, isDraining: { state.isDraining }) }
/// ```
public final class ParallaxApp: HTTPResponder {
    let options: ServiceOptions
    let metrics: ServiceMetrics
    private let isDraining: @Sendable () -> Bool
    let parser = JSONParser()
    private var accessLog: AccessLog?
    /// The JSON readers' path and key buffers, reused from request to request.
    var readerScratch = InputReader.Scratch()
    /// CORS, caching and compression around every answer (SPEC §9).
    private var web: WebSemantics

    public init(options: ServiceOptions, metrics: ServiceMetrics, isDraining: @escaping @Sendable () -> Bool = { false }) {
        self.options = options
        self.metrics = metrics
        self.isDraining = isDraining
        self.accessLog = options.accessLog ? AccessLog(format: options.logFormat) : nil
        self.web = WebSemantics(options: options)
    }

    public func respond(to request: HTTPRequest, into response: inout HTTPResponse) {
        let route = Route(path: request.path)
        if request.method == .options && route != .unmatched {
            return web.preflight(request, route, into: &response)
        }
        produce(request, route, into: &response)
        web.finish(request, route, &response)
    }

    /// The route's answer or a problem, before SPEC §9's fields.
    private func produce(_ request: HTTPRequest, _ route: Route, into response: inout HTTPResponse) {
        guard route != .unmatched else {
            return Problem.notFound(request.path).write(into: &response)
        }
        guard route.allows(request.method) else {
            return Problem.methodNotAllowed(route.allow).write(into: &response)
        }
        switch route {
        case .healthz:
            writeStatus("ok", into: &response)
        case .readyz:
            if isDraining() { return Problem.draining.write(into: &response) }
            writeStatus("ready", into: &response)
        case .metrics:
            response.contentType = "text/plain; version=0.0.4; charset=utf-8"
            metrics.render(into: &response.body)
        case .openapi:
            response.contentType = "application/yaml"
            response.body.append(contentsOf: OpenAPIDocument.yaml.utf8)
        case .demo:
            response.contentType = "text/html; charset=utf-8"
            response.body.append(contentsOf: DemoPage.html.utf8)
        case .paging, .header, .scroll:
            compute(route, request, into: &response)
        case .pagingKeyframes, .headerKeyframes, .scrollKeyframes:
            computeKeyframes(route, request, into: &response)
        case .unmatched:
            break
        }
    }

    private func writeStatus(_ status: StaticString, into response: inout HTTPResponse) {
        response.contentType = "application/json"
        var w = JSONWriter(taking: &response.body)
        w.objectStart(); w.field("status", literal: status); w.objectEnd()
        response.body = w.bytes
    }

    // MARK: - The three models

    private func compute(_ route: Route, _ request: HTTPRequest, into response: inout HTTPResponse) {
        let query: [UInt8]
        if request.method == .post {
            if let type = request.headers["Content-Type"], !Self.isJSON(type) {
                return Problem.unsupportedMediaType(type).write(into: &response)
            }
            query = []
        } else {
            let parser = self.parser
            let checked = QueryParameters.json(from: request.query) { text in
                switch parser.parse(text, { _ in () }) {
                case .success: nil
                case .failure(let e): "must be JSON text: \(e.message) at byte \(e.position)"
                }
            }
            switch checked {
            case .success(let bytes): query = bytes
            case .failure(let e): return Problem.invalid(e.issues).write(into: &response)
            }
        }
        let body = request.method == .post ? request.body : query
        let limits = options.limits
        /// The answer is written while the document is open, straight from the layout result
        /// (no result carried out of the closure in an enum: its copies and destroys cost ~1 000
        /// instructions a paging request).
        func answer(_ write: (inout JSONWriter) -> Void) -> Outcome {
            response.contentType = "application/json"
            var w = JSONWriter(taking: &response.body)
            write(&w)
            response.body = w.bytes
            return .written
        }
        /// `format: "svg"` or `Accept: image/svg+xml` (SPEC §9 "Pictures"): the answer drawn.
        var format = FormatChoice(requested: nil, accept: request.headers["Accept"])
        func svg(_ picture: [UInt8]) -> Outcome {
            response.contentType = "image/svg+xml"
            response.body.append(contentsOf: picture)
            return .written
        }
        let outcome: Result<Outcome, JSONSyntaxError> = parser.parse(body) { root in
            var reader = InputReader(reusing: &readerScratch)
            defer { reader.release(into: &readerScratch) }
            switch route {
            case .paging:
                let input = reader.pagingInput(root) { format.read(&$0, $1, $2) }
                if !reader.issues.isEmpty { return .invalid(reader.merged(with: input.validate(limits: limits))) }
                do throws(ValidationError) {
                    if try format.resolve(timeline: input.offsets != nil).get() == .svg { return svg(try SVGPaging.draw(input, limits: limits)) }
                    let result = try input.layout(limits: limits)
                    return answer { $0.paging(result) }
                } catch { return .invalid(error.issues) }
            case .header:
                let input = reader.headerInput(root) { format.read(&$0, $1, $2) }
                if !reader.issues.isEmpty { return .invalid(reader.merged(with: input.validate(limits: limits))) }
                do throws(ValidationError) {
                    if try format.resolve(timeline: input.offsets != nil).get() == .svg { return svg(try SVGHeader.draw(input, limits: limits)) }
                    let result = try input.layout(limits: limits)
                    return answer { $0.header(result) }
                } catch { return .invalid(error.issues) }
            default:
                let input = reader.scrollInput(root) { format.read(&$0, $1, $2) }
                if !reader.issues.isEmpty { return .invalid(reader.merged(with: input.validate(limits: limits))) }
                do throws(ValidationError) {
                    if try format.resolve(timeline: input.offsets != nil).get() == .svg { return svg(try SVGScroll.draw(input, limits: limits)) }
                    let result = try input.layout(limits: limits)
                    return answer { $0.scroll(result) }
                } catch { return .invalid(error.issues) }
            }
        }
        switch outcome {
        case .failure(let syntax):
            metrics.jsonParseErrors.add(1)
            Problem.malformedJSON(syntax).write(into: &response)
        case .success(.invalid(let issues)):
            Problem.invalid(issues).write(into: &response)
        case .success(.written):
            break
        }
    }

    private enum Outcome {
        case written
        case invalid([ValidationIssue])
    }

    /// `application/json` with or without parameters, or any `application/*+json` (RFC 6839 §3.1).
    /// Case-insensitive, blanks ignored. Checked on the bytes without building Strings (it ran on
    /// every POST and cost ~10 000 instructions, ~10 % of a paging request, as String code);
    /// non-ASCII media types take the String path so Unicode case mapping still applies.
    static func isJSON(_ contentType: String) -> Bool {
        // The common exact spelling first, on the contiguous bytes: the generic `elementsEqual`
        // over a prefix of the UTF-8 view cost ~1 400 instructions a request.
        let exact: StaticString = "application/json"
        if contentType.utf8.withContiguousStorageIfAvailable({ startsExactly($0, with: exact) }) == true { return true }
        let raw = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        if raw.contains(where: { $0 >= 0x80 }) { return isJSONUnicode(contentType) }
        let media = raw.lazy
            .filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            .map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        let prefix: StaticString = "application/", suffix: StaticString = "+json"
        if exact.withUTF8Buffer({ media.elementsEqual($0) }) { return true }
        return prefix.withUTF8Buffer { media.starts(with: $0) }
            && suffix.withUTF8Buffer { media.reversed().starts(with: $0.reversed()) }
    }

    /// `bytes` is `exact`, or `exact` followed by `;` (parameters).
    @inline(__always) private static func startsExactly(_ bytes: UnsafeBufferPointer<UInt8>, with exact: StaticString) -> Bool {
        let n = exact.utf8CodeUnitCount
        guard bytes.count == n || (bytes.count > n && bytes[n] == UInt8(ascii: ";")) else { return false }
        return exact.withUTF8Buffer { e in
            for i in 0..<n where bytes[i] != e[i] { return false }
            return true
        }
    }

    private static func isJSONUnicode(_ contentType: String) -> Bool {
        let media = contentType.utf8.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
            .first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let type = media.lowercased().filter { $0 != " " && $0 != "\t" }
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    // MARK: - Engine errors, metrics, log

    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        if error.kind == .malformed { metrics.httpParseErrors.add(1) }
        Problem.engine(error).write(into: &response)
        // No request head to read an Origin from (it may not even have parsed): `*` policies
        // still mark the problem readable; a list policy cannot echo what it did not read.
        response.headers.append(("Cache-Control", "no-store"))
        web.addCORS(origin: nil, varyByEncoding: false, &response)
    }

    public func record(_ record: HTTPRequestRecord) {
        metrics.record(route: Route(target: record.path), status: record.status, nanoseconds: record.durationNanoseconds,
                       bytesIn: record.bytesIn, bytesOut: record.bytesOut)
        accessLog?.write(record)
    }

    public func connectionOpened() { metrics.openConnections.add(1) }
    public func connectionClosed() { metrics.openConnections.add(-1) }
}
