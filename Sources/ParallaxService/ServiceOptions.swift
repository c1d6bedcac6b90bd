import ParallaxLayout

/// What the application needs from the command line (SPEC §7): log format, whether to log each
/// request, and the layout limits (SPEC §6), one value shared read-only by every event loop.
public struct ServiceOptions: Sendable {
    /// `--log-format json|text`; default JSON lines.
    public var logFormat: LogFormat
    /// `--access-log on|off`; default on.
    public var accessLog: Bool
    /// Limits on one request's content (pages, offsets, layers, elements); defaults in SPEC §6.
    public var limits: LayoutLimits

    public init(logFormat: LogFormat = .json, accessLog: Bool = true, limits: LayoutLimits = .standard) {
        self.logFormat = logFormat
        self.accessLog = accessLog
        self.limits = limits
    }
}
