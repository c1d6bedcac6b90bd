// libFuzzer target `http` (docs/testing.md#fuzzing): raw request bytes → the engine's I/O-free connection state
// machine and llhttp → response bytes. Built by scripts/fuzz with `@testable import HTTPServer`
// against modules compiled with -sanitize=fuzzer,address -enable-testing.
//
// Input layout: byte 0 = flags, bytes 1–2 = seed of the chunking / clock PRNG, the rest = the
// bytes a client sends. The fuzzer thus chooses where reads split and how much time passes.
//
// Invariants (a violation aborts, which libFuzzer records as a crash):
// - every byte written parses as a sequence of well-formed HTTP/1.1 responses (status line,
//   header fields, Content-Length equal to the body length; HEAD answers carry no body);
// - never more final responses than the requests the input could hold (each needs a CRLF line
//   and an empty line, so ⌊LF/2⌋, plus one error response);
// - an error response is the last one, says `Connection: close`, and the machine closes;
// - once the peer's input ends and the output is written, the machine closes (no hang).
//
// With flag bit 32 the responder is the real service (ParallaxApp with its docs/api.md web semantics:
// CORS, ETag / If-None-Match, gzip, routes, problems) instead of the echo responder; bit 64 gives
// it a `--cors-origins` list (`https://app.example`) instead of `*`. Then, per response, against
// the request it answers (docs/api.md#caching, #cors, #compression):
// - 204 and 304 carry neither Content-Length nor a body, every other final response a Content-Length or, for a
//   streamed answer (docs/operations.md#bounded-memory), chunked transfer coding (to an HTTP/1.0 peer: the body runs to the
//   close, as the last response);
// - OPTIONS is answered 204 or a 4xx problem, 304 only to a GET/HEAD with If-None-Match, 412 only
//   to a POST with If-None-Match;
// - under `*` every response carries `Access-Control-Allow-Origin: *`; under the list only the
//   listed origin is echoed, and only when the request sent it;
// - a 200 carries an ETag; `Content-Encoding: gzip` only when the request's Accept-Encoding names
//   gzip, and then the body inflates; the status is 2xx, 304 or 4xx (never 5xx).
@testable import HTTPServer
@testable import ParallaxService

#if canImport(Glibc)
import Glibc
#endif

/// Answers every request with its method, target and body (like HTTPServerTests' EchoResponder).
final class FuzzEchoResponder: HTTPResponder {
    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        response.contentType = "text/plain"
        let path = String(copying: request.path)
        if path == "/big" {
            response.writeBody { $0.writeBytes(repeatElement(UInt8(ascii: "x"), count: 4096)) }
            return
        }
        if path == "/stream" {
            // A streamed body of known length: produced piece by piece as writes complete,
            // framed with Content-Length, so the reader below checks it like any other.
            response.stream(FuzzProducer(remaining: 3000))
            return
        }
        if path == "/close" { response.close = true }
        response.writeBody { $0.writeBytes(request.target) }
        response.writeBody { $0.writeBytes(request.body) }
    }
}

/// 3 000 bytes of "s", at most `limit` per call.
struct FuzzProducer: HTTPBodyProducer {
    var remaining: Int
    var contentLength: Int? { 3000 }
    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        let n = min(limit, remaining, 700)
        buffer.writeBytes(repeatElement(UInt8(ascii: "s"), count: n))
        remaining -= n
        return remaining == 0 ? .done : .more
    }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fputs("invariant violated: \(message())\n", stderr)
        abort()
    }
}

/// xorshift32: the fuzzer picks the seed, the seed picks chunk sizes and clock steps.
struct SplitRandom {
    var state: UInt32
    init(seed: UInt16) { state = UInt32(seed) &* 2_654_435_761 | 1 }
    mutating func next() -> UInt32 {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        return state
    }
}

let echoResponder = FuzzEchoResponder()
let serviceResponder = ParallaxApp(options: ServiceOptions(accessLog: false), metrics: ServiceMetrics())
let listResponder: ParallaxApp = {
    var options = ServiceOptions(accessLog: false)
    options.cors = (try? CORSPolicy(parsing: "https://app.example")) ?? .default
    return ParallaxApp(options: options, metrics: ServiceMetrics())
}()

/// What the response checks need to know of the request a response answers.
struct RequestFacts {
    var method: HTTPMethod?
    var ifNoneMatch = false
    var origin: String?
    var acceptsGzip = false
    /// A layout route or a document (not /healthz, /readyz, /metrics): its 200 has an ETag.
    var tagged = false

    init() {}

