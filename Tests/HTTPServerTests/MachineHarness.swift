@testable import HTTPServer

/// Answers `<METHOD> <target> body=<body>`; `/big` answers 100 KiB, `/bytes/N` N bytes.
final class EchoResponder: HTTPResponder {
    static let big = [UInt8](repeating: UInt8(ascii: "x"), count: 100 * 1024)
    var records: [HTTPRequestRecord] = []

    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        response.contentType = "text/plain"
        let path = String(copying: request.path)
        if path == "/big" {
            response.writeBody { $0.writeBytes(Self.big) }
            return
        }
        // /echo-header?name=N&value=V: a handler that copies input into a header field (the case
        // the engine's header check exists for), both percent-decoded.
        if path == "/echo-header" {
            var name = "X-Echo", value = ""
            for pair in String(copying: request.query).split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { percentDecoded($0) }
                if kv.count == 2, kv[0] == "name" { name = kv[1] }
                if kv.count == 2, kv[0] == "value" { value = kv[1] }
            }
            if name == "Content-Type" { response.contentType = value } else { response.headers.append((name, value)) }
            response.writeBody { $0.writeStaticString("echoed") }
            return
        }
        // /request-id: the value of the field the parser noted as the request's one X-Request-Id
        // (`none` without one), then whether a lookup of the fields agrees.
        if path == "/request-id" {
            let noted = request.requestIDField
            let value = noted.map { String(copying: request.headers.value(at: $0)) } ?? "none"
            let agrees = noted == request.headers.soleIndex(of: "X-Request-Id")
            response.writeBody { $0.writeString(value + (agrees ? "" : " (a lookup disagrees)")) }
            return
        }
        // /q…: the path and the query as the application sees them.
        if path.hasPrefix("/q") {
            let query = request.queryStart == nil ? "no query" : "query=" + String(copying: request.query)
            response.writeBody { $0.writeString("\(path) \(query)") }
            return
        }
        // /bytes/N: N bytes of the pattern as one complete body (Content-Length).
        if path.hasPrefix("/bytes/") {
            let total = Int(path.dropFirst("/bytes/".count)) ?? 0
            var producer = PatternProducer(total: total, announceLength: true)
            response.writeBody { _ = producer.produce(into: &$0, limit: total) }
            return
        }
        // /fields: the request's header field names, one per line (what the application sees).
        if path == "/fields" {
            for i in 0..<request.headers.count {
                let name = request.headers.name(at: i)
                response.writeBody { $0.writeBytes(name); $0.writeStaticString("\n") }
            }
            return
        }
        // /prepared/K/ok: 1000 bytes, chunked, decided after K slices of preparation;
        // /prepared/K/refuse: a 422 instead, once decided.
        if path.hasPrefix("/prepared/") {
            let parts = path.split(separator: "/")
            response.appendField("X-Decided", "later")
            response.stream(PreparingProducer(slices: Int(parts[1]) ?? 0, refuse: parts.last == "refuse"))
            return
        }
        // /slow/N: N chunks of 1000 bytes from a producer that `writesEachChunk`.
        if path.hasPrefix("/slow/") {
            response.stream(SlowProducer(chunks: Int(path.dropFirst("/slow/".count)) ?? 0))
            return
        }
        // /stream/N: N bytes from a producer, chunked; /stream-length/N: with Content-Length.
        for (prefix, known) in [("/stream/", false), ("/stream-length/", true)] where path.hasPrefix(prefix) {
            let total = Int(path.dropFirst(prefix.count)) ?? 0
            response.stream(PatternProducer(total: total, announceLength: known))
            return
        }
        let method: String
        switch request.method {
        case .get: method = "GET"
        case .head: method = "HEAD"
        case .post: method = "POST"
        case .other(let m): method = m
        default: method = "OTHER"
        }
        response.writeBody { $0.writeString("\(method) \(String(copying: request.target)) body=") }
        let body = request.body
        response.writeBody { $0.writeBytes(body) }
    }

    func record(_ record: HTTPRequestRecord) { records.append(record) }
}

/// `%0d%0a` → CR LF: the test's way to put any byte into a request-target.
func percentDecoded(_ s: Substring) -> String {
    var out: [UInt8] = []
    var bytes = Array(s.utf8)[...]
    while let b = bytes.popFirst() {
        if b == UInt8(ascii: "%"), bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
            out.append(v)
            bytes = bytes.dropFirst(2)
        } else {
            out.append(b)
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Produces `total` bytes of `PatternProducer.byte(at:)`, in pieces of at most the limit asked.
struct PatternProducer: HTTPBodyProducer {
    let total: Int
    let announceLength: Bool
    var sent = 0

    static func byte(at i: Int) -> UInt8 { UInt8(truncatingIfNeeded: i % 251) }
    static func body(_ count: Int) -> [UInt8] { (0..<count).map(byte(at:)) }

    var contentLength: Int? { announceLength ? total : nil }

    /// 64 periods of the pattern, so a piece is a few bulk copies (fast enough under ASan).
    static let periods: [UInt8] = body(251 * 64)

    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        var n = min(limit, total - sent)
        while n > 0 {
            let offset = sent % 251
            let take = min(n, Self.periods.count - offset)
            buffer.writeBytes(Self.periods[offset..<offset + take])
            sent += take
            n -= take
        }
        return sent == total ? .done : .more
    }
}

/// `chunks` pieces of 1000 bytes, one a call whatever the limit, written each (a stylesheet's
/// kind of producer).
struct SlowProducer: HTTPBodyProducer {
    let chunks: Int
    var made = 0

    var contentLength: Int? { nil }
    var writesEachChunk: Bool { true }

    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        buffer.writeBytes(PatternProducer.periods[0..<1000])
        made += 1
        return made == chunks ? .done : .more
    }
}

