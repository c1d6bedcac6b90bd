import HTTPServer
import Testing
@testable import ParallaxService

/// Every endpoint of docs/api.md, called without sockets.
@Suite struct EndpointTests {
    let client = Client()
    static let specPaging = #"{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"layers":[{"name":"background","travel":120}],"offset":203}"#

    @Test func pagingAnswersTheSpecExample() {
        let r = client.post("/v1/paging", Self.specPaging)
        #expect(r.status == 200)
        #expect(r.contentType == "application/json")
        #expect(r.body.hasPrefix(#"{"axis":"horizontal","stride":406,"offset":203,"position":0.5,"contentSize":{"width":2030,"height":844},"currentPage":1,"transition":{"from":0,"to":1,"progress":0.5},"snap":{"previous":0,"nearest":406,"next":406},"pages":[{"index":0,"slot":0,"progress":0.5,"visibleFraction":0.4794871794871795,"frame":{"x":8,"y":0,"width":390,"height":844},"viewportFrame":{"x":-203,"y":0,"width":390,"height":844},"layers":[{"name":"background","frame":{"x":60,"y":0,"width":390,"height":844},"viewportFrame":{"x":-143,"y":0,"width":390,"height":844},"clip":{"x":0,"y":0,"width":187,"height":844}}]},{"index":1,"slot":1"#))
    }

