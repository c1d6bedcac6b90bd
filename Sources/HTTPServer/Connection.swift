import CLibUV

/// The libuv side of one TCP connection: carries out every action of its state machine. The
/// tcp handle and the connection's own timer are `UVHandle`s (stable addresses, the connection
/// retained as their context until their close callbacks). The timer is re-armed on each
/// `.scheduleTimeout(deadline)`, so a 408 or an idle close happens at its deadline (docs/architecture.md:
/// a per-loop sweep used to poll instead).
final class Connection {
    /// How long a closing connection keeps reading (and discarding) after its final response,
    /// so unread request bytes do not turn our FIN into an RST that destroys that response.
    static let lingerNanoseconds: UInt64 = 1_000_000_000
    /// The most a written-out buffer keeps as the connection's spare outbox.
    static let spareCapacity = 64 * 1024

    unowned(unsafe) let loop: EventLoop
    /// Only this loop's thread touches a connection, one callback at a time: the dynamic
    /// exclusivity checks of class properties would cost ~3 000 instructions a request.
    @exclusivity(unchecked) var machine: HTTPConnectionStateMachine
    var listIndex = -1
    /// True while listed in the loop's budget waiters.
    var awaitsBudget = false
    @exclusivity(unchecked) private var tcp: UVHandle<uv_tcp_t, Connection>!
    @exclusivity(unchecked) private var timer: UVHandle<uv_timer_t, Connection>!
    private let writeRequest = UVRequest<uv_write_t>()
    private let shutdownRequest = UVRequest<uv_shutdown_t>()
    /// What the socket did not take at once, kept until its uv_write completes.
    @exclusivity(unchecked) private var pending = ByteBuffer()
    private var closing = false
    private var lingerUntil: UInt64?
    private var peerFinished = false
    /// When the timer is set to fire (.max: not armed).
    private var armedDeadline: UInt64 = .max

    /// Accepts a pending connection of `listener`; nil when the accept fails.
    init?(loop: EventLoop, listener: UVHandle<uv_tcp_t, EventLoop>) {
        self.loop = loop
        machine = HTTPConnectionStateMachine(limits: loop.limits, date: loop.date, budget: loop.state.budget, now: loop.now)
        tcp = nil
        timer = nil
        tcp = .tcp(on: loop.uv, owner: self)
        timer = .timer(on: loop.uv, owner: self)
        guard tcp.accept(from: listener) else {
            closing = true
            closeHandles()
            return nil
        }
        machine.remoteAddress = tcp.peerAddress
        tcp.setNoDelay()
    }

    func start() {
        startReading()
        pump(now: loop.now)
    }

    private func startReading() {
        tcp.startReading(loop.readBuffer) { stream, nread, buf in
            guard let connection = UVHandle<uv_tcp_t, Connection>.owner(ofStream: stream) else { return }
            if nread < 0 {
                connection.readEnded()
            } else {
                _ = withReadBytes(buf, count: nread) { connection.didRead($0) }
            }
        }
    }

    private func readEnded() {
        peerFinished = true
        if lingerUntil != nil || closing { closeNow(); return }
        machine.inputEnded()
        pump(now: loop.now)
    }

    private func didRead(_ bytes: Span<UInt8>) {
        guard lingerUntil == nil else { return } // lingering: read and discard
        let loop = self.loop  // one reference, not a retain and release per use
        loop.refreshDate()
        let now = loop.now
        machine.receive(bytes, now: now)
        pump(now: now)
    }

    /// Bytes one pump may write before it yields to the loop's other connections: a streamed
    /// answer whose socket keeps taking bytes (a fast reader, a big kernel buffer) would otherwise
    /// be produced for as long as the socket takes it, holding every other connection and
    /// `/healthz` (docs/operations.md#bounded-memory). Past it, the connection's timer is armed for
    /// the next turn of the loop and the pump goes on from there. Counted in bytes, not time, so
    /// the common answer pays no clock read: 256 KiB is 1–10 ms of the slowest writers.
    static let pumpSliceBytes = 256 * 1024

