import HTTPServer

/// Where `GET /metrics` is served (docs/operations.md#metrics): on the public port as every other
/// route (the default), on an address of its own that only the scraper reaches (a second
/// listener that answers `/metrics` and nothing else), or not at all. The counters are one set
/// whichever listener shows them.
public enum MetricsAddress: Sendable, Equatable {
    case sameAsPublic
    case off
    case separate(host: String, port: Int)

    /// `public`, `off`, or `HOST:PORT` (an IPv4 address, or an IPv6 one in brackets: `[::1]:9090`;
    /// port 0 picks a free one).
    static func parse(_ text: String) throws -> MetricsAddress {
        switch text.lowercased() {
        case "public": return .sameAsPublic
        case "off": return .off
        default:
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
                  (0...65_535).contains(port), colon != text.startIndex else {
                throw ServerOptions.Error(description: "--metrics-address must be public, off or HOST:PORT (e.g. 127.0.0.1:9090, [::1]:9090), not '\(text)'")
            }
            let host = String(text[..<colon])
            // A bare IPv6 host would leave the port ambiguous (`::1:9090`): brackets, as in a URL.
            guard !host.contains(":") || host.hasPrefix("[") else {
                throw ServerOptions.Error(description: "--metrics-address: an IPv6 host is written in brackets, as [::1]:9090, not '\(text)'")
            }
            return .separate(host: ListenAddress.unbracketed(host), port: port)
        }
    }

    var text: String {
        switch self {
        case .sameAsPublic: "public"
        case .off: "off"
        case .separate(let host, let port): "\(ListenAddress.urlForm(host)):\(port)"
        }
    }
}

extension ServiceOptions {
    static let metricsCommandLineOptions: [ServerOptions.Option] = [
        ServerOptions.Option(flag: "metrics-address", env: "METRICS_ADDRESS", placeholder: "public|off|HOST:PORT",
                             help: "where GET /metrics is served: the public port, nowhere (404), or its own address",
                             current: { $0.service.metricsAddress.text },
                             apply: { $0.service.metricsAddress = try MetricsAddress.parse($1) }),
    ]
}

extension ParallaxApp {
    /// Which routes a listener answers: the public one every route (but `/metrics` when it is
    /// served elsewhere or nowhere), the metrics one `/metrics` alone.
    enum Listener: Sendable { case `public`, metrics }

    /// The responders of the metrics listener (`--metrics-address HOST:PORT`): the same counters
    /// as the public listener's (`metrics`), and its open connections (`publicState`).
    public static func metricsResponderFactory(_ options: ServiceOptions, metrics: ServiceMetrics,
                                               publicState: ServerState) -> @Sendable (Int, ServerState) -> any HTTPResponder {
        { _, _ in
            ParallaxApp(options: options, metrics: metrics, isDraining: { publicState.isDraining },
                        openConnections: { publicState.openConnections },
                        refusals: { ServiceMetrics.Refusals(publicState) }, listener: .metrics)
        }
    }

    /// Whether this listener leaves `route` unanswered (404, as an unknown path). `hidesMetrics`
    /// is decided once, at init: this runs on every request.
    @inline(__always)
    func hides(_ route: Route) -> Bool {
        guard hidesMetrics || listener == .metrics else { return false }
        let isMetrics: Bool
        if case .metrics = route.handler { isMetrics = true } else { isMetrics = false }
        return listener == .public ? isMetrics : !isMetrics
    }
}
