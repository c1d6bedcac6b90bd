import HTTPServer
import Testing
@testable import ParallaxService

/// docs/operations.md#metrics: every status the service sends is counted under its own label
/// (204 preflights, 304 and 412 of conditional requests, the engine's 414 and 501, …).
@Suite struct MetricsStatusTests {
    /// The preflight's 204 and the validators' 304 and 412, sent by the real app, under their own labels.
    static let paging = "/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offset=0"
    static let body = #"{"viewport":{"width":390,"height":844},"pageCount":3,"offset":0}"#

    @Test func theValidatorsAndThePreflightHaveTheirOwnSeries() throws {
        let client = Client()
        let preflight = client.call(.options, "/v1/paging", headers: [("Origin", "https://a.example"),
                                                                      ("Access-Control-Request-Method", "POST")])
        let getTag = try #require(client.get(Self.paging).header("ETag"))
        let notModified = client.call(.get, Self.paging, headers: [("If-None-Match", getTag)])
        let postTag = try #require(client.post("/v1/paging", Self.body).header("ETag"))
        let failed = client.call(.post, "/v1/paging", Self.body, headers: [("If-None-Match", postTag)])
        let answered = [(HTTPMethod.options, preflight.status), (.get, notModified.status), (.post, failed.status)]
        #expect(answered.map(\.1) == [204, 304, 412])
        for (method, status) in answered {
            client.app.record(HTTPRequestRecord(method: method, path: "/v1/paging", status: status, bytesIn: 1,
                                                bytesOut: 1, durationNanoseconds: 1, remoteAddress: "127.0.0.1:1"))
        }
        let body = client.get("/metrics").body
        for status in [204, 304, 412] {
            #expect(body.contains(#"parallax_http_requests_total{route="/v1/paging",status="\#(status)"} 1"#), "\(status)")
        }
        #expect(!body.contains(#"status="other""#))
    }

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
                      .unsupportedMediaType, .inputBudgetSpent])
    func engineStatusesAreCounted(_ kind: HTTPEngineError.Kind) {
        let code = HTTPEngineError(kind: kind, detail: "").status.code
        #expect(ServiceMetrics.statuses.contains(code))
    }
}
