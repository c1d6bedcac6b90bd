import HTTPServer
import Testing
@testable import ParallaxService

/// `/metrics` counts every status the service sends under its own `status` label
/// (docs/operations.md#metrics): the preflight's 204 and the validators' 304 and 412 included, so
/// a dashboard tells revalidations from errors instead of seeing them all as `other`.
@Suite struct MetricsStatusTests {
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
}
