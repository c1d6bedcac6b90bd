import HTTPServer

/// Command-line and environment configuration of parallax-server (it lives with the application,
/// not in the generic engine, issue 11): every field of
/// `HTTPServerConfiguration` and `HTTPLimits` has a flag and an environment variable
/// (`--max-body-bytes` / `PARALLAX_MAX_BODY_BYTES`). Flags win over the environment, the
/// environment over the defaults. Pure: testable without starting anything.
public struct ServerOptions: Sendable, Equatable {
    public var configuration = HTTPServerConfiguration()
    /// Log line format for the application (`--log-format json|text`).
    public var logFormat: LogFormat = .json
    /// One log line per request (`--access-log on|off`).
    public var accessLog = false
    /// `--healthcheck`: probe GET /healthz on 127.0.0.1:<port> and exit 0 on 200, else 1.
    public var healthcheck = false
    /// `--help`: print `helpText` and exit.
    public var help = false
    /// `--version`: print the version and the commit it was built from, and exit.
    public var version = false
    /// Values of the application's own options (`ApplicationOption`), by flag name, as given on
    /// the command line or in the environment; absent when neither gave one.
    public var application: [String: String] = [:]

    public init() {}

    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// An option the application adds to the command line (the engine knows nothing of its meaning):
    /// `--flag VALUE` / `PARALLAX_ENV`, checked by `validate`, stored in `ServerOptions.application`.
    public struct ApplicationOption: Sendable {
        public var flag: String
        public var env: String
        public var placeholder: String
        public var help: String
        public var defaultValue: String
        public var validate: @Sendable (String) throws -> Void

        public init(flag: String, env: String, placeholder: String, help: String, defaultValue: String,
                    validate: @escaping @Sendable (String) throws -> Void) {
            self.flag = flag
            self.env = env
            self.placeholder = placeholder
            self.help = help
            self.defaultValue = defaultValue
            self.validate = validate
        }
    }

    private struct Option: Sendable {
        var flag: String
        var env: String?
        var placeholder: String?
        var help: String
        var current: @Sendable (ServerOptions) -> String
        var apply: @Sendable (inout ServerOptions, String) throws -> Void
    }

    private static func options(_ application: [ApplicationOption]) -> [Option] {
        engineOptions.dropLast(3) + application.map { a in
            Option(flag: a.flag, env: a.env, placeholder: a.placeholder, help: a.help,
                   current: { $0.application[a.flag] ?? a.defaultValue },
                   apply: { o, v in
                       do { try a.validate(v) } catch { throw Error(description: "--\(a.flag): \(error)") }
                       o.application[a.flag] = v
                   })
        } + engineOptions.suffix(3)
    }

