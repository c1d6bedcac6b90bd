import Testing
@testable import HTTPServer

/// A producer that `prepares` (a stylesheet checking its sizes, docs/operations.md#bounded-memory)
/// decides its answer in slices before any byte of it is written: the head waits, each slice
/// gives the loop back, and a refusal is sent whole in place of the head it held.
@Suite struct PreparedAnswerTests {
    @Test func nothingIsWrittenUntilTheAnswerIsDecided() {
        var h = MachineHarness()
        h.send("GET /prepared/3/ok HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        // Three slices with nothing to write, then the head and the body.
        #expect(h.writeSizes.prefix(3) == [0, 0, 0])
        #expect(h.writeSizes.dropFirst(3).allSatisfy { $0 > 0 })
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
}
