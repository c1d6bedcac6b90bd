import Testing
@testable import HTTPServer

/// Limits, timeouts (fake clock) and backpressure of the connection state machine.
@Suite struct StateMachineLimitTests {
    @Test func headersOverTheByteLimitAre431() {
        var h = MachineHarness { $0.maxHeaderBytes = 200 }
        h.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 300))\r\n\r\n")
        #expect(h.statuses == [431])
        #expect(h.closed)
    }

    @Test func headersOverTheByteLimitAre431EvenWhenTheyNeverEnd() {
        var h = MachineHarness { $0.maxHeaderBytes = 1024 }
        h.send("GET / HTTP/1.1\r\nHost: x\r\n")
        for _ in 0..<100 { h.send("X-Pad: \(String(repeating: "p", count: 40))\r\n") }
        #expect(h.statuses == [431])
    }

    @Test func tooManyHeaderFieldsAre431() {
        var h = MachineHarness { $0.maxHeaderCount = 5 }
        var request = "GET / HTTP/1.1\r\nHost: x\r\n"
        for i in 0..<5 { request += "X-\(i): v\r\n" }
        h.send(request + "\r\n")
        #expect(h.statuses == [431])
    }

    @Test func declaredBodyOverTheLimitIs413BeforeAnyBodyByte() {
        var h = MachineHarness { $0.maxBodyBytes = 10 }
        h.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n")
        #expect(h.statuses == [413])
        #expect(h.closed)
    }

    @Test func chunkedBodyIs413OnceItsRunningTotalPassesTheLimit() {
        var h = MachineHarness { $0.maxBodyBytes = 10 }
        h.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n")
        #expect(h.statuses.isEmpty)
        h.send("8\r\n12345678\r\n")
        #expect(h.statuses == [413])
    }

    @Test func bodyExactlyAtTheLimitIsAccepted() {
        var h = MachineHarness { $0.maxBodyBytes = 5 }
        h.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        #expect(h.statuses == [200])
    }

    @Test func stalledHeadersAre408AfterTheHeaderTimeout() {
        var h = MachineHarness { $0.headerTimeout = .seconds(2) }
        h.send("GET / HTTP/1.1\r\nHo")
        h.advance(seconds: 1.9)
        #expect(h.statuses.isEmpty)
        h.advance(seconds: 0.2)
        #expect(h.statuses == [408])
        #expect(h.closed)
    }

    @Test func slowBodyIs408AfterTheRequestTimeout() {
        var h = MachineHarness { $0.requestTimeout = .seconds(5) }
        h.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345")
        h.advance(seconds: 4)
        #expect(h.statuses.isEmpty)
        h.advance(seconds: 1.5)
        #expect(h.statuses == [408])
        #expect(h.closed)
    }

    @Test func idleKeepAliveConnectionClosesWithoutAResponse() {
        var h = MachineHarness { $0.idleTimeout = .seconds(3) }
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let answered = h.written.count
        h.advance(seconds: 2.5)
        #expect(!h.closed)
        h.advance(seconds: 1)
        #expect(h.closed)
        #expect(h.written.count == answered)
    }

    @Test func deadlineIsScheduledForTheTransport() {
        var h = MachineHarness { $0.headerTimeout = .seconds(2); $0.idleTimeout = .seconds(7) }
        h.pump()
        #expect(h.scheduled == 7_000_000_000)
        h.send("GET / HTTP/1.1\r\n")
        #expect(h.scheduled == 2_000_000_000)
    }

    @Test func readingPausesAboveTheHighWaterMarkAndResumesWhenWritten() {
        var h = MachineHarness { $0.writeHighWaterMark = 1000 }
        h.writesCompleteAtOnce = false
        var batch = ""
        for i in 0..<50 { batch += "GET /\(i) HTTP/1.1\r\nHost: x\r\n\r\n" }
        h.send(batch)
        #expect(h.readingPaused)
        let firstBatch = h.responses.count
        #expect(firstBatch > 0 && firstBatch < 50)
        #expect(h.machine.buffered <= 1000 + 100)
        while h.readingPaused {
            h.completeWrite()
        }
        #expect(h.bodies == (0..<50).map { "GET /\($0) body=" })
    }

    @Test func peerThatStopsReadingIsClosedAfterTheIdleTimeout() {
        var h = MachineHarness { $0.idleTimeout = .seconds(3) }
        h.writesCompleteAtOnce = false
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        h.advance(seconds: 4)
        #expect(h.closed)
    }
}
