import Testing
import CAllocationCounter
import Synchronization
import TestSupport
@testable import HTTPServer

/// Answers `{"status":"ok"}` like `/healthz`, and samples the loop thread's allocation counter
/// when it answers request `from` and request `to`.
private final class Sample: Sendable {
    let start = Atomic<UInt64>(0)
    let end = Atomic<UInt64>(0)
}

private final class CountingResponder: HTTPResponder {
    let from: Int, to: Int
    let sample: Sample
    private var served = 0

    init(from: Int, to: Int, sample: Sample) {
        self.from = from
        self.to = to
        self.sample = sample
    }

    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse) {
        if served == from { sample.start.store(allocation_counter_thread_allocations(), ordering: .releasing) }
        if served == to { sample.end.store(allocation_counter_thread_allocations(), ordering: .releasing) }
        served += 1
        response.contentType = "application/json"
        response.writeBody { $0.writeStaticString(#"{"status":"ok"}"#) }
    }
}

/// Heap allocations per request in steady state through the real engine (after
/// swift-nio's allocation counter tests): 1 000 `GET /healthz`-like requests on one keep-alive
/// connection, counted on the event loop's thread only (reads, parsing, the responder,
/// framing, writing). The ceiling is `w7-healthz`'s in bench/ceilings.txt (docs/PERFORMANCE.md#ceilings),
/// the one bench/callgrind also holds the whole server to.
@Suite struct AllocationTests {
    @Test(.enabled(if: allocation_counter_active() != 0, "malloc interposition is off under sanitizers"))
    func steadyStateHealthCheckAllocatesNothingPerRequest() throws {
        let warmUp = 100, measured = 1000
        let sample = Sample()
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, workers: 1)
        configuration.serverName = "test"
        let server = try HTTPServer.start(configuration) { _, _ in
            CountingResponder(from: warmUp, to: warmUp + measured, sample: sample)
        }
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        for i in 0...(warmUp + measured) {
            client.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.responses(i + 1).count == i + 1)
        }
        let start = sample.start.load(ordering: .acquiring), end = sample.end.load(ordering: .acquiring)
        let perRequest = Double(end - start) / Double(measured)
        print("allocations per request (GET /healthz-like, steady state): \(perRequest)")
        #expect(end >= start && end > 0)
        let ceiling = try #require(Ceilings.allocations("w7-healthz"), "no w7-healthz row in bench/ceilings.txt")
        #expect(perRequest <= Double(ceiling) + 0.01, "\(perRequest) allocations per request, ceiling \(ceiling)")
    }

    /// A streamed body allocates per answer, never per batch (bench w6's JSON answer is ~23
    /// batches of the high-water mark): driven through the machine as the transport drives it,
    /// every write taken at once, the batches after the first allocate nothing. The stream's
    /// state once went back into an `indirect` case after each batch, a new box each time.
    @Test(.enabled(if: allocation_counter_active() != 0, "malloc interposition is off under sanitizers"))
    func streamedBodyAllocatesNothingPerBatch() {
        let total = 8 << 20
        var machine = HTTPConnectionStateMachine(limits: HTTPLimits(), date: DateCache(epochSeconds: 784_111_777, serverName: "test"),
                                                 now: 0, clock: { 0 })
        let responder = EchoResponder()
        var response = HTTPResponse()
        let request = Array("GET /stream/\(total) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var action = machine.receive(request.span, now: 0)
        var writes = 0, bytes = 0, afterFirst: UInt64 = 0, atEnd: UInt64 = 0
        for _ in 0..<10_000 {
            switch action {
            case .respond(let asked):
                action = machine.respond(asked, with: responder, into: &response) { 0 }
                continue
            case .write:
                writes += 1
                bytes += machine.outbox.readableBytes
                // The first write is the head alone (bodies are made in the loop's slices), the
                // second the first batch of the body.
                if writes == 2 { afterFirst = allocation_counter_thread_allocations() }
                atEnd = allocation_counter_thread_allocations()
                action = machine.outboxWritten(queued: 0, now: 0)
                continue
            case .yield:
                action = machine.resume(now: 0)
                continue
            case .wait, .close:
                break
            }
            break
        }
        print("streamed body: \(writes) writes, \(atEnd - afterFirst) allocations after the first")
        #expect(bytes > total && writes > 20, "the body went out in batches")
        #expect(atEnd == afterFirst, "\(atEnd - afterFirst) allocations over \(writes - 1) batches")
    }
}
