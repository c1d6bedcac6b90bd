import Foundation
import HTTPServer
import Testing
@testable import ParallaxService

@Suite struct AccessLogTests {
    let record = HTTPRequestRecord(method: .post, path: "/v1/paging\"\n", status: 422, bytesIn: 120,
                                   bytesOut: 300, durationNanoseconds: 1_234_567, remoteAddress: "127.0.0.1:5000")
    let fields = AccessLog.Fields(route: "/v1/paging", client: "203.0.113.7", userAgent: "curl/8.5\u{1}")

    /// docs/operations.md#logs: one JSON shape, time, level and event first, every client-controlled
    /// value escaped.
    @Test func jsonLinesHaveTheOneShapeAndEscapeTheClientsBytes() {
        var out = ByteBuffer()
        AccessLog.render(record, fields, format: .json, into: &out)
        let line = out.description
        #expect(line.hasPrefix(#"{"time":"20"#))
        #expect(line.hasSuffix(#"Z","level":"info","event":"request","method":"POST","route":"/v1/paging","path":"/v1/paging\"\n","status":422,"bytesIn":120,"bytesOut":300,"durationMs":1.234,"client":"203.0.113.7","peer":"127.0.0.1:5000","userAgent":"curl/8.5\u0001","requestId":null,"traceId":null,"parentId":null,"tracestate":null}"# + "\n"))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func absentFieldsAreNullAndA5xxIsAnError() {
        var failed = record
        failed.status = 503
        var out = ByteBuffer()
        AccessLog.render(failed, AccessLog.Fields(), format: .json, into: &out)
        let line = out.description
        #expect(line.contains(#""level":"error","event":"request""#))
        #expect(line.contains(#""route":"unmatched""#))
        #expect(line.contains(#""client":"127.0.0.1:5000","peer":"127.0.0.1:5000","userAgent":null,"requestId":null,"traceId":null,"parentId":null,"tracestate":null}"#))
    }

    /// docs/operations.md#request-ids: the id and the trace received, in both formats.
    @Test func theIdAndTheTraceAreInTheRecord() {
        var f = fields
        f.requestId = "abc-1"
        f.trace = TraceContext.parse(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", tracestate: "rojo=1")
        #expect(f.trace != nil)
        var out = ByteBuffer()
        AccessLog.render(record, f, format: .json, into: &out)
        #expect(out.description.hasSuffix(#""requestId":"abc-1","traceId":"4bf92f3577b34da6a3ce929d0e0e4736","parentId":"00f067aa0ba902b7","tracestate":"rojo=1"}"# + "\n"))
        out.clear()
        AccessLog.render(record, f, format: .text, into: &out)
        #expect(out.description.hasSuffix(#" id=abc-1 trace=4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7"# + "\n"))
    }

    /// Read from a request's head: the trace only when it keeps the W3C rules.
    @Test func fieldsReadTheTraceFromTheHead() {
        func fields(_ headers: [(String, String)]) -> AccessLog.Fields {
            var f = AccessLog.Fields()
            HTTPRequest.with(method: .get, target: "/healthz", headers: [("Host", "h")] + headers, body: []) { request in
                f = AccessLog.Fields(request, route: "/healthz", readsForwarding: false)
            }
            return f
        }
        let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"
        #expect(fields([("traceparent", valid), ("tracestate", "a=1"), ("tracestate", "b=2")]).trace?.tracestate == "a=1, b=2")
        #expect(fields([("traceparent", valid), ("Traceparent", valid)]).trace == nil)
        #expect(fields([("traceparent", valid.uppercased())]).trace == nil)
        #expect(fields([]).trace == nil)
    }

    @Test func longValuesAreCut() {
        var long = record
        long.path = "/" + String(repeating: "a", count: 5000)
        var f = fields
        f.userAgent = String(repeating: "é", count: 1000)
        var out = ByteBuffer()
        AccessLog.render(long, f, format: .json, into: &out)
        let line = out.description
        #expect(line.contains(#""path":"/"# + String(repeating: "a", count: AccessLog.maxPathBytes - 1) + #"…""#))
        #expect(line.contains(#""userAgent":""# + String(repeating: "é", count: AccessLog.maxUserAgentBytes / 2) + #"…""#))
        #expect(line.utf8.count < 2000)
    }

    @Test func textLinesAreOneLineToo() {
        var out = ByteBuffer()
        AccessLog.render(record, fields, format: .text, into: &out)
        let line = out.description
        #expect(line.hasSuffix(#"Z 203.0.113.7 "POST /v1/paging\"\n" 422 in=120 out=300 1.234ms "curl/8.5\u0001""# + "\n"))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }
}

@Suite struct QueryParameterTests {
    private func json(_ q: String) -> String {
        switch QueryParameters.json(from: q[...], checkJSON: { _ in nil }) {
        case .success(let bytes): bytes.description
        case .failure(let e): "error: " + e.issues.map(\.description).joined(separator: "; ")
        }
    }

    /// docs/api.md#the-query-of-a-post: a POST's query is refused whole (422, pointer ""), naming
    /// what it sent, on every model route, never read beside the body nor dropped unsaid; an empty
    /// query (`?` alone) is no query, and the same fields as a GET's query are answered.
    @Test func aPostsQueryIsRefusedWholeNotDropped() throws {
        let body = #"{"viewport":{"width":390,"height":844},"pageCount":3}"#
        let client = Client()
        for route in ["/v1/paging/keyframes", "/v1/paging", "/v1/header/keyframes?x", "/v1/scroll"] {
            let r = client.post(route.contains("?") ? route : route + "?format=css&scope=a&format=json&b=1&c=2", body)
            #expect(r.status == 422, "\(route)")
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(r.bytes)) as? [String: Any])
            let errors = try #require(problem["errors"] as? [[String: String]])
            #expect(errors.count == 1 && errors[0]["pointer"] == "", "\(route)")
            let want = route.contains("?") ? "(it sent x)" : "(it sent format, scope, b, …)"
            #expect(errors[0]["message"]?.contains("the query of a POST is not read " + want) == true, "\(errors)")
        }
        #expect(client.post("/v1/paging?", body).status == 200)
        #expect(client.post("/v1/paging", body).status == 200)
        #expect(client.get("/v1/paging/keyframes?viewport.width=390&viewport.height=844&pageCount=3&format=css").status == 200)
    }

