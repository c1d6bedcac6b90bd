import CAllocationCounter
import HTTPServer
import Testing
import TestSupport
@testable import ParallaxService

/// Heap allocations of the application per typical paging request (docs/model.md#paging example, the bench's
/// workload 1 body) in steady state (after swift-nio's allocation counter tests): the
/// same request answered 1 000 times after 100 warm-up answers, on one thread, counting the
/// app's work only (routing, parsing, reading, validation, layout, writing, the metrics record).
/// The engine's own share is 0 (HTTPServerTests.AllocationTests). The ceiling is `w1-paging`'s in
/// bench/ceilings.txt (docs/PERFORMANCE.md#ceilings), the one bench/callgrind also holds the whole server to.
///
/// Counted in optimised builds only (`swift test -c release -Xswiftc -enable-testing`): a debug
/// build boxes closure contexts and generic values and reads ~180. Today's figure is 1:
/// the reader's `layers` array (the `ETag` field, an 18-byte String until its digits were written
/// straight into the response's header lines, was the second). The engine prepares each layer when a page lays it out (no array of prepared
/// layers), pages write their layers one by one (no array per page) and long numbers go through a
/// stack buffer (no String per number); before those it read 6, then 3 (docs/PERFORMANCE.md).
@Suite struct ServiceAllocationTests {
    static let body = #"{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"axis":"horizontal","direction":"ltr","infinite":false,"offset":203,"previousOffset":180,"layers":[{"name":"background","travel":120,"fit":"page"}],"include":"visible","motionScale":1,"pixelScale":3}"#

    @Test(.enabled(if: allocation_counter_active() != 0, "malloc interposition is off under sanitizers"),
          .enabled(if: !_isDebugAssertConfiguration(), "debug builds allocate for unspecialised code"))
    func typicalPagingRequestAllocatesAtMostOne() throws {
        let app = ParallaxApp(options: ServiceOptions(accessLog: false), metrics: ServiceMetrics())
        let record = HTTPRequestRecord(method: .post, path: "/v1/paging", status: 200, bytesIn: 300, bytesOut: 965,
                                       durationNanoseconds: 50_000, remoteAddress: "127.0.0.1:1")
        var response = HTTPResponse()
        let warmUp = 100, measured = 1000
        var start: UInt64 = 0, end: UInt64 = 0
        HTTPRequest.with(method: .post, target: "/v1/paging", headers: [("Host", "x"), ("Content-Type", "application/json")],
                         body: Array(Self.body.utf8)) { request in
            for i in 0..<(warmUp + measured) {
                if i == warmUp { start = allocation_counter_thread_allocations() }
                response.reset()
                app.respond(to: request, into: &response)
                app.record(record)
            }
            end = allocation_counter_thread_allocations()
        }
        #expect(response.status.code == 200 && response.producer == nil && response.bytes.readableBytes == 965)
        let perRequest = Double(end - start) / Double(measured)
        print("allocations per request (typical paging, the application alone, steady state): \(perRequest)")
        let ceiling = try #require(Ceilings.allocations("w1-paging"), "no w1-paging row in bench/ceilings.txt")
        #expect(perRequest <= Double(ceiling), "\(perRequest) allocations per request, ceiling \(ceiling)")
    }
}
