import HTTPServer

/// Command-line and environment configuration of parallax-server (docs/operations.md#configuration):
/// every field of `HTTPServerConfiguration`, `HTTPLimits` and `ServiceOptions` has a flag and an
/// environment variable (`--max-body-bytes` / `PARALLAX_MAX_BODY_BYTES`). Flags win over the
/// environment, the environment over the defaults. Each value is parsed into its type once, here,
/// and a bad one stops the start with a message naming it; nothing re-reads a string later.
/// Pure: testable without starting anything.
public struct ServerOptions: Sendable, Equatable {
    public var configuration = HTTPServerConfiguration()
    /// The application's options: log format, access log, layout limits, CORS, cache max-age.
    public var service = ServiceOptions()
    /// `--healthcheck`: probe GET /healthz on 127.0.0.1:<port> and exit 0 on 200, else 1.
    public var healthcheck = false
    /// `--help`: print `helpText` and exit.
    public var help = false
    /// `--version`: print the version and the commit it was built from, and exit.
    public var version = false

    public init() {}

    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// One option: its flag, environment variable, `--help` line, the value it shows as default,
    /// and how a value given for it is parsed into its typed field.
    struct Option: Sendable {
        var flag: String
        var env: String?
        var placeholder: String?
        var help: String
        var current: @Sendable (ServerOptions) -> String
        var apply: @Sendable (inout ServerOptions, String) throws -> Void
    }

    /// Every option in `--help` order: the engine's, the application's (ServiceOptions.swift,
    /// LimitOptions.swift, WebOptions.swift), then `--healthcheck`, `--version` and `--help`.
    private static let options: [Option] = engineOptions + ServiceOptions.commandLineOptions + [
        Option(flag: "healthcheck", env: nil, placeholder: nil, help: "GET /healthz on 127.0.0.1:PORT; exit 0 on 200, else 1",
               current: { _ in "" }, apply: { o, _ in o.healthcheck = true }),
        Option(flag: "version", env: nil, placeholder: nil, help: "print the version and the commit it was built from",
               current: { _ in "" }, apply: { o, _ in o.version = true }),
        Option(flag: "help", env: nil, placeholder: nil, help: "print this help", current: { _ in "" },
               apply: { o, _ in o.help = true }),
    ]

    /// The engine's own options.
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
        Option(flag: "max-chunk-extension-bytes", env: "MAX_CHUNK_EXTENSION_BYTES", placeholder: "BYTES",
               help: "chunk extensions of one request, all chunks together; over it 413",
               current: { "\($0.configuration.limits.maxChunkExtensionBytes)" },
               apply: { $0.configuration.limits.maxChunkExtensionBytes = try size($1, "max-chunk-extension-bytes") }),
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
    ]

    /// Every environment variable read, so a caller can collect just these with getenv.
    public static func environmentNames(prefix: String = "PARALLAX_") -> [String] {
        options.compactMap { $0.env.map { prefix + $0 } }
    }

    /// Parses `arguments` (without the program name) over `environment` over the defaults.
    public static func parse(arguments: [String], environment: [String: String],
                             prefix: String = "PARALLAX_") throws -> ServerOptions {
        let all = Self.options
        var result = ServerOptions()
        for option in all {
            if let env = option.env, let value = environment[prefix + env], !value.isEmpty {
                do { try option.apply(&result, value) } catch let error as Error {
                    throw Error(description: "\(prefix + env): \(error)")
                } catch {
                    throw Error(description: "\(prefix + env): --\(option.flag): \(error)")
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
            do { try option.apply(&result, value ?? "") } catch let error as Error { throw error } catch {
                throw Error(description: "--\(name): \(error)")
            }
        }
        return result
    }

    /// `--help`: every flag with its environment variable and default.
    public static func helpText(program: String = "parallax-server", prefix: String = "PARALLAX_") -> String {
        let all = Self.options
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
        text += "SIGTERM, SIGINT or SIGHUP drains: stop accepting, /readyz 503, finish in-flight requests, exit 0.\n"
        return text
    }

    // MARK: value parsers

    static func integer(_ s: String, _ name: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let v = Int(s), range.contains(v) else {
            throw Error(description: "--\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), not '\(s)'")
        }
        return v
    }

    static func size(_ s: String, _ name: String) throws -> Int {
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

    static func duration(_ s: String, _ name: String) throws -> Duration {
        var text = s.lowercased()
        var scale = 1.0
        if text.hasSuffix("ms") { text.removeLast(2); scale = 0.001 } else if text.hasSuffix("s") { text.removeLast() }
        guard let v = Double(text), v.isFinite, v > 0, v * scale <= 86_400 * 365 else {
            throw Error(description: "--\(name) must be a positive duration (e.g. 10, 2.5, 250ms), not '\(s)'")
        }
        return .nanoseconds(Int64((v * scale * 1e9).rounded()))
    }

    static func onOff(_ s: String, _ name: String) throws -> Bool {
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
