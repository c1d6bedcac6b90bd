import CLibUV

/// The libuv side of one TCP connection: carries out every action of its state machine. The
/// tcp handle and the connection's own timer are `UVHandle`s (stable addresses, the connection
/// retained as their context until their close callbacks). The timer is re-armed on each
/// `.scheduleTimeout(deadline)`, so a 408 or an idle close happens at its deadline (issue 11:
/// a per-loop sweep used to poll instead).
final class Connection {
    /// How long a closing connection keeps reading (and discarding) after its final response,
    /// so unread request bytes do not turn our FIN into an RST that destroys that response.
    static let lingerNanoseconds: UInt64 = 1_000_000_000

    unowned(unsafe) let loop: EventLoop
    /// Only this loop's thread touches a connection, one callback at a time: the dynamic
    /// exclusivity checks of class properties would cost ~3 000 instructions a request.
    @exclusivity(unchecked) var machine: HTTPConnectionStateMachine
    var listIndex = -1
    /// True while listed in the loop's budget waiters.
    var awaitsBudget = false
    @exclusivity(unchecked) private var tcp: UVHandle<uv_tcp_t, Connection>!
    @exclusivity(unchecked) private var timer: UVHandle<uv_timer_t, Connection>!
    private let writeRequest: UnsafeMutablePointer<uv_write_t>
    private let shutdownRequest: UnsafeMutablePointer<uv_shutdown_t>
    /// What the socket did not take at once, kept until its uv_write completes.
    @exclusivity(unchecked) private var pending = ByteBuffer()
    private var closing = false
    private var lingerUntil: UInt64?
    private var peerFinished = false
    private var timerDeadline: UInt64 = .max

    /// Accepts a pending connection from `server`; nil when the accept fails.
    init?(loop: EventLoop, server: UnsafeMutablePointer<uv_stream_t>) {
        self.loop = loop
        writeRequest = .allocate(capacity: 1)
        shutdownRequest = .allocate(capacity: 1)
        machine = HTTPConnectionStateMachine(limits: loop.limits, date: loop.date, budget: loop.state.budget, now: loop.now)
        tcp = nil
        timer = nil
        let raw = loop.loop
        tcp = UVHandle(owner: self) { _ = uv_tcp_init(raw, $0) }
        timer = UVHandle(owner: self) { _ = uv_timer_init(raw, $0) }
        let accepted = tcp.pointer.map { uv_accept(server, uvshim_stream($0)) == 0 } ?? false
        let address = accepted ? tcp.pointer.map(EventLoop.peerAddress) ?? "" : ""
        machine.remoteAddress = address
        guard accepted else {
            closing = true
            closeHandles()
            return nil
        }
        uv_tcp_nodelay(tcp.pointer, 1)
    }

    deinit {
        writeRequest.deallocate()
        shutdownRequest.deallocate()
    }

    func start() {
        startReading()
        pump(now: loop.now)
    }

    private var stream: UnsafeMutablePointer<uv_stream_t>? { tcp.pointer.map(uvshim_stream) }

    private func startReading() {
        guard let stream else { return }
        uv_read_start(stream, { handle, _, buf in
            // One 64 KiB buffer per loop: every read is parsed (or copied) before the next.
            guard let buf, let loop = UVHandle<uv_tcp_t, Connection>.owner(ofHandle: handle)?.loop else { return }
            buf.pointee = uv_buf_init(loop.readBuffer.assumingMemoryBound(to: CChar.self), UInt32(EventLoop.readBufferSize))
        }, { stream, nread, buf in
            guard let connection = UVHandle<uv_tcp_t, Connection>.owner(ofStream: stream) else { return }
            connection.didRead(nread, base: buf?.pointee.base)
        })
    }

