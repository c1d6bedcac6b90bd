/// One connection's HTTP/1.1 state, free of I/O (STYLE.md trait 1, after swift-nio's
/// `HTTPConnectionStateHandler.StateMachine`). The transport feeds it bytes, write completions,
/// timer ticks and end-of-input, each with the current time (nanoseconds, any monotonic origin),
/// then pumps `nextAction(now:)` and carries each action out until it returns nil.
///
/// Pipelining: requests are parsed and answered one at a time, in order; all responses produced
/// while pumping one read accumulate in `outbox` and leave in one write (RFC 9112 §9.3.2).
/// Backpressure: when unsent output passes `writeHighWaterMark`, parsing stops, unparsed bytes
/// are kept, and reading pauses until the output is written.
/// Errors: every engine-level error becomes a complete response followed by close, and nothing
/// after the bad bytes is parsed.
struct HTTPConnectionStateMachine {
    enum Action {
        /// Call the responder with `withRequest`, then `responded(_:now:)`.
        case respond
        /// Render the error with the responder, then `responded(_:now:)`.
        case respondToError(HTTPEngineError)
        /// Send `outbox`, then report with `outboxWritten(queued:now:)`.
        case write
        case pauseReading
        case resumeReading
        /// The earliest time `timeout(now:)` has something to do.
        case scheduleTimeout(deadline: UInt64)
        /// Close the connection; the machine is finished.
        case close
    }

    private enum Phase { case idle, head, body, responding, closed }

    /// The request being answered, kept for framing and the access record.
    private struct Current {
        var method: HTTPMethod = .get
        var path = ""
        var versionMinor = 1
        var keepAlive = true
        var headOnly = false
    }

    let limits: HTTPLimits
    let remoteAddress: String
    private let parser: HTTPParser
    private let date: DateCache
    private let headerTimeout: UInt64, idleTimeout: UInt64, requestTimeout: UInt64

    /// Response bytes not yet handed to the transport.
    private(set) var outbox = ByteBuffer(capacity: 4096)
    /// The most output buffer capacity a connection keeps between batches (1 MiB).
    static let retainedOutboxCapacity = 1 << 20
    /// Bytes handed to the transport whose write has not completed.
    private(set) var inFlight = 0
    private var input: InputBytes?
    /// Unparsed input kept while reading is paused.
    private var stash: [UInt8] = []
    private var phase = Phase.idle
    private var current = Current()
    private var requestStart: UInt64 = 0
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
    private var scheduled: UInt64?

    init(limits: HTTPLimits, date: DateCache, remoteAddress: String = "", now: UInt64) {
        self.limits = limits
        self.remoteAddress = remoteAddress
        self.parser = HTTPParser(limits: limits)
        self.date = date
        self.lastActivity = now
        headerTimeout = limits.headerTimeout.engineNanoseconds
        idleTimeout = limits.idleTimeout.engineNanoseconds
        requestTimeout = limits.requestTimeout.engineNanoseconds
    }

    /// Unsent output, queued or in flight.
    var buffered: Int { outbox.readableBytes + inFlight }
    var isClosed: Bool { phase == .closed }
    /// True while no request is partly received or being answered and nothing is unsent.
    var isIdle: Bool { phase == .idle && buffered == 0 && stash.isEmpty }
    private var overHighWater: Bool { buffered > limits.writeHighWaterMark }

    /// When `timeout(now:)` next has work, or nil.
    var deadline: UInt64? {
        switch phase {
        case .closed, .responding: return nil
        case _ where buffered > 0: return lastActivity &+ idleTimeout
        case .idle where draining: return min(lastActivity &+ idleTimeout, drainIdleCloseAt)
        case .idle: return lastActivity &+ idleTimeout
        case .head: return requestStart &+ min(headerTimeout, requestTimeout)
        case .body: return requestStart &+ requestTimeout
        }
    }

    // MARK: events

    /// Bytes read from the peer, valid until the pump that follows returns nil.
    mutating func receive(_ bytes: InputBytes, now: UInt64) {
        lastActivity = now
        guard phase != .closed, !closeAfterFlush, bytes.count > 0 else { return }
        if stash.isEmpty && !readingPaused && input == nil {
            input = bytes
        } else {
            bytes.append(to: &stash)
        }
    }

    /// The peer will send nothing more (EOF or read error).
    mutating func inputEnded() {
        readingPaused = true
        if phase == .head || phase == .body { forceClose = true } else { closeAfterFlush = true }
        input = nil
    }

    /// The transport sent `outbox`; `queued` bytes of it are still being written.
    mutating func outboxWritten(queued: Int, now: UInt64) {
        // Capacity is kept for the next batch, unless one big answer grew it: 64 connections
        // each keeping a 3 MB outbox after one `include: all` answer held ~200 MB (bench w6).
        outbox.clear(keepingCapacityUpTo: Self.retainedOutboxCapacity)
        inFlight = queued
        lastActivity = now
    }

