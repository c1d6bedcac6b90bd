import TestSupport
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

    /// The loop keeps the last Content-Type line it checked (DateCache): a repeat is copied, a new
    /// type is checked and written, a bad one is still refused after good ones.
    @Test func contentTypesRepeatChangeAndAreStillChecked() {
        var h = MachineHarness()
        let types = ["text/a", "text/a", "text/b;%20q=1", "text/a", "text/a%0d%0aX-Smuggled:%201"]
        h.send(types.map { "GET /echo-header?name=Content-Type&value=\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
        #expect(h.statuses == [200, 200, 200, 200, 500])
        let sent = h.responses.prefix(4).map { r in r.headers.first { $0.0.lowercased() == "content-type" }?.1 }
        #expect(sent == ["text/a", "text/a", "text/b; q=1", "text/a"])
        #expect(!h.text.contains("X-Smuggled"))
    }

    @Test func ordinaryValuesPassUnchanged() {
        var h = MachineHarness()
        h.send("GET /echo-header?name=X-Ok&value=a,%20b;%20q=0.5%09%22quoted%22 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.responses.first?.headers.contains { $0.0 == "X-Ok" && $0.1 == "a, b; q=0.5\t\"quoted\"" } == true)
    }

    @Test func tokensAndValuesFollowRFC9110() {
        #expect(isToken("Access-Control-Allow-Origin"))
        #expect(isToken("!#$%&'*+-.^_`|~09azAZ"))
        #expect(!isToken(""))
        for bad in ["a b", "a:b", "a\tb", "(x)", "a\"b", "é", "a\u{7f}"] { #expect(!isToken(bad), "\(bad)") }
        #expect(isFieldValue("text/plain; charset=utf-8"))
        #expect(isFieldValue("caf\u{e9}\t"))
        for bad in ["a\rb", "a\nb", "a\u{0}b", "a\u{1}b", "\u{1b}[31m", "a\u{1f}", "a\u{7f}b", "0123456\u{7}89"] {
            #expect(!isFieldValue(bad), "\(Array(bad.utf8))")
        }
    }

    /// The content type is checked when it is set, like every field: a refused one is never
    /// stored, and the answer is refused as a whole (500, below in the machine).
    @Test func aContentTypeIsCheckedWhenSet() {
        var r = HTTPResponse()
        r.contentType = "text/plain\u{1b}[0m"
        #expect(r.contentType == nil)
        #expect(r.refusedHeader() == "Content-Type: the value holds a control character")
        r.reset()
        r.contentType = "text/plain"
        #expect(r.contentType == "text/plain" && r.refusedHeader() == nil)
        var h = MachineHarness()
        h.send("GET /echo-header?name=Content-Type&value=text/a%07 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [500])
    }

    /// Statuses are three digits where they are made (RFC 9110 §15), never silently 500.
    @Test func statusesOutsideThreeDigitsAreRefusedWhereTheyAreMade() {
        for code in [99, 1000, -200, 0, 20] { #expect(HTTPStatus(code: code) == nil, "\(code)") }
        for code in [100, 404, 999] { #expect(HTTPStatus(code: code)?.code == code) }
        #expect(HTTPStatus(code: 404) == .notFound)
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

    /// A counted line (a made request id's) reads `Name: start` then its counter in decimal after
    /// every increment, through each carry (9 → 10, 99 → 100, 999 → 1000 …), and is written whole
    /// with nothing after its CRLF; a start that is not a field value, or leaves no room for 20
    /// digits, makes none.
    @Test func aCountedLineIsItsCounterInDecimalThroughEveryCarry() {
        let line = HTTPCountedField(name: "X-Request-Id", valueStart: "9f86d081884c-7-")!
        #expect(line.counter == 0)
        for n in 1...12_000 {
            line.increment()
            var r = HTTPResponse()
            r.appendField("Before", "a")
            r.appendField(line)
            r.appendField("After", "b")
            let want = [("Before", "a"), ("X-Request-Id", "9f86d081884c-7-\(n)"), ("After", "b")]
            guard line.counter == UInt64(n), r.headers.map({ "\($0.name): \($0.value)" }) == want.map({ "\($0.0): \($0.1)" }) else {
                Issue.record("after \(n) increments: counter \(line.counter), fields \(r.headers)")
                return
            }
        }
        #expect(HTTPCountedField(name: "X-Id", valueStart: "a\r\nb") == nil)
        #expect(HTTPCountedField(name: "X Id", valueStart: "a") == nil)
        #expect(HTTPCountedField(name: "X-Id", valueStart: String(repeating: "a", count: 35)) != nil)  // 41 bytes
        #expect(HTTPCountedField(name: "X-Id", valueStart: String(repeating: "a", count: 36)) == nil)
    }
}

/// The word-at-a-time checks agree with the byte-by-byte definitions on generated strings.
@Suite struct HeaderCheckPropertyTests {
    static let alphabet: [UInt8] = Array("aZ-09!#~|`^_.+*&%$'\"(),/:;<=>?@[\\]{} \t".utf8) + [0, 0x01, 0x08, 0x0a, 0x0b, 0x0d, 0x1b, 0x1f, 0x7e, 0x7f, 0x80, 0xc3, 0xa9, 0xff]

    static func slowToken(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { b in
            (0x30...0x39).contains(b) || (0x41...0x5a).contains(b) || (0x61...0x7a).contains(b) || "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    @Test func fastChecksMatchTheDefinitions() {
        var rng = SplitMix64(seed: 0x5eed_4eade5)
        for _ in 0..<20_000 {
            let count = Int(rng.next() % 40)
            // Mostly letters and '-', sometimes one byte from the whole alphabet.
            var bytes = (0..<count).map { _ in rng.next() % 3 == 0 ? UInt8(ascii: "-") : UInt8(ascii: "a") + UInt8(rng.next() % 26) }
            if count > 0, rng.next() % 2 == 0 {
                bytes[Int(rng.next() % UInt64(count))] = Self.alphabet[Int(rng.next() % UInt64(Self.alphabet.count))]
            }
            guard let s = String(validating: bytes, as: UTF8.self) else { continue }
            #expect(isToken(s) == Self.slowToken(bytes), "\(bytes)")
            #expect(isFieldValue(s) == !bytes.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7f }, "\(bytes)")
        }
    }
}

private func isToken(_ s: String) -> Bool { FieldCheck.isToken(s.utf8.span.bytes) }
private func isFieldValue(_ s: String) -> Bool { FieldCheck.isValue(s.utf8.span.bytes) }
