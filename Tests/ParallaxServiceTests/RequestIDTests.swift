import HTTPServer
import Testing
@testable import ParallaxService

/// docs/operations.md#request-ids: `X-Request-Id` on every answer, the caller's when it is one
/// sane token, else one made here (unique per process and responder).
@Suite struct RequestIDTests {
    /// The form of a made id: 12 hex digits, the responder's number, the counter in decimal.
    static func isMade(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        let hex = "0123456789abcdef"
        return parts.count == 3 && parts[0].count == 12 && parts[0].allSatisfy(hex.contains)
            && !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber)
            && !parts[2].isEmpty && parts[2].allSatisfy(\.isNumber) && parts[2].first != "0"
    }

    static let small = "/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offset=0"

    @Test func madeIdsAreThePrefixAndTheCounter() {
        let ids = RequestIDs(worker: 7, processTag: 0xABC)
        #expect(ids.string(.made(1)) == "000000000abc-7-1")
        #expect(ids.string(.made(10)) == "000000000abc-7-10")
        #expect(ids.string(.made(UInt64.max)) == "000000000abc-7-18446744073709551615")
        #expect(ids.string(.caller("abc")) == "abc")
        #expect(RequestIDs.processTag < 1 << 48)
        // The field written is the string logged: an id made before the last (a refusal decided
        // later) from its text, the last one from the counted line.
        var response = HTTPResponse()
        ids.stamp(made: 12345, &response)
        #expect(response.headers.map { "\($0.name): \($0.value)" } == ["X-Request-Id: 000000000abc-7-12345"])
        for n in 1...101 {
            let made = ids.next()
            var response = HTTPResponse()
            ids.stamp(made: made, &response)
            if n > 1 { ids.stamp(made: made - 1, &response) }
            let want = ["X-Request-Id: " + ids.string(.made(UInt64(n)))] + (n > 1 ? ["X-Request-Id: " + ids.string(.made(UInt64(n - 1)))] : [])
            #expect(made == UInt64(n) && response.headers.map { "\($0.name): \($0.value)" } == want)
        }
    }

    @Test func everyAnswerHasADistinctMadeIdAndTwoRespondersNeverMeet() {
        let a = Client(), b = Client()
        var seen: Set<String> = []
        for client in [a, b] {
            for target in ["/healthz", Self.small, "/nowhere", "/v1/parallax.js"] {
                let id = client.get(target).header("X-Request-Id") ?? ""
                #expect(Self.isMade(id), "\(target): \(id)")
                #expect(seen.insert(id).inserted, "\(id) given twice")
            }
        }
    }

    @Test func theCallersIdIsEchoedWhenSane() {
        let client = Client()
        for id in ["abc", "0f8fad5b-d9cb-469f-a165-70867728950e", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "Root=1-5759e988", "a+b/c=",
                   "svc@edge:1.2~x_y", String(repeating: "z", count: RequestIDs.maxCallerBytes)] {
            #expect(client.call(.get, "/healthz", headers: [("X-Request-Id", id)]).header("X-Request-Id") == id)
            #expect(client.call(.get, "/healthz", headers: [("x-request-id", id)]).header("X-Request-Id") == id)
        }
    }

    /// Too long, empty, spaces, quotes, a comma (two ids joined), control bytes, non-ASCII, or
    /// sent twice: the server's own id instead, never an error.
    @Test func anInsaneOrRepeatedIdIsReplaced() {
        let client = Client()
        for id in [String(repeating: "z", count: RequestIDs.maxCallerBytes + 1), "", "a b", "\"q\"", "a,b", "a;b",
                   "tab\there", "é", "<script>", "a\u{7F}"] {
            let r = client.call(.get, "/healthz", headers: [("X-Request-Id", id)])
            #expect(r.status == 200)
            #expect(Self.isMade(r.header("X-Request-Id") ?? ""), "\(id.debugDescription)")
        }
        let twice = client.call(.get, "/healthz", headers: [("X-Request-Id", "a"), ("X-Request-Id", "b")])
        #expect(Self.isMade(twice.header("X-Request-Id") ?? ""))
        #expect(twice.headers.filter { $0.name == "X-Request-Id" }.count == 1)
    }

    /// 304, 412, 405, 404, 422, 415, a preflight, a document: each ends with its id.
    @Test func everyKindOfAnswerCarriesIt() throws {
        let client = Client()
        let tag = try #require(client.get(Self.small).header("ETag"))
        let body = #"{"viewport":{"width":390,"height":844},"pageCount":2}"#
        let postTag = try #require(client.post("/v1/paging", body).header("ETag"))
        let answers = [
            client.call(.get, Self.small, headers: [("If-None-Match", tag), ("X-Request-Id", "r-304")]),
            client.call(.post, "/v1/paging", body, headers: [("If-None-Match", postTag), ("X-Request-Id", "r-412")]),
            client.call(.post, "/healthz", "{}", headers: [("X-Request-Id", "r-405")]),
            client.call(.get, "/v9", headers: [("X-Request-Id", "r-404")]),
            client.call(.get, "/v1/paging?pageCount=x", headers: [("X-Request-Id", "r-422")]),
            client.call(.post, "/v1/paging", "{}", contentType: "text/plain", headers: [("X-Request-Id", "r-415")]),
            client.call(.options, "/v1/paging", headers: [("Origin", "https://a.example"), ("X-Request-Id", "r-204")]),
            client.call(.get, "/", headers: [("X-Request-Id", "r-200")]),
        ]
        #expect(answers.map(\.status) == [304, 412, 405, 404, 422, 415, 204, 200])
        for r in answers {
            #expect(r.headers.last?.name == "X-Request-Id")
            #expect(r.header("X-Request-Id") == "r-\(r.status)")
        }
    }

    /// A fluid stylesheet refused while it prepares (after `respond`) keeps the request's id.
    @Test func aRefusalDecidedLaterKeepsTheId() {
        let client = Client(streamThreshold: 0)
        let target = "/v1/paging/keyframes?pageCount=40&layers=%5B%7B%22name%22:%22a%22,%22travel%22:500%7D%5D&format=css"
        let r = client.call(.get, target, headers: [("X-Request-Id", "late-1")])
        #expect(r.status == 422)
        #expect(r.header("X-Request-Id") == "late-1")
        #expect(r.header("Access-Control-Allow-Origin") == "*")
        let made = client.get(target)
        #expect(made.status == 422 && Self.isMade(made.header("X-Request-Id") ?? ""))
    }

    @Test func engineErrorsGetAMadeId() {
        let app = Client().app
        var ids: Set<String> = []
        for kind in [HTTPEngineError.Kind.malformed, .headersTooLarge, .unavailable, .responseHeaderRefused] {
            var response = HTTPResponse()
            app.respond(to: HTTPEngineError(kind: kind, detail: "x"), into: &response)
            let id = response.headers.last { $0.name == "X-Request-Id" }?.value ?? ""
            #expect(Self.isMade(id), "\(kind)")
            #expect(ids.insert(id).inserted)
        }
    }
}

