#if canImport(Glibc)
import Glibc
#endif

/// Every limit the engine enforces, in one place (docs/architecture.md#traits-the-code-keeps, trait 5, after swift-nio's
/// `NIOHTTPDecoderLimitConfiguration`). The application's command line gives each field a flag
/// and an environment variable; the defaults below are the documented ones.
public struct HTTPLimits: Sendable, Equatable {
    /// Request line plus header fields, in bytes. Over it: 431 and close (RFC 6585 §5).
    public var maxHeaderBytes: Int = 16 * 1024
    /// Request body, in bytes. Over it: 413 and close, answered from Content-Length before the
    /// body is read, or as soon as a chunked body's running total passes it (RFC 9110 §15.5.14).
    public var maxBodyBytes: Int = 1024 * 1024
    /// Header fields per request. Over it: 431 and close.
    public var maxHeaderCount: Int = 100
    /// Chunk extensions of one request, names and values of all its chunks together, in bytes
    /// (RFC 9112 §7.1.1: a server ought to limit them). Over it: 413 and close, as soon as the
    /// running total passes it, so an endless extension or many small ones cannot feed the
    /// parser without bound (the class of Node's CVE-2024-22019, which chose the same limit).
    /// Trailer fields (RFC 9112 §7.1.2) count against `maxHeaderBytes` and `maxHeaderCount`
    /// together with the head: 431.
    public var maxChunkExtensionBytes: Int = 16 * 1024
    /// Open connections per server (all loops together). An excess connection is answered 503
    /// and closed at once; the others are not disturbed.
    public var maxConnections: Int = 10_000
    /// From the first byte of a request to the end of its headers (slowloris). Over it: 408, close.
    public var headerTimeout: Duration = .seconds(10)
    /// A keep-alive connection with no request in progress, or a write making no progress,
    /// is closed after this long (no response: nothing was asked).
    public var idleTimeout: Duration = .seconds(30)
    /// From the first byte of a request to its last body byte. Over it: 408, close.
    public var requestTimeout: Duration = .seconds(30)
    /// After SIGTERM / `beginDrain()`: in-flight requests get this long to finish, then every
    /// remaining connection is closed and the loops stop.
    public var drainTimeout: Duration = .seconds(10)
    /// Unsent response bytes per connection above which the engine stops reading (and parsing)
    /// that connection; reading resumes once the output has been written.
    public var writeHighWaterMark: Int = 256 * 1024
    /// Unsent response bytes of all connections together (the process-wide output budget). While
    /// it is spent, connections with unsent output parse no new request and streamed bodies
    /// produce nothing more, so a crowd of clients that never read cannot grow memory without bound.
    public var maxOutputBytes: Int = 64 * 1024 * 1024
    /// Request bodies buffered by all connections together (the process-wide input budget,
    /// `InputBudget`): a body over `InputBudget.ownBytes` reserves its buffer here, at its head
    /// when it has a Content-Length, so one that does not fit is answered 503 with `Retry-After`
    /// before it is read, and a crowd of clients holding partial bodies cannot grow memory.
    public var maxInputBytes: Int = 64 * 1024 * 1024

    public init() {}
}

/// Where and how the server listens.
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// Address to bind: IPv4 (`127.0.0.1`, `0.0.0.0`) or IPv6 (`::1`, `::` for every address of
    /// both families; brackets allowed), docs/operations.md#ipv6.
    public var host: String = "127.0.0.1"
    /// TCP port; 0 asks the kernel for an ephemeral one (read it back from `HTTPServer.port`).
    public var port: Int = 8080
    /// Event-loop threads; they accept from one listening socket (see `reusePort`).
    public var workers: Int = HTTPServerConfiguration.defaultWorkers
    /// SO_REUSEPORT: each loop binds its own socket, and other processes that ask the same may
    /// bind the port too (the kernel spreads connections over all of them). Off by default, so a
    /// second server, or a stale one, on the same port is an error rather than a silent split.
    public var reusePort = false
    /// listen(2) backlog per loop.
    public var backlog: Int = 1024
    public var limits = HTTPLimits()
    /// The `Server` header value (RFC 9110 §10.2.4); nil sends none. The engine names no product.
    public var serverName: String?
    /// Paths answered by the responder even when a connection is refused because the descriptors
    /// ran out (DescriptorReserve.swift): a liveness probe such as `/healthz` must not fail
    /// because clients crowd the server. Only a `GET` whose head arrives within
    /// `RefusedConnection.patience` is served; everything else gets the 503. (Past
    /// `maxConnections` every connection gets the 503: that limit is the operator's choice.)
    public var servedWhenFull: [String] = []

    public init(host: String = "127.0.0.1", port: Int = 8080,
                workers: Int = HTTPServerConfiguration.defaultWorkers, limits: HTTPLimits = HTTPLimits(),
                serverName: String? = nil, reusePort: Bool = false) {
        self.reusePort = reusePort
        self.serverName = serverName
        self.host = host
        self.port = port
        self.workers = workers
        self.limits = limits
    }

    /// The number of online CPU cores (at least 1).
    public static var defaultWorkers: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

extension Duration {
    /// Whole nanoseconds, saturating; the engine's clocks count nanoseconds (uv_hrtime).
    var engineNanoseconds: UInt64 {
        let (s, atto) = components
        if s < 0 { return 0 }
        let (ns, overflow) = UInt64(s).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? UInt64.max / 2 : ns &+ UInt64(atto / 1_000_000_000)
    }
}
