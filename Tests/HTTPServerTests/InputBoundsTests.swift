import Testing
@testable import HTTPServer

/// What a request may make the server take before it is answered (docs/operations.md#bounded-memory):
/// big bodies against the process-wide `InputBudget` (503 before the body is read), empty lines
/// before a request (timed by the header timeout, at most four), every byte of chunk framing
/// (size lines, `;` separators) and trailer fields counted. Raw bytes through the state machine.
@Suite struct InputBoundsTests {
    static func post(_ length: Int) -> String {
        "POST /c HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
    }
    static let chunkedHead = "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    // MARK: bodies under the budget

    @Test func aBodyOfAtMostOwnBytesNeverTouchesTheBudget() {
        let budget = InputBudget(limit: 1)
        var h = MachineHarness(inputBudget: budget)
        h.send(Self.post(InputBudget.ownBytes) + String(repeating: "b", count: InputBudget.ownBytes))
        #expect(h.statuses == [200])
        #expect(budget.bytes == 0 && budget.refused == 0)
    }

    @Test func aBodyThatDoesNotFitIs503BeforeAnyBodyByte() {
        let budget = InputBudget(limit: 100 * 1024)
        var h = MachineHarness(inputBudget: budget)
        h.send(Self.post(200 * 1024))
        #expect(h.statuses == [503])
        #expect(h.bodies.first?.contains("over the server's budget") == true)
        #expect(h.closed)
        #expect(budget.bytes == 0 && budget.refused == 1)
    }

    @Test func aPartialBodyHoldsItsReservationUntilItsConnectionCloses() {
        let budget = InputBudget(limit: 100 * 1024)
        var a = MachineHarness(inputBudget: budget)
        a.send(Self.post(40_000) + String(repeating: "a", count: 1000))
        #expect(budget.bytes == 65_536)  // the buffer's capacity for 40 000 bytes, reserved at the head
        var b = MachineHarness(inputBudget: budget)
        b.send(Self.post(40_000))
        #expect(b.statuses == [503])
        a.machine.abort()
        #expect(budget.bytes == 0)
        var c = MachineHarness(inputBudget: budget)
        c.send(Self.post(40_000) + String(repeating: "c", count: 40_000))
        #expect(c.statuses == [200])
        #expect(c.bodies.first?.hasSuffix(String(repeating: "c", count: 40_000)) == true)
    }

    @Test func theReservationIsGivenBackOnceAnsweredAndTheConnectionStaysUsable() {
        let budget = InputBudget(limit: 100 * 1024)
        var h = MachineHarness(inputBudget: budget)
        for _ in 0..<3 {
            h.send(Self.post(60_000) + String(repeating: "x", count: 60_000))
            #expect(budget.bytes == 0)
        }
        h.send("GET /small HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200, 200, 200, 200])
        #expect(budget.refused == 0)
    }

    @Test func aChunkedBodyReservesAsItGrowsAndIs503WhenItNoLongerFits() {
        let budget = InputBudget(limit: 64 * 1024)
        var h = MachineHarness(inputBudget: budget)
        h.send(Self.chunkedHead)
        let chunk = "4000\r\n" + String(repeating: "z", count: 0x4000) + "\r\n"  // 16 KiB a chunk
        h.send(chunk + chunk + chunk)  // 48 KiB: a 64 KiB buffer, reserved
        #expect(h.statuses.isEmpty)
        #expect(budget.bytes == 65_536)
        h.send(chunk + chunk)  // 80 KiB needs 128 KiB
        #expect(h.statuses == [503])
        #expect(h.closed)
        #expect(budget.bytes == 0)
    }

    // MARK: empty lines

    @Test func upToFourEmptyLinesBeforeARequestAreIgnored() {
        var h = MachineHarness()
        h.send("\r\n\r\n\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        h.send("\r\n\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200, 200])
    }

    @Test func moreThanFourEmptyLinesAre400AndClose() {
        var h = MachineHarness()
        for _ in 0..<4 { h.send("\r\n") }
        #expect(h.statuses.isEmpty)
        h.send("\r\n")
        #expect(h.statuses == [400])
        #expect(h.bodies.first?.contains("empty lines") == true)
        #expect(h.closed)
    }

    @Test func emptyLinesAtFullSpeedAre400AtOnce() {
        var h = MachineHarness()
        h.send(String(repeating: "\r\n", count: 32_768))
        #expect(h.statuses == [400])
        #expect(h.closed)
    }

    @Test func anEmptyLineStartsTheHeaderTimeout() {
        var h = MachineHarness { $0.headerTimeout = .seconds(2) }
        h.send("\r\n")
        h.advance(seconds: 1.5)
        h.send("\r\n")  // a byte, but no request: the timeout still counts from the first
        h.advance(seconds: 0.6)
        #expect(h.statuses == [408])
        #expect(h.closed)
    }

    @Test func anEmptyLineAfterAnAnsweredRequestStartsTheNextOnesHeaderTimeout() {
        var h = MachineHarness { $0.headerTimeout = .seconds(2); $0.requestTimeout = .seconds(30) }
        h.send(Self.post(2) + "{}\r\n")
        #expect(h.statuses == [200])
        h.advance(seconds: 2.1)
        #expect(h.statuses == [200, 408])
    }

