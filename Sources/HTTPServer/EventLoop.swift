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

/// One libuv loop on its own thread with its listener (see `HTTPServer.start`), its
/// connections, a 64 KiB read buffer reused by every read, the `Date` cache and one reused
/// `HTTPResponse`. Everything here is touched only by the loop's thread once it runs, except
/// `wake()` (uv_async_send is the one thread-safe libuv call).
final class EventLoop: @unchecked Sendable {
    static let readBufferSize = 64 * 1024

    let index: Int
    let limits: HTTPLimits
    let state: ServerState
    /// The libuv loop (stable address; handles below are `UVHandle`s owned by this loop).
    let uv = UVLoop()
    let readBuffer = UVReadBuffer(size: EventLoop.readBufferSize)
    let date: DateCache
    /// Read by every connection's every answer, on this loop's thread only (set before the loop
    /// runs, cleared after): unchecked like `response`, the two checked cost w7 ≈ 95
    /// instructions a request (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @exclusivity(unchecked) private(set) var responder: (any HTTPResponder)?
    /// One response value per loop, its body capacity reused by every request; only the loop's
    /// thread touches it, so the per-request `inout` skips the dynamic exclusivity check.
    @exclusivity(unchecked) var response = HTTPResponse()
    private(set) var boundPort = 0
    /// The address bound: `--host` without brackets, or `0.0.0.0` for a `::` the kernel cannot
    /// serve (UVHandle's `listener`).
    private(set) var boundHost = ""
    private var listener: UVHandle<uv_tcp_t, EventLoop>?
    private var wakeup: UVHandle<uv_async_t, EventLoop>!
    /// Fires at the drain deadline: whatever is still open then is closed.
    private var drainTimer: UVHandle<uv_timer_t, EventLoop>!
    /// Connections whose next step waits for the output budget (re-pumped when it frees).
    private var budgetWaiters: [Connection] = []
    /// Connections whose run used its slice (`HTTPConnectionStateMachine.sliceNanoseconds`), resumed by
    /// `nextTurn`: a libuv idle handle, whose callback runs once per turn of the loop before it
    /// polls (and keeps that poll from blocking). A timer due at once would not do (libuv 1.44
    /// runs a timer re-armed for now again in the same turn), nor a queued write's completion
    /// (libuv runs up to 8 rounds of those between two polls).
    private var yielded: [Connection] = []
    private var spare: [Connection] = []
    private var nextTurn: UVHandle<uv_idle_t, EventLoop>!
    private let makeResponder: @Sendable (Int, ServerState) -> any HTTPResponder
    private var connections: [Connection] = []
    private var draining = false
    private var stopping = false
    private var dateTick: UInt64 = .max
    /// False once `wakeup` is closing: `uv_async_send` must not touch it after that.
    private let wakeable = Mutex(true)
    /// `HTTPServerConfiguration.servedWhenFull`.
    private let servedWhenFull: [String]
    /// Refused connections waiting for their head (RefusedConnection.swift).
    private var pendingRefusals = 0

    /// Creates the loop and its listener: binds `configuration`'s address on `port`, or, given
    /// `sharing`, listens on that loop's socket (see `HTTPServer.start`); throws when the address
    /// cannot be bound.
    init(index: Int, configuration: HTTPServerConfiguration, port: Int, sharing: EventLoop?, state: ServerState,
         makeResponder: @escaping @Sendable (Int, ServerState) -> any HTTPResponder) throws {
        self.index = index
        self.limits = configuration.limits
        self.state = state
        self.makeResponder = makeResponder
        servedWhenFull = configuration.servedWhenFull
        date = DateCache(serverName: configuration.serverName)
        wakeup = nil
        drainTimer = nil
        nextTurn = nil
        wakeup = .async(on: uv, owner: self) { handle in UVHandle<uv_async_t, EventLoop>.owner(of: handle)?.wokenUp() }
        drainTimer = .timer(on: uv, owner: self)
        nextTurn = .idle(on: uv, owner: self)
        let onConnection: uv_connection_cb = { server, status in
            guard status == 0 else {
                UVHandle<uv_tcp_t, EventLoop>.owner(ofStream: server)?.state.acceptFailed()
                return
            }
            UVHandle<uv_tcp_t, EventLoop>.owner(ofStream: server)?.accept()
        }
        do {
            if let first = sharing, let socket = first.listener {
                listener = try UVHandle<uv_tcp_t, EventLoop>.listener(
                    on: uv, owner: self, sharing: socket, backlog: configuration.backlog,
                    onConnection: onConnection)
                boundPort = first.boundPort
                boundHost = first.boundHost
            } else {
                let (handle, bound, host) = try UVHandle<uv_tcp_t, EventLoop>.listener(
                    on: uv, owner: self, host: ListenAddress.unbracketed(configuration.host), port: port,
                    backlog: configuration.backlog, reusePort: configuration.reusePort, onConnection: onConnection)
                listener = handle
                boundPort = bound
                boundHost = host
            }
            // One socket, several loops: spread a burst of connections over them.
            if !configuration.reusePort && configuration.workers > 1 { listener?.acceptOneAtATime() }
        } catch {
            abandon()
            throw error
        }
    }

    /// Closes everything of a loop that never ran (bind failed) and frees it.
    func abandon() {
        stopping = true
        wakeable.withLock { $0 = false }
        listener?.close()
        wakeup.close()
        drainTimer.close()
        nextTurn.close()
        uv.run()
        uv.close()
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
        uv.run()
        responder = nil
        uv.close()
    }

    /// Any thread: makes the loop look at `state` (drain).
    func wake() {
        wakeable.withLock { alive in
            if alive { wakeup.send() }
        }
    }