    /// Carries out actions until the machine has nothing more to do, or the slice is used.
    func pump(now: UInt64) {
        // One strong reference for the whole pump: each use of the `unowned(unsafe)` property
        // would otherwise be its own retain and release.
        let loop = self.loop
        guard !closing, let responder = loop.responder else { closeNow(); return }
        var written = 0
        while let action = machine.nextAction(now: now) {
            switch action {
            case .respond:
                loop.response.reset()
                machine.withRequest { request in responder.respond(to: request, into: &loop.response) }
                if let record = machine.responded(&loop.response, now: loop.now) { responder.record(record) }
            case .respondToError(let error):
                loop.response.reset()
                responder.respond(to: error, into: &loop.response)
                if let record = machine.responded(&loop.response, now: loop.now) { responder.record(record) }
            case .write:
                written &+= machine.outbox.readableBytes
                if !flush(now: now) { closeNow(); return }
                if written > Self.pumpSliceBytes, !machine.waitingForBudget {
                    machine.releaseIdleOutbox()
                    arm(now, now: now)  // due at once: the next turn of the loop
                    return
                }
            case .pauseReading:
                tcp.stopReading()
                if machine.buffered > loop.limits.writeHighWaterMark { loop.state.readPaused(buffered: machine.buffered) }
            case .resumeReading:
                startReading()
            case .scheduleTimeout(let deadline):
                arm(deadline, now: now)
            case .close:
                closeGracefully(now: now)
                return
            }
        }
        if machine.waitingForBudget { loop.awaitBudget(self) }
    }

    /// Arms the connection's timer for `deadline` (ms resolution, rounded up). A deadline later
    /// than the one already armed is left for then: the timer fires early, the machine finds
    /// nothing due and asks again (one re-arm per idle period instead of one per request).
    private func arm(_ deadline: UInt64, now: UInt64) {
        if deadline >= armedDeadline { return }
        armedDeadline = deadline
        let ms = deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0
        timer.start(milliseconds: ms) { t in UVHandle<uv_timer_t, Connection>.owner(of: t)?.timerFired() }
    }

    private func timerFired() {
        armedDeadline = .max
        let now = loop.now
        if let lingerUntil {
            if now >= lingerUntil { closeNow() } else { arm(lingerUntil, now: now) }
            return
        }
        guard !closing else { return }
        loop.refreshDate()
        machine.timeout(now: now)
        pump(now: now)
    }

    /// Tries to write the outbox at once. What the socket does not take is queued as one
    /// uv_write of the outbox itself: its storage moves to `pending` (no copy) and the machine
    /// gets the empty spare, so a stalled connection holds its unsent bytes once, and only
    /// those (they are what the output budget counts). False on a socket error.
    private func flush(now: UInt64) -> Bool {
        let count = machine.outbox.readableBytes
        let sent = machine.withOutbox { tcp.tryWrite($0) }
        if sent < 0 { return false }
        let rest = count - sent
        if rest > 0 {
            pending.clear(keepingCapacityUpTo: Self.spareCapacity)
            machine.exchangeOutbox(&pending)
            pending.moveReaderIndex(forwardBy: sent)
            let queued = tcp.write(pending, writeRequest) { request, status in
                uvStreamOwner(request, as: Connection.self)?.didWrite(status)
            }
            if !queued { return false }
            loop.state.noteBuffered(rest)
        }
        machine.outboxWritten(queued: rest, now: now)
        return true
    }

    private func didWrite(_ status: Int32) {
        if closing { return }
        if status < 0 { closeNow(); return }
        // The written storage becomes the next spare; a big one is given back to the allocator
        // (a stalled connection must not pin what it once queued).
        pending.clear(keepingCapacityUpTo: Self.spareCapacity)
        let now = loop.now
        machine.writeCompleted(now: now)
        pump(now: now)
        loop.budgetMayHaveFreed()
    }

    func drain(now: UInt64) {
        guard !closing, lingerUntil == nil else { return }
        machine.beginDrain(now: now)
        pump(now: now)
    }

    /// FIN after the last response, then read and discard until the peer closes (or the linger
    /// time passes): closing with unread input would send RST and could destroy the response.
    private func closeGracefully(now: UInt64) {
        guard !closing, lingerUntil == nil else { return }
        if peerFinished { closeNow(); return }
        lingerUntil = now &+ Self.lingerNanoseconds
        arm(now &+ Self.lingerNanoseconds, now: now)
        let ok = tcp.shutdown(shutdownRequest) { request, status in
            guard status < 0 else { return }
            uvStreamOwner(request, as: Connection.self)?.closeNow()
        }
        if !ok { closeNow(); return }
        startReading()
    }

    func closeNow() {
        guard !closing else { return }
        closing = true
        machine.abort() // gives its share of the output budget back
        closeHandles()
        loop.connectionClosed(self)
    }

    private func closeHandles() {
        timer.stop()
        timer.close()
        tcp.close()
    }
}
