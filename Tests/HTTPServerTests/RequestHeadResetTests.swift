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
        let fresh = String(reflecting: RequestHead())
        // Every field was given a value above that differs from a new head's.
        let set = Mirror(reflecting: head).children, new = Mirror(reflecting: RequestHead()).children
        #expect(set.count == 12, "RequestHead has a field this test (and reset) does not name")
        for (a, b) in zip(set, new) { #expect(String(reflecting: a.value) != String(reflecting: b.value), "\(a.label ?? "?")") }
        head.reset()
        #expect(String(reflecting: head) == fresh)
    }
}
