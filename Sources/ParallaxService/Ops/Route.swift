import HTTPServer

/// The routes of SPEC §6. The metrics label is the route pattern, never the raw path, so a client
/// sending random paths cannot grow the label set (`unmatched` takes them all).
enum Route: Int, CaseIterable {
    case paging, header, scroll, openapi, healthz, readyz, metrics, unmatched

    init(path: Substring) {
        switch path {
        case "/v1/paging": self = .paging
        case "/v1/header": self = .header
        case "/v1/scroll": self = .scroll
        case "/openapi.yaml": self = .openapi
        case "/healthz": self = .healthz
        case "/readyz": self = .readyz
        case "/metrics": self = .metrics
        default: self = .unmatched
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
        }
    }

    /// The `Allow` header value (RFC 9110 §10.2.1) for 405.
    var allow: String {
        switch self {
        case .paging, .header, .scroll: "GET, HEAD, POST"
        default: "GET, HEAD"
        }
    }

    func allows(_ method: HTTPMethod) -> Bool {
        switch method {
        case .get, .head: return true
        case .post: return self == .paging || self == .header || self == .scroll
        default: return false
        }
    }
}
