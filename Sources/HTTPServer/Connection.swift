import CLibUV

/// The libuv side of one TCP connection: carries out every action of its state machine. The
/// tcp handle and the connection's own timer are `UVHandle`s (stable addresses, the connection
/// retained as their context until their close callbacks). The timer is re-armed on each
/// `.scheduleTimeout(deadline)`, so a 408 or an idle close happens at its deadline (docs/operations.md#configuration;
/// a per-loop sweep used to poll instead).
final class Connection {
    /// How long a closing connection keeps reading (and discarding) after its final response,
    /// so unread request bytes do not turn our FIN into an RST that destroys that response.
    static let lingerNanoseconds: UInt64 = 1_000_000_000
    /// The most a written-out buffer keeps as the connection's spare outbox.
    static let spareCapacity = 64 * 1024

    unowned(unsafe) let loop: EventLoop
    /// Only this loop's thread touches a connection, one callback at a time: the dynamic
    /// exclusivity checks of these four cost w7 ≈ 530 instructions a request (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @exclusivity(unchecked) var machine: HTTPConnectionStateMachine
    var listIndex = -1
    /// True while listed in the loop's budget waiters.
    var awaitsBudget = false
    /// The handles and `pending` likewise: touched on every read and write, by this loop only.
    @exclusivity(unchecked) private var tcp: UVHandle<uv_tcp_t, Connection>!
    @exclusivity(unchecked) private var timer: UVHandle<uv_timer_t, Connection>!
    private let writeRequest = UVRequest<uv_write_t>()
    private let shutdownRequest = UVRequest<uv_shutdown_t>()
    /// What the socket did not take at once, kept until its uv_write completes.
    @exclusivity(unchecked) private var pending = ByteBuffer()
    private var closing = false
    private var lingerUntil: UInt64?
    private var peerFinished = false
    /// Whether the socket is being read (the machine's last `.wait` asked for it).
    private var reading = false
    /// When the timer is set to fire (.max: not armed).
    private var armedDeadline: UInt64 = .max

    /// Accepts a pending connection of `listener`; nil when the accept fails.
    init?(loop: EventLoop, listener: UVHandle<uv_tcp_t, EventLoop>) {
        self.loop = loop
        machine = HTTPConnectionStateMachine(limits: loop.limits, date: loop.date, budget: loop.state.budget,
                                             inputBudget: loop.state.inputBudget, now: loop.now,
                                             clock: { uv_hrtime() })
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
        let now = loop.now
        run(machine.resume(now: now), now: now)
    }

    private func startReading() {
        reading = true
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
        let now = loop.now
        run(machine.inputEnded(now: now), now: now)
    }

    private func didRead(_ bytes: Span<UInt8>) {
        guard lingerUntil == nil else { return } // lingering: read and discard
        let loop = self.loop  // one reference, not a retain and release per use
        loop.refreshDate()
        let now = loop.now
        run(machine.receive(bytes, now: now), now: now)
    }

    /// Carry on after the output budget freed, or at the next turn of the loop after `.yield`:
    /// the machine's slice, the one run that makes a streamed body
    /// (`HTTPConnectionStateMachine.resume`).
    func resume(now: UInt64) {
        guard !closing, lingerUntil == nil else { return }
        run(machine.resume(now: now), now: now)
    }

    /// Carries out `action` and those that follow it until the machine waits or closes. `now`:
    /// when the event happened, read again once an answer is made (that may take a while).
    private func run(_ first: HTTPConnectionStateMachine.Action, now: UInt64) {
        var now = now
        // One strong reference for the whole run: each use of the `unowned(unsafe)` property
        // would otherwise be its own retain and release.
        let loop = self.loop
        guard !closing, let responder = loop.responder else { closeNow(); return }
        var action = first
        while true {
            switch action {
            case .respond(let asked):
                action = machine.respond(asked, with: responder, into: &loop.response) {
                    now = loop.now
                    return now
                }
            case .write:
                guard let next = flush(now: now) else { closeNow(); return }
                action = next
            case .yield:
                loop.resumeNextTurn(self)
                return
            case .wait(let wait):
                if wait.reading != reading {
                    if wait.reading {
                        startReading()
                    } else {
                        reading = false
                        tcp.stopReading()
                        if machine.buffered > loop.limits.writeHighWaterMark { loop.state.readPaused(buffered: machine.buffered) }
                    }
                }
                if let deadline = wait.deadline { arm(deadline) }
                if wait.forBudget { loop.awaitBudget(self) }
                return
            case .close:
                closeGracefully(now: now)
                return
            }
        }
    }