    @Test func dottedNamesBecomeNestedObjects() {
        #expect(json("viewport.width=390&viewport.height=844&pageCount=5") == #"{"viewport":{"width":390,"height":844},"pageCount":5}"#)
    }

    @Test func valuesAreJSONLiteralsOrStrings() {
        #expect(json("a=true&b=null&c=-1.5e%2B3&d=abc&e=&f=01&g=%22q%22") == #"{"a":true,"b":null,"c":-1.5e+3,"d":"abc","e":"","f":"01","g":"\"q\""}"#)
        #expect(json("mode=%63enter+x") == #"{"mode":"center x"}"#)
    }

    @Test func offsetsIsACommaList() {
        #expect(json("offsets=1,2.5,-3") == #"{"offsets":[1,2.5,-3]}"#)
        #expect(json("offsets=") == #"{"offsets":[]}"#)
        #expect(json("offsets=1,x") == #"{"offsets":[1,"x"]}"#)
    }

    /// OpenAPI's default `form` + `explode` style, what generated clients send: a list field
    /// repeated, its items in order; a repetition may itself be a comma list.
    @Test func listFieldsMayBeRepeated() {
        #expect(json("offsets=0&offsets=195&offsets=390") == #"{"offsets":[0,195,390]}"#)
        #expect(json("offsets=0,195&offsets=390") == #"{"offsets":[0,195,390]}"#)
        #expect(json("properties=frame.x&pageCount=2&properties=opacity") == #"{"properties":["frame.x","opacity"],"pageCount":2}"#)
    }

    @Test func aFieldRepeatedManyTimesIsOneIssue() {
        #expect(json("offset=1&offset=2&offset=3&offset=4") == "error: /offset: appears more than once")
        #expect(json("layers=%5B%5D&layers=%5B%5D&layers=%5B%5D") == "error: /layers: appears more than once")
    }

    @Test func arrayFieldsTakeJSONText() {
        #expect(json("elements=%5B%5D") == #"{"elements":[]}"#)
    }

    @Test func conflictsAreIssues() {
        #expect(json("a=1&a=2") == "error: /a: appears more than once")
        #expect(json("a=1&a.b=2") == "error: /a/b: appears more than once")
        #expect(json("a..b=1") == "error: /a//b: is not a valid parameter name")
    }

    @Test(arguments: ["0", "-0", "1.5", "1e5", "1E-5", "-12.5e+10"])
    func strictJSONNumbers(s: String) { #expect(QueryParameters.isJSONNumber(s)) }

    @Test(arguments: ["", "-", "01", "1.", ".5", "1e", "+1", "0x10", "NaN", "Infinity", "1 "])
    func notJSONNumbers(s: String) { #expect(!QueryParameters.isJSONNumber(s)) }
}