/// W3C Trace Context (https://www.w3.org/TR/trace-context/): what is kept, what is ignored.
@Suite struct TraceContextTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test func aValidParentIsRead() throws {
        let t = try #require(TraceContext.parse(traceparent: Self.valid, tracestate: nil))
        #expect(t.traceId == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(t.parentId == "00f067aa0ba902b7")
        #expect(t.flags == 1)
        #expect(t.tracestate == nil)
        // A later version may add fields after a dash; its first four are read as version 00's.
        #expect(TraceContext.parse(traceparent: "cc" + Self.valid.dropFirst(2) + "-what-comes", tracestate: nil)?.traceId == t.traceId)
        #expect(TraceContext.parse(traceparent: "01" + Self.valid.dropFirst(2), tracestate: nil) != nil)
    }

    @Test func malformedParentsAreIgnored() {
        let bad = [
            "", "00", Self.valid + "-", Self.valid + "x", String(Self.valid.dropLast()),
            Self.valid.uppercased(),                                        // hex is lowercase
            "ff" + Self.valid.dropFirst(2),                                 // version ff
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",      // zero trace id
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",      // zero parent id
            "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01",      // not hex
            "00_4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "01" + Self.valid.dropFirst(2) + "x",                           // a later version: a dash must follow
            Self.valid + ", " + Self.valid,                                 // sent twice
            String(repeating: "0", count: 4096),
        ]
        for text in bad {
            #expect(TraceContext.parse(traceparent: text, tracestate: "a=b") == nil, "\(text)")
        }
        #expect(TraceContext.parse(traceparent: nil, tracestate: "a=b") == nil)
    }

    @Test func tracestateIsKeptOnlyWhenItKeepsTheRules() {
        func state(_ s: String) -> String? { TraceContext.parse(traceparent: Self.valid, tracestate: s)?.tracestate }
        #expect(state("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE") == "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE")
        #expect(state("a=1, ,b@vendor=2") == "a=1, ,b@vendor=2")
        for bad in ["", "novalue", "A=1", "a=1,a=2", "a=b=c", "a=x\ty", "1a=b", "a@b@c=1", "a=\u{1}",
                    (0...32).map { "k\($0)=v" }.joined(separator: ","), "a=" + String(repeating: "v", count: 600)] {
            #expect(state(bad) == nil, "\(bad)")
            // A bad tracestate never spoils the parent.
            #expect(TraceContext.parse(traceparent: Self.valid, tracestate: bad)?.traceId == "4bf92f3577b34da6a3ce929d0e0e4736")
        }
        #expect(state((1...32).map { "k\($0)=v" }.joined(separator: ",")) != nil)
    }

    /// Never an error: the answer is the same with any trace header.
    @Test func traceHeadersNeverChangeTheAnswer() {
        let client = Client()
        let plain = client.get(RequestIDTests.small)
        for headers in [[("traceparent", Self.valid), ("tracestate", "a=1")], [("traceparent", "garbage")],
                        [("traceparent", Self.valid), ("traceparent", Self.valid)], [("tracestate", String(repeating: ",", count: 5000))]] {
            let r = client.call(.get, RequestIDTests.small, headers: headers)
            #expect(r.status == 200 && r.bytes == plain.bytes && r.header("ETag") == plain.header("ETag"))
        }
    }
}
