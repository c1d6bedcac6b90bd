/// One connection's HTTP/1.1 state, free of I/O (docs/architecture.md#a-requests-path, after
/// Hummingbird's `HTTPConnectionStateHandler.StateMachine`, and async-http-client's connection
/// machine that owns a request machine): the owner of two machines, `RequestIntake` (bytes in,
/// parsing, pipelining, 408s, drain) and `ResponseOutput` (framing, streaming, outbox, budget).
///
/// The transport feeds it events (bytes, write completions, timer expiries, end of input, a
/// drain), each with the current time (nanoseconds, any monotonic origin). Each event returns
/// the action it causes; the transport carries it out and reports back with the event the
/// action names, which returns the next one, until `.wait` or `.close`.
///
/// Pipelining: requests are answered one at a time, in order; the responses produced while one
/// read is worked through accumulate in the outbox and leave in one write (RFC 9112 §9.3.2). A
/// streamed answer holds the line: the next request is parsed only when its producer is done.
/// Backpressure: parsing stops while unsent output passes `writeHighWaterMark` (per
/// connection), and while the process-wide `maxOutputBytes` budget is spent for any connection
/// that has unsent output of its own (`OutputBudget`).
/// Errors: every engine-level error becomes a complete response followed by close, and nothing
/// after the bad bytes is parsed.
struct HTTPConnectionStateMachine {
    let limits: HTTPLimits
    /// The peer, for access records (set once the connection is accepted).
    var remoteAddress: String
    private var intake: RequestIntake
    private var output: ResponseOutput
    private let date: DateCache
    private let headerTimeout: UInt64, idleTimeout: UInt64, requestTimeout: UInt64
    /// The last event that showed the connection alive (bytes in, output taken or framed): the
    /// idle timeout counts from here.
    private var lastActivity: UInt64

    /// How long idle connections linger when the drain begins (capped by the drain timeout).
    static let drainIdleGrace: UInt64 = 250_000_000
    static let chunkLimit = ResponseOutput.chunkLimit
    /// What one slice of the loop's turn may make and spend (`resume`).
    static let sliceBytes = ResponseOutput.sliceBytes
    static let sliceNanoseconds = ResponseOutput.sliceNanoseconds

    /// `clock`: the monotonic time, read only within a slice that goes on (`resume`).
    init(limits: HTTPLimits, date: DateCache, budget: OutputBudget? = nil, inputBudget: InputBudget? = nil,
         remoteAddress: String = "", now: UInt64, clock: @escaping () -> UInt64) {
        self.limits = limits
        self.remoteAddress = remoteAddress
        self.intake = RequestIntake(limits: limits, inputBudget: inputBudget)
        self.output = ResponseOutput(limits: limits, budget: budget ?? OutputBudget(limit: limits.maxOutputBytes), clock: clock)
        self.date = date
        self.lastActivity = now
        headerTimeout = limits.headerTimeout.engineNanoseconds
        idleTimeout = limits.idleTimeout.engineNanoseconds
        requestTimeout = limits.requestTimeout.engineNanoseconds
    }

    /// Response bytes not yet handed to the transport.
    var outbox: ByteBuffer { output.outbox }
    /// Unsent output, queued or in flight.
    var buffered: Int { output.buffered }
    var isClosed: Bool { intake.state == .closed }
    /// True while no request is partly received or being answered and nothing is unsent.
    var isIdle: Bool { intake.isIdle && output.isIdle && output.buffered == 0 && intake.stash.isEmpty }
    var waitingForBudget: Bool { output.waitingForBudget }
    /// The two halves' states, for tests.
    var intakeState: RequestIntake.State { intake.state }
    var outputState: ResponseOutput.State { output.state }

    /// When `timeout(now:)` next has work, or nil.
    var deadline: UInt64? {
        if output.isAnswering { return nil }
        if output.isProducing || output.buffered > 0 { return lastActivity &+ idleTimeout }
        switch intake.state {
        case .closed: return nil
        case .receiving(let started, false): return started &+ min(headerTimeout, requestTimeout)
        case .receiving(let started, true): return started &+ requestTimeout
        case .idle:
            if let closeAt = intake.drainCloseAt { return min(lastActivity &+ idleTimeout, closeAt) }
            return lastActivity &+ idleTimeout
        case .held, .finished: return lastActivity &+ idleTimeout
        }
    }

    // MARK: events

    /// Bytes read from the peer, borrowed for this call only.
    mutating func receive(_ bytes: Span<UInt8>, now: UInt64) -> Action {
        lastActivity = now
        guard intake.isOpen, bytes.count > 0 else { return settle(now: now) }
        guard intake.stash.isEmpty, mayParse else {
            intake.keep(bytes)
            return settle(now: now)
        }
        return take(intake.parse(bytes, now: now)) ?? settle(now: now)
    }

