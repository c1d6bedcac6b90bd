import HTTPServer
import Testing
@testable import ParallaxService

/// docs/api.md error statuses, all as RFC 9457 problems from one place.
@Suite struct ErrorTests {
    let client = Client()

    @Test func malformedJSONSaysWhere() {
        let r = client.post("/v1/paging", #"{"viewport": {"width": 390,, }"#)
        #expect(r.status == 400)
        #expect(r.contentType == "application/problem+json")
        #expect(r.body == #"{"type":"/problems/malformed-json","title":"Malformed JSON","status":400,"detail":"unexpected character, expected a string for object key at byte 27"}"#)
        #expect(client.post("/v1/paging", "").body.contains("at byte 0"))
        #expect(client.post("/v1/paging", "{} x").status == 400)
        #expect(client.post("/v1/paging", "\u{FF}").status == 400)
    }

    @Test func unknownPathIs404() {
        let r = client.get("/v2/paging")
        #expect(r.status == 404)
        #expect(r.body.hasPrefix(#"{"type":"about:blank","title":"Not Found","status":404,"#))
        #expect(client.get("/v1/paging/").status == 404)
    }

    /// RFC 9112 §3.2: a request-target has no fragment; one that carries it names no route and
    /// is a 400 that does not echo it (it was a 404 that did).
    @Test func aFragmentInTheTargetIs400WithoutEchoingIt() {
        for target in ["/healthz#top", "/v1/paging#<script>", "/#"] {
            let r = client.get(target)
            #expect(r.status == 400)
            #expect(r.body == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"a request-target carries no fragment (RFC 9112 §3.2): send the URL without its #…"}"#)
        }
        #expect(client.get("/v2/paging").body.contains("no resource at /v2/paging"))
    }

    @Test func wrongMethodIs405WithAllow() {
        let r = client.call(.delete, "/v1/paging")
        #expect(r.status == 405)
        #expect(r.header("Allow") == "GET, HEAD, POST, OPTIONS")
        #expect(client.call(.post, "/healthz", "{}").header("Allow") == "GET, HEAD, OPTIONS")
        #expect(client.call(.put, "/metrics", "{}").status == 405)
        #expect(client.call(.other("PROPFIND"), "/openapi.yaml").status == 405)
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/xml", "json"])
    func nonJSONContentTypeIs415(type: String) {
        let r = client.call(.post, "/v1/paging", "{}", contentType: type)
        #expect(r.status == 415)
        #expect(r.contentType == "application/problem+json")
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8",
                      "application/merge-patch+json", "application/problem+json"])
    func jsonContentTypesAreAccepted(type: String) {
        #expect(client.call(.post, "/v1/paging", EndpointTests.specPaging, contentType: type).status == 200)
    }

    /// docs/api.md#errors: a body is JSON only when its Content-Type says so.
    @Test func missingContentTypeIs415() {
        let reply = client.call(.post, "/v1/paging", EndpointTests.specPaging, contentType: nil)
        #expect(reply.status == 415)
        #expect(reply.body.contains("a POST body needs Content-Type: application/json"))
    }

    @Test(arguments: [
        (HTTPEngineError.Kind.malformed, 400, "Bad Request"), (.headersTooLarge, 431, "Request Header Fields Too Large"),
        (.bodyTooLarge, 413, "Content Too Large"), (.requestTimeout, 408, "Request Timeout"),
        (.unavailable, 503, "Service Unavailable"), (.expectationFailed, 417, "Expectation Failed"),
        (.versionNotSupported, 505, "HTTP Version Not Supported"), (.responseHeaderRefused, 500, "Internal Server Error"),
    ])
    func engineErrorsAreProblems(kind: HTTPEngineError.Kind, status: Int, title: String) {
        var response = HTTPResponse()
        client.app.respond(to: HTTPEngineError(kind: kind, detail: "why \"quoted\""), into: &response)
        #expect(response.status.code == status)
        #expect(response.contentType == "application/problem+json")
        #expect(String(decoding: response.bytes.bytes, as: UTF8.self)
                == #"{"type":"about:blank","title":"\#(title)","status":\#(status),"detail":"why \"quoted\""}"#)
    }

    /// A body refused by the input budget is a 503 that says when to come back (RFC 9110 §10.2.3).
    @Test func aBodyOverTheInputBudgetIs503WithRetryAfter() {
        var response = HTTPResponse()
        client.app.respond(to: HTTPEngineError(kind: .inputBudgetSpent, detail: "over budget"), into: &response)
        #expect(response.status.code == 503)
        #expect(response.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        #expect(String(decoding: response.bytes.bytes, as: UTF8.self)
                == #"{"type":"about:blank","title":"Service Unavailable","status":503,"detail":"over budget"}"#)
    }

    @Test func invalidRequestListsEveryProblem() {
        let r = client.post("/v1/paging", #"{"viewport":{"width":-390,"height":"x"},"pageCount":2.5,"offset":1e999,"page":1,"bogus":1,"layers":[{"travel":1,"rate":2}]}"#)
        #expect(r.status == 422)
        #expect(r.body == #"{"type":"/problems/invalid-request","title":"Invalid request","status":422,"detail":"7 fields are invalid","errors":[{"pointer":"/viewport/height","message":"must be a number, not a string"},{"pointer":"/bogus","message":"unknown field"},{"pointer":"/viewport/width","message":"must be between 1e-6 and 1e15"},{"pointer":"/pageCount","message":"must be an integer between 1 and 1000000"},{"pointer":"/page","message":"give only one of offset, page, offsets"},{"pointer":"/offset","message":"must be between -1e15 and 1e15"},{"pointer":"/layers/0/rate","message":"give travel or rate, not both"}]}"#)
    }
}

/// Hostile bodies stay cheap and never crash (docs/api.md: no input crashes the process).
@Suite struct HostileInputTests {
    let client = Client()

    @Test func deeplyNestedArraysAreATypeError() {
        let body = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let r = client.post("/v1/paging", body)
        #expect(r.status == 422)
        #expect(r.body.contains(#"{"pointer":"","message":"must be an object, not an array"}"#))
    }

    @Test func manyUnknownKeysAreListedInLinearTime() {
        var body = #"{"viewport":{"width":1,"height":1},"pageCount":1"#
        for i in 0..<50_000 { body += ",\"k\(i)\":0" }
        body += "}"
        let clock = ContinuousClock()
        let start = clock.now
        let r = client.post("/v1/paging", body)
        #expect(clock.now - start < .seconds(5))
        #expect(r.status == 422)
        #expect(r.body.contains(#""detail":"50000 fields are invalid""#))
    }

    @Test func hugeTimelinesAreRejectedByCount() {
        let offsets = (0..<5000).map(String.init).joined(separator: ",")
        let r = client.post("/v1/header", #"{"viewport":{"width":1,"height":1},"header":{"height":1},"offsets":[\#(offsets)]}"#)
        #expect(r.status == 422)
        #expect(r.body.contains(#"{"pointer":"/offsets","message":"must hold 1 to 4096 offsets"}"#))
    }
}
