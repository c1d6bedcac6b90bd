import CLibUV

/// A connection accepted past the limit (`maxConnections`, or the descriptors' reserve,
/// DescriptorReserve.swift): it holds one descriptor of the reserve for at most `patience`,
/// reading its request head into a small buffer, then is answered — the responder's own answer
/// for a `GET` of `servedWhenFull` (`/healthz`: WhenFull.swift), else the 503 — and closed.
/// Its handles retain it until they close, so the loop keeps only a count (`maxPending` per loop;
/// past it a refused connection is answered 503 at once).
final class RefusedConnection {
    /// How long a refused connection may take to send its head.
    static let patience: UInt64 = 250
    /// Refused connections waiting per loop (2 loops × 8 stay well inside the reserve of 32).
    static let maxPending = 8

    private unowned let loop: EventLoop
    private var tcp: UVHandle<uv_tcp_t, RefusedConnection>!
    private var timer: UVHandle<uv_timer_t, RefusedConnection>!
    private var bytes = ByteBuffer()
    private let detail: String
    private var finished = false

    /// Accepts a pending connection of `listener`; nil when the accept fails.
    init?(loop: EventLoop, listener: UVHandle<uv_tcp_t, EventLoop>, detail: String) {
        self.loop = loop
        self.detail = detail
        tcp = .tcp(on: loop.uv, owner: self)
        timer = .timer(on: loop.uv, owner: self)
        guard tcp.accept(from: listener) else {
            tcp.close()
            timer.close()
            return nil
        }
    }

    func start() {
        tcp.startReading(loop.readBuffer) { stream, nread, buf in
            guard let refused = UVHandle<uv_tcp_t, RefusedConnection>.owner(ofStream: stream) else { return }
            if nread < 0 { refused.finish(); return }
            _ = withReadBytes(buf, count: nread) { refused.didRead($0) }
        }
        timer.start(milliseconds: Self.patience) { t in UVHandle<uv_timer_t, RefusedConnection>.owner(of: t)?.finish() }
    }

    private func didRead(_ input: Span<UInt8>) {
        bytes.writeBytes(input)
        // A head is complete at its blank line; a probe's is short, so 4 KiB is plenty.
        if bytes.readableBytes >= 4096 || containsBlankLine() { finish() }
    }

    private func containsBlankLine() -> Bool {
        bytes.withReadableBytes { b in
            guard b.count >= 4 else { return false }
            for i in 3..<b.count where b[i] == 10 && b[i - 1] == 13 && b[i - 2] == 10 && b[i - 3] == 13 { return true }
            return false
        }
    }

    /// Answers (the probe's answer or the 503), writes what the socket takes, closes.
    private func finish() {
        guard !finished else { return }
        finished = true
        tcp.stopReading()
        timer.stop()
        let answer = loop.refusalAnswer(for: bytes, detail: detail)
        tcp.discardReceived(maximum: EventLoop.refusedReadBytes)  // FIN, not RST (EventLoop.refuse)
        _ = tcp.tryWrite(answer)
        tcp.close()
        timer.close()
        loop.refusedFinished()
    }
}
