import Testing
@testable import ParallaxService

/// An infinite pager's stylesheet (docs/model.md#keyframes-on-real-pages): its scroller reaches
/// past the domain's end wherever the last page in view there sticks out past the viewport's
/// trailing edge (that page's box lengthens the content), so its animations must run that far.
@Suite struct InfiniteStylesheetTests {
    let client = Client()

    /// A centred carousel, A = 320, a = 0.6·A = 192, S = 16: L = 208, c = 64. At the domain's end
    /// 1100 the last slot in view is 6 (64 + 6·208 = 1312 < 1100 + 320), whose trailing edge
    /// 1312 + 192 = 1504 lies 184 past the viewport's (1420): the animations run to 1184.
    @Test func carouselAnimationsRunToWhereItsLastPageInViewEnds() {
        let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":320,"height":480},"pageCount":4,"pageSpacing":16,"pageSize":{"fraction":0.6},"align":"center","infinite":true,"domain":{"from":-100,"to":1100},"format":"css"}"#)
        #expect(r.status == 200)
        #expect(r.body.hasPrefix("/* Parallax keyframes (docs/model.md#keyframes): horizontal scroll over [-100, 1184] px."), "\(r.body.prefix(200))")
        #expect(r.body.contains(#".parallax-page[data-slot="6"]{left:1312px;top:0px;width:192px;"#))
        #expect(!r.body.contains(#"data-slot="7""#))
    }

    /// Pages the viewport's size (a = A = 320, S = 0, right to left): at 900 slot 3 is in view
    /// from 960 − 900 = 60 to 380, 60 past the viewport: the animations run to 960.
    @Test func pagerAnimationsRunToWhereItsLastPageInViewEnds() {
        let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":320,"height":480},"pageCount":3,"infinite":true,"direction":"rtl","domain":{"from":-300,"to":900},"format":"css"}"#)
        #expect(r.status == 200)
        #expect(r.body.hasPrefix("/* Parallax keyframes (docs/model.md#keyframes): horizontal scroll over [-300, 960] px."), "\(r.body.prefix(200))")
    }

    /// A domain whose end puts the viewport's trailing edge in a gap keeps its end: at 990 the
    /// viewport ends at 1310, past slot 5 (1104 … 1296) and before slot 6 (from 1312).
    @Test func domainEndingInAGapKeepsItsEnd() {
        let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":320,"height":480},"pageCount":4,"pageSpacing":16,"pageSize":{"fraction":0.6},"align":"center","infinite":true,"domain":{"from":0,"to":990},"format":"css"}"#)
        #expect(r.status == 200)
        #expect(r.body.hasPrefix("/* Parallax keyframes (docs/model.md#keyframes): horizontal scroll over [0, 990] px."), "\(r.body.prefix(200))")
        #expect(!r.body.contains(#"data-slot="6""#))
    }

    /// A fluid stylesheet cannot span such a range (docs/model.md#carousels): an infinite carousel
    /// is a 422 at /infinite there, fixed it is answered, and pages the scroller's size
    /// (`{"fraction": 1}` or no pageSize) stay fluid.
    @Test func fluidInfiniteCarouselIsRefusedWithItsPointer() {
        let carousel = #""pageCount":4,"pageSpacing":16,"pageSize":{"fraction":0.6},"align":"center","infinite":true"#
        for format in ["css", "waapi"] {
            let r = client.post("/v1/paging/keyframes", "{\(carousel),\"format\":\"\(format)\"}")
            #expect(r.status == 422)
            #expect(r.body.contains(#"{"pointer":"/infinite","message":"cannot be fluid for a carousel: the pages after the last one peek in at some widths and lengthen the scroller's range past (N - 1) × stride; give viewport for a stylesheet of one size, or leave out infinite or pageSize"}"#), "\(r.body)")
            let fixed = client.post("/v1/paging/keyframes", "{\"viewport\":{\"width\":320,\"height\":480},\(carousel),\"format\":\"\(format)\"}")
            #expect(fixed.status == 200)
            for pager in [#""pageCount":4,"pageSize":{"fraction":1},"infinite":true"#, #""pageCount":4,"infinite":true"#] {
                #expect(client.post("/v1/paging/keyframes", "{\(pager),\"format\":\"\(format)\"}").status == 200)
            }
        }
    }
}