    init(_ request: borrowing HTTPRequest) {
        method = request.method
        ifNoneMatch = request.headers.contains("If-None-Match")
        origin = request.headers["Origin"]
        tagged = Route.matching(target: request.target)?.caching == .validated
        let codings = request.headers.joined("Accept-Encoding")?.lowercased() ?? ""
        acceptsGzip = codings.contains("gzip") || codings.contains("*")
    }
}

/// Stands between the machine and the real responder, noting what the checks below need: the
/// request each answer is for, whether it answers HEAD, and the engine's error answers.
final class WatchingResponder: HTTPResponder {
    let inner: any HTTPResponder
    /// Per final response, in order: true when it answers HEAD (no body despite Content-Length).
    var headOnly: [Bool] = []
    /// Per final response, in order: the request it answers (empty for an engine error).
    var facts: [RequestFacts] = []
    var errorResponses = 0

    init(_ inner: any HTTPResponder) { self.inner = inner }

    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        check(errorResponses == 0, "a request answered after an error response")
        inner.respond(to: request, into: &response)
        facts.append(RequestFacts(request))
        // The service never names a header the engine refuses (CR/LF injection).
        check(response.refusedHeader() == nil, "a response header was refused: \(response.refusedHeader() ?? "")")
    }

    func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        check(error.kind != .responseHeaderRefused, "a response header was refused: \(error.detail)")
        check(errorResponses == 0, "a second error response")
        check(error.status.code >= 400 && error.status.code <= 599, "error status \(error.status)")
        errorResponses += 1
        inner.respond(to: error, into: &response)
        facts.append(RequestFacts())
        check(response.refusedHeader() == nil, "an error response's header was refused")
    }

    /// A HEAD request's error answer has no body either (RFC 9110 §9.3.2).
    func record(_ record: HTTPRequestRecord) { headOnly.append(record.method == .head) }
}

struct Driver {
    var machine: HTTPConnectionStateMachine
    let responder: WatchingResponder
    var response = HTTPResponse()
    var written: [UInt8] = []
    var closed = false
    var now: UInt64 = 0
    var writesCompleteAtOnce: Bool
    var pendingWrite = false
    var closedByTimeout = false

    var headOnly: [Bool] { responder.headOnly }
    var facts: [RequestFacts] { responder.facts }

    /// Carries out actions like the transport until the machine waits or closes.
    mutating func run(_ first: HTTPConnectionStateMachine.Action) {
        var steps = 0
        var action = first
        while true {
            steps += 1
            check(steps < 100_000, "the run does not settle")
            // A finished machine answers every later event with `.close` again, and nothing else.
            check(!closed || action == .close, "an action after close")
            switch action {
            case .respond(let asked):
                let now = self.now
                action = machine.respond(asked, with: responder, into: &response) { now }
            case .write:
                check(!pendingWrite, "a write while one is in flight")
                written += machine.outbox.bytes
                pendingWrite = !writesCompleteAtOnce
                action = machine.outboxWritten(queued: writesCompleteAtOnce ? 0 : machine.outbox.readableBytes, now: now)
            case .yield:
                action = machine.resume(now: now)
            case .wait:
                return
            case .close:
                closed = true
                return
            }
        }
    }

    mutating func completeWrite() {
        guard pendingWrite else { return }
        pendingWrite = false
        run(machine.writeCompleted(now: now))
    }
}

