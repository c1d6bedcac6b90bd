/// The vocabulary of `HTTPConnectionStateMachine`: the actions it asks the transport to carry
/// out, and what it keeps of the request being answered.
extension HTTPConnectionStateMachine {
    /// What the event just reported causes. The transport carries it out and reports back with
    /// the event named here, which returns the next action.
    enum Action: Equatable {
        /// Call `respond(_:with:into:clock:)` with this: the responder answers the request (or
        /// renders the engine's error) and the answer is framed.
        case respond(Asked)
        /// Send `outbox`, then report with `outboxWritten(queued:now:)`.
        case write
        /// Nothing to write now, but a producer has more to make: let the loop's other
        /// connections run, then call `resume(now:)` at its next turn (the slice is spent, or
        /// the event was not a slice: bodies are made only in the loop's slices).
        case yield
        /// Close the connection; the machine is finished.
        case close
        /// Nothing to do until the next event (bytes, a write's end, the timer, a drain, the
        /// budget freeing): read or not, and arm the timer for `timeout(now:)`.
        case wait(Wait)
    }

    /// What the responder is asked to answer (`Action.respond`).
    enum Asked: Equatable {
        /// The request the parser holds.
        case request
        /// An engine-level error (malformed bytes, a limit, a timeout).
        case error(HTTPEngineError)
    }

    /// How a connection waits (`Action.wait`).
    struct Wait: Equatable {
        /// Read from the socket (false: stop reading while output backs up, a body streams,
        /// or no request will be parsed any more).
        var reading: Bool
        /// When `timeout(now:)` next has work, or nil.
        var deadline: UInt64?
        /// The next step waits only for the output budget: re-pump with `resume(now:)` when it frees.
        var forBudget: Bool
    }
}

/// The request being answered, kept for framing and the access record.
struct Answer {
    var method: HTTPMethod = .get
    var path = RecordPath()
    var versionMinor = 1
    var keepAlive = true
    var headOnly = false
    var started: UInt64 = 0
}
