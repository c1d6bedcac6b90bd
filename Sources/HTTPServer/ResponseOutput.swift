/// The output half of a connection (`HTTPConnectionStateMachine`): frames answers into `outbox`
/// (RFC 9112 §6: Content-Length, chunked, or close-delimited for an HTTP/1.0 peer), produces a
/// streamed body as the output drains, and counts what it holds in the process-wide budget.
///
/// Backpressure: a stream produces while unsent output stays under `writeHighWaterMark` (per
/// connection) and the process-wide `maxOutputBytes` budget is not spent (`OutputBudget`).
struct ResponseOutput {
    /// The hot path matches this several times a request: only the producing cases have a
    /// payload, one reference each (classes), so a match copies at most a pointer and each
    /// batch produces into the stream in place, allocating nothing.
    enum State {
        /// Nothing is being answered.
        case idle
        /// The responder is asked for the answer described by `answer` (`Action.respond`).
        case answering
        /// The head waits for its producer's decision (`HTTPBodyProducer.prepares`), and the
        /// access record for the status that goes out.
        case preparing(PreparedAnswer)
        /// The answer's body comes from a producer as the output drains.
        case streaming(BodyStream)
    }

    /// What one call of `produce` came to.
    enum Production: Equatable {
        /// Made what the connection, the budget and the slice allowed (maybe nothing: then it
        /// waits for a write's end or the budget); the outbox holds it.
        case goesOn
        /// Made nothing, yet has more to make, in a later slice of the loop: the transport
        /// yields and resumes the connection at the loop's next turn (`Action.yield`).
        case yields
        /// The answer is out (the body complete, or a prepared answer's head alone or its
        /// refusal): whether the connection must close after it.
        case finished(closes: Bool)
    }

    private(set) var state = State.idle
    /// Response bytes not yet handed to the transport.
    private(set) var outbox = ByteBuffer()
    /// Bytes handed to the transport whose write has not completed.
    private(set) var inFlight = 0
    /// The capacity of the buffer being written, when the transport took the outbox itself.
    private var inFlightCapacity = 0
    /// The least the transport has reported still unsent of the write in flight: less than
    /// before is progress, so a slow reader that keeps reading is not idle (`noteUnsent`).
    private var unsentMark = 0
    /// Memory this connection has counted in the budget (`heldMemory`).
    private var accounted = 0
    /// True while the next step (a stream's next piece, the next request) waits only for the
    /// output budget; the transport re-pumps when it frees. Set anew by each settling.
    var waitingForBudget = false
    /// The slice of the loop's turn this connection may produce in (`openSlice`); it counts
    /// only while `inSlice` (a flag apart: ending a slice, on every wait, is one store).
    private var slice = Slice(start: 0)
    private var inSlice = false
    private let budget: OutputBudget
    private let limits: HTTPLimits
    /// Reads the time where a slice must know how long it has run (`mayProduce`).
    private let clock: () -> UInt64

    /// The most output buffer capacity a connection keeps between batches (1 MiB).
    static let retainedOutboxCapacity = 1 << 20
    /// The capacity of an empty outbox the budget does not count (a small answer's). Beyond it an
    /// empty outbox counts: the kernel takes a fast socket's bytes, not the buffer they were
    /// made in, and a thousand connections each keeping their last 512 KiB batch's buffer held
    /// 300 MB beside a budget that counted none of it (Tests/hostile/budget.py).
    static let countedOutboxCapacity = 16 * 1024
    /// The most a producer is asked for at once: the "one chunk" above the high-water mark.
    static let chunkLimit = 64 * 1024
    /// Bytes one slice may make, and the time it may spend, before it yields to the loop's other
    /// connections: a streamed answer whose socket keeps taking bytes (a fast reader, a big
    /// kernel buffer) would otherwise be produced for as long as the socket takes it, holding
    /// every other connection and `/healthz` (docs/operations.md#bounded-memory). The clock is
    /// read only before a slice's second and later calls of its producer, so a whole answer pays
    /// no clock read.
    static let sliceBytes = 256 * 1024
    static let sliceNanoseconds: UInt64 = 2_000_000

    /// A slice: when it began and what it has made.
    private struct Slice {
        let start: UInt64
        var made = 0
        var calls = 0
    }