    /// The peer will send nothing more (EOF or read error).
    mutating func inputEnded(now: UInt64) -> Action {
        if case .receiving = intake.state { return finish() }
        intake.finish()
        return settle(now: now)
    }

    /// The transport sent `outbox`; `queued` bytes of it are still being written.
    /// `undelivered`: what the transport then had still on its way to the peer, the write in
    /// flight and what its socket holds unacknowledged (nil: it cannot tell, `queued` stands
    /// for it), the mark `timeout(now:unsent:)`'s later figures are compared with.
    mutating func outboxWritten(queued: Int, undelivered: Int? = nil, now: UInt64) -> Action {
        output.outboxWritten(queued: queued, undelivered: undelivered)
        lastActivity = now
        return settle(now: now)
    }

    /// Swaps the outbox with `other` (the transport takes the bytes it must queue and gives an
    /// empty spare back; `outboxWritten` follows).
    mutating func exchangeOutbox(_ other: inout ByteBuffer) {
        output.exchangeOutbox(&other)
    }

    /// A queued write finished.
    mutating func writeCompleted(now: UInt64) -> Action {
        output.writeCompleted()
        lastActivity = now
        return settle(now: now)
    }

    /// The connection's timer fired. `unsent`: what the transport still has on its way to the
    /// peer (the write in flight and its socket's unacknowledged bytes), when it can tell; fewer
    /// bytes than it last said (or than `outboxWritten`'s `undelivered`) is progress, not
    /// idleness (a slow reader of a large answer is not cut short). Past the deadline: a 408
    /// for a slow request, or close when idle or when the peer stopped reading our output.
    mutating func timeout(now: UInt64, unsent: Int? = nil) -> Action {
        if let unsent, output.noteUnsent(unsent) { lastActivity = now }
        guard let d = deadline, now >= d else { return settle(now: now) }
        if output.isProducing || output.buffered > 0 { return finish() }
        if let error = intake.requestTimeout(limits: limits) {
            return take(intake.fail(error, now: now)) ?? settle(now: now)
        }
        return finish()
    }

    /// Graceful shutdown: answer what is in progress (or arrives within the idle grace) with
    /// `Connection: close`; close an idle connection once the grace has passed.
    mutating func beginDrain(now: UInt64) -> Action {
        intake.beginDrain(closeAt: now &+ min(Self.drainIdleGrace, limits.drainTimeout.engineNanoseconds))
        return settle(now: now)
    }

    /// Carry on: at the start, at the loop's next turn after `.yield`, and when the output budget
    /// the connection waited for frees. The one event that makes bodies: it opens a slice of the
    /// loop's turn, which lasts until the machine waits, yields or closes, and makes at most
    /// `sliceBytes` in at most `sliceNanoseconds` (`ResponseOutput.openSlice`).
    mutating func resume(now: UInt64) -> Action {
        output.openSlice(now: now)
        return settle(now: now)
    }

    /// The transport closed the connection: drop everything, give the budget back.
    mutating func abort() {
        if !isClosed { _ = finish() }
    }

    // MARK: answering

    /// The one round trip of `.respond(asked)`: the responder answers the request the parser holds
    /// (lent for the call) or renders the engine's error into `response`, the answer is framed
    /// into the outbox, and the responder gets its access record. When the answer named a header
    /// field the engine refuses (`FieldCheck`), nothing of it is framed: the responder renders
    /// that refusal (500) instead, and should that too name a refused field, it goes without its
    /// fields. `clock` reads the time once the answer is made (it may have taken a while).
    @inline(__always)
    mutating func respond(_ asked: Asked, with responder: any HTTPResponder, into response: inout HTTPResponse,
                          clock: () -> UInt64) -> Action {
        guard output.isAnswering else { return settle(now: clock()) }
        response.reset()
        switch asked {
        case .request:
            intake.parser.withRequest { request in responder.respond(to: request, into: &response) }
            intake.parser.releaseBody()  // nothing keeps the lent body past the call
            if let refused = response.refusedHeader() {
                response.reset()
                let error = HTTPEngineError(kind: .responseHeaderRefused, detail: "response header refused: \(refused)")
                responder.respond(to: error, into: &response)
            }
        case .error(let error):
            responder.respond(to: error, into: &response)
        }
        let now = clock()
        let closeAsked = !intake.isOpen || response.close || !intake.answer.keepAlive || intake.isDraining
        let (bytesOut, closes) = output.frame(&response, to: intake.answer, closeAsked: closeAsked, date: date)
        if !output.isProducing { intake.answered(closing: closes) } else if closes { intake.finish() }
        lastActivity = now
        let started = intake.answer.started
        if _slowPath(output.isPreparing) {
            park(status: response.status.code, label: response.label, note: response.note, bytesOut: bytesOut, now: now, responder)
        } else {
            responder.record(HTTPRequestRecord(
                method: intake.answer.method, recordPath: intake.answer.path, status: response.status.code,
                bytesIn: intake.bytesIn, bytesOut: bytesOut, durationNanoseconds: now >= started ? now &- started : 0,
                remoteAddress: remoteAddress, label: response.label))
        }
        intake.bytesIn = 0
        return settle(now: now)
    }

