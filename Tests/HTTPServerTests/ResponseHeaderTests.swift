import Testing
@testable import HTTPServer

/// Header fields are checked before they reach the wire (RFC 9110 §5.1 names, §5.5 values): a
/// handler that copies request input into a header can never split the response.
@Suite struct ResponseHeaderTests {
    @Test func crlfInjectedIntoAValueIsRefusedNotSent() {
        var h = MachineHarness()
        h.send("GET /echo-header?value=ok%0d%0aSet-Cookie:%20evil=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [500])
        #expect(!h.text.contains("Set-Cookie"))
        #expect(!h.text.contains("evil"))
        #expect(h.bodies.first?.contains("X-Echo") == true, "the refusal names the header")
    }

    @Test func aSmuggledSecondResponseNeverLeavesAndTheConnectionGoesOn() {
        var h = MachineHarness()
        let split = "x%0d%0aContent-Length:%200%0d%0a%0d%0aHTTP/1.1%20200%20OK%0d%0aX-Smuggled:%201"
        h.send("GET /echo-header?value=\(split) HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [500, 200])
        #expect(!h.text.contains("X-Smuggled"))
        #expect(h.bodies.last == "GET /after body=")
        #expect(!h.closed)
        // One record per request: the refused answer is recorded as the 500 that went out.
        #expect(h.responder.records.map(\.status) == [500, 200])
    }

    @Test func bareLineFeedAndNulAreRefusedToo() {
        for value in ["a%0ab", "a%0db", "a%00b"] {
            var h = MachineHarness()
            h.send("GET /echo-header?value=\(value) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(h.statuses == [500], "value \(value)")
        }
    }

    @Test func aNameThatIsNotATokenIsRefused() {
        for name in ["X%20Bad", "X:Y", "", "X%0d%0aY", "Caf%c3%a9"] {
            var h = MachineHarness()
            h.send("GET /echo-header?name=\(name)&value=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(h.statuses == [500], "name \(name)")
        }
    }

    @Test func ordinaryValuesPassUnchanged() {
        var h = MachineHarness()
        h.send("GET /echo-header?name=X-Ok&value=a,%20b;%20q=0.5%09%22quoted%22 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.responses.first?.headers.contains { $0.0 == "X-Ok" && $0.1 == "a, b; q=0.5\t\"quoted\"" } == true)
    }

    @Test func tokensAndValuesFollowRFC9110() {
        #expect(HTTPResponse.isToken("Access-Control-Allow-Origin"))
        #expect(HTTPResponse.isToken("!#$%&'*+-.^_`|~09azAZ"))
        #expect(!HTTPResponse.isToken(""))
        for bad in ["a b", "a:b", "a\tb", "(x)", "a\"b", "é", "a\u{7f}"] { #expect(!HTTPResponse.isToken(bad), "\(bad)") }
        #expect(HTTPResponse.isFieldValue("text/plain; charset=utf-8"))
        #expect(HTTPResponse.isFieldValue("caf\u{e9}\t"))
        for bad in ["a\rb", "a\nb", "a\u{0}b"] { #expect(!HTTPResponse.isFieldValue(bad)) }
    }

    @Test func theBodyIsExactlyOneOfBytesOrAStream() {
        var r = HTTPResponse()
        r.writeBody { $0.writeStaticString("whole") }
        r.stream(PatternProducer(total: 10, announceLength: true))
        guard case .stream = r.body else { Issue.record("stream() makes the body a stream"); return }
        #expect(r.bytes.readableBytes == 0)
        r.writeBody { $0.writeStaticString("again") }
        guard case .bytes(let b) = r.body else { Issue.record("writing makes the body bytes"); return }
        #expect(String(decoding: b.bytes, as: UTF8.self) == "again")
        #expect(r.producer == nil)
    }

    @Test func theOwnBufferKeepsItsCapacityAcrossAStreamAndASharedBody() {
        var r = HTTPResponse()
        r.writeBody { $0.writeBytes([UInt8](repeating: 1, count: 5000)) }
        let capacity = r.bytes.capacity
        r.reset()
        r.stream(PatternProducer(total: 10, announceLength: true))
        r.reset()
        #expect(r.bytes.capacity == capacity)
        r.send(ByteBuffer(string: "shared"))
        #expect(r.bytes.bytes == Array("shared".utf8))
        r.reset()
        #expect(r.bytes.capacity == capacity && r.bytes.readableBytes == 0)
    }
}
