import Testing
@testable import HTTPServer

/// The connection state machine driven with raw bytes and no sockets (RFC 9112 framing).
@Suite struct StateMachineTests {
    @Test func requestDeliveredOneByteAtATimeIsAnsweredOnce() {
        var h = MachineHarness()
        for byte in Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello".utf8) { h.send([byte]) }
        #expect(h.statuses == [200])
        #expect(h.bodies == ["POST /echo body=hello"])
        #expect(!h.closed)
    }

    @Test func pipelinedRequestsInOneBufferAreAnsweredInOrderWithOneWrite() {
        var h = MachineHarness()
        h.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nPOST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
        #expect(h.bodies == ["GET /a body=", "GET /b body=", "POST /c body=hi"])
        #expect(h.writes == 1)
    }

    @Test func chunkedBodyIsDechunked() {
        var h = MachineHarness()
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        #expect(h.bodies == ["POST /c body=hello world"])
    }

    @Test func responsesCarryServerDateAndContentLength() {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = h.responses[0]
        #expect(r.header("Server") == "test-server")
        #expect(r.header("Date") == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(r.header("Content-Length") == "\(r.body.count)")
    }

    @Test func headGetsTheGetContentLengthButNoBody() {
        var h = MachineHarness()
        h.send("HEAD /thing HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        let parsed = ParsedResponse.parseAll(h.written, bodyless: [0]).responses
        #expect(parsed.count == 2)
        #expect(parsed[0].header("Content-Length") == "\("HEAD /thing body=".utf8.count)")
        #expect(parsed[0].body.isEmpty)
        #expect(parsed[1].bodyText == "GET /next body=")
    }

    @Test func http11KeepsTheConnectionOpenByDefault() {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(!h.closed)
        #expect(h.responses[0].header("Connection") == nil)
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() {
        var plain = MachineHarness()
        plain.send("GET / HTTP/1.0\r\n\r\n")
        #expect(plain.responses[0].closes)
        #expect(plain.closed)

        var keep = MachineHarness()
        keep.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(keep.responses[0].header("Connection") == "keep-alive")
        #expect(!keep.closed)
    }

    @Test func connectionCloseIsHonouredAndLaterPipelinedRequestsIgnored() {
        var h = MachineHarness()
        h.send("GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.bodies == ["GET /a body="])
        #expect(h.responses[0].closes)
        #expect(h.closed)
    }

    @Test func http11WithoutHostIs400AndCloses() {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\n\r\n")
        #expect(h.statuses == [400])
        #expect(h.closed)
    }

    @Test func expect100ContinueIsAnsweredBeforeTheBody() {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n")
        #expect(h.statuses == [100])
        h.send("hello")
        #expect(h.statuses == [100, 200])
        #expect(h.bodies.last == "POST /up body=hello")
    }

    @Test func expect100ContinueWithTooLargeBodyIs413WithoutContinue() {
        var h = MachineHarness { $0.maxBodyBytes = 4 }
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(h.statuses == [413])
        #expect(h.closed)
    }

    @Test func unknownExpectationIs417() {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\nx")
        #expect(h.statuses == [417])
    }

    @Test(arguments: [
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\n\n",
        "GET / HTTP/1.1\r\nHost: x\nX: y\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        "GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
    func smugglingShapesAre400AndStopParsing(_ request: String) {
        var h = MachineHarness()
        h.send(request + "GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [400])
        #expect(h.responses.first?.closes == true)
        #expect(h.closed)
    }

    @Test func drainClosesAnIdleConnectionAfterTheGrace() {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        h.beginDrain()
        #expect(!h.closed)
        h.advance(seconds: 0.3)
        #expect(h.closed)
        #expect(h.statuses == [200])
    }

    @Test func drainAnswersARequestArrivingWithinTheGraceThenCloses() {
        var h = MachineHarness()
        h.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        h.beginDrain()
        h.now += 100_000_000
        h.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.bodies == ["GET /a body=", "GET /b body="])
        #expect(h.responses[1].closes)
        #expect(h.closed)
    }

    @Test func drainLetsARequestInProgressFinishWithConnectionClose() {
        var h = MachineHarness()
        h.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab")
        h.beginDrain()
        #expect(!h.closed)
        h.send("cd")
        #expect(h.bodies == ["POST / body=abcd"])
        #expect(h.responses[0].closes)
        #expect(h.closed)
    }

    @Test func peerClosingAfterACompleteRequestStillGetsTheAnswer() {
        var h = MachineHarness()
        h.writesCompleteAtOnce = false
        h.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        h.endInput()
        #expect(!h.closed)
        h.completeWrite()
        #expect(h.closed)
        #expect(h.statuses == [200])
    }

    @Test func accessRecordNamesMethodPathStatusAndBytes() {
        var h = MachineHarness()
        h.send("GET /p?q=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        let record = h.responder.records[0]
        #expect(record.method == .get)
        #expect(record.path == "/p")
        #expect(record.status == 200)
        #expect(record.bytesIn == "GET /p?q=1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8.count)
        #expect(record.bytesOut == h.written.count)
    }

    @Test func dateHeaderIsImfFixdate() {
        #expect(DateCache(epochSeconds: 784_111_777).line.description == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n")
        #expect(DateCache(epochSeconds: 1_798_675_200).line.description == "Date: Thu, 31 Dec 2026 00:00:00 GMT\r\n")
    }
}

@Suite struct RequestTests {
    /// (path, query or nil) of a target, copied out of the request view.
    static func split(_ target: String) -> (String, String?) {
        HTTPRequest.with(method: .get, target: target) { r in
            (String(copying: r.path), r.queryStart == nil ? nil : String(copying: r.query))
        }
    }

    @Test func pathAndQuerySplitAtTheFirstQuestionMark() {
        #expect(Self.split("/v1/paging?offset=12&x=?") == ("/v1/paging", "offset=12&x=?"))
        #expect(Self.split("/healthz") == ("/healthz", nil))
        #expect(Self.split("/é?ü") == ("/é", "ü"))
    }

    @Test func headersAreFoundCaseInsensitivelyWithoutStrings() {
        HTTPRequest.with(method: .get, target: "/", headers: [("Host", "x"), ("content-TYPE", "a/b")]) { r in
            let count = r.headers.count, index = r.headers.firstIndex(of: "Content-Type")
            let value = r.headers["content-type"], hasAccept = r.headers.contains("Accept")
            #expect(count == 2)
            #expect(index == 1)
            #expect(value == "a/b")
            #expect(!hasAccept)
        }
    }
}