    /// The engine's own options; the last three (`--healthcheck`, `--version`, `--help`) stay last
    /// in `--help`.
    private static let engineOptions: [Option] = [
        Option(flag: "host", env: "HOST", placeholder: "ADDR", help: "IPv4 address to bind",
               current: { $0.configuration.host }, apply: { $0.configuration.host = $1 }),
        Option(flag: "port", env: "PORT", placeholder: "N", help: "TCP port (0 = ephemeral)",
               current: { "\($0.configuration.port)" },
               apply: { $0.configuration.port = try integer($1, "port", 0...65_535) }),
        Option(flag: "workers", env: "WORKERS", placeholder: "N", help: "event-loop threads (default: CPU cores)",
               current: { "\($0.configuration.workers)" },
               apply: { $0.configuration.workers = try integer($1, "workers", 1...1024) }),
        Option(flag: "reuse-port", env: "REUSE_PORT", placeholder: "on|off",
               help: "share the port with other processes (SO_REUSEPORT); off: a busy port is an error",
               current: { $0.configuration.reusePort ? "on" : "off" },
               apply: { $0.configuration.reusePort = try onOff($1, "reuse-port") }),
        Option(flag: "max-header-bytes", env: "MAX_HEADER_BYTES", placeholder: "BYTES",
               help: "request line + headers; over it 431", current: { "\($0.configuration.limits.maxHeaderBytes)" },
               apply: { $0.configuration.limits.maxHeaderBytes = try size($1, "max-header-bytes") }),
        Option(flag: "max-body-bytes", env: "MAX_BODY_BYTES", placeholder: "BYTES",
               help: "request body; over it 413 before reading it", current: { "\($0.configuration.limits.maxBodyBytes)" },
               apply: { $0.configuration.limits.maxBodyBytes = try size($1, "max-body-bytes") }),
        Option(flag: "max-header-count", env: "MAX_HEADER_COUNT", placeholder: "N",
               help: "header fields per request; over it 431", current: { "\($0.configuration.limits.maxHeaderCount)" },
               apply: { $0.configuration.limits.maxHeaderCount = try integer($1, "max-header-count", 1...100_000) }),
        Option(flag: "max-connections", env: "MAX_CONNECTIONS", placeholder: "N",
               help: "open connections; excess answered 503 and closed", current: { "\($0.configuration.limits.maxConnections)" },
               apply: { $0.configuration.limits.maxConnections = try integer($1, "max-connections", 1...10_000_000) }),
        Option(flag: "header-timeout", env: "HEADER_TIMEOUT", placeholder: "SECONDS",
               help: "first byte to end of headers; over it 408", current: { seconds($0.configuration.limits.headerTimeout) },
               apply: { $0.configuration.limits.headerTimeout = try duration($1, "header-timeout") }),
        Option(flag: "idle-timeout", env: "IDLE_TIMEOUT", placeholder: "SECONDS",
               help: "idle keep-alive connection is closed", current: { seconds($0.configuration.limits.idleTimeout) },
               apply: { $0.configuration.limits.idleTimeout = try duration($1, "idle-timeout") }),
        Option(flag: "request-timeout", env: "REQUEST_TIMEOUT", placeholder: "SECONDS",
               help: "first byte to last body byte; over it 408", current: { seconds($0.configuration.limits.requestTimeout) },
               apply: { $0.configuration.limits.requestTimeout = try duration($1, "request-timeout") }),
        Option(flag: "drain-timeout", env: "DRAIN_TIMEOUT", placeholder: "SECONDS",
               help: "on SIGTERM/SIGINT, time for in-flight requests", current: { seconds($0.configuration.limits.drainTimeout) },
               apply: { $0.configuration.limits.drainTimeout = try duration($1, "drain-timeout") }),
        Option(flag: "write-high-water-mark", env: "WRITE_HIGH_WATER_MARK", placeholder: "BYTES",
               help: "unsent output at which reading pauses", current: { "\($0.configuration.limits.writeHighWaterMark)" },
               apply: { $0.configuration.limits.writeHighWaterMark = try size($1, "write-high-water-mark") }),
        Option(flag: "max-output-bytes", env: "MAX_OUTPUT_BYTES", placeholder: "BYTES",
               help: "unsent output of all connections; while spent no new requests are read", current: { "\($0.configuration.limits.maxOutputBytes)" },
               apply: { $0.configuration.limits.maxOutputBytes = try size($1, "max-output-bytes") }),
        Option(flag: "log-format", env: "LOG_FORMAT", placeholder: "json|text", help: "log line format",
               current: { $0.logFormat.rawValue },
               apply: { o, v in
                   guard let f = LogFormat(rawValue: v) else { throw Error(description: "--log-format must be json or text, not '\(v)'") }
                   o.logFormat = f
               }),
        Option(flag: "access-log", env: "ACCESS_LOG", placeholder: "on|off", help: "one log line per request",
               current: { $0.accessLog ? "on" : "off" },
               apply: { $0.accessLog = try onOff($1, "access-log") }),
        Option(flag: "healthcheck", env: nil, placeholder: nil, help: "GET /healthz on 127.0.0.1:PORT; exit 0 on 200, else 1",
               current: { _ in "" }, apply: { o, _ in o.healthcheck = true }),
        Option(flag: "version", env: nil, placeholder: nil, help: "print the version and the commit it was built from",
               current: { _ in "" }, apply: { o, _ in o.version = true }),
        Option(flag: "help", env: nil, placeholder: nil, help: "print this help", current: { _ in "" },
               apply: { o, _ in o.help = true }),
    ]

