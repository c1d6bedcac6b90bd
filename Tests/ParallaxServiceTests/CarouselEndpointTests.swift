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

    /// Keyframes json and keytimes cover carousels; the stylesheet formats do not yet (their
    /// scroller and page boxes assume pages the viewport's size), so they say so instead of
    /// answering wrong CSS.
    @Test func keyframesDataFormatsCoverCarouselsAndStylesheetsSayNotYet() {
        let json = client.post("/v1/paging/keyframes", "{\(Self.card),\"properties\":[\"visibleFraction\"]}")
        #expect(json.status == 200)
        #expect(json.body.contains(#"{"target":{"slot":1},"property":"visibleFraction","knots":[[0,0.1],[270,1],[370,1],[670,0],[1280,0]]"#), "\(json.body)")
        let keytimes = client.post("/v1/paging/keyframes", "{\(Self.card),\"format\":\"keytimes\"}")
        #expect(keytimes.status == 200)
        for format in ["css", "waapi"] {
            let r = client.post("/v1/paging/keyframes", "{\(Self.card),\"format\":\"\(format)\"}")
            #expect(r.status == 422)
            #expect(r.body.contains(#"{"pointer":"/format","message":"css and waapi do not cover carousels (pageSize, align) yet: ask for json or keytimes"}"#), "\(r.body)")
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
