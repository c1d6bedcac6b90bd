/// The vocabulary of `HTTPConnectionStateMachine`: the actions it asks the transport to carry
/// out, the phases a connection goes through, and what it keeps of the request being answered.
extension HTTPConnectionStateMachine {
    enum Action: Equatable {
        /// Call the responder with `withRequest`, then `responded(_:now:)`.
        case respond
        /// Render the error with the responder, then `responded(_:now:)`.
        case respondToError(HTTPEngineError)
        /// Send `outbox`, then report with `outboxWritten(queued:now:)`.
        case write
        case pauseReading
        case resumeReading
        /// Arm the connection's timer: call `timeout(now:)` at `deadline`.
        case scheduleTimeout(deadline: UInt64)
        /// Close the connection; the machine is finished.
        case close
    }

    /// Where the connection is, with what that phase needs (trivial payloads: the phase is
    /// matched several times a request, and a payload holding references would be retained and
    /// released at each match; the request being answered and the body stream live beside it).
    enum Phase {
        /// Between requests.
        case idle
        /// Receiving a request that began at `started`; `headersDone` once the body is next.
        case receiving(started: UInt64, headersDone: Bool)
        /// The responder has the request (or the error) described by `current`.
        case responding
        /// The answer's body comes from `stream` as the output drains.
        case streaming
        case closed
    }

    /// The request being answered, kept for framing and the access record.
    struct Current {
        var method: HTTPMethod = .get
        var path = RecordPath()
        var versionMinor = 1
        var keepAlive = true
        var headOnly = false
        var started: UInt64 = 0
    }
}
