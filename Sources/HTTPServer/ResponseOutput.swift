/// The output half of a connection (`HTTPConnectionStateMachine`): frames answers into `outbox`
/// (RFC 9112 §6: Content-Length, chunked, or close-delimited for an HTTP/1.0 peer), produces a
/// streamed body as the output drains, and counts what it holds in the process-wide budget.
///
/// Backpressure: a stream produces while unsent output stays under `writeHighWaterMark` (per
/// connection) and the process-wide `maxOutputBytes` budget is not spent (`OutputBudget`).
struct ResponseOutput {
    /// The hot path matches this several times a request: only the streaming case has a
    /// payload, one reference (`BodyStream` is a class), so a match copies at most a pointer and
    /// each batch produces into the stream in place, allocating nothing.
    enum State {
        /// Nothing is being answered.
        case idle
        /// The responder is asked for the answer described by `answer` (`Action.respond`).
        case answering
        /// The answer's body comes from a producer as the output drains.
        case streaming(BodyStream)
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
    private let budget: OutputBudget
    private let limits: HTTPLimits

    /// The most output buffer capacity a connection keeps between batches (1 MiB).
    static let retainedOutboxCapacity = 1 << 20
    /// The most a producer is asked for at once: the "one chunk" above the high-water mark.
    static let chunkLimit = 64 * 1024

    init(limits: HTTPLimits, budget: OutputBudget) {
        self.limits = limits
        self.budget = budget
    }

    /// Unsent output, queued or in flight.
    var buffered: Int { outbox.readableBytes &+ inFlight }
    var isIdle: Bool { if case .idle = state { true } else { false } }
    var isAnswering: Bool { if case .answering = state { true } else { false } }
    var isStreaming: Bool { if case .streaming = state { true } else { false } }
    /// The answer's head is held back while its producer prepares (`HTTPBodyProducer.prepares`).
    /// (A stored flag: the hot path reads it once a request, and matching the stream for it would
    /// retain and release the stream.)
    private(set) var isPreparing = false
    /// The status of the response a preparing producer sent instead of its own (nil: its own).
    private(set) var refusedStatus: HTTPStatus?
    /// The bytes that preparation's end framed: the held head, or the whole refusal.
    private(set) var preparedHeadBytes = 0
    var overHighWater: Bool { buffered > limits.writeHighWaterMark }
    /// New work must wait: this connection already holds unsent output while all of them
    /// together hold the budget. A connection with nothing unsent is always served (it holds
    /// no memory, and `/healthz` must answer while hostile readers fill the budget).
    var overBudget: Bool { buffered > 0 && budget.isSpent }
    /// The outbox is ready for the transport.
    var wantsWrite: Bool { inFlight == 0 && (!outbox.isEmpty || producedNothing) }
    /// The last call of the stream's producer made no byte but has more to come (a cursor that
    /// laid out units without output, e.g. a reduced-motion block whose boxes do not move): the
    /// transport comes back as for a write, so the stream goes on, sliced like any other.
    private(set) var producedNothing = false
    /// True while the transport handles an I/O event (a read, a write's end, a timer): a
    /// streamed body is then not produced, only marked as having more (`producedNothing`), so
    /// the transport yields and makes it in a slice of the loop's next turn, where the loop bounds
    /// what all its streams take together (`EventLoop.turnBegan`): twenty write completions or
    /// requests in one poll would otherwise each make a high-water mark of JSON in that turn.
    /// False (the default): every settling produces.
    var defersProduction = false

    /// The responder is asked for an answer (`Action.respond`).
    mutating func ask() {
        state = .answering
    }

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
        let (framing, mustClose) = ResponseSerializer.framing(response, versionMinor: answer.versionMinor)
        let close = closeAsked || mustClose
        let keepAliveHeader = !close && answer.versionMinor == 0
        if response.isStreamed, let producer = response.producer {
            frameStream(&response, producer, framing: framing, mustClose: mustClose, close: close,
                        keepAliveHeader: keepAliveHeader, headOnly: answer.headOnly, date: date)
        } else {
            ResponseSerializer.append(response, headOnly: answer.headOnly, close: close,
                                      keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            state = .idle
        }
        settleBudget()
        return (outbox.writerIndex &- start, close)
    }

