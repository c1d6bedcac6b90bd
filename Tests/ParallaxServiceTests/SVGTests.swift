import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// `format: "svg"` and `Accept: image/svg+xml` on the single-offset routes (docs/api.md "Pictures").
@Suite struct SVGTests {
    let client = Client()
    static let paging = #"{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"layers":[{"name":"background","travel":120}],"offset":203"#
    static let header = #"{"viewport":{"width":390,"height":700},"header":{"height":220,"minHeight":64},"offset":-60,"content":{"width":1200,"height":800}"#
    static let scroll = #"{"viewport":{"width":390,"height":700},"offset":300,"elements":[{"name":"hero","frame":{"x":20,"y":100,"width":350,"height":220},"speed":-2},{"name":"card","frame":{"x":40,"y":600,"width":200,"height":140},"scale":[0.6,1.2],"rotate":[-10,10],"opacity":[0.2,1]}]"#

    func call(_ target: String, _ body: String?, accept: String? = nil) -> Client.Reply {
        client.call(body == nil ? .get : .post, target, body, headers: accept.map { [("Accept", $0)] } ?? [])
    }

    @Test(arguments: [("/v1/paging", paging), ("/v1/header", header), ("/v1/scroll", scroll)])
    func formatSVGDrawsEachModel(path: String, body: String) {
        let r = call(path, body + #","format":"svg"}"#)
        #expect(r.status == 200)
        #expect(r.contentType == "image/svg+xml")
        #expect(r.body.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox=""#))
        #expect(r.body.hasSuffix("</svg>\n"))
        #expect(r.body.contains("<title>") && r.body.contains("viewport 390 × "))
        #expect(call(path, body + #","format":"svg"}"#).bytes == r.bytes, "deterministic bytes")
    }

    @Test func pagingPictureShowsPagesLayersClipsAndNeighbours() {
        let r = call("/v1/paging", Self.paging + #","format":"svg"}"#)
        // Pages 0 and 1 are visible at offset 203; page 2 is the neighbour drawn off screen.
        for label in ["page 0 · slot 0", "page 1 · slot 1", "page 2 · slot 2", "background x -60", "off screen"] {
            #expect(r.body.contains(label), "missing \(label)")
        }
        #expect(r.body.contains("<clipPath id=\"c"))
        #expect(r.body.contains("clip-path=\"url(#c"))
        #expect(r.body.contains("position 0.5 · current page 1 · page 0 → 1 at 50%"))
    }

    @Test func headerPictureShowsGuidesAndState() {
        let r = call("/v1/header", Self.header + #","format":"svg"}"#)
        #expect(r.body.contains("header 390 × 280"))
        #expect(r.body.contains("rest height 220") && r.body.contains("min height 64") && r.body.contains("body top 280"))
        #expect(r.body.contains("progress 1.38 · stretched"))
    }

    @Test func scrollPictureShowsEffects() {
        let r = call("/v1/scroll", Self.scroll + #","format":"svg"}"#)
        #expect(r.body.contains(">hero</text>") && r.body.contains(">card</text>"))
        #expect(r.body.contains("rotate("), "the rotated element is drawn rotated about its centre")
        #expect(r.body.contains("2 elements, 2 visible"))
    }

    @Test func namesAreEscapedAsXML() {
        let body = #"{"viewport":{"width":390,"height":700},"elements":[{"name":"<a & \"b\">","frame":{"x":0,"y":0,"width":10,"height":10}}],"format":"svg"}"#
        let r = call("/v1/scroll", body)
        #expect(r.status == 200)
        #expect(r.body.contains("&lt;a &amp; &quot;b&quot;&gt;"))
        #expect(!r.body.contains("<a &"))
    }

    @Test func getTakesFormatAsAQueryParameter() {
        let r = call("/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&page=0.5&format=svg", nil)
        #expect(r.status == 200)
        #expect(r.contentType == "image/svg+xml")
    }

    @Test func acceptHeaderAsksForThePicture() {
        #expect(call("/v1/header", Self.header + "}", accept: "image/svg+xml").contentType == "image/svg+xml")
        // A browser's <img> Accept: svg explicitly, JSON only through */*;q=0.8.
        #expect(call("/v1/header", Self.header + "}", accept: "image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8").contentType == "image/svg+xml")
        #expect(call("/v1/header", Self.header + "}", accept: "*/*").contentType == "application/json")
        #expect(call("/v1/header", Self.header + "}", accept: "application/json, image/svg+xml;q=0.5").contentType == "application/json")
        #expect(call("/v1/header", Self.header + "}", accept: "image/svg+xml;q=0").contentType == "application/json")
        #expect(call("/v1/header", Self.header + "}").contentType == "application/json")
    }

    @Test func theBodysFormatWinsOverAccept() {
        let r = call("/v1/header", Self.header + #","format":"json"}"#, accept: "image/svg+xml")
        #expect(r.contentType == "application/json")
        #expect(r.body.hasPrefix(#"{"header":"#))
    }

    @Test func svgOfATimelineIsA422AtFormat() {
        let r = call("/v1/header", #"{"viewport":{"width":390,"height":700},"header":{"height":220},"offsets":[0,10],"format":"svg"}"#)
        #expect(r.status == 422)
        #expect(r.body.contains(#""pointer":"/format""#))
        // With only an Accept preference, the timeline is answered as JSON.
        let a = call("/v1/header", #"{"viewport":{"width":390,"height":700},"header":{"height":220},"offsets":[0,10]}"#, accept: "image/svg+xml")
        #expect(a.status == 200 && a.contentType == "application/json" && a.body.hasPrefix(#"{"frames":"#))
    }

    @Test func anUnknownFormatIsA422() {
        let r = call("/v1/paging", Self.paging + #","format":"png"}"#)
        #expect(r.status == 422)
        #expect(r.body.contains(#""pointer":"/format","message":"must be one of \"json\", \"svg\""#))
    }

    @Test func farOverscrollAndHugeOffsetsStillDraw() {
        for offset in ["-100000", "1e15", "-1e15", "123456789.123"] {
            let r = call("/v1/paging", #"{"viewport":{"width":390,"height":844},"pageCount":5,"offset":\#(offset),"format":"svg"}"#)
            #expect(r.status == 200, "offset \(offset)")
            let inf = call("/v1/paging", #"{"viewport":{"width":390,"height":844},"pageCount":5,"infinite":true,"offset":\#(offset),"format":"svg"}"#)
            #expect(inf.status == 200, "infinite, offset \(offset)")
        }
    }

    /// docs/operations.md#bounded-memory: a picture of `include: "all"` over 10 000 pages with 32 layers stays small.
    @Test func aHugeAnswerIsDrawnNearTheViewportOnly() {
        let layers = (0..<32).map { #"{"name":"l\#($0)","travel":\#($0)}"# }.joined(separator: ",")
        let r = call("/v1/paging", #"{"viewport":{"width":390,"height":844},"pageCount":10000,"include":"all","offset":406000,"layers":[\#(layers)],"format":"svg"}"#)
        #expect(r.status == 200)
        #expect(r.bytes.count < 2_000_000, "\(r.bytes.count) bytes")
        #expect(r.body.contains("9976 more pages of the answer not drawn"))
        #expect(r.body.contains("page 1041 · slot 1041"), "the page on screen is drawn")
    }

    @Test func numbersAreRoundedToHundredthsAndNeverNegativeZero() {
        #expect(SVGCanvas.num(187.33333333333334) == "187.33")
        #expect(SVGCanvas.num(-0.001) == "0")
        #expect(SVGCanvas.num(12) == "12")
    }
}
