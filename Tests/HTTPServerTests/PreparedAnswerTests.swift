import Testing
@testable import HTTPServer

/// A producer that `prepares` (a stylesheet checking its sizes, docs/operations.md#bounded-memory)
/// decides its answer in slices before any byte of it is written: the head waits, each slice
/// gives the loop back, and a refusal is sent whole in place of the head it held.
@Suite struct PreparedAnswerTests {
    @Test func nothingIsWrittenUntilTheAnswerIsDecided() {
        var h = MachineHarness()
        // Each call of the producer spends a whole slice: one slice of preparation each.
        h.clock.tick = HTTPConnectionStateMachine.sliceNanoseconds + 1
        h.send("GET /prepared/3/ok HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        // The read makes nothing and yields; three slices prepare (`.more`) and yield, writing
        // nothing; the fourth decides, and the head goes out.
        #expect(Array(h.steps.prefix(4)) == [MachineHarness.Step](repeating: .yield, count: 4))
        #expect(h.steps.count > 4 && h.steps[4] != .yield && h.steps[4] != .write(0))
        let r = h.responses
        #expect(r.map(\.status) == [200, 200])
        #expect(r.first?.header("X-Decided") == "later")
        #expect(r.first?.header("Transfer-Encoding") == "chunked")
        #expect(r.first?.body == PatternProducer.body(1000))
        #expect(r.last?.bodyText == "GET /next body=")
        #expect(h.responder.records.map(\.status) == [200, 200])
        #expect(!h.closed)
    }

    @Test func aRefusalIsSentInPlaceOfTheHeldHead() {
        var h = MachineHarness()
        h.send("GET /prepared/2/refuse HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = h.responses
        #expect(r.map(\.status) == [422, 200])
        #expect(r.first?.header("X-Decided") == nil && r.first?.header("Transfer-Encoding") == nil)
        #expect(r.first?.header("Content-Length") == "14" && r.first?.bodyText == #"{"status":422}"#)
        #expect(r.first?.header("Content-Type") == "application/problem+json")
        #expect(!h.text.contains("produced before"))
        // The record says what went out, and the connection goes on.
        #expect(h.responder.records.map(\.status) == [422, 200])
        let refusalBytes = h.text.firstRange(of: "HTTP/1.1 200").map { h.text.utf8.distance(from: h.text.startIndex, to: $0.lowerBound) }
        #expect(refusalBytes != nil && h.responder.records.first?.bytesOut == refusalBytes)
        #expect(!h.closed)
    }

    @Test func headIsDecidedTooAndSendsTheHeadAlone() {
        var h = MachineHarness()
        h.send("HEAD /prepared/1/ok HTTP/1.1\r\nHost: x\r\n\r\nHEAD /prepared/1/refuse HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = ParsedResponse.parseAll(h.written, bodyless: [0, 1]).responses
        #expect(r.map(\.status) == [200, 422, 200])
        #expect(r.first?.header("Transfer-Encoding") == "chunked")
        #expect(r.dropFirst().first?.header("Content-Length") == "14")
        #expect(r.last?.bodyText == "GET /next body=")
        #expect(!h.text.contains("{\"status\":422}"))
    }

    @Test func anHTTP10PeerIsRefusedAndClosedAsItsStreamWouldHaveBeen() {
        var h = MachineHarness()
        h.send("GET /prepared/1/refuse HTTP/1.0\r\n\r\n")
        #expect(h.statuses == [422])
        #expect(h.closed)
    }

    @Test func withoutTimePassingOneSlicePreparesUntilDecided() {
        var h = MachineHarness()
        h.send("GET /prepared/5/ok HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.steps.first == .yield)
        #expect(h.steps.count > 1 && h.steps[1] != .yield)
        #expect(h.responses.first?.body == PatternProducer.body(1000))
    }
}
