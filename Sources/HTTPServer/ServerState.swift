import Synchronization

/// State shared by every loop of one server and by the application: nothing else crosses threads
/// (docs/architecture.md#traits-the-code-keeps, trait 8). The application's `/readyz` answers 503 while `isDraining` is true.
public final class ServerState: Sendable {
    private let draining = Atomic<Bool>(false)
    private let open = Atomic<Int>(0)
    private let paused = Atomic<Int>(0)
    private let peakBuffered = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)
    private let refusedForDescriptors = Atomic<Int>(0)
    private let failedAccepts = Atomic<Int>(0)
    private let descriptorCap = Atomic<Int>(.max)

    /// Unsent output of all connections against `HTTPLimits.maxOutputBytes`.
    public let budget: OutputBudget
    /// Buffered request bodies of all connections against `HTTPLimits.maxInputBytes`.
    public let inputBudget: InputBudget

    public init(maxOutputBytes: Int = HTTPLimits().maxOutputBytes, maxInputBytes: Int = HTTPLimits().maxInputBytes) {
        budget = OutputBudget(limit: maxOutputBytes)
        inputBudget = InputBudget(limit: maxInputBytes)
    }

    /// True from `beginDrain()` (SIGTERM) on.
    public var isDraining: Bool { draining.load(ordering: .acquiring) }
    /// Connections currently open on all loops.
    public var openConnections: Int { open.load(ordering: .relaxed) }
    /// How many times a connection's reading was paused because its unsent output passed
    /// `writeHighWaterMark` (backpressure).
    public var readPauses: Int { paused.load(ordering: .relaxed) }
    /// The largest unsent output seen on one connection, in bytes. Bounded by the high-water mark
    /// plus the responses produced by one read.
    public var peakBufferedBytes: Int { peakBuffered.load(ordering: .relaxed) }
    /// Connections refused with 503 because `maxConnections` was reached.
    public var refusedConnections: Int { refused.load(ordering: .relaxed) }

    /// Connections refused with 503 because the descriptors left under `RLIMIT_NOFILE` (less the
    /// reserve, `DescriptorLimit`) were taken; also counted in `refusedConnections`.
    public var descriptorRefusals: Int { refusedForDescriptors.load(ordering: .relaxed) }
    /// Accepts that failed in the kernel (EMFILE or ENFILE with the reserve spent, or a
    /// connection reset before it was accepted): libuv closes those connections unanswered.
    public var acceptFailures: Int { failedAccepts.load(ordering: .relaxed) }
    /// Connections that fit under the descriptor limit (`.max` until the server has started).
    public var connectionCapFromDescriptors: Int { descriptorCap.load(ordering: .relaxed) }

    func setDescriptorCap(_ cap: Int) { descriptorCap.store(cap, ordering: .relaxed) }
    func descriptorRefused() { refusedForDescriptors.add(1, ordering: .relaxed) }
    func acceptFailed() { failedAccepts.add(1, ordering: .relaxed) }

    /// Returns false when the drain had already begun.
    func markDraining() -> Bool {
        !draining.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Reserves a connection slot; false when `limit` connections are already open.
    func tryOpenConnection(limit: Int) -> Bool {
        var current = open.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = open.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        refused.add(1, ordering: .relaxed)
        return false
    }

    func connectionClosed() { open.subtract(1, ordering: .relaxed) }

    func readPaused(buffered: Int) {
        paused.add(1, ordering: .relaxed)
        noteBuffered(buffered)
    }

    func noteBuffered(_ bytes: Int) {
        var current = peakBuffered.load(ordering: .relaxed)
        while bytes > current {
            let (exchanged, original) = peakBuffered.compareExchange(
                expected: current, desired: bytes, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