/// 1000 bytes of the pattern, decided after `slices` calls of `prepare` (each `.more`): then
/// `.ready`, or a complete 422 instead when `refuse`. Counts its calls, and fails the body
/// should `produce` be called before it was ready.
struct PreparingProducer: HTTPBodyProducer {
    let slices: Int
    let refuse: Bool
    var prepared = 0
    var body = PatternProducer(total: 1000, announceLength: false)

    var contentLength: Int? { nil }
    var prepares: Bool { true }

    mutating func prepare() -> Preparation<HTTPResponse> {
        prepared += 1
        if prepared <= slices { return .more }
        guard refuse else { return .ready }
        var r = HTTPResponse(status: .unprocessableContent, contentType: "application/problem+json")
        r.writeBody { $0.writeStaticString(#"{"status":422}"#) }
        return .refused(r)
    }

    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        guard prepared > slices, !refuse else {
            buffer.writeStaticString("produced before it was decided")
            return .done
        }
        return body.produce(into: &buffer, limit: limit)
    }
}

/// The harness's time: a class, so the machine's clock reads what the test set.
final class FakeClock {
    var now: UInt64 = 0
    /// What each read within a slice adds: as if each call of the producer took that long.
    var tick: UInt64 = 0

    func read() -> UInt64 {
        now &+= tick
        return now
    }
}

/// Drives a `HTTPConnectionStateMachine` like the transport would, with a fake clock and no
/// sockets: bytes in, actions carried out (a `.yield` resumed at once, as the loop's next turn
/// would), written bytes collected.
struct MachineHarness {
    /// What the transport did, in order.
    enum Step: Equatable {
        /// Wrote this many bytes.
        case write(Int)
        /// Yielded to the loop and was resumed at its next turn.
        case yield
    }

    var machine: HTTPConnectionStateMachine
    let responder = EchoResponder()
    var response = HTTPResponse()
    var written: [UInt8] = []
    var writes = 0
    var steps: [Step] = []
    var closed = false
    var readingPaused = false
    var scheduled: UInt64?
    let clock: FakeClock
    /// Nanoseconds on the fake clock.
    var now: UInt64 {
        get { clock.now }
        nonmutating set { clock.now = newValue }
    }
    /// False: writes stay "in flight" until `completeWrite()`, like a peer that does not read.
    var writesCompleteAtOnce = true
    /// Bytes the fake socket's own send buffer holds beyond a write in flight, unacknowledged:
    /// reported with each queued write as what is still on its way (`outboxWritten`'s `undelivered`).
    var socketHolds = 0
    /// True: a yield ends the run, as the loop's turn does (`pump` is the next turn's slice);
    /// false: the next slice follows at once.
    var stopsAtYield = false

    init(budget: OutputBudget? = nil, inputBudget: InputBudget? = nil, _ configure: (inout HTTPLimits) -> Void = { _ in }) {
        var limits = HTTPLimits()
        configure(&limits)
        let clock = FakeClock()
        self.clock = clock
        machine = HTTPConnectionStateMachine(limits: limits, date: DateCache(epochSeconds: 784_111_777, serverName: "test-server"),
                                             budget: budget, inputBudget: inputBudget, now: 0, clock: clock.read)
    }

    var text: String { String(decoding: written, as: UTF8.self) }

    /// The responses written so far, in order.
    var responses: [ParsedResponse] { ParsedResponse.parseAll(written).responses }
    var statuses: [Int] { responses.map(\.status) }
    var bodies: [String] { responses.map(\.bodyText) }

    mutating func send(_ s: String) { send(Array(s.utf8)) }

    mutating func send(_ bytes: [UInt8]) {
        run(machine.receive(bytes.span, now: now))
    }

    /// Advances the fake clock and fires the connection's timer. `unsent`: what the transport
    /// would say is still queued of the write in flight (nil: it cannot tell).
    mutating func advance(seconds: Double, unsent: Int? = nil) {
        now += UInt64(seconds * 1e9)
        run(machine.timeout(now: now, unsent: unsent))
    }

    mutating func completeWrite() {
        run(machine.writeCompleted(now: now))
    }

    mutating func beginDrain() {
        run(machine.beginDrain(now: now))
    }

    mutating func endInput() {
        run(machine.inputEnded(now: now))
    }

    /// Lets the machine carry on (as at the start, or when the budget frees).
    mutating func pump() {
        run(machine.resume(now: now))
    }

    /// Carries out actions like the transport until the machine waits or closes.
    mutating func run(_ first: HTTPConnectionStateMachine.Action) {
        var action = first
        while true {
            switch action {
            case .respond(let asked):
                let now = self.now
                action = machine.respond(asked, with: responder, into: &response) { now }
            case .write:
                writes += 1
                steps.append(.write(machine.outbox.readableBytes))
                written += machine.outbox.bytes
                let queued = writesCompleteAtOnce ? 0 : machine.outbox.readableBytes
                action = machine.outboxWritten(queued: queued, undelivered: queued > 0 ? queued + socketHolds : nil, now: now)
            case .yield:
                steps.append(.yield)
                if stopsAtYield { return }
                action = machine.resume(now: now)
            case .wait(let wait):
                readingPaused = !wait.reading
                if let deadline = wait.deadline { scheduled = deadline }
                return
            case .close:
                closed = true
                return
            }
        }
    }
}
