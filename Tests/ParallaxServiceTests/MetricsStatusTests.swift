import HTTPServer
import Testing
@testable import ParallaxService

/// docs/operations.md#metrics: every status the service sends is counted under its own label
/// (204 preflights, 304 and 412 of conditional requests, the engine's 414 and 501, …).
@Suite struct MetricsStatusTests {
    private func rendered(_ statuses: [Int]) -> String {
        let metrics = ServiceMetrics()
        for status in statuses {
            metrics.record(route: 0, status: status, nanoseconds: 1000, bytesIn: 1, bytesOut: 1)
        }
        var out = ByteBuffer()
        metrics.render(into: &out, openConnections: 0)
        return out.description
    }

    @Test func everyStatusHasItsOwnSeries() {
        let text = rendered([204, 304, 304, 412, 414, 501, 100, 599])
        let route = Route.labels[0]
        for (status, count) in [(204, 1), (304, 2), (412, 1), (414, 1), (501, 1), (100, 1), (599, 1)] {
            #expect(text.contains("parallax_http_requests_total{route=\"\(route)\",status=\"\(status)\"} \(count)\n"), "\(status)")
        }
        #expect(!text.contains("status=\"other\""))
    }

    /// Only a code outside HTTP's three-digit range (RFC 9110 §15), which nothing sends, is `other`.
    @Test func aCodeOutsideHTTPsRangeIsOther() {
        #expect(rendered([600]).contains("status=\"other\"} 1\n"))
        #expect(rendered([99]).contains("status=\"other\"} 1\n"))
    }

    /// Every status the engine can refuse a head with is in the counted range.
    @Test(arguments: [HTTPEngineError.Kind.malformed, .headersTooLarge, .bodyTooLarge, .requestTimeout, .unavailable,
                      .expectationFailed, .versionNotSupported, .responseHeaderRefused, .uriTooLong, .notImplemented,
                      .unsupportedMediaType])
    func engineStatusesAreCounted(_ kind: HTTPEngineError.Kind) {
        let code = HTTPEngineError(kind: kind, detail: "").status.code
        #expect(ServiceMetrics.statuses.contains(code))
    }
}
