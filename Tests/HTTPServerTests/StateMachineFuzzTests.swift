import TestSupport
import Testing
@testable import HTTPServer

/// Mutated requests in random splits: the machine must never crash or hang, and every
/// engine error must be a complete response followed by close.
@Suite struct StateMachineFuzzTests {
    static let seeds: [String] = [
        "GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
        "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        "HEAD / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "POST /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
    ]

    @Test func mutatedRequestsNeverCrashOrHang() {
        var rng = SplitMix64(seed: 0x5EED)  // deterministic, so a failure can be replayed
        let alphabet = Array(" \r\n:;,-0123456789aAzZ\t\0\u{7f}/?".utf8)
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) { bytes += Array(Self.seeds.randomElement(using: &rng)!.utf8) }
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng)!
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: i)
                default: bytes.remove(at: i)
                }
                if bytes.isEmpty { bytes = [0x47] }
            }
            var h = MachineHarness { $0.maxBodyBytes = 64; $0.maxHeaderBytes = 256 }
            var offset = 0
            while offset < bytes.count && !h.closed {
                let n = Int.random(in: 1...16, using: &rng)
                h.send(Array(bytes[offset..<min(bytes.count, offset + n)]))
                offset += n
            }
            h.endInput()
            let responses = h.responses
            for (index, response) in responses.enumerated() where response.status >= 400 {
                #expect(response.closes, "error \(response.status) without close for \(bytes)")
                #expect(index == responses.count - 1, "response after an error for \(bytes)")
            }
            #expect(h.closed || h.machine.isIdle, "left hanging: \(bytes)")
        }
    }
}
