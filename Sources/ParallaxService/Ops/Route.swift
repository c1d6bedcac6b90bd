import HTTPServer

/// The routes of SPEC §6. The metrics label is the route pattern, never the raw path, so a client
/// sending random paths cannot grow the label set (`unmatched` takes them all).
enum Route: Int, CaseIterable {
    case paging, header, scroll, openapi, healthz, readyz, metrics, unmatched
    /// SPEC §8: the same models answered as functions of the offset.
    case pagingKeyframes, headerKeyframes, scrollKeyframes
    /// SPEC §9: the demo page.
    case demo

    /// Matched on the path's contiguous bytes by length, then content: a `switch` over String
    /// literals compared Substring with String through the generic string comparison (~100
    /// instructions a case; twice a request, for routing and for metrics).
    init(path: Substring) {
        var path = path
        self = path.withUTF8 { Route.match($0) }
    }

    /// The route of a request-target (`/v1/paging?x=1`): the path is the bytes before `?`.
    init(target: String) {
        var target = target
        self = target.withUTF8 { t in Route.match(UnsafeBufferPointer(rebasing: t[..<(t.firstIndex(of: UInt8(ascii: "?")) ?? t.endIndex)])) }
    }

    private static func match(_ p: UnsafeBufferPointer<UInt8>) -> Route {
        switch p.count {
        case 10:
            if same(p, "/v1/paging") { return .paging }
            if same(p, "/v1/header") { return .header }
            if same(p, "/v1/scroll") { return .scroll }
        case 13: if same(p, "/openapi.yaml") { return .openapi }
        case 20:
            if same(p, "/v1/paging/keyframes") { return .pagingKeyframes }
            if same(p, "/v1/header/keyframes") { return .headerKeyframes }
            if same(p, "/v1/scroll/keyframes") { return .scrollKeyframes }
        case 8:
            if same(p, "/healthz") { return .healthz }
            if same(p, "/metrics") { return .metrics }
        case 7: if same(p, "/readyz") { return .readyz }
        case 1: if p[0] == UInt8(ascii: "/") { return .demo }
        default: break
        }
        return .unmatched
    }

    /// Same-length bytes equal to `literal`.
    @inline(__always) private static func same(_ p: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { l in
            for i in 0..<l.count where p[i] != l[i] { return false }
            return true
        }
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
