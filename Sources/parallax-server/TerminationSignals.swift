import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// Blocks the calling thread until one of `signals` (e.g. SIGTERM, SIGINT) arrives and returns
/// it. Uses a private libuv loop with `uv_signal_t` handles, so the signal is turned into an
/// ordinary callback (no work in an async-signal context). Call it from main after `start`,
/// then `beginDrain()` and `wait()`.
func waitForSignal(_ signals: [Int32]) -> Int32 {
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
    let loop: UnsafeMutablePointer<uv_loop_t>
    var handles: [UnsafeMutablePointer<uv_signal_t>] = []
    var received: Int32 = 0

    init(_ signals: [Int32]) {
        loop = .allocate(capacity: 1)
        uv_loop_init(loop)
        for signal in signals {
            let handle = UnsafeMutablePointer<uv_signal_t>.allocate(capacity: 1)
            uv_signal_init(loop, handle)
            handle.pointee.data = Unmanaged.passUnretained(self).toOpaque()
            uv_signal_start(handle, { handle, signum in
                guard let data = handle?.pointee.data else { return }
                Unmanaged<SignalWaiter>.fromOpaque(data).takeUnretainedValue().fired(signum)
            }, signal)
            handles.append(handle)
        }
    }

    func wait() -> Int32 {
        uv_run(loop, UV_RUN_DEFAULT)
        uv_loop_close(loop)
        for handle in handles { handle.deallocate() }
        loop.deallocate()
        return received
    }

    private func fired(_ signum: Int32) {
        guard received == 0 else { return }
        received = signum
        for handle in handles {
            handle.pointee.data = nil
            uv_close(uvshim_signal_handle(handle), nil)
        }
    }
}