    init(limits: HTTPLimits, budget: OutputBudget, clock: @escaping () -> UInt64) {
        self.limits = limits
        self.budget = budget
        self.clock = clock
    }

    /// Unsent output, queued or in flight.
    var buffered: Int { outbox.readableBytes &+ inFlight }
    var isIdle: Bool { if case .idle = state { true } else { false } }
    var isAnswering: Bool { if case .answering = state { true } else { false } }
    /// A producer owns the answer: it prepares or streams.
    var isProducing: Bool {
        switch state {
        case .preparing, .streaming: true
        case .idle, .answering: false
        }
    }
    var isPreparing: Bool { if case .preparing = state { true } else { false } }
    var overHighWater: Bool { buffered > limits.writeHighWaterMark }
    /// New work must wait: this connection already holds unsent output while all of them
    /// together hold the budget. A connection with nothing unsent is always served (it holds
    /// no memory, and `/healthz` must answer while hostile readers fill the budget).
    var overBudget: Bool { buffered > 0 && budget.isSpent }
    /// The outbox is ready for the transport.
    var wantsWrite: Bool { inFlight == 0 && !outbox.isEmpty }
    /// Nothing is being written or waits to be.
    var isDrained: Bool { inFlight == 0 && outbox.isEmpty }

    /// The responder is asked for an answer (`Action.respond`).
    mutating func ask() {
        state = .answering
    }

    /// A slice of the loop's turn begins (`HTTPConnectionStateMachine.resume`): until it ends,
    /// `produce` makes bodies. Every other event (a read, a write's end, a timer) makes none, so
    /// twenty requests or write completions in one poll cost their heads, not twenty slices
    /// (twenty 1 000-page keyframes answers once made 2 × 256 KiB each there, a 360 ms turn);
    /// the loop bounds what all its slices take together (`EventLoop.turnBegan`).
    mutating func openSlice(now: UInt64) {
        slice = Slice(start: now)
        inSlice = true
    }

    /// The slice ends (the machine waits, yields or closes).
    mutating func closeSlice() { inSlice = false }

    /// Whether the slice lets the producer be called once more: its first call always, later
    /// ones while it has made at most `sliceBytes` in at most `sliceNanoseconds`.
    private mutating func mayProduce() -> Bool {
        guard inSlice else { return false }
        slice.calls &+= 1
        if slice.calls == 1 { return true }
        if slice.made > Self.sliceBytes { return false }
        let now = clock()
        return now < slice.start || now &- slice.start <= Self.sliceNanoseconds
    }

    private mutating func noteMade(_ bytes: Int) { slice.made &+= bytes }

    /// The interim `100 Continue` (RFC 9110 §10.1.1), ahead of any answer.
    mutating func writeContinue() {
        outbox.writeStaticString(ResponseSerializer.continueLine)
    }

    /// Frames the responder's `response` to `answer`'s request, with `Connection: close` when
    /// `closeAsked` or when the framing needs it (a body of unknown length to an HTTP/1.0 peer ends
    /// at the close, RFC 9112 §6.3). Returns the bytes it added and whether the connection closes
    /// after this answer. A response with a refused field goes out without its fields
    /// (`ResponseSerializer.appendHead`): the owner asks for a request's refusal first, so only an
    /// error's answer arrives here so. A streamed body's producer moves out of `response` (its body
    /// is dropped): held by both, the producer's existential box would be copied, cursor and
    /// all, at its first `produce` (copy-on-write).
    mutating func frame(_ response: inout HTTPResponse, to answer: borrowing Answer, closeAsked: Bool,
                        date: DateCache) -> (bytes: Int, closes: Bool) {
        let start = outbox.writerIndex
        var close = closeAsked
        if let producer = response.producer {
            close = frameStream(&response, producer, closeAsked: closeAsked, versionMinor: answer.versionMinor,
                                headOnly: answer.headOnly, date: date)
        } else {
            ResponseSerializer.append(response, headOnly: answer.headOnly, close: close,
                                      keepAliveHeader: !close && answer.versionMinor == 0, head: date, to: &outbox)
            state = .idle
        }
        settleBudget()
        return (outbox.writerIndex &- start, close)
    }