    /// `frame`'s streamed answer, out of line: the whole answers' path (every small JSON answer,
    /// `/healthz`) stays short (bench w7).
    @inline(never)
    private mutating func frameStream(_ response: inout HTTPResponse, _ producer: any HTTPBodyProducer,
                                      framing: ResponseSerializer.Framing, mustClose: Bool, close: Bool,
                                      keepAliveHeader: Bool, headOnly: Bool, date: DateCache) {
        response.dropBody()
        if producer.prepares && (framing != .none || mustClose || headOnly) {
            // The head waits for the producer's decision (`produce` prepares it slice by slice).
            var head = ByteBuffer()
            ResponseSerializer.appendHead(response, framing: framing, close: close,
                                          keepAliveHeader: keepAliveHeader, head: date, to: &head)
            var expected: Int? = nil
            if case .length(let n) = framing { expected = n }
            let stream = BodyStream(producer: producer, chunked: framing == .chunked, expectedLength: expected, close: close)
            stream.heldHead = head
            stream.headOnly = headOnly
            stream.keepAliveHeader = keepAliveHeader
            state = .streaming(stream)
            isPreparing = true
            refusedStatus = nil
        } else if !headOnly && (framing != .none || mustClose) {
            ResponseSerializer.appendHead(response, framing: framing, close: close,
                                          keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            var expected: Int? = nil
            if case .length(let n) = framing { expected = n }
            state = .streaming(BodyStream(producer: producer, chunked: framing == .chunked,
                                          expectedLength: expected, close: close))
        } else {
            // HEAD or a bodiless status: the head alone; the producer is never called.
            ResponseSerializer.appendHead(response, framing: headOnly ? framing : .none, close: close,
                                          keepAliveHeader: keepAliveHeader, head: date, to: &outbox)
            state = .idle
        }
    }

    /// Asks the producer for chunks while the connection and the budget have room, and frames
    /// them: until the high-water mark for a cheap producer (JSON: one write per 256 KiB), one
    /// chunk per call for one that `writesEachChunk` (a stylesheet), so the transport decides how
    /// much one turn of the loop makes (`Connection.pumpSliceNanoseconds`): a slow writer's
    /// 256 KiB would otherwise be tens of ms of work in one call. Returns nil while the stream
    /// goes on; once its body is complete, whether the connection must close after it
    /// (`BodyStream.closesConnection`).
    mutating func produce(date: DateCache) -> Bool? {
        producedNothing = false
        guard case .streaming(let stream) = state else { return nil }
        if let head = stream.heldHead {
            // One slice of the producer's preparation, nothing written meanwhile: the
            // transport comes back as for a write (`producedNothing`), sliced like a stream, and
            // like a stream's pieces only in the transport's slices (`defersProduction`).
            if defersProduction { producedNothing = true; return nil }
            switch stream.prepare() {
            case .more:
                producedNothing = true
                return nil
            case .ready:
                isPreparing = false
                preparedHeadBytes = head.readableBytes
                outbox.writeBuffer(head)
                stream.heldHead = nil
                if stream.headOnly {
                    state = .idle
                    settleBudget()
                    return stream.close
                }
            case .refused(let response):
                isPreparing = false
                refusedStatus = response.status
                state = .idle
                let before = outbox.writerIndex
                defer { preparedHeadBytes = outbox.writerIndex &- before }
                ResponseSerializer.append(response, headOnly: stream.headOnly, close: stream.close,
                                          keepAliveHeader: stream.keepAliveHeader, head: date, to: &outbox)
                settleBudget()
                return stream.close
            }
        }
        let eachChunk = stream.producer.writesEachChunk
        while buffered <= limits.writeHighWaterMark {
            // Streamed bodies stop for the budget even on a connection with nothing unsent: each
            // of a thousand such connections taking "one more chunk" would be 64 MB.
            if budget.isSpent { waitingForBudget = true; break }
            if defersProduction { producedNothing = true; break }
            let limit = min(Self.chunkLimit, max(4096, limits.writeHighWaterMark &- buffered))
            let before = outbox.writerIndex
            let progress = stream.appendPiece(to: &outbox, limit: limit)
            settleBudget()
            if progress == .done {
                state = .idle
                return stream.closesConnection
            }
            if eachChunk {
                producedNothing = outbox.writerIndex == before
                break
            }
        }
        return nil
    }

    /// The transport sent `outbox`; `queued` bytes of it are still being written, `undelivered`
    /// bytes in all still on their way to the peer (the mark for `noteUnsent`).
    mutating func outboxWritten(queued: Int, undelivered: Int? = nil) {
        // Capacity is kept for the next batch, unless one big answer grew it: 64 connections
        // each keeping a 3 MB outbox after one `include: all` answer held ~200 MB (bench w6).
        outbox.clear(keepingCapacityUpTo: Self.retainedOutboxCapacity)
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
        state = .idle
        isPreparing = false
        outbox.clear(keepingCapacityUpTo: 0)
        inFlight = 0
        inFlightCapacity = 0
        settleBudget()
    }

    /// The budget counts memory, not bytes: the capacity of a non-empty outbox and of the buffer
    /// being written (ByteBuffer grows by doubling, so bytes alone undercount by up to half).
    private var heldMemory: Int {
        (outbox.isEmpty ? 0 : outbox.capacity) &+ (inFlight > 0 ? max(inFlight, inFlightCapacity) : 0)
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
