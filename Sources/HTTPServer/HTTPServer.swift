import CLibUV
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A running server: `workers` event-loop threads, each with its own libuv loop, accepting from
/// one listening socket that keeps the port to this process (a second server on that port fails
/// with "address already in use"). With `reusePort` each loop binds a socket of its own with
/// SO_REUSEPORT instead, and the kernel spreads connections over them and over any other process
/// that binds the port the same way (docs/operations.md#ports).
///
///     let server = try HTTPServer.start(configuration) { loopIndex, state in MyResponder(state) }
///     // … on SIGTERM:
///     server.beginDrain()
///     server.wait()
public final class HTTPServer: Sendable {
    /// The port actually bound (useful with port 0).
    public let port: Int
    /// The address actually bound, without brackets: `configuration.host`, or `0.0.0.0` where
    /// `::` was asked of a kernel without IPv6 (docs/operations.md#ipv6).
    public let host: String
    public let configuration: HTTPServerConfiguration
    /// Draining flag and counters shared with the application.
    public let state: ServerState
    private let loops: [EventLoop]
    private let threads: Mutex<[pthread_t]>

    private init(port: Int, host: String, configuration: HTTPServerConfiguration, state: ServerState,
                 loops: [EventLoop], threads: [pthread_t]) {
        self.port = port
        self.host = host
        self.configuration = configuration
        self.state = state
        self.loops = loops
        self.threads = Mutex(threads)
    }

    /// Binds every loop's socket (throwing if the address is unusable), then starts the threads.
    /// `makeResponder` runs once on each loop's own thread, before it serves anything: the
    /// responder it returns is only ever called from that thread.
    public static func start(
        _ configuration: HTTPServerConfiguration,
        makeResponder: @escaping @Sendable (_ loopIndex: Int, _ state: ServerState) -> any HTTPResponder
    ) throws -> HTTPServer {
        uvshim_ignore_sigpipe()
        guard configuration.workers >= 1 else { throw HTTPServerError("workers must be at least 1") }
        guard (0...65_535).contains(configuration.port) else { throw HTTPServerError("port out of range") }
        let state = ServerState(maxOutputBytes: configuration.limits.maxOutputBytes,
                                maxInputBytes: configuration.limits.maxInputBytes)
        var loops: [EventLoop] = []
        var port = configuration.port
        var host = configuration.host
        do {
            for index in 0..<configuration.workers {
                let sharing = configuration.reusePort ? nil : loops.first
                let loop = try EventLoop(index: index, configuration: configuration, port: port, sharing: sharing,
                                         state: state, makeResponder: makeResponder)
                loops.append(loop)
                port = loop.boundPort // port 0: the others bind to the port the first one got
                host = loop.boundHost
            }
        } catch {
            for loop in loops { loop.abandon() }
            throw error
        }
        // What the descriptors allow, counted now that every listener is bound (DescriptorLimit).
        state.setDescriptorCap(DescriptorLimit.connectionCap(soft: DescriptorLimit.current, heldNow: DescriptorLimit.inUse ?? 0))
        // A write that frees the budget wakes every loop: their waiting connections go on.
        let wakeable = loops
        state.budget.setOnFreed { for loop in wakeable { loop.wake() } }
        var threads: [pthread_t] = []
        for loop in loops {
            do {
                threads.append(try loop.startThread())
            } catch {
                // Loops already running are drained; the others never started.
                _ = state.markDraining()
                for started in loops.prefix(threads.count) { started.wake() }
                for thread in threads { pthread_join(thread, nil) }
                for unstarted in loops.dropFirst(threads.count) { unstarted.abandon() }
                throw error
            }
        }
        return HTTPServer(port: port, host: host, configuration: configuration, state: state, loops: loops, threads: threads)
    }

    /// Graceful shutdown, non-blocking: stop accepting, `state.isDraining` becomes true (readiness
    /// answers 503), requests in progress finish with `Connection: close`, idle connections close;
    /// after `drainTimeout` whatever is left is closed. Safe to call from any thread, repeatedly.
    public func beginDrain() {
        if state.markDraining() {
            for loop in loops { loop.wake() }
        }
    }

    /// `beginDrain()` then `wait()`.
    public func shutdown() {
        beginDrain()
        wait()
    }

    /// Blocks until every loop has stopped.
    public func wait() {
        threads.withLock { threads in
            for thread in threads { pthread_join(thread, nil) }
            threads.removeAll()
        }
    }
}
