import Synchronization

/// The process-wide budget of buffered request bodies (`HTTPLimits.maxInputBytes`,
/// docs/operations.md#bounded-memory): the output budget's counterpart on the way in.
///
/// A body of up to `ownBytes` stays in its connection's own buffer and is never counted (the
/// service's requests are a few KiB of JSON; they pay no atomic). A bigger one reserves the whole
/// capacity of its buffer here before the buffer grows: at its head for a `Content-Length`
/// body (so the reservation is made before any body byte is read), and chunk by chunk as a
/// chunked body's buffer grows. A reservation that does not fit is refused: the request is
/// answered 503 with `Retry-After` (`HTTPEngineError.Kind.inputBudgetSpent`) and its connection
/// closed, so however many clients hold partial bodies, bodies take at most `limit` bytes, plus
/// `ownBytes` per connection. The reservation is given back once the request is answered, or its
/// connection closed.
public final class InputBudget: Sendable {
    /// Bodies up to this many bytes stay in their connection's own buffer, uncounted.
    public static let ownBytes = 16 * 1024

    public let limit: Int
    private let used = Atomic<Int>(0)
    private let refusals = Atomic<Int>(0)

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Reserved bytes of all connections.
    public var bytes: Int { used.load(ordering: .relaxed) }
    /// Requests refused because their body did not fit.
    public var refused: Int { refusals.load(ordering: .relaxed) }

    /// Reserves `count` more bytes; false (and nothing reserved) when they do not fit.
    func reserve(_ count: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while current + count <= limit {
            let (exchanged, original) = used.compareExchange(expected: current, desired: current + count, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        refusals.add(1, ordering: .relaxed)
        return false
    }

    /// Gives `count` reserved bytes back.
    func release(_ count: Int) {
        used.subtract(count, ordering: .relaxed)
    }
}
