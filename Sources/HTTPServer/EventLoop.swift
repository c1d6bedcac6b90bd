import CLibUV
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Binding or starting failed.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ what: String, _ code: Int32) { description = "\(what): \(String(cString: uv_strerror(code)))" }
    init(_ description: String) { self.description = description }
}

/// One libuv loop on its own thread with its own listening socket (SO_REUSEPORT), its
/// connections, a 64 KiB read buffer reused by every read, the `Date` cache and one reused
/// `HTTPResponse`. Everything here is touched only by the loop's thread once it runs, except
/// `wake()` (uv_async_send is the one thread-safe libuv call).
final class EventLoop: @unchecked Sendable {
    static let readBufferSize = 64 * 1024

    let index: Int
    let limits: HTTPLimits
    let state: ServerState
    let loop: UnsafeMutablePointer<uv_loop_t>
    let readBuffer: UnsafeMutableRawPointer
    let date: DateCache
    @exclusivity(unchecked) private(set) var responder: (any HTTPResponder)?
    /// One response value per loop, its body capacity reused by every request; only the loop's
    /// thread touches it, so the per-request `inout` skips the dynamic exclusivity check.
    @exclusivity(unchecked) var response = HTTPResponse()
    private(set) var boundPort = 0
    private let listener: UnsafeMutablePointer<uv_tcp_t>
    private let wakeup: UnsafeMutablePointer<uv_async_t>
    /// Fires at the drain deadline: whatever is still open then is closed.
    private let drainTimer: UnsafeMutablePointer<uv_timer_t>
    /// Connections whose next step waits for the output budget (re-pumped when it frees).
    private var budgetWaiters: [Connection] = []
    private let makeResponder: @Sendable (Int, ServerState) -> any HTTPResponder
    private var connections: [Connection] = []
    private var draining = false
    private var stopping = false
    private var dateTick: UInt64 = .max
    /// False once `wakeup` is closing: `uv_async_send` must not touch it after that.
    private let wakeable = Mutex(true)