    /// Arms the connection's timer for `deadline` (ms resolution, rounded up). A deadline later
    /// than the one already armed is left for then: the timer fires early, the machine finds
    /// nothing due and asks again (one re-arm per idle period instead of one per request).
    private func arm(_ deadline: UInt64) {
        if deadline >= armedDeadline { return }
        armedDeadline = deadline
        let now = loop.now
        let ms = deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0
        timer.start(milliseconds: ms) { t in UVHandle<uv_timer_t, Connection>.owner(of: t)?.timerFired() }
    }

    private func timerFired() {
        armedDeadline = .max
        let now = loop.now
        if let lingerUntil {
            if now >= lingerUntil { closeNow() } else { arm(lingerUntil) }
            return
        }
        guard !closing else { return }
        loop.refreshDate()
        // How much of the write in flight is still on its way: less than before is a reader at
        // work. The kernel's share counts: its send buffer drains as the reader reads, while
        // libuv's queue moves only when the socket polls writable (a third of the buffer free).
        let unsent = pending.isEmpty ? nil : tcp.undelivered
        run(machine.timeout(now: now, unsent: unsent), now: now)
    }

    /// Tries to write the outbox at once. What the socket does not take is queued as one
    /// uv_write of the outbox itself: its storage moves to `pending` (no copy) and the machine
    /// gets the empty spare, so a stalled connection holds its unsent bytes once, and only
    /// those (they are what the output budget counts). Nil on a socket error.
    @inline(__always)
    private func flush(now: UInt64) -> HTTPConnectionStateMachine.Action? {
        let count = machine.outbox.readableBytes
        let sent = machine.withOutbox { tcp.tryWrite($0) }
        if sent < 0 { return nil }
        let rest = count - sent
        if rest > 0 {
            pending.clear(keepingCapacityUpTo: Self.spareCapacity)
            machine.exchangeOutbox(&pending)
            pending.moveReaderIndex(forwardBy: sent)
            let queued = tcp.write(pending, writeRequest) { request, status in
                uvStreamOwner(request, as: Connection.self)?.didWrite(status)
            }
            if !queued { return nil }
            loop.state.noteBuffered(rest)
        }
        // With bytes left in flight the clock is read again: producing a streamed body since
        // `now` may have taken long, and the idle timeout counts from when they were handed over.
        return machine.outboxWritten(queued: rest, undelivered: rest > 0 ? tcp.undelivered : 0, now: rest > 0 ? loop.now : now)
    }

    private func didWrite(_ status: Int32) {
        if closing { return }
        if status < 0 { closeNow(); return }
        // The written storage becomes the next spare; a big one is given back to the allocator
        // (a stalled connection must not pin what it once queued).
        pending.clear(keepingCapacityUpTo: Self.spareCapacity)
        let now = loop.now
        run(machine.writeCompleted(now: now), now: now)
        loop.budgetMayHaveFreed()
    }

    func drain(now: UInt64) {
        guard !closing, lingerUntil == nil else { return }
        run(machine.beginDrain(now: now), now: now)
    }

    /// FIN after the last response, then read and discard until the peer closes (or the linger
    /// time passes): closing with unread input would send RST and could destroy the response.
    private func closeGracefully(now: UInt64) {
        guard !closing, lingerUntil == nil else { return }
        if peerFinished { closeNow(); return }
        lingerUntil = now &+ Self.lingerNanoseconds
        arm(now &+ Self.lingerNanoseconds)
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
