import EmbeddedDocuments
import HTTPServer

/// One entry of the route table (`Route.table`): everything the service says about a path, said
/// once. The rest is derived from it: `Allow` and the 405 (RFC 9110 §10.2.1, §15.5.6), the
/// preflight's `Access-Control-Allow-Methods` (docs/api.md#cors), whether a 200 carries an ETag,
/// `Cache-Control` and gzip (docs/api.md#caching), `Vary: Accept`, and the metrics label
/// (docs/operations.md#metrics: the route's pattern, never the raw path, so random paths cannot
/// grow the label set; `unmatched` takes them all).
struct Route: Sendable {
    /// The methods a route answers; `OPTIONS` (the preflight) is answered for every route.
    enum Methods: Sendable {
        /// GET, HEAD, OPTIONS.
        case read
        /// GET, HEAD, POST, OPTIONS: a model request as a JSON body or as the GET query.
        case readAndPost
    }

    /// What a 200 of the route is to a cache.
    enum Caching: Sendable {
        /// An operational answer that changes from moment to moment: `Cache-Control: no-store`.
        case noStore
        /// A representation: `ETag` (of the request for a computed answer, of the bytes for a
        /// document), `Cache-Control` on GET, `If-None-Match` → 304/412, gzip when asked for.
        case validated
    }

    /// What answers the route (ParallaxApp.produce carries it out). The document is the only
    /// payload: a single-payload enum keeps its reference untagged, so leak checkers see the
    /// prepared documents as reachable from the table.
    enum Handler: Sendable {
        /// A model's layout, JSON or the SVG picture (Endpoint.swift: `LayoutEndpoint`).
        case pagingLayout, headerLayout, scrollLayout
        /// A model's keyframes (docs/model.md#keyframes; `KeyframesEndpoint`).
        case pagingKeyframes, headerKeyframes, scrollKeyframes
        /// Fixed bytes prepared at start-up (the contract, the demo page, a problem type's
        /// description).
        case document(StaticDocument)
        case health, readiness, metrics
    }

    /// The path, compared byte for byte with the request's (before `?`); also the metrics label.
    let path: StaticString
    let methods: Methods
    let caching: Caching
    /// Whether `Accept` picks the representation (JSON or the SVG picture), so caches must key
    /// on it (RFC 9110 §12.5.5).
    let negotiatesAccept: Bool
    let handler: Handler

    init(_ path: StaticString, _ methods: Methods, _ caching: Caching,
         negotiatesAccept: Bool = false, _ handler: Handler) {
        self.path = path
        self.methods = methods
        self.caching = caching
        self.negotiatesAccept = negotiatesAccept
        self.handler = handler
    }

    /// A document served unchanged, prepared when the table is built (at start-up) and validated
    /// by the hash of its bytes.
    static func document(_ path: StaticString, _ contentType: String, _ text: String) -> Route {
        Route(path, .read, .validated, .document(StaticDocument(path: path, contentType: contentType, text: text)))
    }

    /// The routes of the service (docs/api.md#endpoints). Adding one is one entry here; a static
    /// document's text is embedded like the others (Sources/EmbeddedDocuments/README.md).
    static let table: [Route] = [
        Route("/v1/paging", .readAndPost, .validated, negotiatesAccept: true, .pagingLayout),
        Route("/v1/header", .readAndPost, .validated, negotiatesAccept: true, .headerLayout),
        Route("/v1/scroll", .readAndPost, .validated, negotiatesAccept: true, .scrollLayout),
        .document("/openapi.yaml", "application/yaml", OpenAPIDocument.yaml),
        Route("/healthz", .read, .noStore, .health),
        Route("/readyz", .read, .noStore, .readiness),
        Route("/metrics", .read, .noStore, .metrics),
        Route("/v1/paging/keyframes", .readAndPost, .validated, .pagingKeyframes),
        Route("/v1/header/keyframes", .readAndPost, .validated, .headerKeyframes),
        Route("/v1/scroll/keyframes", .readAndPost, .validated, .scrollKeyframes),
        .document("/", "text/html; charset=utf-8", DemoPage.html),
        .document("/v1/parallax.js", "text/javascript; charset=utf-8", ParallaxModule.javaScript),
    ] + ProblemType.allCases.map { .document($0.uri, "text/plain; charset=utf-8", $0.page) }

    // MARK: - Derived

    /// The `Allow` value for 405 and `OPTIONS`, also the preflight's methods.
    var allow: String {
        switch methods {
        case .read: "GET, HEAD, OPTIONS"
        case .readAndPost: "GET, HEAD, POST, OPTIONS"
        }
    }

    func allows(_ method: HTTPMethod) -> Bool {
        switch method {
        case .get, .head, .options: true
        case .post: methods == .readAndPost
        default: false
        }
    }

    /// Whether web pages may read the route's answers (CORS fields, a preflight that allows):
    /// all but `/metrics`, which is for the scraper (docs/operations.md#metrics); a page on
    /// another origin gets no `Access-Control-*` field from it, so the browser hides it.
    var hasCORS: Bool {
        if case .metrics = handler { return false }
        return true
    }

    /// The metrics label: the path (a pattern from the table, never a request's raw path).
    var label: String { "\(path)" }

    // MARK: - Matching

    /// The label of requests no route matched.
    static let unmatchedLabel = "unmatched"
    /// Every route's label, then `unmatchedLabel`: the metrics' series, by `index(of:)`.
    static let labels: [String] = table.map(\.label) + [unmatchedLabel]

    /// The table's index of the route of `path` (the request-target before `?`), or
    /// `table.count` when none matches. Matched on bytes: no String is built per request.
    static func index(of path: Span<UInt8>) -> Int {
        // Read once: each read of a static is a `swift_once` call.
        index(of: path, among: Self.paths)
    }

    /// The same among `paths` (`Route.paths`, held by the caller: the app reads them on every
    /// request, and a static is reached through its lazy initializer's check, ≈ 18 instructions).
    static func index(of path: Span<UInt8>, among paths: [[UInt8]]) -> Int {
        var i = 0
        while i < paths.count {
            let p = paths[i]
            if path.count == p.count && same(path, p.span) { return i }
            i &+= 1
        }
        return paths.count
    }

    /// The same for a request-target (`/v1/paging?x=1`).
    static func index(ofTarget target: Span<UInt8>) -> Int {
        var end = 0
        while end < target.count, target[end] != UInt8(ascii: "?") { end &+= 1 }
        return index(of: target.extracting(0..<end))
    }

    /// The route of a request-target, nil when none matches.
    static func matching(target: Span<UInt8>) -> Route? {
        let i = index(ofTarget: target)
        return i < table.count ? table[i] : nil
    }

    /// Each route's path bytes, built once.
    static let paths: [[UInt8]] = table.map { Array("\($0.path)".utf8) }

    /// Whether the bytes of `path` are those of `p` (of the same length).
    /// Eight bytes at a time, then byte by byte.
    @inline(__always) private static func same(_ path: Span<UInt8>, _ p: Span<UInt8>) -> Bool {
        path.withUnsafeBytes { a in
            p.withUnsafeBytes { b in
                let n = b.count
                var i = 0
                while i &+ 8 <= n {
                    if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                    i &+= 8
                }
                while i < n {
                    if a[i] != b[i] { return false }
                    i &+= 1
                }
                return true
            }
        }
    }
}
