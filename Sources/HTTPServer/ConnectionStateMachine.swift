/// One connection's HTTP/1.1 state, free of I/O (STYLE.md trait 1, after swift-nio's
/// `HTTPConnectionStateHandler.StateMachine`). The transport feeds it bytes, write completions,
/// timer expiries and end-of-input, each with the current time (nanoseconds, any monotonic
/// origin), then pumps `nextAction(now:)` and carries each action out until it returns nil.
/// Every action is carried out by the transport (Connection): `.scheduleTimeout` re-arms the
/// connection's own timer.
///
/// Input: `receive` borrows the read bytes for that one call. llhttp parses them at once; the
/// parser copies the head and body of the message it is building into its own buffers, and
/// whatever follows a complete message (pipelined requests) is copied into `stash`, parsed by
/// later pumps. No pointer to the read buffer survives the call.
/// Pipelining: requests are answered one at a time, in order; the responses produced while
/// pumping accumulate in `outbox` and leave in one write (RFC 9112 §9.3.2). A streamed answer
/// holds the line: the next request is parsed only when its producer is done.
/// Backpressure: parsing and producing stop while unsent output passes `writeHighWaterMark`
/// (per connection), and while the process-wide `maxOutputBytes` budget is spent for any
/// connection that has unsent output of its own (`OutputBudget`).
/// Errors: every engine-level error becomes a complete response followed by close, and nothing
/// after the bad bytes is parsed.
struct HTTPConnectionStateMachine {
    let limits: HTTPLimits
    /// The peer, for access records (set once the connection is accepted).
    var remoteAddress: String
    private let parser: HTTPParser
    private let date: DateCache
    private let budget: OutputBudget
    private let headerTimeout: UInt64, idleTimeout: UInt64, requestTimeout: UInt64

    /// Response bytes not yet handed to the transport.
    private(set) var outbox = ByteBuffer()
    /// The most output buffer capacity a connection keeps between batches (1 MiB).
    static let retainedOutboxCapacity = 1 << 20
    /// The most a producer is asked for at once: the "one chunk" above the high-water mark.
    static let chunkLimit = 64 * 1024
    /// Bytes handed to the transport whose write has not completed.
    private(set) var inFlight = 0
    /// The capacity of the buffer being written, when the transport took the outbox itself.
    private var inFlightCapacity = 0
    /// Unparsed input: what followed a complete message, or arrived while parsing was stopped.
    private var stash = ByteBuffer()
    private var phase = Phase.idle
    /// The request being answered (phases `.responding` and `.streaming`).
    private var current = Current()
    /// The body being produced (phase `.streaming`).
    private var stream: BodyStream?
    private var lastActivity: UInt64
    private var bytesIn = 0
    private var readingPaused = false
    /// No further request will be parsed; close once the output is written.
    private var closeAfterFlush = false
    private var forceClose = false
    private var draining = false
    /// While draining, an idle connection stays open until then: a request the client sent just
    /// as the drain began (already on the wire) is answered with `Connection: close` instead of
    /// meeting EOF (RFC 9112 §9.6 allows closing idle connections at once; clients then retry,
    /// but the load test counted those as failures).
    private var drainIdleCloseAt: UInt64 = 0
    /// How long idle connections linger when the drain begins (capped by the drain timeout).
    static let drainIdleGrace: UInt64 = 250_000_000
    private var pendingError: HTTPEngineError?
    /// The answer just given named a header the engine refused: the responder renders this next.
    private var refusal: HTTPEngineError?
    /// The answer being framed is the rendering of `refusal`.
    private var renderingRefusal = false
    /// A message completed inside `receive`: `.respond` is the next action.
    private var messageReady = false
    private var scheduled: UInt64?
    /// Memory this connection has counted in the budget (`heldMemory`).
    private var accounted = 0
    /// True while work waits only for the output budget; the transport re-pumps when it frees.
    private(set) var waitingForBudget = false

    init(limits: HTTPLimits, date: DateCache, budget: OutputBudget? = nil, remoteAddress: String = "", now: UInt64) {
        self.limits = limits
        self.remoteAddress = remoteAddress
        self.parser = HTTPParser(limits: limits)
        self.date = date
        self.budget = budget ?? OutputBudget(limit: limits.maxOutputBytes)
        self.lastActivity = now
        headerTimeout = limits.headerTimeout.engineNanoseconds
        idleTimeout = limits.idleTimeout.engineNanoseconds
        requestTimeout = limits.requestTimeout.engineNanoseconds
    }

