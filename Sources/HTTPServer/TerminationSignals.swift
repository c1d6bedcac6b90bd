import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// Blocks the calling thread until one of `signals` (e.g. SIGTERM, SIGINT) arrives and returns
/// it. Uses a private libuv loop with `uv_signal_t` handles (`UVHandle`s), so the signal is
/// turned into an ordinary callback (no work in an async-signal context). Call it from main
/// after `start`, then `beginDrain()` and `wait()`.
public func waitForSignal(_ signals: [Int32]) -> Int32 {
    // A parent may have spawned us with these signals blocked (the mask is inherited): unblock
    // them here, or they would stay pending forever.
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    let waiter = SignalWaiter(signals)
    return waiter.wait()
}

private final class SignalWaiter {
    let loop = UVLoop()
    var handles: [UVHandle<uv_signal_t, SignalWaiter>] = []
    var received: Int32 = 0

    init(_ signals: [Int32]) {
        for signal in signals {
            handles.append(.signal(on: loop, owner: self, signal) { handle, signum in
                UVHandle<uv_signal_t, SignalWaiter>.owner(of: handle)?.fired(signum)
            })
        }
    }

    func wait() -> Int32 {
        loop.run()
        loop.close()
        return received
    }

    private func fired(_ signum: Int32) {
        guard received == 0 else { return }
        received = signum
        for i in handles.indices { handles[i].close() }
    }
}
