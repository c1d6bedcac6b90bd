import HTTPServer
import Testing
@testable import ParallaxService

/// Carousels over HTTP (docs/api.md, docs/model.md#carousels): the two fields read from JSON and
/// GET, each bad value a 422 with its pointer, and every output of a paging request.
@Suite struct CarouselEndpointTests {
    let client = Client()
    /// The centred 300-point card in a 400-point viewport, spacing 20 (CarouselTests' hand case).
    static let card = #""viewport":{"width":400,"height":600},"pageCount":5,"pageSpacing":20,"pageSize":300,"align":"center""#

    @Test func centredCardAnswersTheHandComputedGeometry() {
        let r = client.post("/v1/paging", "{\(Self.card),\"offset\":160}")
        #expect(r.status == 200)
        #expect(r.body.hasPrefix(#"{"axis":"horizontal","stride":320,"offset":160,"position":0.5,"contentSize":{"width":1700,"height":600},"currentPage":1,"#), "\(r.body)")
        #expect(r.body.contains(#""index":1,"slot":1,"progress":-0.5,"visibleFraction":0.6333333333333333,"frame":{"x":380,"y":0,"width":300,"height":600},"viewportFrame":{"x":210,"y":0,"width":300,"height":600}"#), "\(r.body)")
    }

    @Test func getFormsReadTheSameRequest() {
        let post = client.post("/v1/paging", #"{"viewport":{"width":400,"height":600},"pageCount":5,"pageSpacing":20,"pageSize":{"fraction":0.75},"align":"center","offset":160}"#)
        let get = client.get("/v1/paging?viewport.width=400&viewport.height=600&pageCount=5&pageSpacing=20&pageSize.fraction=0.75&align=center&offset=160")
        #expect(post.status == 200 && get.status == 200)
        #expect(get.body == post.body)
        let points = client.get("/v1/paging?viewport.width=400&viewport.height=600&pageCount=5&pageSpacing=20&pageSize=300&align=center&offset=160")
        #expect(points.body == post.body)
    }

    static let vp = #""viewport":{"width":400,"height":600},"pageCount":5"#
    static let cases: [(String, String, String)] = [
        ("{\(vp),\"pageSize\":\"300\"}", "/pageSize", #"must be a number or an object {"fraction": f}, not a string"#),
        ("{\(vp),\"pageSize\":null}", "/pageSize", #"must be a number or an object {"fraction": f}, not null"#),
        ("{\(vp),\"pageSize\":{}}", "/pageSize/fraction", "is required"),
        ("{\(vp),\"pageSize\":{\"fraction\":0.5,\"points\":1}}", "/pageSize/points", "unknown field"),
        ("{\(vp),\"pageSize\":{\"fraction\":\"half\"}}", "/pageSize/fraction", "must be a number, not a string"),
        ("{\(vp),\"pageSize\":{\"fraction\":0}}", "/pageSize/fraction", "must be > 0 and at most 1"),
        ("{\(vp),\"pageSize\":{\"fraction\":1.5}}", "/pageSize/fraction", "must be > 0 and at most 1"),
        ("{\(vp),\"pageSize\":0}", "/pageSize", "must be between 1e-6 and viewport.width (400)"),
        ("{\(vp),\"pageSize\":-300}", "/pageSize", "must be between 1e-6 and viewport.width (400)"),
        ("{\(vp),\"pageSize\":401}", "/pageSize", "must be between 1e-6 and viewport.width (400)"),
        ("{\(vp),\"axis\":\"vertical\",\"pageSize\":601}", "/pageSize", "must be between 1e-6 and viewport.height (600)"),
        ("{\(vp),\"align\":\"middle\"}", "/align", #"must be one of "start", "center""#),
        ("{\(vp),\"align\":1}", "/align", "must be a string, not a number"),
        ("{\(vp),\"infinite\":true,\"pageSize\":100}", "/infinite", "needs pageCount >= 6: (pageCount - 2) × stride must be at least the viewport's extent (400) so that no page shows twice at once"),
    ]

    @Test(arguments: cases)
    func everyCarouselRuleIsReportedWithItsPointer(body: String, pointer: String, message: String) {
        let r = client.post("/v1/paging", body)
        #expect(r.status == 422, "\(body)")
        #expect(r.body.contains(#"{"pointer":"\#(pointer)","message":"\#(message.replacingQuotes())"}"#), "\(r.body)")
    }

    /// A timeline lays out every offset with the carousel's stride.
    @Test func offsetsTimelineUsesTheCarouselStride() {
        let r = client.post("/v1/paging", "{\(Self.card),\"offsets\":[0,160,320]}")
        #expect(r.status == 200)
        #expect(r.body.hasPrefix(#"{"frames":[{"axis":"horizontal","stride":320,"offset":0,"#))
        #expect(r.body.contains(#""viewportFrame":{"x":210,"y":0,"width":300,"height":600}"#))
    }

    /// Keyframes json and keytimes cover carousels (slot 1 comes into view from offset 0, where
    /// 10 % of it shows, to 270, where it is whole).
    @Test func keyframesDataFormatsCoverCarousels() {
        let json = client.post("/v1/paging/keyframes", "{\(Self.card),\"properties\":[\"visibleFraction\"]}")
        #expect(json.status == 200)
        #expect(json.body.contains(#"{"target":{"slot":1},"property":"visibleFraction","knots":[[0,0.1],[270,1],[370,1],[670,0],[1280,0]]"#), "\(json.body)")
        let keytimes = client.post("/v1/paging/keyframes", "{\(Self.card),\"format\":\"keytimes\"}")
        #expect(keytimes.status == 200)
    }

    /// The hand case's stylesheet (c = 50, L = 320, N = 5): the scroll range is exactly
    /// [0, 4·L] = [0, 1280] (content 1280 + 400, not the model's contentSize 1700), page i is a
    /// 300-point box at 50 + 320·i, snapped by its centre (its centre meets the viewport's at
    /// i·L), and a `rate` 0.5 layer travels T = 160 over the page's extent (at offset 0 page 1's
    /// progress is −1: x = −160).
    @Test func centredCardStylesheetPlacesPagesAtTheCarouselStride() {
        let r = client.post("/v1/paging/keyframes", "{\(Self.card),\"format\":\"css\",\"layers\":[{\"name\":\"bg\",\"rate\":0.5}]}")
        #expect(r.status == 200)
        #expect(r.body.contains("horizontal scroll over [0, 1280] px"))
        #expect(r.body.contains(".parallax-page{scroll-snap-align:center}"))
        #expect(r.body.contains(".parallax-scroller::before{width:1680px;height:600px}"))
        for (i, left) in [50, 370, 690, 1010, 1330].enumerated() {
            #expect(r.body.contains(".parallax-page[data-slot=\"\(i)\"]{left:\(left)px;top:0px;width:300px;height:600px;translate:none;overflow:clip}"), "page \(i)")
        }
        #expect(r.body.contains(#".parallax-page[data-slot="1"] > .parallax-layer[data-layer="bg"]{left:-160px;top:0px;width:300px;height:600px;translate:none}"#))
        // Slot 1's layer: −160 at offset 0 (its resting `left`), 0 at 320, +160 from 640 on: one
        // segment of the range [0, 1280] from 0 % to 50 %, translated from where it rests.
        #expect(r.body.contains("{0%{translate:0px 0px}50%{translate:320px 0px}100%{translate:320px 0px}}"), "\(r.body)")
        let waapi = client.post("/v1/paging/keyframes", "{\(Self.card),\"format\":\"waapi\",\"layers\":[{\"name\":\"bg\",\"rate\":0.5}]}")
        #expect(waapi.status == 200)
        #expect(waapi.body.contains(#""rangeStart":"0px","rangeEnd":"1280px""#), "\(waapi.body)")
    }

    /// Start-aligned (c = 0): pages at i·L, snapped by their leading edges; the range still ends
    /// at (N − 1)·L, where the last card rests with 100 points of the viewport after it.
    @Test func startAlignedStylesheetSnapsLeadingEdges() {
        let body = #"{"viewport":{"width":400,"height":600},"pageCount":5,"pageSpacing":20,"pageSize":300,"format":"css"}"#
        let r = client.post("/v1/paging/keyframes", body)
        #expect(r.status == 200)
        #expect(r.body.contains(".parallax-page{scroll-snap-align:start}"))
        #expect(r.body.contains(".parallax-scroller::before{width:1680px;height:600px}"))
        #expect(r.body.contains(#".parallax-page[data-slot="4"]{left:1280px;top:0px;width:300px;"#))
    }

    /// Fluid with a fraction: a = 0.75·W, c = W/8, L = 0.75·W + 20, so page i sits at
    /// (12.5 + 75·i) cqw + 20·i px, and the content is 4·L + W = 400 % + 80 px (range 4·L).
    @Test func fluidFractionCarouselIsWrittenRelativeToTheScroller() {
        let body = #"{"pageCount":5,"pageSpacing":20,"pageSize":{"fraction":0.75},"align":"center","format":"css","layers":[{"name":"bg","rate":0.5}]}"#
        let r = client.post("/v1/paging/keyframes", body)
        #expect(r.status == 200)
        #expect(r.body.contains(".parallax-scroller::before{width:calc(400% + 80px);height:100%}"))
        #expect(r.body.contains(#".parallax-page[data-slot="0"]{left:12.5cqw;top:0px;width:75cqw;height:100cqh;translate:none;overflow:clip}"#))
        #expect(r.body.contains(#".parallax-page[data-slot="1"]{left:calc(87.5cqw + 20px);top:0px;width:75cqw;height:100cqh;"#))
        #expect(r.body.contains(#".parallax-page[data-slot="1"] > .parallax-layer[data-layer="bg"]{left:calc(-37.5cqw - 10px);"#))
        #expect(r.body.contains("animation-range-start:normal;animation-range-end:normal"))
        let waapi = client.post("/v1/paging/keyframes", body.replacing(#""format":"css""#, with: #""format":"waapi""#))
        #expect(waapi.status == 200)
        #expect(waapi.body.contains(#""fluid":true"#))
    }

    /// Fractions whose page extent f·W is rarely a whole number (0.8·1 024 = 819.2): a page's
    /// content place v + o then misses c + i·L by an ulp at some reference sizes and not others;
    /// settled, the markup is the same at every size and the answer fluid, each page still static.
    @Test func fluidCarouselsOfInexactFractionsStayFluid() {
        for f in ["0.8", "0.7", "0.65", "0.33"] {
            let body = #"{"pageCount":5,"pageSpacing":16,"pageSize":{"fraction":"# + f + #"},"align":"center","format":"css","layers":[{"name":"card","rate":0.3,"fit":"cover","opacity":{"min":0.5}}]}"#
            let r = client.post("/v1/paging/keyframes", body)
            #expect(r.status == 200, "fraction \(f): \(r.body)")
            #expect(r.body.contains(#".parallax-page[data-slot="2"]{animation:none}"#), "fraction \(f)")
        }
    }

    /// Fluid with a points pageSize: pages are min(pageSize, W), written with `min()`
    /// (FluidCarouselTests checks it at every size).
    @Test func fluidPointsCarouselIsWrittenWithMin() {
        for format in ["css", "waapi"] {
            let r = client.post("/v1/paging/keyframes", #"{"pageCount":5,"pageSize":300,"layers":[{"name":"a","rate":0.5}],"format":"\#(format)"}"#)
            #expect(r.status == 200 && r.body.contains("min(300px, 100cqw)"), "\(r.body.prefix(300))")
        }
    }

    /// The picture of a centred card at rest: its two neighbours peek in, each page labelled.
    @Test func svgDrawsEveryPageInView() {
        let r = client.post("/v1/paging", "{\(Self.card),\"offset\":320,\"format\":\"svg\"}")
        #expect(r.status == 200)
        #expect(r.contentType == "image/svg+xml")
        for page in 0...2 { #expect(r.body.contains("page \(page) · slot \(page)"), "page \(page)") }
        #expect(r.body.contains("pages of 300, centred"))
    }
}
