import Testing
@testable import HTTPServer

/// Streamed answers: framing, HEAD, pipelining order, the per-connection bound and
/// the process-wide output budget, driven through the state machine with a fake clock.
@Suite struct StreamingTests {
    @Test func bodyOfUnknownLengthIsChunkedAndDechunksToTheProducedBytes() {
        var h = MachineHarness()
        h.send("GET /stream/300000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = h.responses
        #expect(r.count == 1)
        #expect(r.first?.header("Transfer-Encoding") == "chunked")
        #expect(r.first?.header("Content-Length") == nil)
        #expect(r.first?.body == PatternProducer.body(300_000))
        #expect(h.text.hasSuffix("\r\n0\r\n\r\n"))
        #expect(!h.closed)
    }

    @Test func bodyOfKnownLengthIsSentWithContentLength() {
        var h = MachineHarness()
        h.send("GET /stream-length/100000 HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = h.responses
        #expect(r.map(\.status) == [200, 200])
        #expect(r.first?.header("Content-Length") == "100000")
        #expect(r.first?.header("Transfer-Encoding") == nil)
        #expect(r.first?.body == PatternProducer.body(100_000))
        #expect(r.last?.bodyText == "GET /after body=")
    }

    @Test func headOfAStreamedAnswerSendsTheHeadOnly() {
        var h = MachineHarness()
        h.send("HEAD /stream-length/5000 HTTP/1.1\r\nHost: x\r\n\r\nHEAD /stream/5000 HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = ParsedResponse.parseAll(h.written, bodyless: [0, 1]).responses
        #expect(r.count == 3)
        #expect(r.first?.header("Content-Length") == "5000")
        #expect(r.dropFirst().first?.header("Transfer-Encoding") == "chunked")
        #expect(r.last?.bodyText == "GET /next body=")
    }

    @Test func http10PeerGetsAnUnknownLengthBodyDelimitedByClose() {
        var h = MachineHarness()
        h.send("GET /stream/1000 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(h.closed)
        #expect(h.text.hasSuffix(String(decoding: PatternProducer.body(1000), as: UTF8.self)))
        #expect(!h.text.contains("chunked"))
    }

    /// The transport's I/O events make no body: the head goes out, the machine yields to the
    /// loop, and only the run resumed at the loop's next turn (a slice) makes it.
    @Test func aStreamIsMadeOnlyInASliceOfTheLoop() {
        var h = MachineHarness()
        var action = h.machine.receive(Array("GET /stream/300000 HTTP/1.1\r\nHost: x\r\n\r\n".utf8).span, now: 0)
        #expect(action == .respond(.request))
        action = h.machine.respond(.request, with: h.responder, into: &h.response) { 0 }
        #expect(action == .write)
        let head = h.machine.outbox.bytes
        let headText = String(decoding: head, as: UTF8.self)
        #expect(headText.contains("Transfer-Encoding: chunked\r\n") && headText.hasSuffix("\r\n\r\n"), "the head alone")
        action = h.machine.outboxWritten(queued: 0, now: 0)
        #expect(action == .yield)
        #expect(h.machine.outbox.readableBytes == 0, "no body made in an I/O event")
        h.written = head
        h.pump()
        #expect(h.responses.first?.body == PatternProducer.body(300_000))
        #expect(!h.closed)
    }

    @Test func slowReaderHoldsAtMostTheHighWaterMarkPlusOneChunk() {
        let highWater = 64 * 1024
        var h = MachineHarness { $0.writeHighWaterMark = highWater }
        h.writesCompleteAtOnce = false
        h.send("GET /stream/3000000 HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        var peak = h.machine.buffered
        var rounds = 0
        while h.responses.count < 2 && rounds < 10_000 {
            h.completeWrite()
            peak = max(peak, h.machine.buffered)
            rounds += 1
        }
        let bound = highWater + HTTPConnectionStateMachine.chunkLimit + 64
        #expect(peak <= bound)
        #expect(rounds > 10) // the answer really went out piece by piece
        #expect(h.responses.first?.body == PatternProducer.body(3_000_000))
        #expect(h.responses.last?.bodyText == "GET /after body=", "the pipelined request waited for the stream")
    }

    @Test func spentBudgetStopsProducersAndBusyConnectionsButNotIdleOnes() {
        let budget = OutputBudget(limit: 100_000)
        var hostile = MachineHarness(budget: budget)
        hostile.writesCompleteAtOnce = false
        hostile.send("GET /stream/5000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        hostile.completeWrite()  // the head's write ends; the slice it yields to makes the body
        #expect(budget.isSpent)
        #expect(hostile.machine.waitingForBudget || hostile.machine.buffered > 0)
        let held = budget.bytes
        // Counted as buffer capacity: the overshoot is the outbox grown for the last piece.
        #expect(held <= 100_000 + 2 * (HTTPConnectionStateMachine.chunkLimit + 64))

        // A connection with nothing unsent is still served (a health check)…
        var other = MachineHarness(budget: budget)
        other.writesCompleteAtOnce = false
        other.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(other.bodies == ["GET /healthz body="])
        // …but, holding unsent output of its own now, it answers nothing more while spent
        // (without the budget the second answer would wait in the outbox behind the write).
        #expect(other.machine.outbox.isEmpty)
        other.completeWrite()
        other.completeWrite()
        #expect(other.bodies == ["GET /healthz body=", "GET /second body="])

        // The hostile reader finally drains: the budget frees and the producer goes on.
        for _ in 0..<200 { hostile.completeWrite() }
        #expect(hostile.responses.first?.body.count == 5_000_000)
        #expect(budget.bytes == 0)
    }

    @Test func anEmptiedOutboxKeptForTheNextBatchCountsAndIsGivenBackWhileSpent() {
        // Sockets that take every byte at once (a kernel buffering for readers that never read):
        // each slice empties the outbox, whose grown capacity is kept for the next batch.
        let budget = OutputBudget(limit: 1_200_000)
        var streams: [MachineHarness] = []
        for _ in 0..<2 {
            var h = MachineHarness(budget: budget)
            h.stopsAtYield = true
            h.send("GET /stream/50000000 HTTP/1.1\r\nHost: x\r\n\r\n")
            h.pump()
            #expect(h.steps.contains(.write(262_156)))
            streams.append(h)
        }
        // Nothing is unsent, yet the two kept buffers count.
        #expect(streams[0].machine.buffered == 0 && streams[1].machine.buffered == 0)
        #expect(budget.bytes == 2 * 524_288)
        // A reader that never reads spends the rest.
        var stalled = MachineHarness(budget: budget)
        stalled.writesCompleteAtOnce = false
        stalled.send("GET /stream/50000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        stalled.completeWrite()
        #expect(budget.isSpent)
        // The next slice of a fast one finds the budget spent: it waits and gives its buffer back.
        let held = budget.bytes
        streams[0].pump()
        #expect(streams[0].machine.waitingForBudget)
        #expect(budget.bytes == held - 524_288)
        // Closed connections give back all they counted.
        for i in streams.indices { streams[i].machine.abort() }
        stalled.machine.abort()
        #expect(budget.bytes == 0)
    }
}

/// A stand-in content coding: upper-cases ASCII letters and holds back the last byte of each
/// input until the next one (or `finish`), like a compressor holding back a partial block.
struct UppercaseCoder: HTTPContentCoder {
    var contentCoding: StaticString { "x-upper" }
    var held: UInt8?
    var finished = 0

    mutating func compress(_ input: Span<UInt8>, into output: inout ByteBuffer) {
        for i in 0..<input.count {
            if let h = held { output.writeByte(h) }
            let b = input[i]
            held = (b >= 0x61 && b <= 0x7a) ? b - 0x20 : b
        }
    }

    mutating func finish(into output: inout ByteBuffer) {
        if let h = held { output.writeByte(h) }
        held = nil
        output.writeStaticString("<end>")
        finished += 1
    }
}

/// Produces "abc…" `count` times, in pieces of at most `limit`.
struct LettersProducer: HTTPBodyProducer {
    var left: Int
    var contentLength: Int? { left } // ignored once coded: the coded length is unknown
    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        let n = min(left, limit)
        for i in 0..<n { buffer.writeByte(UInt8(ascii: "a") + UInt8((left - i) % 26)) }
        left -= n
        return left == 0 ? .done : .more
    }
}

final class CodedResponder: HTTPResponder {
    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        response.headers.append((name: "Content-Encoding", value: "x-upper"))
        response.stream(CodedBodyProducer(LettersProducer(left: 200_000), coder: UppercaseCoder()))
    }
}

@Suite struct CodedStreamTests {
    /// Each write a connection machine makes answering `request` with `CodedResponder`, every
    /// write completing at once.
    static func writes(of request: String) -> [[UInt8]] {
        var machine = HTTPConnectionStateMachine(limits: HTTPLimits(), date: DateCache(epochSeconds: 0), now: 0, clock: { 0 })
        let responder = CodedResponder()
        var response = HTTPResponse()
        var writes: [[UInt8]] = []
        var action = machine.receive(Array(request.utf8).span, now: 0)
        while true {
            switch action {
            case .respond(let asked):
                action = machine.respond(asked, with: responder, into: &response) { 0 }
            case .write:
                writes.append(machine.outbox.bytes)
                action = machine.outboxWritten(queued: 0, now: 0)
            case .yield:
                action = machine.resume(now: 0)
            case .wait, .close:
                return writes
            }
        }
    }

    @Test func aContentCoderSitsBetweenProducerAndChunkFraming() {
        let writes = Self.writes(of: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let written = writes.flatMap { $0 }
        let r = ParsedResponse.parseAll(written).responses
        #expect(r.count == 1)
        #expect(r.first?.header("Transfer-Encoding") == "chunked")
        #expect(r.first?.header("Content-Length") == nil)
        #expect(r.first?.header("Content-Encoding") == "x-upper")
        var plain = LettersProducer(left: 200_000)
        var expected = ByteBuffer()
        _ = plain.produce(into: &expected, limit: .max)
        let upper = expected.bytes.map { $0 >= 0x61 && $0 <= 0x7a ? $0 - 0x20 : $0 } + Array("<end>".utf8)
        #expect(r.first?.body == upper)
    }
}

extension CodedStreamTests {
    /// The chunk bound counts coded bytes, and a coder may shrink them twentyfold, so a coded
    /// answer writes each chunk before the next is coded instead of filling the high-water mark.
    @Test func aCodedAnswerIsWrittenAChunkAtATime() {
        let sizes = Self.writes(of: "GET / HTTP/1.1\r\nHost: x\r\n\r\n").map(\.count)
        // 200 000 bytes in chunks of at most 64 KiB (the first write also holds the head).
        #expect(sizes.count >= 4)
        #expect(sizes.dropFirst().allSatisfy { $0 <= HTTPConnectionStateMachine.chunkLimit + 32 }, "\(sizes)")
    }
}

@Suite struct StreamingBackpressureTests {
    @Test func readingPausesWhileABodyStreamsSoPipelinedBytesCannotPileUp() {
        let budget = OutputBudget(limit: 10_000)
        var h = MachineHarness(budget: budget)
        h.writesCompleteAtOnce = false
        h.send("GET /stream/1000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.readingPaused)
        // The transport stops reading; what was already in flight is kept, not parsed.
        h.send(String(repeating: "GET /x HTTP/1.1\r\nHost: x\r\n\r\n", count: 50))
        #expect(h.responses.count <= 1)
        for _ in 0..<500 { h.completeWrite() }
        #expect(h.responses.count == 51)
        #expect(!h.readingPaused)
    }
}
