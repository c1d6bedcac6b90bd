import Testing
@testable import HTTPServer

/// Bodies are made in slices of the loop's turn (`HTTPConnectionStateMachine.resume`): at most
/// `sliceBytes` and `sliceNanoseconds` a slice, then the machine yields to the loop's other
/// connections. The harness runs that schedule as the transport does.
@Suite struct SliceTests {
    /// The steps between two yields: one slice's writes.
    static func slices(_ steps: [MachineHarness.Step]) -> [[Int]] {
        var slices: [[Int]] = [[]]
        for step in steps {
            switch step {
            case .yield: slices.append([])
            case .write(let n): slices[slices.count - 1].append(n)
            }
        }
        return slices.filter { !$0.isEmpty }
    }

    @Test func aSliceMakesAtMostSliceBytesThenYields() {
        let total = 3_000_000
        var h = MachineHarness()
        h.send("GET /stream/\(total) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.responses.first?.body == PatternProducer.body(total))
        let made = Self.slices(h.steps).dropFirst().map { $0.reduce(0, +) }  // after the head's
        // Each slice passes `sliceBytes` by at most the piece that passed it (and its framing).
        let bound = HTTPConnectionStateMachine.sliceBytes + HTTPConnectionStateMachine.chunkLimit + 64
        #expect(made.allSatisfy { $0 <= bound }, "\(made)")
        #expect(made.dropLast().allSatisfy { $0 > HTTPConnectionStateMachine.sliceBytes }, "\(made)")
        #expect(made.count >= total / bound)
    }

    @Test func aSliceSpendsAtMostSliceNanosecondsThenYields() {
        var h = MachineHarness()
        // Each call of the producer takes half a slice: the first call is free (no clock read),
        // the next two fit, the fourth would pass the slice's time.
        h.clock.tick = HTTPConnectionStateMachine.sliceNanoseconds / 2
        h.send("GET /slow/10 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(h.responses.first?.body.count == 10_000)
        let chunks = Self.slices(h.steps).dropFirst().map(\.count)
        #expect(chunks == [3, 3, 3, 1], "\(chunks)")
    }

    @Test func anIOEventMakesNoBodyAndYields() {
        var h = MachineHarness()
        h.writesCompleteAtOnce = false
        h.send("GET /stream/1000000 HTTP/1.1\r\nHost: x\r\n\r\n")
        h.steps = []
        h.completeWrite()
        // The write's end makes nothing; the slice it yields to makes the high-water mark.
        #expect(h.steps.first == .yield)
        #expect(h.steps.count == 2)
    }
}
