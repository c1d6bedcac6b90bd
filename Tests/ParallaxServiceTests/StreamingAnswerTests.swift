import TestSupport
import HTTPServer
import Testing
@testable import ParallaxService

/// Streamed answers (docs/operations.md#bounded-memory): a large answer is produced piece by piece as the socket drains,
/// and its bytes are exactly those of the same answer written whole.
@Suite struct StreamingAnswerTests {
    static let vp = #""viewport":{"width":390,"height":844}"#

    @Test func largeAnswersAreStreamedAndSmallOnesWrittenWhole() {
        let client = Client()
        let small = client.post("/v1/paging", "{\(Self.vp),\"pageCount\":5,\"pageSpacing\":16,\"offset\":203,\"layers\":[{\"name\":\"background\",\"travel\":120}]}")
        #expect(small.status == 200 && !small.streamed)
        let all = client.post("/v1/paging", "{\(Self.vp),\"pageCount\":10000,\"include\":\"all\"}")
        #expect(all.status == 200 && all.streamed)
        #expect(all.body.hasPrefix(#"{"axis":"horizontal","stride":390,"#) && all.body.hasSuffix("]}]}"))
        let timeline = client.post("/v1/scroll", "{\(Self.vp),\"offsets\":[\(Array(repeating: "10", count: 200).joined(separator: ","))],\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":900,\"width\":390,\"height\":200}}]}")
        #expect(timeline.status == 200 && timeline.streamed)
        // An invalid request is a problem, never a stream.
        let invalid = client.post("/v1/paging", "{\(Self.vp),\"pageCount\":20000,\"include\":\"all\"}")
        #expect(invalid.status == 422 && !invalid.streamed)
    }

    @Test func streamedBytesEqualWholeBytesForRandomRequests() {
        let whole = Client(streamThreshold: .max)
        let streamed = Client(streamThreshold: 0)
        var rng = SplitMix64(seed: 0x57AE_A11)
        for _ in 0..<300 {
            let (path, body) = rng.request()
            let a = whole.post(path, body)
            var limits = rng
            let b = Self.streamedReply(streamed, path, body) { Int(limits.next() % 20_000) + 1 }
            rng.state &+= 1
            #expect(a.status == 200, "\(body) → \(a.body.prefix(300))")
            #expect(!a.streamed)
            #expect(b.streamed)
            if a.bytes != b.bytes { Issue.record("differs for \(path) \(body)"); return }
        }
    }

    private static func streamedReply(_ client: Client, _ path: String, _ body: String, limit: () -> Int) -> Client.Reply {
        var response = HTTPResponse()
        HTTPRequest.with(method: .post, target: path, headers: [("Host", "t"), ("Content-Type", "application/json")],
                         body: Array(body.utf8)) { client.app.respond(to: $0, into: &response) }
        return Client.Reply(status: response.status.code, contentType: response.contentType, headers: response.headers,
                            bytes: client.drain(response, limits: limit), streamed: response.producer != nil)
    }
}

/// Random valid requests for the three models.
private extension SplitMix64 {
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func bool() -> Bool { next() & 1 == 1 }
    mutating func number() -> String { ["0", "12.5", "-40", "203", "0.1", "1e3", "3.333", "-0.25", "799.9"][int(9)] }

    mutating func offsets() -> String {
        "[" + (0..<(1 + int(12))).map { _ in number() }.joined(separator: ",") + "]"
    }

    mutating func request() -> (String, String) {
        let vp = #""viewport":{"width":\#(100 + int(400)),"height":\#(100 + int(800))}"#
        switch int(3) {
        case 0:
            var fields = [vp, "\"pageCount\":\(3 + int(60))", "\"pageSpacing\":\(int(20))"]
            let infinite = int(4) == 0
            if infinite { fields.append("\"infinite\":true") }
            switch int(3) {
            case 0: fields.append("\"offset\":\(number())")
            case 1: fields.append("\"offsets\":\(offsets())")
            default: fields.append("\"page\":\(int(3))")
            }
            switch int(3) {
            case 0 where !infinite: fields.append("\"include\":\"all\"")
            case 1: fields.append("\"range\":{\"from\":\(int(5)),\"to\":\(5 + int(10))}")
            default: break
            }
            if bool() { fields.append("\"direction\":\"rtl\"") }
            if bool() { fields.append("\"axis\":\"vertical\"") }
            if bool() { fields.append("\"velocity\":\(number())") }
            if bool() { fields.append("\"previousOffset\":\(number())") }
            if bool() { fields.append("\"pixelScale\":\(1 + int(3))") }
            let layers = (0..<int(4)).map { i in
                var l = ["\"name\":\"layer \\\"\(i)\\\"\"", "\"travel\":\(number())"]
                if bool() { l.append("\"fit\":\"cover\"") }
                if bool() { l.append("\"opacity\":{\"min\":0.25}") }
                if bool() { l.append("\"scale\":{\"min\":0.5}") }
                if bool() { l.append("\"content\":{\"width\":300,\"height\":500}") }
                return "{" + l.joined(separator: ",") + "}"
            }
            if !layers.isEmpty { fields.append("\"layers\":[" + layers.joined(separator: ",") + "]") }
            return ("/v1/paging", "{" + fields.joined(separator: ",") + "}")
        case 1:
            var fields = [vp, "\"header\":{\"height\":\(50 + int(200)),\"minHeight\":\(int(50))}"]
            fields.append(bool() ? "\"offsets\":\(offsets())" : "\"offset\":\(number())")
            if bool() { fields.append("\"content\":{\"width\":400,\"height\":300}") }
            if bool() { fields.append("\"mode\":\"center\"") }
            return ("/v1/header", "{" + fields.joined(separator: ",") + "}")
        default:
            var fields = [vp]
            fields.append(bool() ? "\"offsets\":\(offsets())" : "\"offset\":\(number())")
            let elements = (0..<int(30)).map { i in
                "{\"name\":\"e\(i)\",\"frame\":{\"x\":0,\"y\":\(i * 100),\"width\":300,\"height\":80}"
                    + (bool() ? ",\"speed\":\(number())" : ",\"opacity\":[0,1],\"easing\":\"easeInOut\"") + "}"
            }
            fields.append("\"elements\":[" + elements.joined(separator: ",") + "]")
            return ("/v1/scroll", "{" + fields.joined(separator: ",") + "}")
        }
    }
}
