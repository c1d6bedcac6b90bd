import Testing
@testable import HTTPServer

/// The access record's path kept in two words (`RecordPath`) reads back as the bytes it was
/// made from, at every length around the 8- and 16-byte edges and past them.
@Suite struct RecordPathTests {
    @Test(arguments: ["", "/", "/health", "/healthz", "/v1/paging", "/v1/paging/keyf", "/v1/paging/keyfr",
                      "/v1/paging/keyframes", "/päging/ü", "/problems/invalid-request"])
    func roundTrips(path: String) {
        let bytes = Array(path.utf8)
        #expect(RecordPath(bytes.span).string == path)
        #expect(RecordPath(path).string == path)
    }

    @Test func everyLengthUpTo24() {
        for n in 0...24 {
            let path = String((0..<n).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            #expect(RecordPath(Array(path.utf8).span).string == path, "length \(n)")
        }
    }
}
