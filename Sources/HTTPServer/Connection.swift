import CLibUV

/// The libuv side of one TCP connection: carries out the state machine's actions. The
/// `Unmanaged` context in `tcp->data` is retained from `start()` until the uv_close callback,
/// then poisoned (set to nil) before the memory is freed.
final class Connection {
    /// How long a closing connection keeps reading (and discarding) after its final response,
    /// so unread request bytes do not turn our FIN into an RST that destroys that response.
    static let lingerNanoseconds: UInt64 = 1_000_000_000

    unowned(unsafe) let loop: EventLoop
    /// The state machine at a stable address: mutated through the pointer, the hot path pays no
    /// dynamic exclusivity checks (a class stored property would).
    private let machinePointer: UnsafeMutablePointer<HTTPConnectionStateMachine>
    var machine: HTTPConnectionStateMachine {
        _read { yield machinePointer.pointee }
        _modify { yield &machinePointer.pointee }
    }
    var listIndex = -1
    private let tcp: UnsafeMutablePointer<uv_tcp_t>
    private let writeRequest: UnsafeMutablePointer<uv_write_t>
    private let shutdownRequest: UnsafeMutablePointer<uv_shutdown_t>
    private var writeBuffer: UnsafeMutableRawPointer?
    private var writeCapacity = 0
    private var handleClosing = false
    private var lingerUntil: UInt64?
    private var peerFinished = false

    private var stream: UnsafeMutablePointer<uv_stream_t> { parallax_tcp_stream(tcp) }

    init(loop: EventLoop, tcp: UnsafeMutablePointer<uv_tcp_t>, remoteAddress: String) {
        self.loop = loop
        self.tcp = tcp
        writeRequest = .allocate(capacity: 1)
        shutdownRequest = .allocate(capacity: 1)
        machinePointer = .allocate(capacity: 1)
        machinePointer.initialize(to: HTTPConnectionStateMachine(limits: loop.limits, date: loop.date,
                                                                 remoteAddress: remoteAddress, now: loop.now))
    }

    deinit {
        machinePointer.deinitialize(count: 1)
        machinePointer.deallocate()
        UnsafeMutableRawPointer(tcp).deallocate()
        writeRequest.deallocate()
        shutdownRequest.deallocate()
        writeBuffer?.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Connection? {
        data.map { Unmanaged<Connection>.fromOpaque($0).takeUnretainedValue() }
    }

    func start() {
        tcp.pointee.data = Unmanaged.passRetained(self).toOpaque()
        startReading()
        pump(now: loop.now)
    }

    private func startReading() {
        uv_read_start(stream, { handle, _, buf in
            // One 64 KiB buffer per loop: every read is consumed (or copied) before the next.
            guard let buf, let loop = Connection.from(handle?.pointee.data)?.loop else { return }
            buf.pointee = uv_buf_init(loop.readBuffer.assumingMemoryBound(to: CChar.self),
                                      UInt32(EventLoop.readBufferSize))
        }, { stream, nread, buf in
            guard let connection = Connection.from(stream?.pointee.data) else { return }
            connection.didRead(nread, base: buf?.pointee.base)
        })
    }

    private func didRead(_ nread: Int, base: UnsafeMutablePointer<CChar>?) {
        if nread < 0 {
            peerFinished = true
            if lingerUntil != nil || handleClosing { closeNow(); return }
            machine.inputEnded()
            pump(now: loop.now)
            return
        }
        guard nread > 0, lingerUntil == nil else { return }
        loop.refreshDate()
        let now = loop.now
        machine.receive(InputBytes(base: base.map { UnsafeRawPointer($0) }, count: nread), now: now)
        pump(now: now)
    }

    /// Carries out actions until the machine has nothing more to do.
    private func pump(now: UInt64) {
        guard let responder = loop.responder else { closeNow(); return }
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
                uv_read_stop(stream)
                if machine.buffered > loop.limits.writeHighWaterMark { loop.state.readPaused(buffered: machine.buffered) }
            case .resumeReading:
                startReading()
            case .scheduleTimeout:
                break // the loop's sweep timer asks every connection; see EventLoop.swept
            case .close:
                closeGracefully(now: now)
                return
            }
        }
    }

    /// Tries to write the outbox at once; what the socket does not take is copied into this
    /// connection's reused write buffer and queued as one uv_write. False on a socket error.
    private func flush(now: UInt64) -> Bool {
        let count = machine.outbox.readableBytes
        var rest = 0
        let ok: Bool = machine.outbox.withUnsafeReadableBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var buf = uv_buf_init(UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self)), UInt32(count))
            let sent = Int(uv_try_write(stream, &buf, 1))
            if sent == count { return true }
            if sent < 0 && sent != Int(UV_EAGAIN.rawValue) { return false }
            let done = max(sent, 0)
            rest = count - done
            if writeCapacity < rest {
                writeBuffer?.deallocate()
                writeCapacity = max(rest, 2 * writeCapacity)
                writeBuffer = .allocate(byteCount: writeCapacity, alignment: 16)
            }
            guard let writeBuffer else { return false }
            writeBuffer.copyMemory(from: base + done, byteCount: rest)
            var queued = uv_buf_init(writeBuffer.assumingMemoryBound(to: CChar.self), UInt32(rest))
            return uv_write(writeRequest, stream, &queued, 1) { request, status in
                guard let connection = Connection.from(request?.pointee.handle?.pointee.data) else { return }
                connection.didWrite(status)
            } == 0
        }
        guard ok else { return false }
        machine.outboxWritten(queued: rest, now: now)
        if rest > 0 { loop.state.noteBuffered(rest) }
        return true
    }

    private func didWrite(_ status: Int32) {
        if handleClosing { return }
        if status < 0 { closeNow(); return }
        if writeCapacity > HTTPConnectionStateMachine.retainedOutboxCapacity {
            // Same bound as the outbox: a big answer's copy is not kept for the connection's life.
            writeBuffer?.deallocate()
            writeBuffer = nil
            writeCapacity = 0
        }
        let now = loop.now
        machine.writeCompleted(now: now)
        pump(now: now)
    }

    /// The sweep timer's visit.
    func tick(now: UInt64) {
        if let lingerUntil {
            if now >= lingerUntil { closeNow() }
            return
        }
        guard !handleClosing, let deadline = machine.deadline, now >= deadline else { return }
        machine.timeout(now: now)
        pump(now: now)
    }

    func drain(now: UInt64) {
        guard !handleClosing, lingerUntil == nil else { return }
        machine.beginDrain(now: now)
        pump(now: now)
    }

    /// FIN after the last response, then read and discard until the peer closes (or the linger
    /// time passes): closing with unread input would send RST and could destroy the response.
    private func closeGracefully(now: UInt64) {
        guard !handleClosing, lingerUntil == nil else { return }
        if peerFinished { closeNow(); return }
        lingerUntil = now &+ Self.lingerNanoseconds
        let rc = uv_shutdown(shutdownRequest, stream) { request, status in
            guard status < 0, let connection = Connection.from(request?.pointee.handle?.pointee.data) else { return }
            connection.closeNow()
        }
        if rc != 0 { closeNow(); return }
        startReading()
    }

    func closeNow() {
        guard !handleClosing else { return }
        handleClosing = true
        uv_close(parallax_tcp_handle(tcp)) { handle in
            guard let handle, let data = handle.pointee.data else { return }
            handle.pointee.data = nil // poisoned: nothing may find the connection any more
            let connection = Unmanaged<Connection>.fromOpaque(data).takeRetainedValue()
            connection.loop.connectionClosed(connection)
        }
    }
}