func fuzzOne(_ data: UnsafeRawBufferPointer) {
    guard data.count >= 3 else { return }
    let flags = data[0]
    var random = SplitRandom(seed: UInt16(data[1]) << 8 | UInt16(data[2]))
    let payload = Array(data[3...])

    var limits = HTTPLimits()
    if flags & 1 != 0 {
        // Small limits so 413 / 431 / backpressure are reached by short inputs.
        limits.maxHeaderBytes = 256
        limits.maxBodyBytes = 512
        limits.maxHeaderCount = 8
        limits.writeHighWaterMark = 300
    }
    let service = flags & 32 != 0
    let listPolicy = flags & 64 != 0
    var driver = Driver(
        machine: HTTPConnectionStateMachine(limits: limits, date: DateCache(epochSeconds: 784_111_777), now: 0, clock: { 0 }),
        responder: WatchingResponder(!service ? echoResponder : listPolicy ? listResponder : serviceResponder),
        writesCompleteAtOnce: flags & 2 == 0)
    let advanceClock = flags & 4 != 0
    let drainMidway = flags & 8 != 0
    let wholeInput = flags & 16 != 0

    var offset = 0
    var chunks = 0
    while offset < payload.count && !driver.closed {
        let size = wholeInput ? payload.count : Int(random.next() % 97) + 1
        let end = min(payload.count, offset + size)
        // Like the transport: the bytes are lent for the one receive call.
        let chunk = Array(payload[offset..<end])
        driver.run(driver.machine.receive(chunk.span, now: driver.now))
        offset = end
        chunks += 1
        if advanceClock {
            // Mostly short steps, sometimes past a timeout (defaults: 10 s header, 30 s idle/request).
            let step = random.next() % 16 == 0 ? UInt64(random.next() % 40) * 1_000_000_000 : UInt64(random.next() % 1000) * 1_000_000
            driver.now += step
            let wasClosed = driver.closed
            driver.run(driver.machine.timeout(now: driver.now))
            // A timeout with output pending means the peer stopped reading: dropping it is right.
            if !wasClosed && driver.closed { driver.closedByTimeout = true }
        }
        if drainMidway && chunks == 2 {
            driver.run(driver.machine.beginDrain(now: driver.now))
        }
        driver.completeWrite()
    }
    // The peer stops sending; whatever is left must be answered or dropped, then closed.
    driver.run(driver.machine.inputEnded(now: driver.now))
    var rounds = 0
    while driver.pendingWrite {
        rounds += 1
        check(rounds < 10_000, "output never finishes")
        driver.completeWrite()
    }
    check(driver.closed, "not closed after input ended and output was written")

    // Read back what was written (FUZZ_DUMP=1 prints it, for reproducing a crash by hand).
    if getenv("FUZZ_DUMP") != nil {
        fputs("made \(driver.headOnly.count) responses (head-only: \(driver.headOnly)), closed by a timeout: \(driver.closedByTimeout)\n", stderr)
        driver.written.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, stderr) }
    }
    var lineFeeds = 0
    for byte in payload where byte == 10 { lineFeeds += 1 }
    let parsed = ResponseReader.readAll(driver.written, headOnly: driver.headOnly, cutShortAllowed: driver.closedByTimeout)
    check(parsed.count == driver.headOnly.count || (driver.closedByTimeout && parsed.count < driver.headOnly.count),
          "\(driver.headOnly.count) responses made, \(parsed.count) read back")
    check(parsed.count <= lineFeeds / 2 + 1, "\(parsed.count) responses for at most \(lineFeeds / 2) requests")
    for (index, r) in parsed.enumerated() {
        // The service answers its own 4xx problems on a kept-alive connection; the engine's
        // error responses (framing, limits) close it.
        let engineError = service ? driver.facts[index].method == nil : r.status >= 400
        if engineError || r.closes {
            check(index == parsed.count - 1, "a response after a closing or error response")
        }
        if engineError { check(r.closes, "error response \(r.status) without Connection: close") }
        if service { checkWeb(r, driver.facts[index], listPolicy: listPolicy) }
    }
}

/// docs/api.md on one response of the service against the request it answers.
func checkWeb(_ r: ResponseReader.Response, _ request: RequestFacts, listPolicy: Bool) {
    let status = r.status
    // 5xx only from the engine (505 for HTTP/2, 503 while draining), never from a route.
    check(status < 500 || request.method == nil || status == 503, "status \(status) from the service")
    let acao = r.field("access-control-allow-origin")
    if listPolicy {
        check(acao == nil || (acao == request.origin && acao?.lowercased() == "https://app.example"),
              "ACAO \(acao ?? "") for origin \(request.origin ?? "none")")
    } else {
        check(acao == "*", "no ACAO * under the default policy (status \(status))")
    }
    if status == 204 || status == 304 {
        check(r.contentLength == nil && r.body.isEmpty, "\(status) with a Content-Length or a body")
    } else {
        check(r.contentLength != nil || r.chunked || r.closeDelimited, "\(status) without Content-Length, chunked coding or close")
    }
    if request.method == .options { check(status == 204 || (status >= 400 && status < 500), "OPTIONS answered \(status)") }
    if status == 204 { check(request.method == .options, "204 for \(String(describing: request.method))") }
    if status == 304 {
        check((request.method == .get || request.method == .head) && request.ifNoneMatch, "304 without a conditional GET/HEAD")
        check(r.field("etag") != nil, "304 without ETag")
    }
    if status == 412 { check(request.method == .post && request.ifNoneMatch, "412 without a conditional POST") }
    if status == 200 && request.tagged { check(r.field("etag") != nil, "200 without ETag") }
    if let coding = r.field("content-encoding") {
        check(coding == "gzip" && request.acceptsGzip, "Content-Encoding \(coding) for a request that did not ask for gzip")
        if request.method != .head { check(gunzip(r.body) != nil, "gzip body does not inflate") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