    /// Lends the outbox for one call (reading the property from the connection would copy it:
    /// a retain and release per write).
    @inline(__always)
    mutating func withOutbox<R>(_ use: (borrowing ByteBuffer) -> R) -> R { use(output.outbox) }

    // MARK: settling

    /// Parsing may take a new request now.
    private var mayParse: Bool {
        switch intake.state {
        case .idle: !output.overHighWater && !output.overBudget
        case .receiving: !output.overHighWater
        case .held, .finished, .closed: false
        }
    }

    /// What a parse step means for the connection: `.respond` for a message or an error (the
    /// output is asked for its answer), nil when the bytes were taken and more are needed.
    private mutating func take(_ outcome: RequestIntake.Outcome) -> Action? {
        switch outcome {
        case .needMore(let continueExpected):
            if continueExpected { output.writeContinue() }
            return nil
        case .message:
            output.ask()
            return .respond(.request)
        case .failed(let error):
            output.ask()
            return .respond(.error(error))
        }
    }

    /// After an event: produce a streamed body, parse what the stash holds, write what is ready,
    /// close what is finished, else wait (reading or not, until the deadline).
    private mutating func settle(now: UInt64) -> Action {
        output.waitingForBudget = false
        // An answer is owed: the transport answers `.respond` before anything else, so no other
        // event comes in between; should one, it changes nothing.
        if output.isAnswering { return .wait(Wait(reading: intake.isOpen, deadline: nil, forBudget: false)) }
        if output.isProducing, let yielded = produce(now: now) { return yielded }
        while !intake.stash.isEmpty && mayParse {
            if let action = take(intake.parseStash(now: now)) { return action }
        }
        intake.trimStash()
        if output.wantsWrite { return .write }
        output.settleBudget()
        let idleIntake = intake.isIdle
        if idleIntake && output.overBudget { output.waitingForBudget = true }  // it may not parse
        if output.isIdle && output.buffered == 0 {
            if !intake.isOpen { return finish() }
            if idleIntake, intake.stash.isEmpty, let closeAt = intake.drainCloseAt, now >= closeAt { return finish() }
        }
        // While a body streams the next request waits anyway: reading more would only grow the
        // stash (a client could pipeline without bound behind a stream paused for the budget).
        let pause = !intake.isOpen || output.overHighWater || (output.overBudget && idleIntake) || output.isProducing
        output.closeSlice()
        return .wait(Wait(reading: !pause, deadline: deadline, forBudget: output.waitingForBudget))
    }

    /// `settle`'s production, out of line (the whole answers' path stays short, bench w7): what
    /// the slice allows of the producer (`ResponseOutput.produce`); `.yield` when it made nothing
    /// and has more, nothing being written.
    @inline(never)
    private mutating func produce(now: UInt64) -> Action? {
        switch output.produce(date: date) {
        case .goesOn: break
        case .yields:
            if output.isDrained {
                output.closeSlice()
                return .yield
            }
        case .finished(let closes): intake.answered(closing: closes)
        }
        // Preparing is an answer in progress, not idleness.
        if output.isPreparing { lastActivity = now }
        return nil
    }

    /// The access record of an answer whose head is held back while its producer prepares,
    /// parked until it is decided, with the status and bytes that went out then
    /// (`PreparedAnswer.decided`). Out of line: `respond` stays inlined in the transport's run.
    @inline(never)
    private mutating func park(status: Int, label: Int?, note: (any AnyObject & Sendable)?, bytesOut: Int, now: UInt64,
                               _ responder: any HTTPResponder) {
        let started = intake.answer.started
        output.park(HTTPRequestRecord(
            method: intake.answer.method, recordPath: intake.answer.path, status: status,
            bytesIn: intake.bytesIn, bytesOut: bytesOut, durationNanoseconds: now >= started ? now &- started : 0,
            remoteAddress: remoteAddress, label: label), note: note, started: started, for: responder)
    }

    private mutating func finish() -> Action {
        intake.close()
        output.drop()
        return .close
    }
}
