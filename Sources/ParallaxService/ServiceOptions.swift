import HTTPServer
import ParallaxLayout

/// What the application needs from the command line (docs/operations.md#configuration), parsed
/// once into these types (ServerOptions.parse) and shared read-only by every event loop.
public struct ServiceOptions: Sendable, Equatable {
    /// `--log-format json|text`; default JSON lines.
    public var logFormat: LogFormat
    /// `--access-log on|off`; default off.
    public var accessLog: Bool
    /// Limits on one request's content (pages, offsets, layers, elements; docs/api.md#limits).
    public var limits: LayoutLimits
    /// `--cors-origins`: who may read answers from a script (docs/api.md#cors); default `*`.
    var cors: CORSPolicy
    /// `--cache-max-age`: seconds in `Cache-Control` of GET answers (docs/api.md#caching); default one day.
    public var cacheMaxAge: Int
    /// `--metrics-address`: where `/metrics` is served (MetricsOptions.swift); default the public port.
    public var metricsAddress: MetricsAddress = .sameAsPublic
    /// `--trusted-proxies`: whose `Forwarded` / `X-Forwarded-For` name the client in the access
    /// log (docs/operations.md#client-addresses); default none.
    var trustedProxies = TrustedProxies()

    public init(logFormat: LogFormat = .json, accessLog: Bool = false, limits: LayoutLimits = .standard,
                cacheMaxAge: Int = ServiceOptions.defaultCacheMaxAge) {
        self.logFormat = logFormat
        self.accessLog = accessLog
        self.limits = limits
        self.cors = .default
        self.cacheMaxAge = cacheMaxAge
    }

    /// The application's options for the command line, in `--help` order: logging, then the
    /// layout limits (LimitOptions.swift), then the browser and cache options (WebOptions.swift).
    static let commandLineOptions: [ServerOptions.Option] = logCommandLineOptions + limitCommandLineOptions + webCommandLineOptions
        + metricsCommandLineOptions

    static let logCommandLineOptions: [ServerOptions.Option] = [
        ServerOptions.Option(flag: "log-format", env: "LOG_FORMAT", placeholder: "json|text", help: "log line format",
                             current: { $0.service.logFormat.rawValue },
                             apply: { o, v in
                                 guard let f = LogFormat(rawValue: v) else {
                                     throw ServerOptions.Error(description: "--log-format must be json or text, not '\(v)'")
                                 }
                                 o.service.logFormat = f
                             }),
        ServerOptions.Option(flag: "access-log", env: "ACCESS_LOG", placeholder: "on|off", help: "one log line per request",
                             current: { $0.service.accessLog ? "on" : "off" },
                             apply: { $0.service.accessLog = try ServerOptions.onOff($1, "access-log") }),
        ServerOptions.Option(flag: "trusted-proxies", env: "TRUSTED_PROXIES", placeholder: "LIST",
                             help: "addresses or CIDRs whose Forwarded / X-Forwarded-For name the client (default: none)",
                             current: { $0.service.trustedProxies.ranges.isEmpty ? "none" : $0.service.trustedProxies.text },
                             apply: { $0.service.trustedProxies = try TrustedProxies.parse($1) }),
    ]
}

extension ParallaxApp {
    /// What `HTTPServer.start(_:makeResponder:)` needs: one `ParallaxApp` per event loop, all
    /// sharing one `ServiceMetrics` and reading readiness and open connections from the server's
    /// state. The route table and its documents are prepared here, before the first request.
    public static func responderFactory(_ options: ServiceOptions,
                                        metrics: ServiceMetrics = ServiceMetrics()) -> @Sendable (Int, ServerState) -> any HTTPResponder {
        _ = Route.table
        return { _, state in
            ParallaxApp(options: options, metrics: metrics, isDraining: { state.isDraining },
                        openConnections: { state.openConnections }, refusals: { ServiceMetrics.Refusals(state) },
                        listener: .public)
        }
    }
}