    @Test func pagingAtRestHasNullTransitionAndNoOptionalFields() {
        let r = client.post("/v1/paging", #"{"viewport":{"width":100,"height":50},"pageCount":3,"page":1}"#)
        #expect(r.status == 200)
        #expect(r.body.contains(#""transition":null"#))
        #expect(!r.body.contains("events") && !r.body.contains("wrappedOffset") && !r.body.contains("target"))
    }

    @Test func pagingInfiniteCarriesSlotsAndWrappedOffset() {
        let r = client.post("/v1/paging", #"{"viewport":{"width":100,"height":50},"pageCount":3,"infinite":true,"offset":-50,"previousOffset":0,"velocity":10}"#)
        #expect(r.status == 200)
        #expect(r.body.contains(#""wrappedOffset":250"#))
        #expect(r.body.contains(#""slot":-1"#) && r.body.contains(#""index":2"#))
        #expect(r.body.contains(#""events":["#) && r.body.contains(#""target":"#))
    }

    @Test func headerFollowsTheSeedChecks() {
        let r = client.post("/v1/header", #"{"viewport":{"width":390,"height":844},"header":{"height":150},"offsets":[-40,60,150]}"#)
        #expect(r.status == 200)
        #expect(r.body == #"{"frames":[{"header":{"x":0,"y":0,"width":390,"height":190},"image":{"x":0,"y":0,"width":390,"height":190},"contentTop":190,"progress":1.2666666666666666,"collapsed":false,"stretched":true},{"header":{"x":0,"y":0,"width":390,"height":90},"image":{"x":0,"y":0,"width":390,"height":90},"contentTop":90,"progress":0.6,"collapsed":false,"stretched":false},{"header":{"x":0,"y":0,"width":390,"height":0},"image":{"x":0,"y":0,"width":390,"height":0},"contentTop":0,"progress":0,"collapsed":true,"stretched":false}]}"#)
    }

    @Test func headerWithContentHasContentFrame() {
        let r = client.post("/v1/header", #"{"viewport":{"width":390,"height":844},"header":{"height":150},"offset":-40,"content":{"width":1000,"height":500},"mode":"center"}"#)
        #expect(r.status == 200)
        #expect(r.body.contains(#""contentFrame":{"#))
    }

    @Test func scrollAnswersElementsInOrder() {
        let r = client.post("/v1/scroll", #"{"viewport":{"width":390,"height":844},"offset":0,"elements":[{"name":"a","frame":{"x":0,"y":0,"width":390,"height":844},"opacity":[0,1]},{"name":"b","frame":{"x":0,"y":2000,"width":10,"height":10},"speed":1}]}"#)
        #expect(r.status == 200)
        #expect(r.body.hasPrefix(#"{"elements":[{"name":"a","progress":0.5,"progressClamped":0.5,"translate":{"x":0,"y":0},"scale":1,"opacity":0.5,"rotate":0,"#))
        #expect(r.body.contains(#""name":"b""#) && r.body.hasSuffix(#""visible":false}]}"#))
    }

    @Test func timelinesAnswerOneFramePerOffset() {
        let r = client.post("/v1/paging", #"{"viewport":{"width":100,"height":50},"pageCount":3,"offsets":[0,50,100]}"#)
        #expect(r.status == 200)
        #expect(r.body.hasPrefix(#"{"frames":[{"axis":"horizontal""#))
        #expect(r.body.split(separator: #""stride":"#).count == 4)
        let s = client.post("/v1/scroll", #"{"viewport":{"width":100,"height":50},"offsets":[0,1],"elements":[]}"#)
        #expect(s.body == #"{"frames":[{"elements":[]},{"elements":[]}]}"#)
    }

    @Test func getFormMatchesPost() {
        let post = client.post("/v1/paging", #"{"viewport":{"width":390,"height":844},"pageCount":5,"offset":100,"axis":"horizontal"}"#)
        let get = client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=5&offset=100&axis=horizontal")
        #expect(get.status == 200)
        #expect(get.bytes == post.bytes)
        let head = client.call(.head, "/v1/paging?viewport.width=390&viewport.height=844&pageCount=5&offset=100")
        #expect(head.status == 200)
    }

    @Test func getFormTakesCommaListsAndPercentEncoding() {
        let get = client.get("/v1/header?viewport.width=390&viewport.height=844&header.height=150&offsets=-40,60&mode=%63enter")
        let post = client.post("/v1/header", #"{"viewport":{"width":390,"height":844},"header":{"height":150},"offsets":[-40,60],"mode":"center"}"#)
        #expect(get.status == 200 && get.bytes == post.bytes)
        let scroll = client.get("/v1/scroll?viewport.width=390&viewport.height=844")
        #expect(scroll.status == 422)
        #expect(scroll.body.contains(#"{"pointer":"/elements","message":"is required"}"#))
    }

    @Test func healthAndReadiness() {
        #expect(client.get("/healthz").body == #"{"status":"ok"}"#)
        #expect(client.get("/readyz").status == 200)
        let draining = Client(draining: true).get("/readyz")
        #expect(draining.status == 503)
        #expect(draining.contentType == "application/problem+json")
        #expect(Client(draining: true).get("/healthz").status == 200)
    }

    @Test func metricsCountByRoutePatternAndStatus() {
        // Open connections are the engine's count (ServerState), read when rendering.
        let client = Client(openConnections: 7)
        let app = client.app
        _ = client.post("/v1/paging", "{")
        for (path, status) in [("/v1/paging", 200), ("/v1/paging", 200), ("/nope/123", 404), ("/v1/header?x=1", 422)] {
            app.record(HTTPRequestRecord(method: .get, path: path, status: status, bytesIn: 10, bytesOut: 100,
                                         durationNanoseconds: 300_000, remoteAddress: "127.0.0.1:1"))
        }
        var scratch = HTTPResponse()
        app.respond(to: HTTPEngineError(kind: .malformed, detail: "bad"), into: &scratch)
        let text = client.get("/metrics")
        #expect(text.contentType == "text/plain; version=0.0.4; charset=utf-8")
        let body = text.body
        #expect(body.contains(#"parallax_http_requests_total{route="/v1/paging",status="200"} 2"#))
        #expect(body.contains(#"parallax_http_requests_total{route="unmatched",status="404"} 1"#))
        #expect(body.contains(#"parallax_http_requests_total{route="/v1/header",status="422"} 1"#))
        #expect(body.contains(#"parallax_http_request_duration_seconds_bucket{route="/v1/paging",le="0.0005"} 2"#))
        #expect(body.contains(#"parallax_http_request_duration_seconds_count{route="/v1/paging"} 2"#))
        #expect(body.contains("parallax_open_connections 7"))
        #expect(body.contains(#"parallax_parse_errors_total{kind="json"} 1"#))
        #expect(body.contains(#"parallax_parse_errors_total{kind="http"} 1"#))
        #expect(body.contains("parallax_http_bytes_received_total 40"))
        #expect(body.contains("parallax_http_bytes_sent_total 400"))
        #expect(!body.contains("/nope"))
    }

    /// Routed once: the answer carries the route `respond` computed to its record
    /// (`HTTPResponse.label`, the record's path is not matched again); an engine error's answer
    /// has none, and its record is routed from its path.
    @Test func theRecordReusesTheRouteOfItsRequest() {
        let client = Client()
        var response = HTTPResponse()
        HTTPRequest.with(method: .post, target: "/v1/scroll", headers: [("Host", "test"), ("Content-Type", "application/json")],
                         body: Array("{".utf8)) { client.app.respond(to: $0, into: &response) }
        #expect(response.label != nil)
        client.app.record(HTTPRequestRecord(method: .post, path: "/not/matched/again", status: 400, bytesIn: 1,
                                            bytesOut: 1, durationNanoseconds: 1, remoteAddress: "127.0.0.1:1",
                                            label: response.label))
        var scratch = HTTPResponse()
        client.app.respond(to: HTTPEngineError(kind: .bodyTooLarge, detail: "big"), into: &scratch)
        #expect(scratch.label == nil)
        client.app.record(HTTPRequestRecord(method: .post, path: "/v1/header?a=1", status: 413, bytesIn: 1,
                                            bytesOut: 1, durationNanoseconds: 1, remoteAddress: "127.0.0.1:1",
                                            label: scratch.label))
        let body = client.get("/metrics").body
        #expect(body.contains(#"parallax_http_requests_total{route="/v1/scroll",status="400"} 1"#))
        #expect(body.contains(#"parallax_http_requests_total{route="/v1/header",status="413"} 1"#))
        #expect(!body.contains(#"route="unmatched""#))
    }

    @Test func openAPIIsServedFromTheBinary() {
        let r = client.get("/openapi.yaml")
        #expect(r.status == 200)
        #expect(r.contentType == "application/yaml")
        #expect(r.body.hasPrefix("openapi: 3.1"))
    }
}
