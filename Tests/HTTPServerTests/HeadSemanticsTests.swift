import Testing
@testable import HTTPServer

/// The request-head rules of RFC 9110 / RFC 9112 that the engine answers itself, on raw bytes
/// through the connection state machine (HeadPolicy.swift, RequestTarget.swift).
@Suite struct HeadSemanticsTests {
    /// RFC 9112 §3.2.2: a server MUST accept the absolute-form; the route sees the path.
    @Test(arguments: [
        ("GET http://example.com/healthz?x=1 HTTP/1.1", "GET /healthz?x=1 body="),
        ("GET HTTP://Example.COM:8080/a/b HTTP/1.1", "GET /a/b body="),
        ("GET https://example.com HTTP/1.1", "GET / body="),
        ("GET http://example.com?q=2 HTTP/1.1", "GET /?q=2 body="),
    ])
    func absoluteFormTargetIsServedByItsPath(_ line: String, _ answer: String) {
        var h = MachineHarness()
        h.send("\(line)\r\nHost: example.com\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200, 200])
        #expect(h.bodies == [answer, "GET /next body="])
        #expect(h.responder.records.first?.path == String(answer.dropFirst(4).prefix { $0 != "?" && $0 != " " }))
    }

    @Test func absoluteFormWithoutAHostIs400() {
        var h = MachineHarness()
        h.send("GET http:///healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [400])
        #expect(h.closed)
    }

    /// RFC 9112 §6.1: a transfer coding the server does not understand is 501 (chunked last, so
    /// the framing itself is fine; `chunked, gzip` stays the 400 of RFC 9112 §6.3).
    @Test func aTransferCodingBesideChunkedIs501() {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        #expect(h.statuses == [501])
        #expect(h.bodies.first?.contains("gzip") == true)
        #expect(h.closed)
        var last = MachineHarness()
        last.send("POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n")
        #expect(last.statuses == [400])
    }

    @Test func chunkedAloneInAnyCaseIsServed() {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.bodies == ["POST /up body=hello"])
    }

    /// RFC 9110 §15.5.16: the engine decodes no content coding, so a coded body is 415 (before
    /// the body is read); `identity` is no coding.
    @Test func aContentCodedBodyIs415() {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc")
        #expect(h.statuses == [415])
        #expect(h.bodies.first?.contains("Content-Encoding: gzip") == true)
        var plain = MachineHarness()
        plain.send("POST /up HTTP/1.1\r\nHost: x\r\nContent-Encoding: identity\r\nContent-Length: 3\r\n\r\nabc")
        #expect(plain.statuses == [200])
        var bodiless = MachineHarness()
        bodiless.send("GET /up HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\n\r\n")
        #expect(bodiless.statuses == [200])
    }

    /// RFC 9110 §10.1.1: a final status the head determines is sent instead of 100 Continue: a
    /// POST body that is not JSON is refused before the client sends it.
    @Test(arguments: ["", "Content-Type: text/plain\r\n", "Content-Type: application/json\r\nContent-Encoding: gzip\r\n"])
    func expect100ContinueForARefusedBodyIs415WithoutContinue(_ fields: String) {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\(fields)Content-Length: 5\r\n\r\n")
        #expect(h.statuses == [415])
        #expect(!h.text.contains("100 Continue"))
        #expect(h.closed)
    }

    @Test func expect100ContinueForAJSONBodyContinues() {
        var h = MachineHarness()
        h.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 2\r\n\r\n")
        #expect(h.statuses == [100])
        h.send("{}")
        #expect(h.statuses == [100, 200])
    }

    /// RFC 9110 §15.5.15: a target longer than the server will read is 414, not 431.
    @Test func aTargetOverTheHeadLimitIs414() {
        var h = MachineHarness { $0.maxHeaderBytes = 200 }
        h.send("GET /\(String(repeating: "a", count: 300)) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [414])
        #expect(h.closed)
        var fields = MachineHarness { $0.maxHeaderBytes = 200 }
        fields.send("GET /\(String(repeating: "a", count: 150)) HTTP/1.1\r\nHost: x\r\nX-Pad: \(String(repeating: "p", count: 100))\r\n\r\n")
        #expect(fields.statuses == [431])
    }
}
