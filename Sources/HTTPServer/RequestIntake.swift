/// The input half of a connection (`HTTPConnectionStateMachine`): receives bytes, parses them with
/// llhttp, keeps what it may not parse yet (`stash`), and knows where the next request stands:
/// its phase and the timeout that phase runs, together in `State`, so a connection cannot be
/// both receiving and finished, or draining without a time to close.
///
/// `parse` borrows the read bytes for that one call: the parser copies the head and body of the
/// message it is building into its own buffers, and whatever follows a complete message
/// (pipelined requests) is copied into `stash`, parsed once the answer before it is framed
/// (RFC 9112 §9.3.2: answers go out in order). No pointer to the read buffer survives the call.
struct RequestIntake {
    enum State: Equatable {
        /// Between requests.
        case idle
        /// Receiving a request that began at `started`: answered 408 past the header timeout,
        /// and, once its body is next (`headersDone`), past the request timeout.
        case receiving(started: UInt64, headersDone: Bool)
        /// A complete request (or an engine error) is being answered: nothing is parsed until its
        /// answer is framed, or, streamed, produced (`answered(closing:)`).
        case held
        /// No further request will be parsed (an error, a closing answer, the peer's EOF): the
        /// connection closes once its output is written.
        case finished
        case closed
    }

    /// What a parse step found.
    enum Outcome {
        /// The bytes were taken; `continueExpected` when the head asked for `100 Continue`.
        case needMore(continueExpected: Bool)
        /// A complete request, described by `answer`; the state is `.held`.
        case message
        /// The bytes are not HTTP (or break a limit): answer the error (described by `answer`)
        /// and stop.
        case failed(HTTPEngineError)
    }

    private(set) var state = State.idle
    let parser: HTTPParser
    /// Unparsed input: what followed a complete message, or arrived while parsing was stopped.
    private(set) var stash = ByteBuffer()
    /// Bytes of the request being received or answered, for its access record.
    var bytesIn = 0
    /// The request being answered (from `.message` or `.failed` until the next one), for
    /// framing and the access record: kept here, where it was parsed, and lent to the output.
    private(set) var answer = Answer()
    /// While draining, when an idle connection closes (nil: not draining): a request the client
    /// sent just as the drain began (already on the wire) is answered with `Connection: close`
    /// instead of meeting EOF (RFC 9112 §9.6 allows closing idle connections at once; clients then
    /// retry, but the load test counted those as failures).
    private(set) var drainCloseAt: UInt64?

    init(limits: HTTPLimits, inputBudget: InputBudget? = nil) {
        parser = HTTPParser(limits: limits, inputBudget: inputBudget)
    }

    /// More requests may come (the parser still runs, now or later).
    var isOpen: Bool {
        switch state {
        case .idle, .receiving, .held: true
        case .finished, .closed: false
        }
    }

    var isIdle: Bool { state == .idle }
    var isDraining: Bool { drainCloseAt != nil }

    /// Keeps `bytes` for later (parsing is stopped, or older bytes wait before them).
    mutating func keep(_ bytes: Span<UInt8>) {
        stash.writeBytes(bytes)
    }

    /// Parses `bytes` (borrowed for this call); what follows a complete message is stashed.
    mutating func parse(_ bytes: Span<UInt8>, now: UInt64) -> Outcome {
        let (outcome, consumed) = handle(parser.execute(bytes), available: bytes.count, now: now)
        if consumed < bytes.count, isOpen {
            stash.writeBytes(bytes.extracting(consumed..<bytes.count))
        }
        return outcome
    }

    /// Parses the next message of the stash.
    mutating func parseStash(now: UInt64) -> Outcome {
        let available = stash.readableBytes
        let (outcome, consumed) = handle(parser.execute(stash.readableBytesSpan), available: available, now: now)
        stash.moveReaderIndex(forwardBy: min(consumed, stash.readableBytes))
        return outcome
    }

    /// An emptied stash already has its indices at 0; only a big one gives its memory back.
    mutating func trimStash() {
        if stash.isEmpty && stash.capacity > 4096 { stash.clear(keepingCapacityUpTo: 4096) }
    }

    /// Applies one parser event; returns what it means and the bytes it consumed.
    private mutating func handle(_ event: HTTPParser.Event, available: Int, now: UInt64) -> (Outcome, Int) {
        switch event {
        case .needMore:
            bytesIn &+= available
            // Empty lines before a request start its header timeout too (every byte resets the
            // idle timer, so they alone would keep a connection open for ever).
            if parser.inMessage || parser.sawEmptyLines { began(now) }
            if parser.inBody, case .receiving(let started, false) = state {
                state = .receiving(started: started, headersDone: true)
            }
            let continueExpected = parser.expectsContinue
            if continueExpected { parser.expectsContinue = false }
            return (.needMore(continueExpected: continueExpected), available)
        case .messageComplete(let consumed):
            bytesIn &+= consumed
            began(now)
            parser.resume()
            guard case .receiving(let started, _) = state else { return (.needMore(continueExpected: false), consumed) }
            let method = parser.method
            state = .held
            answer = Answer(method: method, path: parser.recordPath, versionMinor: parser.versionMinor,
                            keepAlive: parser.keepAlive && !parser.upgrade, headOnly: method == .head, started: started)
            return (.message, consumed)
        case .error(let error):
            bytesIn &+= available  // the refused bytes were received too (its record, the metrics)
            return (fail(error, now: now), available)
        }
    }

    private mutating func began(_ now: UInt64) {
        if case .idle = state { state = .receiving(started: now, headersDone: false) }
    }

    /// Stops taking requests and describes the error's answer (a 408 past a timeout, or bytes
    /// the parser refused): it closes the connection.
    mutating func fail(_ error: HTTPEngineError, now: UInt64) -> Outcome {
        var started = now
        if case .receiving(let s, _) = state { started = s }
        finish()
        parser.releaseBody()  // no request follows: a partial body's reservation goes back now
        let method = parser.inBody ? parser.method : .other("-")
        // A HEAD request's error answer still has no body (RFC 9110 §9.3.2).
        answer = Answer(method: method, path: parser.recordPath, versionMinor: 1,
                        keepAlive: false, headOnly: method == .head, started: started)
        return .failed(error)
    }

    /// The held request's answer is framed (or its stream produced): the next request may come,
    /// unless that answer closes the connection.
    mutating func answered(closing: Bool) {
        if closing { finish() } else if state == .held { state = .idle }
    }

    /// The 408 a request in progress gets when its deadline passes; nil between requests.
    func requestTimeout(limits: HTTPLimits) -> HTTPEngineError? {
        guard case .receiving(_, let headersDone) = state else { return nil }
        return headersDone
            ? HTTPEngineError(kind: .requestTimeout, detail: "request not received within \(limits.requestTimeout)")
            : HTTPEngineError(kind: .requestTimeout, detail: "request headers not received within \(limits.headerTimeout)")
    }

    /// Graceful shutdown: idle, the connection closes at `closeAt`; a request in progress is
    /// answered with `Connection: close`.
    mutating func beginDrain(closeAt: UInt64) {
        if drainCloseAt == nil { drainCloseAt = closeAt }
    }

    /// No request will be parsed any more; what waits in the stash is dropped.
    mutating func finish() {
        if state != .closed { state = .finished }
        stash.clear(keepingCapacityUpTo: 0)
    }

    mutating func close() {
        state = .closed
        stash.clear(keepingCapacityUpTo: 0)
        parser.releaseBody()
    }
}
