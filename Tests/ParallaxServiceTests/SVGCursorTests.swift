import TestSupport
import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// The pictures are cursors (Output/SVG/SVGPicture.swift): a picture written whole (under the
/// stream threshold) and the same picture streamed as the socket drains, with random limits per
/// call, are the same bytes, for random requests of the three models (docs/operations.md#bounded-memory).
@Suite struct SVGCursorTests {
    @Test func streamedPicturesEqualWholePictures() {
        let whole = Client(streamThreshold: .max)
        let streamed = Client(streamThreshold: 0)
        var rng = SplitMix64(seed: 0x5A6_C0FF)
        var compared = 0
        for _ in 0..<240 {
            let (path, body) = rng.pictureRequest()
            let a = whole.post(path, body)
            var limits = rng
            var response = HTTPResponse()
            HTTPRequest.with(method: .post, target: path, headers: [("Host", "t"), ("Content-Type", "application/json")],
                             body: Array(body.utf8)) { streamed.app.respond(to: $0, into: &response) }
            let b = streamed.drain(response, limits: { Int(limits.next() % 20_000) + 1 })
            rng.state &+= 1
            #expect(a.status == 200, "\(body) → \(a.body.prefix(600))")
            #expect(a.contentType == "image/svg+xml" && !a.streamed && response.producer != nil)
            #expect(a.body.hasPrefix("<svg ") && a.body.hasSuffix("</svg>\n"))
            if a.bytes != b { Issue.record("differs for \(path) \(body)"); return }
            compared += 1
        }
        #expect(compared == 240)
    }

    /// The largest picture (24 pages of 32 layers with 256-byte names, ~0.5 MB) is streamed by the
    /// default threshold, in pieces far smaller than one produce call's limit.
    @Test func theLargestPictureIsStreamedInSmallPieces() throws {
        let client = Client()
        let name = String(repeating: "n", count: 254)  // with two digits: the --max-name-bytes limit
        let layers = (0..<32).map { #"{"name":"\#(name)\#(10 + $0)","travel":\#(10 + $0),"opacity":{"min":0.5},"scale":{"min":0.8}}"# }
        let body = #"{"viewport":{"width":390,"height":844},"pageCount":10000,"include":"all","format":"svg","layers":[\#(layers.joined(separator: ","))]}"#
        let r = client.post("/v1/paging", body)
        #expect(r.status == 200 && r.streamed && r.contentType == "image/svg+xml")
        #expect(r.bytes.count > 400_000 && r.body.hasSuffix("</svg>\n"))
        // Piece by piece: none is more than a few KiB (a layer, a label with four names).
        var picture = try #require(try? PagingInput(viewport: Size(width: 390, height: 844), pageCount: 10000,
                                                     layers: (0..<32).map { .init(name: name + "\(10 + $0)", travel: Double(10 + $0)) },
                                                     include: .all).picture(limits: .standard))
        var buffer = ByteBuffer(), largest = 0, pieces = 0
        JSONWriter.write(into: &buffer) { w in
            while true {
                let before = w.writerIndex
                guard picture.writeNext(&w) else { break }
                largest = max(largest, w.writerIndex - before)
                pieces += 1
            }
        }
        #expect(buffer.readableBytes > 300_000 && pieces > 24 * 32 * 2)
        #expect(largest < 8 * 1024, "largest piece \(largest) bytes")
    }

    /// A streamed picture keeps the representation fields of a whole one (docs/api.md#caching): the
    /// tag of the request, `Cache-Control` on GET, a 304 for a matching `If-None-Match` (no
    /// body, no producer), HEAD's fields without a body, and gzip when asked.
    @Test func aStreamedPictureKeepsItsTagsAndConditionalAnswers() {
        let target = "/v1/paging?viewport.width=390&viewport.height=844&pageCount=10000&include=all&format=svg"
        let client = Client(), whole = Client(streamThreshold: .max)
        let a = client.get(target), b = whole.get(target)
        #expect(a.status == 200 && a.streamed && !b.streamed && a.bytes == b.bytes)
        #expect(a.contentType == "image/svg+xml" && a.header("Cache-Control") == b.header("Cache-Control"))
        let tag = a.header("ETag")
        #expect(tag != nil && tag == b.header("ETag"))
        let notModified = client.call(.get, target, headers: [("If-None-Match", tag ?? "")])
        #expect(notModified.status == 304 && notModified.bytes.isEmpty && !notModified.streamed)
        #expect(notModified.header("ETag") == tag)
        let head = client.call(.head, target)
        #expect(head.status == 200 && head.header("ETag") == tag && head.contentType == "image/svg+xml")
        let gzip = client.call(.get, target, headers: [("Accept-Encoding", "gzip")])
        #expect(gzip.streamed && gzip.header("Content-Encoding") == "gzip" && gzip.header("ETag") != tag)
    }
}

