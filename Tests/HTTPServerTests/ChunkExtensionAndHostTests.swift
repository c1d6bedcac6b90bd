import Testing
@testable import HTTPServer

/// The parts of a request llhttp hands over but no application reads, bounded like the head:
/// chunk extensions (RFC 9112 §7.1.1, `HTTPLimits.maxChunkExtensionBytes`, 413) and trailer
/// fields (RFC 9112 §7.1.2, counted against `maxHeaderBytes`, 431); and the `Host` value's
/// grammar (RFC 9112 §3.2, RFC 9110 §7.2: 400). Raw bytes through the state machine.
@Suite struct ChunkExtensionAndHostTests {
    @Test func chunkExtensionsWithinTheLimitAreIgnored() {
        var h = MachineHarness { $0.maxChunkExtensionBytes = 64 }
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n1;a;b=\"q\"\r\n!\r\n0\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.bodies == ["POST /c body=hello!"])
    }

    @Test func oneEndlessChunkExtensionIs413OnceItPassesTheLimit() {
        var h = MachineHarness { $0.maxChunkExtensionBytes = 1024 }
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;x=")
        // 1 000 bytes: under the limit, nothing answered yet.
        h.send(String(repeating: "a", count: 1000))
        #expect(h.statuses.isEmpty)
        // The same extension goes on: answered as soon as the running total passes 1 024.
        h.send(String(repeating: "a", count: 100))
        #expect(h.statuses == [413])
        #expect(h.closed)
    }

    @Test func manySmallExtensionsOnTinyChunksAreCountedTogether() {
        var h = MachineHarness { $0.maxChunkExtensionBytes = 1024; $0.maxBodyBytes = 1 << 20 }
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        // Each chunk: one body byte and a 60-byte extension value; 17 of them pass 1 024 bytes.
        let chunk = "1;e=\(String(repeating: "v", count: 60))\r\nx\r\n"
        for _ in 0..<16 { h.send(chunk) }
        #expect(h.statuses.isEmpty)
        h.send(chunk)
        #expect(h.statuses == [413])
        #expect(h.bodies.first?.contains("chunk extensions exceed 1024 bytes") == true)
    }

    @Test func theExtensionBudgetIsPerRequest() {
        var h = MachineHarness { $0.maxChunkExtensionBytes = 40 }
        let request = "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;e=\(String(repeating: "v", count: 30))\r\nx\r\n0\r\n\r\n"
        h.send(request + request + request)
        #expect(h.statuses == [200, 200, 200])
    }

    @Test func trailerFieldsAreNotMergedIntoTheHeaders() {
        var h = MachineHarness()
        h.send("POST /fields HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\nX-Trailer: t\r\nContent-Type: evil\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.bodies == ["Host\nTransfer-Encoding\n"])
    }

    @Test func trailersCountAgainstTheHeaderByteLimit() {
        var h = MachineHarness { $0.maxHeaderBytes = 300 }
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n")
        for _ in 0..<5 { h.send("X-T: \(String(repeating: "t", count: 40))\r\n") }
        #expect(h.statuses.isEmpty)
        h.send("X-T: \(String(repeating: "t", count: 40))\r\n")
        #expect(h.statuses == [431])
        #expect(h.closed)
    }

    @Test(arguments: ["a b", "x/y", "x@y", "x:8a", "[::1", "[]", "a%zz", "x:80:80", "\u{1}"])
    func invalidHostValuesAre400(_ host: String) {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(h.statuses == [400])
        #expect(h.closed)
    }

    @Test(arguments: ["x", "localhost:8080", "127.0.0.1:1", "[::1]:8080", "[v1.fe]", "a-b.c_d~e", "a%20b", "", "x:"])
    func validHostValuesAreAccepted(_ host: String) {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(h.statuses == [200])
    }

    /// The reg-name bitmap against RFC 3986 §2's sets spelled out, for every byte value: a host
    /// of that one byte is valid exactly when the byte is unreserved or a sub-delim.
    @Test func everyByteIsARegNameByteExactlyWhenRFC3986SaysSo() {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
            .union("!$&'()*+,;=".utf8)
        for b in 0...255 {
            let byte = UInt8(b)
            #expect(HostField.isRegName(byte) == allowed.contains(byte), "byte \(b)")
            let one = [byte]
            #expect(HostField.isValid(one.span) == (allowed.contains(byte) || byte == UInt8(ascii: ":")), "host of byte \(b)")
        }
    }

    /// The eight-bytes-at-a-time test of a host name against the byte-by-byte rule: every byte
    /// value in every lane of a word of otherwise valid bytes.
    @Test func theWordTestAcceptsExactlyLettersDigitsDotsAndHyphens() {
        let host = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-".utf8)
        for b in 0...255 {
            for lane in 0..<8 {
                var bytes = Array("a1.-Zz9b".utf8)
                bytes[lane] = UInt8(b)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(HostField.hostNameWord(word) == host.contains(UInt8(b)), "byte \(b) in lane \(lane)")
            }
        }
    }

    @Test(arguments: ["example.com", "sub.example-host.org:8443", "127.0.0.1:65535", "ab%41cdefgh", "abcdefgh!$&'()*+,;=", "abcdefg h"])
    func longHostValuesAgreeWithTheByteRule(_ host: String) {
        var h = MachineHarness()
        h.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(h.statuses == [host.contains(" ") ? 400 : 200])
    }
}
