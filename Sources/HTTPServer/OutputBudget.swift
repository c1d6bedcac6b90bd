import Synchronization

/// The process-wide budget of unsent response bytes (`HTTPLimits.maxOutputBytes`,
/// docs/operations.md#bounded-memory): every connection counts its queued and in-flight output here. While the total is
/// at or above the limit, connections that hold unsent output parse no new request and no
/// streamed body produces more; so memory stays bounded however many clients stop reading.
/// One atomic add per change; `onFreed` runs (on the thread whose write freed it) when the
/// total drops back below the limit, so paused connections on every loop are re-pumped.
public final class OutputBudget: Sendable {
    public let limit: Int
    private let used = Atomic<Int>(0)
    private let onFreed: Mutex<(@Sendable () -> Void)?>

    public init(limit: Int, onFreed: (@Sendable () -> Void)? = nil) {
        self.limit = max(1, limit)
        self.onFreed = Mutex(onFreed)
    }

    /// Unsent bytes of all connections.
    public var bytes: Int { used.load(ordering: .relaxed) }
    public var isSpent: Bool { used.load(ordering: .relaxed) >= limit }

    func setOnFreed(_ callback: @escaping @Sendable () -> Void) {
        onFreed.withLock { $0 = callback }
    }

    /// Adds `delta` (negative when output was written or dropped).
    func add(_ delta: Int) {
        let after = used.add(delta, ordering: .relaxed).newValue
        if delta < 0 && after < limit && after - delta >= limit {
            onFreed.withLock { $0 }?()
        }
    }
}