    /// Unsent output, queued or in flight.
    var buffered: Int { outbox.readableBytes + inFlight }
    var isClosed: Bool { if case .closed = phase { true } else { false } }
    private var isIdlePhase: Bool { if case .idle = phase { true } else { false } }
    private var isStreamingPhase: Bool { if case .streaming = phase { true } else { false } }
    /// True while no request is partly received or being answered and nothing is unsent.
    var isIdle: Bool { isIdlePhase && buffered == 0 && stash.isEmpty }
    private var overHighWater: Bool { buffered > limits.writeHighWaterMark }
    /// New work must wait: this connection already holds unsent output while all of them
    /// together hold the budget. A connection with nothing unsent is always served (it holds
    /// no memory, and `/healthz` must answer while hostile readers fill the budget).
    private var overBudget: Bool { buffered > 0 && budget.isSpent }

    /// When `timeout(now:)` next has work, or nil.
    var deadline: UInt64? {
        switch phase {
        case .closed, .responding: return nil
        case .streaming: return lastActivity &+ idleTimeout
        case _ where buffered > 0: return lastActivity &+ idleTimeout
        case .idle where draining: return min(lastActivity &+ idleTimeout, drainIdleCloseAt)
        case .idle: return lastActivity &+ idleTimeout
        case .receiving(let started, false): return started &+ min(headerTimeout, requestTimeout)
        case .receiving(let started, true): return started &+ requestTimeout
        }
    }

    // MARK: events

    /// Bytes read from the peer, borrowed for this call only.
    mutating func receive(_ bytes: Span<UInt8>, now: UInt64) {
        lastActivity = now
        guard !isClosed, !closeAfterFlush, bytes.count > 0 else { return }
        guard stash.isEmpty, canParse else {
            stash.writeBytes(bytes)
            return
        }
        let event = parser.execute(bytes)
        let consumed = handle(event, available: bytes.count, now: now)
        if consumed < bytes.count && !closeAfterFlush {
            stash.writeBytes(bytes.extracting(consumed..<bytes.count))
        }
    }

    /// The peer will send nothing more (EOF or read error).
    mutating func inputEnded() {
        readingPaused = true
        if case .receiving = phase { forceClose = true } else { closeAfterFlush = true }
    }

    /// The transport sent `outbox`; `queued` bytes of it are still being written.
    mutating func outboxWritten(queued: Int, now: UInt64) {
        // Capacity is kept for the next batch, unless one big answer grew it: 64 connections
        // each keeping a 3 MB outbox after one `include: all` answer held ~200 MB (bench w6).
        outbox.clear(keepingCapacityUpTo: Self.retainedOutboxCapacity)
        inFlight = queued
        lastActivity = now
        settleBudget()
    }

    /// Swaps the outbox with `other` (the transport takes the bytes it must queue and gives an
    /// empty spare back; `outboxWritten` follows).
    /// The transport pauses a stream that still has room (Connection.pump's time slice): an
    /// empty outbox gives its capacity back, so a thousand paused streams do not each keep what
    /// one batch grew (the output budget counts unsent bytes, not capacity).
    mutating func releaseIdleOutbox() {
        if outbox.isEmpty { outbox.clear(keepingCapacityUpTo: 16 * 1024) }
    }

    mutating func exchangeOutbox(_ other: inout ByteBuffer) {
        swap(&outbox, &other)
        inFlightCapacity = other.capacity
    }

    /// A queued write finished.
    mutating func writeCompleted(now: UInt64) {
        inFlight = 0
        inFlightCapacity = 0
        lastActivity = now
        settleBudget()
    }

    /// The connection's timer fired; acts if the deadline is reached (408 for a slow request,
    /// close when idle or when the peer stopped reading our output).
    mutating func timeout(now: UInt64) {
        scheduled = nil
        guard let d = deadline, now >= d else { return }
        switch phase {
        case .streaming, .idle:
            forceClose = true
        case _ where buffered > 0:
            forceClose = true
        case .receiving(_, false):
            pendingError = HTTPEngineError(kind: .requestTimeout, detail: "request headers not received within \(limits.headerTimeout)")
        case .receiving(_, true):
            pendingError = HTTPEngineError(kind: .requestTimeout, detail: "request not received within \(limits.requestTimeout)")
        case .responding, .closed:
            break
        }
    }

    /// Graceful shutdown: answer what is in progress (or arrives within the idle grace) with
    /// `Connection: close`; close an idle connection once the grace has passed.
    mutating func beginDrain(now: UInt64) {
        guard !draining else { return }
        draining = true
        drainIdleCloseAt = now &+ min(Self.drainIdleGrace, limits.drainTimeout.engineNanoseconds)
    }

