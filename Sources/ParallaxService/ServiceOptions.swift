import ParallaxLayout

/// What the application needs from the command line (SPEC §7): log format, whether to log each
/// request, and the layout limits (SPEC §6), one value shared read-only by every event loop.
public struct ServiceOptions: Sendable {
    /// `--log-format json|text`; default JSON lines.
    public var logFormat: LogFormat
    /// `--access-log on|off`; default off (README, the one default).
    public var accessLog: Bool
    /// Limits on one request's content (pages, offsets, layers, elements); defaults in SPEC §6.
    public var limits: LayoutLimits
    /// `--cors-origins`: who may read answers from a script (SPEC §9); default `*`.
    var cors: CORSPolicy
    /// `--cache-max-age`: seconds in `Cache-Control` of GET answers (SPEC §9); default one day.
    public var cacheMaxAge: Int

    public init(logFormat: LogFormat = .json, accessLog: Bool = false, limits: LayoutLimits = .standard,
                cacheMaxAge: Int = ServiceOptions.defaultCacheMaxAge) {
        self.logFormat = logFormat
        self.accessLog = accessLog
        self.limits = limits
        self.cors = .default
        self.cacheMaxAge = cacheMaxAge
    }
}

import HTTPServer

extension ServiceOptions {
    /// The application's part of the server's command line (`--log-format`, `--access-log`, and
    /// the layout limits of `commandLineOptions`).
    public init(_ server: ServerOptions) {
        self.init(logFormat: server.logFormat, accessLog: server.accessLog,
                  limits: Self.layoutLimits(server), cacheMaxAge: Self.cacheMaxAge(server))
        self.cors = Self.corsPolicy(server)
    }
}

extension ParallaxApp {
    /// What `HTTPServer.start(_:makeResponder:)` needs: one `ParallaxApp` per event loop, all
    /// sharing one `ServiceMetrics` and reading readiness and open connections from the server's state.
    public static func responderFactory(_ options: ServiceOptions) -> @Sendable (Int, ServerState) -> any HTTPResponder {
        let metrics = ServiceMetrics()
        return { _, state in
            ParallaxApp(options: options, metrics: metrics, isDraining: { state.isDraining },
                        openConnections: { state.openConnections })
        }
    }
}