    // MARK: on the loop thread

    /// Nanoseconds, monotonic; the state machines' clock.
    var now: UInt64 { uv_hrtime() }

    /// Refreshes the `Date` line when the loop's cached tick entered a new second.
    @inline(__always)
    func refreshDate() {
        let tick = uv.milliseconds / 1000
        if tick != dateTick {
            dateTick = tick
            date.refresh(epochSeconds: Int64(time(nil)))
        }
    }

    private func accept() {
        guard let responder, let listener else { return }
        let descriptorCap = state.connectionCapFromDescriptors
        guard !draining, state.tryOpenConnection(limit: min(limits.maxConnections, descriptorCap)) else {
            let outOfDescriptors = !draining && descriptorCap < limits.maxConnections && state.openConnections >= descriptorCap
            if outOfDescriptors { state.descriptorRefused() }
            refuse(listener, responder: responder, probesServed: outOfDescriptors,
                   detail: outOfDescriptors ? "out of file descriptors" : "too many open connections")
            return
        }
        refreshDate()
        guard let connection = Connection(loop: self, listener: listener) else {
            state.connectionClosed()
            return
        }
        connection.listIndex = connections.count
        connections.append(connection)
        responder.connectionOpened()
        connection.start()
    }

    /// Over `maxConnections`: the 503 rendered by the application, then close; nobody else
    /// notices. Out of descriptors (`probesServed`) the same, except that the connection first
    /// waits briefly for its head (RefusedConnection.swift), so a `servedWhenFull` probe gets its
    /// answer; past `maxPending` waiting ones, the 503 goes out at once.
    private func refuse(_ listener: UVHandle<uv_tcp_t, EventLoop>, responder: any HTTPResponder, probesServed: Bool,
                        detail: String) {
        if probesServed, !draining, !servedWhenFull.isEmpty, pendingRefusals < RefusedConnection.maxPending {
            guard let refused = RefusedConnection(loop: self, listener: listener, detail: detail) else { return }
            pendingRefusals += 1
            refused.start()
            return
        }
        var tcp = UVHandle<uv_tcp_t, EventLoop>.tcp(on: uv, owner: self)
        defer { tcp.close() }
        guard tcp.accept(from: listener) else { return }
        // What the client already sent (a request sent with the connection) is read and
        // dropped first, so the close is a FIN after the 503, not a reset that drops it.
        tcp.discardReceived(maximum: Self.refusedReadBytes)
        _ = tcp.tryWrite(refusalAnswer(for: ByteBuffer(), detail: detail))
    }

    /// At most this much of a refused connection's request is read (and dropped) before its
    /// close.
    static let refusedReadBytes = 64 * 1024

    /// A refused connection's answer, framed with `Connection: close`: the responder's answer to a
    /// `servedWhenFull` GET in `head`, else its 503 problem.
    func refusalAnswer(for head: ByteBuffer, detail: String) -> ByteBuffer {
        refreshDate()
        response.reset()
        let served = responder.map { WhenFull.answer(head, paths: servedWhenFull, limits: limits, responder: $0, into: &response) } ?? false
        if !served {
            response.reset()
            responder?.respond(to: HTTPEngineError(kind: .unavailable, detail: detail), into: &response)
        }
        var bytes = ByteBuffer()  // a refused field leaves the answer without its fields (ResponseSerializer)
        ResponseSerializer.append(response, headOnly: false, close: true, keepAliveHeader: false, head: date, to: &bytes)
        return bytes
    }

    /// A `RefusedConnection` has answered and closed.
    func refusedFinished() { pendingRefusals -= 1 }

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
            connection.resume(now: now) // may list it again
        }
    }

    /// `connection` goes on at the next turn of the loop, after the others were polled.
    func resumeNextTurn(_ connection: Connection) {
        if yielded.isEmpty { nextTurn.start { h in UVHandle<uv_idle_t, EventLoop>.owner(of: h)?.turnBegan() } }
        yielded.append(connection)
    }

    /// At most `HTTPConnectionStateMachine.sliceNanoseconds` for all of them together, so twenty streams do
    /// not make one turn twenty slices long: whoever does not get a turn now goes first at the
    /// next (each resumed run takes at least one chunk, so every turn moves one on).
    private func turnBegan() {
        swap(&yielded, &spare)
        let start = self.now
        var served = 0
        while served < spare.count {
            spare[served].resume(now: start)  // may list it again
            served += 1
            if self.now &- start > HTTPConnectionStateMachine.sliceNanoseconds { break }
        }
        if served < spare.count { yielded.insert(contentsOf: spare[served...], at: 0) }
        spare.removeAll(keepingCapacity: true)
        if yielded.isEmpty { nextTurn.stop() }
    }

    /// Stop accepting, let requests in progress finish with `Connection: close`, close idle ones.
    private func beginDrain() {
        guard !draining else { return }
        draining = true
        listener?.close()
        let now = self.now
        let timeoutMs = max(1, limits.drainTimeout.engineNanoseconds / 1_000_000)
        drainTimer.start(milliseconds: timeoutMs) { t in UVHandle<uv_timer_t, EventLoop>.owner(of: t)?.drainDeadlinePassed() }
        for connection in connections { connection.drain(now: now) }
        stopIfDrained()
    }

    private func stopIfDrained() {
        guard draining, connections.isEmpty, !stopping else { return }
        stopping = true
        wakeable.withLock { $0 = false }
        wakeup.close()
        drainTimer.stop()
        drainTimer.close()
        nextTurn.stop()
        nextTurn.close()
    }

    /// The drain timeout passed: close whatever is still open.
    private func drainDeadlinePassed() {
        for connection in connections { connection.closeNow() }
    }
}
