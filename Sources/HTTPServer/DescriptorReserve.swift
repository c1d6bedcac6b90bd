#if canImport(Glibc)
import Glibc
#endif

/// File descriptors, the resource a crowd of connections runs out of first (docs/operations.md#descriptors).
///
/// At start the soft `RLIMIT_NOFILE` is raised to the hard limit (`raise()`), and a warning says
/// when it stays below what `--max-connections` needs. While serving, the engine keeps a reserve
/// below the soft limit, as nginx and HAProxy keep a spare descriptor: once the connections reach
/// the limit minus what the process already holds minus `reserve`, a new connection is still
/// accepted (on the reserve), answered 503, or served when it asks for one of the paths that
/// must answer even then (`/healthz`, `HTTPServerConfiguration.servedWhenFull`), and closed. So
/// descriptor exhaustion looks like `--max-connections`: a clear answer and a counted refusal,
/// never a bare close (which is what libuv does once `accept` itself fails with EMFILE).
public struct DescriptorLimit: Sendable, Equatable {
    /// The soft and hard `RLIMIT_NOFILE` after `raise()`.
    public var soft: Int
    public var hard: Int

    /// Descriptors kept free for the answers to refused connections and anything else the process
    /// opens while serving (a log line to a pipe, a DNS-free libuv loop needs none).
    public static let reserve = 32

    /// Raises the soft limit to the hard one (an unprivileged process may; `RLIM_INFINITY` hard
    /// limits are capped at the kernel's `nr_open`, 1 048 576 by default) and returns both.
    public static func raise() -> DescriptorLimit {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return DescriptorLimit(soft: 1024, hard: 1024) }
        let cap = rlim_t(1 << 20)
        let target = min(limit.rlim_max, cap)
        if limit.rlim_cur < target {
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return DescriptorLimit(soft: Int(clamping: limit.rlim_cur), hard: Int(clamping: limit.rlim_max))
    }

    /// The current soft limit, without changing it.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Descriptors the process holds now (entries of /proc/self/fd), or nil where that is unknown.
    public static var inUse: Int? {
        guard let dir = opendir("/proc/self/fd") else { return nil }
        defer { closedir(dir) }
        var n = 0
        while let entry = readdir(dir) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { n += 1 }
        }
        return max(0, n - 1)  // not the directory stream's own descriptor
    }

    /// A sentence for the start-up log when the soft limit cannot hold `maxConnections`
    /// connections beside the process's own descriptors and the reserve, else nil.
    public func warning(maxConnections: Int, workers: Int) -> String? {
        let needed = maxConnections + Self.overhead(workers: workers) + Self.reserve
        guard soft < needed else { return nil }
        let usable = max(0, soft - Self.overhead(workers: workers) - Self.reserve)
        return "RLIMIT_NOFILE is \(soft) (hard \(hard)), below the \(needed) descriptors --max-connections \(maxConnections) needs: "
            + "about \(usable) connections fit, further ones are answered 503 (raise the limit, e.g. ulimit -n \(needed), or lower --max-connections)"
    }

    /// Descriptors a server holds besides its connections: stdio, and per loop its epoll
    /// instance, wake-up eventfd, signal pipe and listening socket (an estimate for the warning;
    /// the engine counts the real ones at start, `connectionCap`).
    static func overhead(workers: Int) -> Int { 16 + 6 * workers }

    /// The connections that fit beside `heldNow` descriptors and the reserve, under `soft`.
    static func connectionCap(soft: Int, heldNow: Int) -> Int {
        max(0, soft - heldNow - reserve)
    }
}
