import Testing
@testable import HTTPServer

/// `RequestHead.reset()` clears the head field by field (HeadRecorder.swift), so a field it
/// forgets would carry one request's facts into the next: every field set, then reset, must equal
/// a new head, and a field added to the struct must be added here (and to `reset`).
@Suite struct RequestHeadResetTests {
    @Test func resetLeavesNothingOfThePreviousHead() {
        var head = RequestHead()
        head.method = .post
        head.versionMajor = 2
        head.versionMinor = 0
        head.contentLength = 5
        head.chunked = true
        head.upgrade = true
        head.hostCount = 2
        head.hostInvalid = true
        head.expect = "100-continue"
        head.contentTypeIsJSON = true
        head.contentCoding = "gzip"
        head.transferCoding = "gzip"
        head.requestIDField = 3
        let fresh = String(reflecting: RequestHead())
        // Every field was given a value above that differs from a new head's.
        let set = Mirror(reflecting: head).children, new = Mirror(reflecting: RequestHead()).children
        #expect(set.count == 13, "RequestHead has a field this test (and reset) does not name")
        for (a, b) in zip(set, new) { #expect(String(reflecting: a.value) != String(reflecting: b.value), "\(a.label ?? "?")") }
        head.reset()
        #expect(String(reflecting: head) == fresh)
    }
}

/// The parser notes the request's one `X-Request-Id` as the field arrives (`HTTPRequest.requestIDField`,
/// told from `Content-Type`, the other 12-byte name it reads, by its bytes): in any case, among
/// other fields, not when it is sent twice, and never from a trailer or the request before.
@Suite struct RequestIDFieldTests {
    @Test func theOneRequestIDFieldIsNotedAsItArrives() {
        let cases: [(fields: String, want: String)] = [
            ("", "none"),
            ("X-Request-Id: abc\r\n", "abc"),
            ("x-REQUEST-id: Q-1\r\n", "Q-1"),
            ("Content-Type: text/plain\r\nX-Request-Id: after\r\nAccept: */*\r\n", "after"),
            ("X-Request-Ix: no\r\nX-Requester: no\r\n", "none"),
            ("X-Request-Id: one\r\nX-Request-Id: two\r\n", "none"),
            ("X-Request-Id: one\r\nContent-Type: text/plain\r\nx-request-id: two\r\n", "none"),
        ]
        for (fields, want) in cases {
            var h = MachineHarness()
            h.send("GET /request-id HTTP/1.1\r\nHost: x\r\n\(fields)\r\n")
            // The next request on the connection has none: nothing is carried over.
            h.send("GET /request-id HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(h.bodies == [want, "none"], "\(fields.debugDescription)")
        }
        var h = MachineHarness()
        h.send("POST /request-id HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\nX-Request-Id: trailer\r\n\r\n")
        #expect(h.bodies == ["none"])
    }
}