    /// Creates the loop and binds its listener; throws when the address cannot be bound.
    init(index: Int, configuration: HTTPServerConfiguration, port: Int, state: ServerState,
         makeResponder: @escaping @Sendable (Int, ServerState) -> any HTTPResponder) throws {
        self.index = index
        self.limits = configuration.limits
        self.state = state
        self.makeResponder = makeResponder
        date = DateCache(serverName: configuration.serverName)
        loop = .allocate(capacity: 1)
        listener = .allocate(capacity: 1)
        wakeup = .allocate(capacity: 1)
        drainTimer = .allocate(capacity: 1)
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
        uv_loop_init(loop)
        uv_tcp_init_ex(loop, listener, UInt32(AF_INET))
        uv_async_init(loop, wakeup) { handle in EventLoop.from(handle?.pointee.data)?.wokenUp() }
        uv_timer_init(loop, drainTimer)
        let context = Unmanaged.passUnretained(self).toOpaque()
        listener.pointee.data = context
        wakeup.pointee.data = context
        drainTimer.pointee.data = context
        do {
            try bindAndListen(host: configuration.host, port: port, backlog: configuration.backlog)
        } catch {
            abandon()
            throw error
        }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> EventLoop? {
        data.map { Unmanaged<EventLoop>.fromOpaque($0).takeUnretainedValue() }
    }

    private func bindAndListen(host: String, port: Int, backlog: Int) throws {
        var fd: uv_os_fd_t = -1
        var rc = uv_fileno(uvshim_tcp_handle(listener), &fd)
        if rc == 0 { rc = uvshim_set_reuseport(fd) == 0 ? 0 : -errno }
        if rc != 0 { throw HTTPServerError("SO_REUSEPORT", rc) }
        var address = sockaddr_in()
        rc = uv_ip4_addr(host, Int32(port), &address)
        if rc != 0 { throw HTTPServerError("invalid IPv4 host \(host)", rc) }
        rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_bind(listener, $0, 0) }
        }
        if rc != 0 { throw HTTPServerError("bind \(host):\(port)", rc) }
        rc = uv_listen(uvshim_tcp_stream(listener), Int32(backlog)) { server, status in
            guard status == 0, let server else { return }
            EventLoop.from(server.pointee.data)?.accept(server)
        }
        if rc != 0 { throw HTTPServerError("listen \(host):\(port)", rc) }
        var bound = sockaddr_in()
        var length = Int32(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_getsockname(listener, $0, &length) }
        }
        boundPort = Int(UInt16(bigEndian: bound.sin_port))
    }

    /// Closes everything of a loop that never ran (bind failed) and frees it.
    func abandon() {
        stopping = true
        wakeable.withLock { $0 = false }
        uv_close(uvshim_tcp_handle(listener), nil)
        uv_close(uvshim_async_handle(wakeup), nil)
        uv_close(uvshim_timer_handle(drainTimer), nil)
        uv_run(loop, UV_RUN_DEFAULT)
        release()
    }

    private func release() {
        uv_loop_close(loop)
        loop.deallocate()
        listener.deallocate()
        wakeup.deallocate()
        drainTimer.deallocate()
        readBuffer.deallocate()
    }

    /// Runs the loop on a new thread; the thread owns a reference until the loop stops.
    func startThread() throws -> pthread_t {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<EventLoop>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        if rc != 0 {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            throw HTTPServerError("pthread_create failed (\(rc))")
        }
        return thread
    }

    private func run() {
        responder = makeResponder(index, state)
        uv_run(loop, UV_RUN_DEFAULT)
        responder = nil
        release()
    }

    /// Any thread: makes the loop look at `state` (drain).
    func wake() {
        wakeable.withLock { alive in
            if alive { uv_async_send(wakeup) }
        }
    }

    // MARK: on the loop thread

    /// Nanoseconds, monotonic; the state machines' clock.
    var now: UInt64 { uv_hrtime() }

    /// Refreshes the `Date` line when the loop's cached tick entered a new second.
    @inline(__always)
    func refreshDate() {
        let tick = uv_now(loop) / 1000
        if tick != dateTick {
            dateTick = tick
            date.refresh(epochSeconds: Int64(time(nil)))
        }
    }

    private func accept(_ server: UnsafeMutablePointer<uv_stream_t>) {
        guard let responder else { return }
        guard !draining, state.tryOpenConnection(limit: limits.maxConnections) else {
            let tcp = UnsafeMutablePointer<uv_tcp_t>.allocate(capacity: 1)
            uv_tcp_init(loop, tcp)
            tcp.pointee.data = nil
            if uv_accept(server, uvshim_tcp_stream(tcp)) == 0 { refuse(tcp, responder: responder) }
            uv_close(uvshim_tcp_handle(tcp)) { $0.map { UnsafeMutableRawPointer($0).deallocate() } }
            return
        }
        refreshDate()
        guard let connection = Connection(loop: self, server: server) else {
            state.connectionClosed()
            return
        }
        connection.listIndex = connections.count
        connections.append(connection)
        responder.connectionOpened()
        connection.start()
    }

    /// Over `maxConnections`: a 503 rendered by the application, then close; nobody else notices.
    private func refuse(_ tcp: UnsafeMutablePointer<uv_tcp_t>, responder: any HTTPResponder) {
        refreshDate()
        response.reset()
        let error = HTTPEngineError(kind: .unavailable, status: 503, detail: "too many open connections")
        responder.respond(to: error, into: &response)
        var bytes = ByteBuffer()
        ResponseSerializer.append(response, headOnly: false, close: true, keepAliveHeader: false,
                                  head: date, to: &bytes)
        bytes.withUnsafeReadableBytes { raw in
            var buf = uv_buf_init(UnsafeMutablePointer(mutating: raw.baseAddress?.assumingMemoryBound(to: CChar.self)),
                                  UInt32(raw.count))
            _ = uv_try_write(uvshim_tcp_stream(tcp), &buf, 1)
        }
    }

    static func peerAddress(_ tcp: UnsafeMutablePointer<uv_tcp_t>) -> String {
        var storage = sockaddr_storage()
        var length = Int32(MemoryLayout<sockaddr_storage>.size)
        var name = [CChar](repeating: 0, count: 64)
        let rc = withUnsafeMutablePointer(to: &storage) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_getpeername(tcp, $0, &length) }
        }
        guard rc == 0, storage.ss_family == sa_family_t(AF_INET) else { return "" }
        _ = withUnsafePointer(to: &storage) { storage in
            storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_name($0, &name, name.count) }
        }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func connectionClosed(_ connection: Connection) {
        let i = connection.listIndex
        if i >= 0 && i < connections.count && connections[i] === connection {
            let last = connections.removeLast()
            if i < connections.count {
                connections[i] = last
                last.listIndex = i
            }
        }
        connection.listIndex = -1
        if connection.awaitsBudget, let w = budgetWaiters.firstIndex(where: { $0 === connection }) {
            budgetWaiters.remove(at: w)
            connection.awaitsBudget = false
        }
        state.connectionClosed()
        responder?.connectionClosed()
        stopIfDrained()
    }

    private func wokenUp() {
        if state.isDraining { beginDrain() }
        budgetMayHaveFreed()
    }

    /// `connection` waits for the output budget.
    func awaitBudget(_ connection: Connection) {
        guard !connection.awaitsBudget else { return }
        connection.awaitsBudget = true
        budgetWaiters.append(connection)
    }

    /// Re-pumps the connections waiting for the budget once it has room (after a write here,
    /// or woken by another loop whose write freed it).
    func budgetMayHaveFreed() {
        guard !budgetWaiters.isEmpty, !state.budget.isSpent else { return }
        let waiters = budgetWaiters
        budgetWaiters.removeAll(keepingCapacity: true)
        let now = self.now
        for connection in waiters {
            connection.awaitsBudget = false
            connection.pump(now: now) // may list it again
        }
    }

    /// Stop accepting, let requests in progress finish with `Connection: close`, close idle ones.
    private func beginDrain() {
        guard !draining else { return }
        draining = true
        uv_close(uvshim_tcp_handle(listener), nil)
        let now = self.now
        let timeoutMs = max(1, limits.drainTimeout.engineNanoseconds / 1_000_000)
        uv_timer_start(drainTimer, { timer in EventLoop.from(timer?.pointee.data)?.drainDeadlinePassed() }, timeoutMs, 0)
        for connection in connections { connection.drain(now: now) }
        stopIfDrained()
    }

    private func stopIfDrained() {
        guard draining, connections.isEmpty, !stopping else { return }
        stopping = true
        wakeable.withLock { $0 = false }
        uv_close(uvshim_async_handle(wakeup), nil)
        uv_timer_stop(drainTimer)
        uv_close(uvshim_timer_handle(drainTimer), nil)
    }

    /// The drain timeout passed: close whatever is still open.
    private func drainDeadlinePassed() {
        for connection in connections { connection.closeNow() }
    }
}