    private func didRead(_ nread: Int, base: UnsafeMutablePointer<CChar>?) {
        if nread < 0 {
            peerFinished = true
            if lingerUntil != nil || closing { closeNow(); return }
            machine.inputEnded()
            pump(now: loop.now)
            return
        }
        guard nread > 0, lingerUntil == nil, let base else { return }
        loop.refreshDate()
        let now = loop.now
        let bytes = Span<UInt8>(_unsafeStart: UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self), count: nread)
        machine.receive(bytes, now: now)
        pump(now: now)
    }

    /// Carries out actions until the machine has nothing more to do.
    func pump(now: UInt64) {
        guard !closing, let responder = loop.responder else { closeNow(); return }
        while let action = machine.nextAction(now: now) {
            switch action {
            case .respond:
                loop.response.reset()
                machine.withRequest { request in responder.respond(to: request, into: &loop.response) }
                responder.record(machine.responded(loop.response, now: loop.now))
            case .respondToError(let error):
                loop.response.reset()
                responder.respond(to: error, into: &loop.response)
                responder.record(machine.responded(loop.response, now: loop.now))
            case .write:
                if !flush(now: now) { closeNow(); return }
            case .pauseReading:
                if let stream { uv_read_stop(stream) }
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

    /// (Re-)arms the connection's timer for `deadline` (ms resolution, rounded up).
    private func arm(_ deadline: UInt64, now: UInt64) {
        guard let t = timer.pointer else { return }
        timerDeadline = deadline
        let ms = deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0
        uv_timer_start(t, { t in UVHandle<uv_timer_t, Connection>.owner(of: t)?.timerFired() }, ms, 0)
    }

    private func timerFired() {
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

    /// Tries to write the outbox at once; what the socket does not take is copied into this
    /// connection's pending buffer and queued as one uv_write. False on a socket error.
    private func flush(now: UInt64) -> Bool {
        guard let stream else { return false }
        var rest = 0
        let ok: Bool = machine.outbox.withUnsafeReadableBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var buf = uv_buf_init(UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self)), UInt32(raw.count))
            let sent = Int(uv_try_write(stream, &buf, 1))
            if sent == raw.count { return true }
            if sent < 0 && sent != Int(UV_EAGAIN.rawValue) { return false }
            let done = max(sent, 0)
            rest = raw.count - done
            pending.clear(keepingCapacityUpTo: HTTPConnectionStateMachine.retainedOutboxCapacity)
            pending.writeRaw(UnsafeRawBufferPointer(rebasing: raw[done...]))
            return pending.withUnsafeReadableBytes { p in
                var queued = uv_buf_init(UnsafeMutablePointer(mutating: p.baseAddress?.assumingMemoryBound(to: CChar.self)), UInt32(p.count))
                return uv_write(writeRequest, stream, &queued, 1) { request, status in
                    guard let connection = UVHandle<uv_tcp_t, Connection>.owner(ofStream: request?.pointee.handle) else { return }
                    connection.didWrite(status)
                } == 0
            }
        }
        guard ok else { return false }
        machine.outboxWritten(queued: rest, now: now)
        if rest > 0 { loop.state.noteBuffered(rest) }
        return true
    }

    private func didWrite(_ status: Int32) {
        if closing { return }
        if status < 0 { closeNow(); return }
        // Same bound as the outbox: a big answer's copy is not kept for the connection's life.
        pending.clear(keepingCapacityUpTo: HTTPConnectionStateMachine.retainedOutboxCapacity)
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
        guard !closing, lingerUntil == nil, let stream else { return }
        if peerFinished { closeNow(); return }
        lingerUntil = now &+ Self.lingerNanoseconds
        arm(now &+ Self.lingerNanoseconds, now: now)
        let rc = uv_shutdown(shutdownRequest, stream) { request, status in
            guard status < 0, let connection = UVHandle<uv_tcp_t, Connection>.owner(ofStream: request?.pointee.handle) else { return }
            connection.closeNow()
        }
        if rc != 0 { closeNow(); return }
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
        if let t = timer.pointer { uv_timer_stop(t) }
        timer.close()
        tcp.close()
    }
}
