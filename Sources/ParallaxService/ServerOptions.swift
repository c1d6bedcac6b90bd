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
        Option(flag: "host", env: "HOST", placeholder: "ADDR",
               help: "address to bind: IPv4 (0.0.0.0 = all) or IPv6 (:: = all, dual stack; ::1 or [::1])",
               current: { $0.configuration.host }, apply: { $0.configuration.host = ListenAddress.unbracketed($1) }),
        Option(flag: "port", env: "PORT", placeholder: "N", help: "TCP port (0 = ephemeral)",
               current: { "\($0.configuration.port)" },
               apply: { $0.configuration.port = try integer($1, in: 0...65_535) }),
        Option(flag: "workers", env: "WORKERS", placeholder: "N", help: "event-loop threads (default: CPU cores)",
               current: { "\($0.configuration.workers)" },
               apply: { $0.configuration.workers = try integer($1, in: 1...1024) }),
        Option(flag: "reuse-port", env: "REUSE_PORT", placeholder: "on|off",
               help: "share the port with other processes (SO_REUSEPORT); off: a busy port is an error",
               current: { $0.configuration.reusePort ? "on" : "off" },
               apply: { $0.configuration.reusePort = try onOff($1, "reuse-port") }),
        limit("max-header-bytes", "request line + headers; over it 431 (414 when the target alone is over it)", bytes: \.maxHeaderBytes),
        limit("max-body-bytes", "request body; over it 413 before reading it", bytes: \.maxBodyBytes),
        limit("max-header-count", "header fields per request; over it 431", count: \.maxHeaderCount, in: 1...100_000),
        limit("max-chunk-extension-bytes", "chunk extensions of one request, all chunks together; over it 413",
              bytes: \.maxChunkExtensionBytes),
        limit("max-connections", "open connections; excess answered 503 and closed", count: \.maxConnections,
              in: 1...10_000_000),
        limit("header-timeout", "first byte to end of headers; over it 408", seconds: \.headerTimeout),
        limit("idle-timeout", "idle keep-alive connection is closed", seconds: \.idleTimeout),
        limit("request-timeout", "first byte to last body byte; over it 408", seconds: \.requestTimeout),
        limit("drain-timeout", "on SIGTERM/SIGINT, time for in-flight requests", seconds: \.drainTimeout),
        limit("write-high-water-mark", "unsent output at which reading pauses", bytes: \.writeHighWaterMark),
        limit("max-output-bytes", "unsent output of all connections; while spent no new requests are read",
              bytes: \.maxOutputBytes),
        limit("max-input-bytes", "request bodies over 16 KiB buffered by all connections; a body past it gets 503",
              bytes: \.maxInputBytes),
    ]

    /// An engine limit (a field of `HTTPLimits`): the flag, its variable (the flag in capitals,
    /// `-` as `_`), and its value parsed by the parser of its kind.
    private static func limit(_ flag: String, _ help: String, bytes keyPath: WritableKeyPath<HTTPLimits, Int> & Sendable) -> Option {
        Option(flag: flag, env: environmentName(flag), placeholder: "BYTES", help: help,
               current: { "\($0.configuration.limits[keyPath: keyPath])" },
               apply: { $0.configuration.limits[keyPath: keyPath] = try size($1, flag) })
    }

    private static func limit(_ flag: String, _ help: String, count keyPath: WritableKeyPath<HTTPLimits, Int> & Sendable,
                              in range: ClosedRange<Int>) -> Option {
        Option(flag: flag, env: environmentName(flag), placeholder: "N", help: help,
               current: { "\($0.configuration.limits[keyPath: keyPath])" },
               apply: { $0.configuration.limits[keyPath: keyPath] = try integer($1, in: range) })
    }

    private static func limit(_ flag: String, _ help: String,
                              seconds keyPath: WritableKeyPath<HTTPLimits, Duration> & Sendable) -> Option {
        Option(flag: flag, env: environmentName(flag), placeholder: "SECONDS", help: help,
               current: { seconds($0.configuration.limits[keyPath: keyPath]) },
               apply: { $0.configuration.limits[keyPath: keyPath] = try duration($1, flag) })
    }

    /// `max-body-bytes` → `MAX_BODY_BYTES` (the prefix is added where the environment is read).
    private static func environmentName(_ flag: String) -> String {
        String(flag.uppercased().map { $0 == "-" ? "_" : $0 })
    }

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

    /// A value that does not parse, said without the option's name: `parse` puts the flag (and
    /// the environment variable it came from) in front.
    struct ValueError: Swift.Error, CustomStringConvertible {
        var description: String
    }

    /// The one integer parser of the command line (the engine's counts, the layout limits, the
    /// cache max-age): decimal digits whose value lies in `range`. `what` names the value in the
    /// message ("an integer number of seconds").
    static func integer(_ s: String, in range: ClosedRange<Int>, what: String = "an integer") throws(ValueError) -> Int {
        guard let v = Int(s), range.contains(v) else {
            throw ValueError(description: "must be \(what) in \(range.lowerBound)...\(range.upperBound), not '\(s)'")
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