    /// `frame`'s streamed answer, out of line: the whole answers' path (every small JSON answer,
    /// `/healthz`) stays short (bench w7). Returns whether the connection closes after it.
    @inline(never)
    private mutating func frameStream(_ response: inout HTTPResponse, _ producer: any HTTPBodyProducer, closeAsked: Bool,
                                      versionMinor: Int, headOnly: Bool, date: DateCache) -> Bool {
        let (framing, mustClose) = ResponseSerializer.framing(response.status, producer, versionMinor: versionMinor)
        let close = closeAsked || mustClose
        let keepAliveHeader = !close && versionMinor == 0
        response.dropBody()
        var expected: Int? = nil
        if case .length(let n) = framing { expected = n }
        if producer.prepares && (framing != .none || mustClose || headOnly) {
            // The head waits for the producer's decision (`produce` prepares it slice by slice).
            var head = ByteBuffer()
            ResponseSerializer.appendHead(response, framing: framing, close: close,
                                          keepAliveHeader: keepAliveHeader, head: date, to: &head)
            let stream = BodyStream(producer: producer, chunked: framing == .chunked, expectedLength: expected, close: close)
            state = .preparing(PreparedAnswer(stream: stream, head: head, headOnly: headOnly, keepAliveHeader: keepAliveHeader))
        } else if !headOnly && (framing != .none || mustClose) {
            ResponseSerializer.appendHead(response, framing: framing, close: close,
                                          keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            state = .streaming(BodyStream(producer: producer, chunked: framing == .chunked,
                                          expectedLength: expected, close: close))
        } else {
            // HEAD or a bodiless status: the head alone; the producer is never called.
            ResponseSerializer.appendHead(response, framing: headOnly ? framing : .none, close: close,
                                          keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            state = .idle
        }
        return close
    }

    /// Parks the access record of the answer being prepared until it is decided (`produce`).
    mutating func park(_ record: HTTPRequestRecord, note: (any AnyObject & Sendable)?, started: UInt64, for responder: any HTTPResponder) {
        guard case .preparing(let answer) = state else { return }
        answer.park(record, note: note, started: started, for: responder)
    }

    /// Makes what the current slice allows of the answer's producer: a preparing producer's
    /// decision (its slices of preparation, then the held head or the refusal in its place, and
    /// the parked record with the status that went out), then the body's pieces. Outside a slice
    /// it makes nothing and yields. While it has room: until the high-water mark for a cheap
    /// producer (JSON: one write per 256 KiB), one chunk per call for one that
    /// `writesEachChunk` (a stylesheet, whose 256 KiB would be tens of ms of work in one call).
    mutating func produce(date: DateCache) -> Production {
        switch state {
        case .idle, .answering: return .goesOn
        case .preparing(let answer): return prepare(answer, date: date)
        case .streaming(let stream): return makePieces(of: stream)
        }
    }

    /// Slices of the producer's preparation, nothing written meanwhile; once decided, the head
    /// (then the body) or the refusal in its place.
    private mutating func prepare(_ answer: PreparedAnswer, date: DateCache) -> Production {
        while true {
            guard mayProduce() else { return .yields }
            switch answer.stream.prepare() {
            case .more:
                continue
            case .ready:
                outbox.writeBuffer(answer.head)
                noteMade(answer.head.readableBytes)
                answer.decided(refused: nil, bytesOut: answer.head.readableBytes, now: clock())
                if answer.headOnly {
                    state = .idle
                    settleBudget()
                    return .finished(closes: answer.stream.close)
                }
                state = .streaming(answer.stream)
                return makePieces(of: answer.stream)
            case .refused(let response):
                state = .idle
                let before = outbox.writerIndex
                ResponseSerializer.append(response, headOnly: answer.headOnly, close: answer.stream.close,
                                          keepAliveHeader: answer.keepAliveHeader, head: date, to: &outbox)
                answer.decided(refused: response.status, bytesOut: outbox.writerIndex &- before, now: clock())
                settleBudget()
                return .finished(closes: answer.stream.close)
            }
        }
    }

    /// The body's pieces while the connection, the budget and the slice have room.
    private mutating func makePieces(of stream: BodyStream) -> Production {
        let eachChunk = stream.producer.writesEachChunk
        while buffered <= limits.writeHighWaterMark {
            // Streamed bodies stop for the budget even on a connection with nothing unsent: each
            // of a thousand such connections taking "one more chunk" would be 64 MB.
            if budget.isSpent { waitForBudget(); return .goesOn }
            guard mayProduce() else { return outbox.isEmpty ? .yields : .goesOn }
            let limit = min(Self.chunkLimit, max(4096, limits.writeHighWaterMark &- buffered))
            let before = outbox.writerIndex
            let progress = stream.appendPiece(to: &outbox, limit: limit)
            noteMade(outbox.writerIndex &- before)
            settleBudget()
            if progress == .done {
                state = .idle
                return .finished(closes: stream.closesConnection)
            }
            // One chunk per call for a slow writer; one that made nothing (a cursor that laid out
            // units without output) goes on while the slice lasts.
            if eachChunk && outbox.writerIndex != before { return .goesOn }
        }
        return .goesOn
    }

    /// The next piece waits for the budget; an empty outbox gives its storage back first, so
    /// what waits holds no memory beyond its unsent bytes.
    private mutating func waitForBudget() {
        waitingForBudget = true
        if outbox.isEmpty && outbox.capacity > Self.countedOutboxCapacity {
            outbox.clear(keepingCapacityUpTo: Self.countedOutboxCapacity)
            settleBudget()
        }
    }

    /// The transport sent `outbox`; `queued` bytes of it are still being written, `undelivered`
    /// bytes in all still on their way to the peer (the mark for `noteUnsent`).
    mutating func outboxWritten(queued: Int, undelivered: Int? = nil) {
        // Capacity is kept for the next batch, unless one big answer grew it: 64 connections
        // each keeping a 3 MB outbox after one `include: all` answer held ~200 MB (bench w6).
        // What is kept beyond `countedOutboxCapacity` counts in the budget (`heldMemory`): kept
        // while an answer goes on and the budget has room, or, once the answer is out, while
        // what every connection holds stays within half the budget, so kept buffers never fill
        // the budget for the streams that need it.
        let keeps = outbox.capacity <= Self.countedOutboxCapacity
            || (!budget.isSpent && (isProducing || budget.bytes &+ outbox.capacity <= budget.limit / 2))
        outbox.clear(keepingCapacityUpTo: keeps ? Self.retainedOutboxCapacity : Self.countedOutboxCapacity)
        inFlight = queued
        unsentMark = max(queued, undelivered ?? queued)
        settleBudget()
    }

    /// Swaps the outbox with `other` (the transport takes the bytes it must queue and gives an
    /// empty spare back; `outboxWritten` follows).
    mutating func exchangeOutbox(_ other: inout ByteBuffer) {
        swap(&outbox, &other)
        inFlightCapacity = other.capacity
    }

    /// The write in flight finished.
    mutating func writeCompleted() {
        inFlight = 0
        inFlightCapacity = 0
        unsentMark = 0
        settleBudget()
    }

    /// The transport says `unsent` bytes of the write in flight are still to go: true when that
    /// is fewer than it last said (the peer is reading, however slowly).
    mutating func noteUnsent(_ unsent: Int) -> Bool {
        guard inFlight > 0, unsent < unsentMark else { return false }
        unsentMark = unsent
        return true
    }

    /// Drops everything (the connection closes) and gives the budget back.
    mutating func drop() {
        if case .preparing(let answer) = state { answer.closedUndecided() }
        state = .idle
        inSlice = false
        outbox.clear(keepingCapacityUpTo: 0)
        inFlight = 0
        inFlightCapacity = 0
        settleBudget()
    }

    /// The budget counts memory, not bytes: the capacity of a non-empty outbox or of an empty
    /// one beyond `countedOutboxCapacity`, and of the buffer being written (ByteBuffer grows by
    /// doubling, so bytes alone undercount by up to half).
    private var heldMemory: Int {
        (outbox.isEmpty && outbox.capacity <= Self.countedOutboxCapacity ? 0 : outbox.capacity) &+ (inFlight > 0 ? max(inFlight, inFlightCapacity) : 0)
    }

    /// Brings this connection's share of the budget in line with its unsent output.
    mutating func settleBudget() {
        let now = heldMemory
        if now != accounted {
            budget.add(now &- accounted)
            accounted = now
        }
    }
}