    // MARK: the pump

    mutating func nextAction(now: UInt64) -> Action? {
        if case .closed = phase { return nil }
        if messageReady {
            messageReady = false
            return .respond
        }
        if case .responding = phase {
            guard let refusal else { return nil }
            self.refusal = nil
            return .respondToError(refusal)
        }
        if forceClose { return finish() }
        if let error = pendingError {
            pendingError = nil
            return fail(error)
        }
        waitingForBudget = false
        if case .streaming = phase { produce() }
        if let action = parseStash(now: now) { return action }
        if !outbox.isEmpty && inFlight == 0 { return .write }
        settleBudget()
        // While a body streams the next request waits anyway: reading more would only grow the
        // stash (a client could pipeline without bound behind a stream paused for the budget).
        let wantPause = closeAfterFlush || overHighWater || (overBudget && isIdlePhase) || isStreamingPhase
        if wantPause != readingPaused {
            readingPaused = wantPause
            return wantPause ? .pauseReading : .resumeReading
        }
        if buffered == 0 && (closeAfterFlush || (draining && isIdlePhase && stash.isEmpty && now >= drainIdleCloseAt)) {
            return finish()
        }
        if let d = deadline, d != scheduled {
            scheduled = d
            return .scheduleTimeout(deadline: d)
        }
        return nil
    }

    /// Lends the outbox for one call (reading the property from the connection would copy it:
    /// a retain and release per write).
    @inline(__always)
    mutating func withOutbox<R>(_ use: (borrowing ByteBuffer) -> R) -> R { use(outbox) }

    /// Lends the request of the last `.respond` action for one call.
    func withRequest<R>(_ use: (borrowing HTTPRequest) -> R) -> R {
        parser.withRequest(use)
    }