    /// A queued write finished.
    mutating func writeCompleted(now: UInt64) {
        inFlight = 0
        lastActivity = now
    }

    /// Time passed; acts if the deadline is reached (408 for a slow request, close when idle
    /// or when the peer stopped reading our output).
    mutating func timeout(now: UInt64) {
        guard let d = deadline, now >= d else { return }
        switch phase {
        case _ where buffered > 0, .idle:
            forceClose = true
        case .head:
            pendingError = HTTPEngineError(kind: .requestTimeout, status: 408,
                                           detail: "request headers not received within \(limits.headerTimeout)")
        case .body:
            pendingError = HTTPEngineError(kind: .requestTimeout, status: 408,
                                           detail: "request not received within \(limits.requestTimeout)")
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
        if phase == .closed || phase == .responding { return nil }
        if forceClose { return finish() }
        if let error = pendingError {
            pendingError = nil
            return fail(error)
        }
        if let action = parse(now: now) { return action }
        if !outbox.isEmpty && inFlight == 0 { return .write }
        let wantPause = closeAfterFlush || overHighWater
        if wantPause != readingPaused {
            readingPaused = wantPause
            return wantPause ? .pauseReading : .resumeReading
        }
        if buffered == 0 && (closeAfterFlush || (draining && phase == .idle && stash.isEmpty && now >= drainIdleCloseAt)) {
            return finish()
        }
        if let d = deadline, d != scheduled {
            scheduled = d
            return .scheduleTimeout(deadline: d)
        }
        return nil
    }

    /// Frames the responder's answer into `outbox` and returns its access record.
    mutating func responded(_ response: HTTPResponse, now: UInt64) -> HTTPRequestRecord {
        let close = closeAfterFlush || response.close || !current.keepAlive || draining
        let written = ResponseSerializer.append(
            response, headOnly: current.headOnly, close: close,
            keepAliveHeader: !close && current.versionMinor == 0, head: date, to: &outbox)
        if close { stopParsing() }
        if phase == .responding { phase = .idle }
        lastActivity = now
        let record = HTTPRequestRecord(
            method: current.method, path: current.path,
            status: response.status.code, bytesIn: bytesIn, bytesOut: written,
            durationNanoseconds: now >= requestStart ? now - requestStart : 0, remoteAddress: remoteAddress)
        bytesIn = 0
        current = Current()
        return record
    }

    /// Lends the request of the last `.respond` action for one call.
    func withRequest<R>(_ use: (borrowing HTTPRequest) -> R) -> R {
        parser.withRequest(use)
    }

    /// The request-target's path (up to `?`) for the access record.
    private static func path(_ target: String) -> String {
        guard let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
        return String(target[..<q])
    }

    // MARK: parsing

    private mutating func parse(now: UInt64) -> Action? {
        while !closeAfterFlush && !overHighWater {
            let event: HTTPParser.Event
            let fromStash = !stash.isEmpty
            if fromStash {
                event = stash.withInputBytes { parser.execute($0) }
            } else if let input {
                event = parser.execute(input)
            } else {
                return nil
            }
            switch event {
            case .needMore:
                consume(fromStash ? stash.count : input?.count ?? 0, fromStash: fromStash)
                if parser.inMessage { began(now) }
                if parser.headersDone && phase == .head { phase = .body }
                if parser.expectsContinue {
                    parser.expectsContinue = false
                    outbox.writeStaticString(ResponseSerializer.continueLine)
                }
            case .messageComplete(let consumed):
                consume(consumed, fromStash: fromStash)
                began(now)
                parser.resume()
                let head = parser.head
                current.method = head.method
                current.path = Self.path(parser.targetString)
                current.versionMinor = head.versionMinor
                current.headOnly = head.method == .head
                current.keepAlive = parser.keepAlive && !head.upgrade
                phase = .responding
                return .respond
            case .error(let error):
                return fail(error)
            }
        }
        // Paused by backpressure: keep what the read buffer still holds.
        if let input, input.count > 0, !closeAfterFlush { input.append(to: &stash) }
        input = nil
        return nil
    }

    private mutating func consume(_ n: Int, fromStash: Bool) {
        bytesIn += n
        if fromStash {
            stash.removeFirst(min(n, stash.count))
        } else if let input {
            self.input = n >= input.count ? nil : input.dropping(first: n)
        }
    }

    private mutating func began(_ now: UInt64) {
        if phase == .idle {
            phase = .head
            requestStart = now
        }
    }

    private mutating func fail(_ error: HTTPEngineError) -> Action {
        stopParsing()
        current.path = Self.path(parser.targetString)
        current.method = parser.headersDone ? parser.head.method : .other("-")
        // A HEAD request's error answer still has no body (RFC 9110 §9.3.2).
        current.headOnly = current.method == .head
        phase = .responding
        return .respondToError(error)
    }

    private mutating func stopParsing() {
        closeAfterFlush = true
        input = nil
        stash.removeAll()
    }

    private mutating func finish() -> Action {
        phase = .closed
        input = nil
        stash.removeAll()
        return .close
    }
}
