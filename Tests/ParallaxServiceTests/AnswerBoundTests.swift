import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// docs/api.md#limits: names are bounded by `--max-name-bytes` and every answer by
/// `--max-answer-bytes`, judged from its estimate before any byte is made; over either, a 422
/// that names the limit and says how to stay under it.
@Suite struct AnswerBoundTests {
    let big = #"{"viewport":{"width":390,"height":844},"pageCount":2000,"include":"all","layers":[{"name":"a","travel":5},{"name":"b","travel":9}]}"#

    @Test func anAnswerOverTheBoundIs422BeforeAnyByteIsMade() throws {
        let client = try Client(arguments: ["--max-answer-bytes", "100000"])
        let reply = client.post("/v1/paging", big)
        #expect(reply.status == 422)
        #expect(reply.body.contains(#"{"pointer":"","message":"the answer would be about "#))
        #expect(reply.body.contains("at most 100000 (--max-answer-bytes): ask for fewer pages"))
    }

    @Test func theSameRequestUnderTheDefaultBoundIsAnswered() throws {
        let reply = Client().post("/v1/paging", big)
        #expect(reply.status == 200)
        // The estimate the bound is judged on is not below the answer (a bound, not a guess).
        let client = try Client(arguments: ["--max-answer-bytes", "\(reply.body.utf8.count)"])
        #expect(client.post("/v1/paging", big).status == 422)
    }

    @Test func keyframesAndScrollAnswersAreBoundedToo() throws {
        let client = try Client(arguments: ["--max-answer-bytes", "2000"])
        let keyframes = #"{"viewport":{"width":390,"height":844},"pageCount":40,"layers":[{"name":"bg","travel":20}]}"#
        #expect(client.post("/v1/paging/keyframes", keyframes).status == 422)
        let elements = (0..<20).map { #"{"name":"e\#($0)","frame":{"x":0,"y":\#($0 * 100),"width":50,"height":50},"speed":1}"# }
        let scroll = #"{"viewport":{"width":390,"height":844},"elements":[\#(elements.joined(separator: ","))]}"#
        #expect(client.post("/v1/scroll", scroll).status == 422)
        #expect(Client().post("/v1/scroll", scroll).status == 200)
    }

    @Test func aLongNameIs422WithItsPointerAndTheFlag() throws {
        let name = String(repeating: "n", count: 300)
        let body = #"{"viewport":{"width":390,"height":844},"pageCount":3,"layers":[{"name":"\#(name)","travel":5}]}"#
        let reply = Client().post("/v1/paging", body)
        #expect(reply.status == 422)
        #expect(reply.body.contains(#"{"pointer":"/layers/0/name","message":"must be at most 256 bytes (UTF-8), not 300 (--max-name-bytes)"}"#))
        #expect(try Client(arguments: ["--max-name-bytes", "300"]).post("/v1/paging", body).status == 200)
    }

    @Test func aDuplicateNameIs422AtTheSecondForEveryRoute() {
        let layers = #""layers":[{"name":"bg","travel":5},{"name":"bg","travel":9}]"#
        for path in ["/v1/paging", "/v1/paging/keyframes"] {
            let reply = Client().post(path, #"{"viewport":{"width":390,"height":844},"pageCount":3,\#(layers)}"#)
            #expect(reply.status == 422)
            #expect(reply.body.contains(#"{"pointer":"/layers/1/name","message":"must differ from the name of /layers/0/name: names are unique"}"#))
        }
        let e = #"{"name":"x","frame":{"x":0,"y":0,"width":5,"height":5}}"#
        let reply = Client().post("/v1/scroll/keyframes", #"{"viewport":{"width":390,"height":844},"elements":[\#(e),\#(e)],"format":"css"}"#)
        #expect(reply.status == 422)
        #expect(reply.body.contains(#""pointer":"/elements/1/name""#))
    }
}