    /// Frames the responder's answer into `outbox` and returns its access record; nil when a
    /// header field was refused (`FieldCheck`): nothing of that answer is
    /// framed, and the next action asks the responder to render the refusal instead (500).
    /// (`inout` only so that the loop's response is lent without a copy; it is not changed.)
    mutating func responded(_ response: inout HTTPResponse, now: UInt64) -> HTTPRequestRecord? {
        guard case .responding = phase else {
            return HTTPRequestRecord(method: .other("-"), path: "", status: response.status.code, bytesIn: 0,
                                     bytesOut: 0, durationNanoseconds: 0, remoteAddress: remoteAddress)
        }
        let (framing, mustClose) = ResponseSerializer.framing(response, versionMinor: current.versionMinor)
        let asked = response.close
        let close = closeAfterFlush || asked || !current.keepAlive || draining || mustClose
        let keepAliveHeader = !close && current.versionMinor == 0
        let start = outbox.writerIndex
        let refused: String?
        if response.isStreamed, !current.headOnly && (framing != .none || mustClose), let producer = response.producer {
            refused = ResponseSerializer.appendHead(response, framing: framing, close: close,
                                                    keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            if refused == nil {
                var expected: Int? = nil
                if case .length(let n) = framing { expected = n }
                stream = BodyStream(producer: producer, chunked: framing == .chunked, expectedLength: expected, close: close)
                phase = .streaming
            }
        } else if response.isStreamed {
            // HEAD or a bodiless status: the head alone; the producer is never called.
            refused = ResponseSerializer.appendHead(response, framing: current.headOnly ? framing : .none, close: close,
                                                    keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            if refused == nil { phase = .idle }
        } else {
            refused = ResponseSerializer.append(response, headOnly: current.headOnly, close: close,
                                                keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            if refused == nil { phase = .idle }
        }
        if let refused {
            if !renderingRefusal {
                renderingRefusal = true
                refusal = HTTPEngineError(kind: .responseHeaderRefused, detail: "response header refused: \(refused)")
                return nil
            }
            // The refusal's own answer is unfit too: send it bare.
            var bare = response
            bare.headers = []
            bare.contentType = nil
            return responded(&bare, now: now)
        }
        renderingRefusal = false
        if close { stopParsing() }
        lastActivity = now
        settleBudget()
        let record = HTTPRequestRecord(
            method: current.method, recordPath: current.path,
            status: response.status.code, bytesIn: bytesIn, bytesOut: outbox.writerIndex - start,
            durationNanoseconds: now >= current.started ? now - current.started : 0, remoteAddress: remoteAddress)
        bytesIn = 0
        return record
    }

    // MARK: producing

    /// Asks the producer for more while the connection and the budget have room; frames chunks.
    private mutating func produce() {
        guard case .streaming = phase, var stream = self.stream else { return }
        self.stream = nil // the producer is moved out while it works, not shared
        while buffered <= limits.writeHighWaterMark {
            // Streamed bodies stop for the budget even on a connection with nothing unsent: each
            // of a thousand such connections taking "one more chunk" would be 64 MB.
            if budget.isSpent { waitingForBudget = true; break }
            let limit = min(Self.chunkLimit, max(4096, limits.writeHighWaterMark - buffered))
            let progress = stream.appendPiece(to: &outbox, limit: limit)
            settleBudget()
            if progress == .done {
                if stream.closesConnection { stopParsing() }
                phase = .idle
                return
            }
        }
        self.stream = stream
    }

    // MARK: parsing

    /// Parsing may take a new request now.
    private var canParse: Bool {
        guard !closeAfterFlush, !overHighWater, !messageReady, pendingError == nil else { return false }
        switch phase {
        case .idle: return !overBudget
        case .receiving: return true
        default: return false
        }
    }

    /// Parses what the stash holds, one message at a time.
    private mutating func parseStash(now: UInt64) -> Action? {
        while !stash.isEmpty && canParse {
            let available = stash.readableBytes
            let event = parser.execute(stash.readableBytesSpan)
            let consumed = handle(event, available: available, now: now)
            stash.moveReaderIndex(forwardBy: min(consumed, stash.readableBytes))
            if let error = pendingError {
                pendingError = nil
                return fail(error)
            }
            if messageReady {
                messageReady = false
                return .respond
            }
        }
        // An emptied stash already has its indices at 0; only a big one gives its memory back.
        if stash.isEmpty && stash.capacity > 4096 { stash.clear(keepingCapacityUpTo: 4096) }
        if case .idle = phase, !canParse, overBudget { waitingForBudget = true }
        return nil
    }

    /// Applies one parser event; returns the bytes it consumed.
    private mutating func handle(_ event: HTTPParser.Event, available: Int, now: UInt64) -> Int {
        switch event {
        case .needMore:
            bytesIn += available
            if parser.inMessage { began(now) }
            if parser.headersDone, case .receiving(let started, false) = phase {
                phase = .receiving(started: started, headersDone: true)
            }
            if parser.expectsContinue {
                parser.expectsContinue = false
                outbox.writeStaticString(ResponseSerializer.continueLine)
            }
            return available
        case .messageComplete(let consumed):
            bytesIn += consumed
            began(now)
            parser.resume()
            guard case .receiving(let started, _) = phase else { return consumed }
            let method = parser.method
            current = Current(method: method, path: parser.recordPath, versionMinor: parser.versionMinor,
                              keepAlive: parser.keepAlive && !parser.upgrade,
                              headOnly: method == .head, started: started)
            phase = .responding
            messageReady = true
            return consumed
        case .error(let error):
            pendingError = error
            closeAfterFlush = true
            return available
        }
    }

    private mutating func began(_ now: UInt64) {
        if case .idle = phase { phase = .receiving(started: now, headersDone: false) }
    }

    private mutating func fail(_ error: HTTPEngineError) -> Action {
        var started = lastActivity
        if case .receiving(let s, _) = phase { started = s }
        stopParsing()
        let method = parser.headersDone ? parser.method : .other("-")
        // A HEAD request's error answer still has no body (RFC 9110 §9.3.2).
        current = Current(method: method, path: parser.recordPath, versionMinor: 1,
                          keepAlive: false, headOnly: method == .head, started: started)
        phase = .responding
        messageReady = false
        return .respondToError(error)
    }

    private mutating func stopParsing() {
        closeAfterFlush = true
        stash.clear(keepingCapacityUpTo: 0)
    }

    /// The transport closed the connection: drop everything, give the budget back.
    mutating func abort() {
        if !isClosed { _ = finish() }
    }

    private mutating func finish() -> Action {
        phase = .closed
        stream = nil
        stash.clear(keepingCapacityUpTo: 0)
        outbox.clear(keepingCapacityUpTo: 0)
        inFlight = 0
        settleBudget()
        return .close
    }

    /// Brings this connection's share of the budget in line with its unsent output.
    /// The budget counts memory, not bytes: the capacity of a non-empty outbox and of the buffer
    /// being written (ByteBuffer grows by doubling, so bytes alone undercount by up to half).
    private var heldMemory: Int {
        (outbox.isEmpty ? 0 : outbox.capacity) + (inFlight > 0 ? max(inFlight, inFlightCapacity) : 0)
    }

    private mutating func settleBudget() {
        let now = heldMemory
        if now != accounted {
            budget.add(now - accounted)
            accounted = now
        }
    }
}