    // MARK: chunk framing

    @Test func aFewLeadingZerosInAChunkSizeAreAccepted() {
        var h = MachineHarness()
        h.send(Self.chunkedHead + "0000000005\r\nhello\r\n00000\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.bodies == ["POST /c body=hello"])
    }

    @Test(arguments: [1, 7, 300, 64 * 1024])
    func endlessLeadingZerosAre400WithinTheFramingLimit(_ piece: Int) {
        var h = MachineHarness()
        h.send(Self.chunkedHead + "5\r\nhello\r\n")
        var sent = 0
        while h.statuses.isEmpty && sent < 1 << 20 {
            h.send(String(repeating: "0", count: piece))
            sent += piece
        }
        #expect(h.statuses == [400])
        #expect(h.bodies.first?.contains("chunk framing") == true)
        // Checked every `sliceBytes` at least: never much past the limit.
        #expect(sent <= HTTPParser.sliceBytes + HTTPParser.maxChunkFramingBytes + piece)
    }

    @Test func emptyChunkExtensionsCountTheirSeparators() {
        var h = MachineHarness { $0.maxChunkExtensionBytes = 1024 }
        h.send(Self.chunkedHead + "1")
        h.send(String(repeating: ";", count: 1000))
        #expect(h.statuses.isEmpty)
        h.send(String(repeating: ";", count: 100))
        #expect(h.statuses == [413])
        #expect(h.closed)
    }

    @Test func whitespaceBeforeAChunkExtensionIsAccepted() {
        var h = MachineHarness()
        h.send(Self.chunkedHead + "5 ;a=b\r\nhello\r\n5\t;c\r\nworld\r\n0 \r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.bodies == ["POST /c body=helloworld"])
    }

    @Test func aChunkedBodyInOneBigReadStillParsesWhole() {
        var h = MachineHarness()
        var request = Self.chunkedHead
        var expected = ""
        for i in 0..<2000 {
            let data = String(repeating: Character(UnicodeScalar(UInt8(97 + i % 26))), count: 1 + i % 50)
            request += String(data.count, radix: 16) + "\r\n" + data + "\r\n"
            expected += data
        }
        h.send(request + "0\r\n\r\n")
        #expect(h.statuses == [200])
        #expect(h.bodies == ["POST /c body=" + expected])
    }

    @Test func trailerFieldsCountAgainstTheFieldLimit() {
        var h = MachineHarness { $0.maxHeaderCount = 5 }
        h.send(Self.chunkedHead + "1\r\nx\r\n0\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n")  // 2 + 3 fields
        #expect(h.statuses == [200])
        var over = MachineHarness { $0.maxHeaderCount = 5 }
        over.send(Self.chunkedHead + "1\r\nx\r\n0\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n")
        #expect(over.statuses == [431])
        #expect(over.closed)
    }

    // MARK: whitespace and versions

    /// RFC 9110 §5.5: a tab after a field value is OWS, as a space is; llhttp's own parser of the
    /// framing fields took the space and refused the tab.
    @Test(arguments: ["5\t", "5 \t ", "\t5\t"])
    func aTabAfterContentLengthIsWhitespace(_ value: String) {
        var h = MachineHarness()
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\nhelloGET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200, 200])
        #expect(h.bodies.first == "POST /c body=hello")
    }

    @Test func aTabAfterTransferEncodingIsWhitespaceToo() {
        var h = MachineHarness()
        h.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n\r\nPOST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\t\r\n"
               + "Content-Type: text/plain\t\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        #expect(h.statuses == [200, 200])
        #expect(h.bodies.last == "POST /c body=hello")
    }

    @Test func aTabInsideAFramingValueIsStill400() {
        for value in ["5\tx", "5\t5"] {
            var h = MachineHarness()
            h.send("POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\nhello")
            #expect(h.statuses == [400], "Content-Length: \(value)")
        }
        var te = MachineHarness()
        te.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\tgzip\r\n\r\n")
        #expect(te.statuses == [400])
    }

    /// The head is parsed again only when the input holds it from its start: a tab whose line ends
    /// in a later read is a 400 (what llhttp answered before for every such tab).
    @Test func aTabWhoseLineEndsInALaterReadIs400() {
        var h = MachineHarness()
        h.send("POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 5\t")
        h.send("\r\n\r\nhello")
        #expect(h.statuses == [400])
    }

    @Test func http12IsAnsweredAsHTTP11() {
        var h = MachineHarness()
        h.send("GET /v HTTP/1.2\r\nHost: x\r\n\r\nGET /w HTTP/1.2\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [200, 200])
        #expect(h.text.hasPrefix("HTTP/1.1 200"))
        #expect(!h.closed)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/3.0"])
    func otherMajorVersionsAre505(_ version: String) {
        var h = MachineHarness()
        h.send("GET / \(version)\r\nHost: x\r\n\r\n")
        #expect(h.statuses == [505])
    }
}