/// Random valid picture requests of the three models: many pages (the nearest-window), ranges,
/// carousels, infinite, rtl, vertical, layer effects; header modes and contents; many scroll
/// elements (past the card limit) with every effect. Each optional field is drawn from a list.
extension SplitMix64 {
    mutating func pick(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func value() -> String { ["0", "12.5", "-40", "203", "0.1", "1e3", "3.333", "-0.25", "799.9", "-900", "1e5"][pick(11)] }
    /// Each of `options`, with probability 1/2.
    mutating func some(_ options: [String]) -> [String] { options.filter { _ in next() & 1 == 1 } }
    /// One of `options`, or none when it is "".
    mutating func one(_ options: [String]) -> [String] { [options[pick(options.count)]].filter { !$0.isEmpty } }
    func object(_ fields: [String]) -> String { "{" + fields.joined(separator: ",") + "}" }

    mutating func pictureRequest() -> (String, String) {
        let base = [#""viewport":{"width":\#(100 + pick(900)),"height":\#(100 + pick(900))}"#, #""format":"svg""#]
        let model = pick(3)
        if model == 0 {
            let infinite = pick(4) == 0
            let pages = 3 + pick(pick(2) == 0 ? 60 : 3000)
            let position = one([#""offset":\#(value())"#, #""page":\#(pick(40))"#, #""currentPage":\#(pick(3))"#])
            let range = #""range":{"from":\#(pick(5) - 2),"to":\#(5 + pick(80))}"#
            let selection = one(infinite ? [range, "", "", ""] : [#""include":"all""#, range, "", ""])
            let shape = some([#""direction":"rtl""#, #""axis":"vertical""#, #""pixelScale":\#(1 + pick(3))"#, #""motionScale":0.5"#])
                + one([#""pageSize":\#(60 + pick(40))"#, #""pageSize":{"fraction":0.8}"#, ""])
                + one([#""align":"center""#, #""align":"start""#, ""])
            let layers = (0..<pick(7)).map { i in
                object([#""name":"layer <\#(i)> & \"q\"""#, #""travel":\#(value())"#] + some([
                    #""fit":"cover""#, #""opacity":{"min":0.25}"#, #""scale":{"min":0.5}"#, #""content":{"width":300,"height":500}"#]))
            }
            let fields = base + [#""pageCount":\#(pages)"#, #""pageSpacing":\#(pick(20))"#] + (infinite ? [#""infinite":true"#] : [])
                + position + selection + shape + (layers.isEmpty ? [] : [#""layers":[\#(layers.joined(separator: ","))]"#])
            return ("/v1/paging", object(fields))
        }
        if model == 1 {
            let header = #""header":{"height":\#(50 + pick(400)),"minHeight":\#(pick(60))}"#
            let content = #""content":{"width":\#(100 + pick(1200)),"height":\#(100 + pick(800))}"#
            let options = some([content, #""stretch":false"#, #""motionScale":0.25"#])
                + one([#""mode":"fill""#, #""mode":"center""#, #""mode":"top""#, ""])
            return ("/v1/header", object(base + [header, #""offset":\#(value())"#] + options))
        }
        let elements = (0..<pick(pick(4) == 0 ? 120 : 12)).map { i in
            let frame = #""frame":{"x":\#(pick(200)),"y":\#(i * (40 + pick(80))),"width":\#(20 + pick(300)),"height":\#(20 + pick(200))}"#
            return object([#""name":"e\#(i) <&>""#, frame] + some([
                #""speed":\#(value())"#, #""opacity":[0,1]"#, #""scale":[0.5,1.5]"#, #""rotate":[-20,30]"#, #""easing":"easeInOut""#]))
        }
        let options = some([#""axis":"horizontal""#, #""motionScale":0.5"#])
        return ("/v1/scroll", object(base + [#""offset":\#(value())"#] + options + [#""elements":[\#(elements.joined(separator: ","))]"#]))
    }
}
