import HTTPServer

/// The routes of SPEC §6. The metrics label is the route pattern, never the raw path, so a client
/// sending random paths cannot grow the label set (`unmatched` takes them all).
///
/// A request is routed once, in `ParallaxApp.respond`; the same value labels its metrics record.
/// Adding a route: a case here with its `label` (the path), what it `allows`, and its branch in
/// `ParallaxApp.respond` (a model route is one `Endpoint` type, see Endpoint.swift).
enum Route: Int, CaseIterable {
    case paging, header, scroll, openapi, healthz, readyz, metrics, unmatched
    /// SPEC §8: the same models answered as functions of the offset.
    case pagingKeyframes, headerKeyframes, scrollKeyframes
    /// SPEC §9: the demo page.
    case demo
    /// The keyframes player for browsers without scroll-driven animations (docs/web.md).
    case parallaxJS

    /// The route of a path (the request-target before `?`), matched on its bytes: by length, then
    /// content, against each route's label (no String is built per request).
    init(path: Span<UInt8>) {
        for (route, label) in Route.labels where label.count == path.count && Route.same(path, label.span) {
            self = route
            return
        }
        self = .unmatched
    }

    /// The route of a request-target (`/v1/paging?x=1`): the path is the bytes before `?`.
    init(target: Span<UInt8>) {
        var end = 0
        while end < target.count, target[end] != UInt8(ascii: "?") { end &+= 1 }
        self.init(path: target.extracting(0..<end))
    }

    /// Every matchable route with its path's bytes, built once.
    private static let labels: [(Route, [UInt8])] = allCases.filter { $0 != .unmatched }.map { ($0, Array($0.label.description.utf8)) }

    @inline(__always) private static func same(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        for i in a.indices where a[i] != b[i] { return false }
        return true
    }

    var label: StaticString {
        switch self {
        case .paging: "/v1/paging"
        case .header: "/v1/header"
        case .scroll: "/v1/scroll"
        case .openapi: "/openapi.yaml"
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        case .unmatched: "unmatched"
        case .pagingKeyframes: "/v1/paging/keyframes"
        case .headerKeyframes: "/v1/header/keyframes"
        case .scrollKeyframes: "/v1/scroll/keyframes"
        case .demo: "/"
        case .parallaxJS: "/v1/parallax.js"
        }
    }

    /// The `Allow` header value (RFC 9110 §10.2.1) for 405 and `OPTIONS`, also the preflight's
    /// `Access-Control-Allow-Methods` (SPEC §9). A new route adds its case to one of the groups.
    var allow: String {
        switch self {
        case .paging, .header, .scroll, .pagingKeyframes, .headerKeyframes, .scrollKeyframes: "GET, HEAD, POST, OPTIONS"
        default: "GET, HEAD, OPTIONS"
        }
    }

    func allows(_ method: HTTPMethod) -> Bool {
        switch method {
        case .get, .head, .options: return true
        case .post:
            switch self {
            case .paging, .header, .scroll, .pagingKeyframes, .headerKeyframes, .scrollKeyframes: return true
            default: return false
            }
        default: return false
        }
    }
}