    /// Every environment variable read, so a caller can collect just these with getenv.
    public static func environmentNames(prefix: String = "PARALLAX_",
                                        application: [ApplicationOption] = []) -> [String] {
        options(application).compactMap { $0.env.map { prefix + $0 } }
    }

    /// Parses `arguments` (without the program name) over `environment` over the defaults.
    public static func parse(arguments: [String], environment: [String: String],
                             prefix: String = "PARALLAX_",
                             application: [ApplicationOption] = []) throws -> ServerOptions {
        let all = Self.options(application)
        var result = ServerOptions()
        for option in all {
            if let env = option.env, let value = environment[prefix + env], !value.isEmpty {
                do { try option.apply(&result, value) } catch {
                    throw Error(description: "\(prefix + env): \(error)")
                }
            }
        }
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            guard argument.hasPrefix("--") else { throw Error(description: "unexpected argument '\(argument)'") }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = all.first(where: { $0.flag == name }) else {
                throw Error(description: "unknown option --\(name) (see --help)")
            }
            if option.placeholder != nil && value == nil {
                guard i < arguments.count else { throw Error(description: "--\(name) needs a value") }
                value = arguments[i]
                i += 1
            }
            try option.apply(&result, value ?? "")
        }
        return result
    }

    /// `--help`: every flag with its environment variable and default.
    public static func helpText(program: String = "parallax-server", prefix: String = "PARALLAX_",
                                application: [ApplicationOption] = []) -> String {
        let all = Self.options(application)
        let defaults = ServerOptions()
        var text = "usage: \(program) [options]\n\nOptions (flag, environment variable, default):\n"
        for option in all {
            var left = "  --\(option.flag)"
            if let p = option.placeholder { left += " \(p)" }
            text += left.padded(to: 34) + option.help + "\n"
            if let env = option.env {
                text += String(repeating: " ", count: 34) + "env \(prefix + env), default \(option.current(defaults))\n"
            }
        }
        text += "\nDurations are seconds (\"2.5\") or carry a unit (\"250ms\", \"10s\"); sizes are bytes, or with k/m (KiB/MiB).\n"
        text += "SIGTERM or SIGINT drains: stop accepting, /readyz 503, finish in-flight requests, exit 0.\n"
        return text
    }

    // MARK: value parsers

    private static func integer(_ s: String, _ name: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let v = Int(s), range.contains(v) else {
            throw Error(description: "--\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), not '\(s)'")
        }
        return v
    }

    private static func size(_ s: String, _ name: String) throws -> Int {
        var digits = s.lowercased()
        var unit = 1
        for (suffix, factor) in [("kib", 1024), ("mib", 1 << 20), ("k", 1024), ("m", 1 << 20)] where digits.hasSuffix(suffix) {
            digits.removeLast(suffix.count)
            unit = factor
            break
        }
        guard let v = Int(digits), v > 0, v <= (1 << 40) / unit else {
            throw Error(description: "--\(name) must be a positive size in bytes (e.g. 65536, 64k, 1m), not '\(s)'")
        }
        return v * unit
    }

    private static func duration(_ s: String, _ name: String) throws -> Duration {
        var text = s.lowercased()
        var scale = 1.0
        if text.hasSuffix("ms") { text.removeLast(2); scale = 0.001 } else if text.hasSuffix("s") { text.removeLast() }
        guard let v = Double(text), v.isFinite, v > 0, v * scale <= 86_400 * 365 else {
            throw Error(description: "--\(name) must be a positive duration (e.g. 10, 2.5, 250ms), not '\(s)'")
        }
        return .nanoseconds(Int64((v * scale * 1e9).rounded()))
    }

    private static func onOff(_ s: String, _ name: String) throws -> Bool {
        switch s.lowercased() {
        case "on", "true", "1", "yes": return true
        case "off", "false", "0", "no": return false
        default: throw Error(description: "--\(name) must be on or off, not '\(s)'")
        }
    }

    private static func seconds(_ d: Duration) -> String {
        let (s, atto) = d.components
        if atto == 0 { return "\(s)s" }
        return "\(s * 1000 + atto / 1_000_000_000_000_000)ms"
    }
}

private extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
