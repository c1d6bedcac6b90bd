import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// The keyframes routes (docs/model.md#keyframes) through the application, without sockets: the docs/model.md#keyframes example byte
/// for byte, GET = POST, each format's shape and media type, the 422s with pointers, and the CSS
/// writer's exact numbers (percentages, translate relative to the resting place, the traps).
@Suite struct KeyframesEndpointTests {
    let client = Client()
    static let spec = #"{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"layers":[{"name":"background","travel":120}]"#

    @Test func jsonAnswersTheSpecExample() {
        let r = client.post("/v1/paging/keyframes", Self.spec + #","properties":["frame.x"]}"#)
        #expect(r.status == 200)
        #expect(r.contentType == "application/json")
        #expect(r.body.hasPrefix(#"{"model":"paging","axis":"horizontal","domain":{"from":0,"to":1624},"tracks":[{"target":{"slot":0,"layer":"background"},"property":"frame.x","knots":[[0,0],[406,120],[1624,120]],"easings":["linear","linear"]},{"target":{"slot":1,"layer":"background"},"property":"frame.x","knots":[[0,-120],[812,120],[1624,120]],"easings":["linear","linear"]}"#))
    }

    @Test func getFormMatchesPostForEveryFormat() {
        for format in KeyframesFormat.allCases {
            let post = client.post("/v1/paging/keyframes", Self.spec + #","format":"\#(format.rawValue)","domain":{"from":100,"to":900}}"#)
            let get = client.get("/v1/paging/keyframes?viewport.width=390&viewport.height=844&pageCount=5&pageSpacing=16"
                + "&layers=%5B%7B%22name%22%3A%22background%22%2C%22travel%22%3A120%7D%5D&format=\(format.rawValue)&domain.from=100&domain.to=900")
            #expect(post.status == 200 && get.status == 200)
            #expect(post.bytes == get.bytes, "\(format)")
            #expect(post.contentType == (format == .css ? "text/css; charset=utf-8" : "application/json"))
        }
    }

    @Test func propertiesNarrowTheTracksInTheGetFormToo() {
        let r = client.get("/v1/scroll/keyframes?viewport.width=100&viewport.height=100&properties=opacity,rotate"
            + "&elements=%5B%7B%22name%22%3A%22a%22%2C%22frame%22%3A%7B%22x%22%3A0%2C%22y%22%3A100%2C%22width%22%3A10%2C%22height%22%3A10%7D%2C%22opacity%22%3A%5B0%2C1%5D%7D%5D")
        #expect(r.status == 200)
        #expect(r.body.contains(#""property":"opacity""#) && r.body.contains(#""property":"rotate""#))
        #expect(!r.body.contains(#""property":"progress""#))
    }

    @Test func keytimesAreFractionsOfTheDomainWithOneTimingFunctionPerSegment() {
        let r = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":100,"height":100},"domain":{"from":0,"to":400},"properties":["opacity"],"format":"keytimes","elements":[{"name":"a","frame":{"x":0,"y":100,"width":10,"height":100},"opacity":[0,1],"easing":"easeIn"}]}"#)
        #expect(r.status == 200)
        // progress 0 at s = 0 (top − V), 1 at s = 200 (top + length): eased between, held after.
        #expect(r.body == #"{"model":"scroll","axis":"vertical","domain":{"from":0,"to":400},"tracks":[{"target":{"element":"a"},"property":"opacity","values":[0,1,1],"keyTimes":[0,0.5,1],"timingFunctions":[[0.42,0,1,1],[0,0,1,1]]}]}"#)
    }

    @Test func cssPlacesPagesAndAnimatesLayersRelativeToTheirRestingPlace() {
        let r = client.post("/v1/paging/keyframes", Self.spec + #","format":"css"}"#)
        #expect(r.status == 200)
        let css = r.body
        // The scroller is the viewport, its content (N − 1)·L + W wide (the scroll range ends on
        // the last page, not the spacing past it), snapping to pages, scrolled on its own
        // anonymous timeline (no answer names one: docs/web.md#several-on-one-page).
        #expect(css.contains(".parallax-scroller{width:390px;height:844px}"))
        #expect(css.contains(".parallax-scroller::before{width:2014px;height:844px}"))
        #expect(css.contains("overflow-x:scroll;overflow-y:hidden;scroll-snap-type:x mandatory;}"))
        #expect(!css.contains("scroll-timeline"))
        #expect(css.contains(".parallax-page{scroll-snap-align:start}"))
        // Pages clip without becoming scroll containers.
        #expect(css.contains(#".parallax-page[data-slot="1"]{left:406px;top:0px;width:390px;height:844px;translate:none;overflow:clip}"#))
        #expect(!css.contains("overflow:hidden"))
        // Slot 1's layer rests at −120 (frame.x at o = 0) and travels to +120 by o = 812 (50 %).
        #expect(css.contains(#".parallax-page[data-slot="1"] > .parallax-layer[data-layer="background"]{left:-120px;top:0px"#))
        #expect(css.contains("{0%{translate:0px 0px}50%{translate:240px 0px}100%{translate:240px 0px}}"))
        // Longhands only, after no shorthand; the range is the domain in px.
        #expect(css.contains("animation-timeline:scroll(nearest x);animation-range-start:0px;animation-range-end:1624px"))
        #expect(!css.contains("animation:parallax"))
        #expect(css.contains("@media (prefers-reduced-motion: reduce){"))
        #expect(css.contains("@supports not (animation-timeline: scroll()){.parallax-scroller *{animation:none}}"))
    }

    @Test func cssKeyframePercentagesPlaceKeyframesToAThousandthOfAPixelAndBeziersPerKeyframe() {
        let r = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":100,"height":300},"domain":{"from":0,"to":700},"format":"css","elements":[{"name":"x\"y","frame":{"x":0,"y":300,"width":10,"height":100},"translate":[0,50],"easing":{"cubicBezier":[0.1,0.2,0.3,0.4]}}]}"#)
        #expect(r.status == 200)
        // The element's progress runs over s ∈ [0, 400]; the animation covers the domain and a
        // million px past it (a page may scroll on past its last element): 400/1 000 700 of it,
        // 0.039972… %, written to the 8 decimals that place it to 1/1000 px of 1 000 700 px
        // (docs/web.md#numbers): 0.03997202 % of it is 400.000004 px.
        #expect(r.body.contains("animation-range-start:0px;animation-range-end:1000700px"))
        #expect(r.body.contains("0%{translate:0px 0px;animation-timing-function:cubic-bezier(0.1, 0.2, 0.3, 0.4)}0.03997202%{translate:0px 50px}100%{translate:0px 50px}"))
        #expect(abs(0.03997202 / 100 * 1_000_700 - 400) < 0.001)
        // A name with a quote cannot break out of its attribute selector.
        #expect(r.body.contains(#".parallax-element[data-element="x\"y"]"#))
    }

    /// A stylesheet's animations reach past the domain only as far as a request may name an offset,
    /// and only while the markup stays within the box limit; a pager longer than that keeps the
    /// requested domain (as before) rather than refusing it.
    @Test func cssWideningStaysWithinTheLimits() {
        let far = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":390,"height":844},"domain":{"from":0,"to":999999999999999},"format":"css","elements":[{"name":"a","frame":{"x":0,"y":900,"width":390,"height":300},"speed":1}]}"#)
        #expect(far.status == 200)
        #expect(far.body.contains("animation-range-end:1000000000000000px"))
        let long = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":20000,"domain":{"from":0,"to":390},"format":"css"}"#)
        #expect(long.status == 200)
        #expect(long.body.contains("scroll over [0, 390] px"))
    }

    @Test func waapiHasSelectorsKeyframesAndPxRanges() {
        let r = client.post("/v1/header/keyframes", #"{"viewport":{"width":320,"height":480},"header":{"height":200},"format":"waapi"}"#)
        #expect(r.status == 200)
        // Translations are relative to the boxes' place at offset 0 (where a page opens): the
        // pinned header's content position at o = −200 is 200 px above it.
        #expect(r.body.hasPrefix(#"{"model":"header","axis":"vertical","domain":{"from":-200,"to":200},"timeline":{"axis":"y"},"animations":[{"selector":".parallax-header","property":"translate","keyframes":[{"offset":0,"easing":"linear","translate":"0px -200px"}"#))
        #expect(r.body.contains(#""options":{"rangeStart":"-200px","rangeEnd":"200px","fill":"both","easing":"linear"}"#))
        #expect(r.body.contains(#""reducedMotion":{"animations":["#))
    }

    @Test func theSection8ErrorsCarryPointers() {
        let moment = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":5,"offset":3,"pixelScale":2}"#)
        #expect(moment.status == 422)
        #expect(moment.body.contains(#""pointer":"/offset""#) && moment.body.contains(#""pointer":"/pixelScale""#))
        let syntax = client.post("/v1/header/keyframes", #"{"viewport":{"width":390,"height":844},"header":{"height":100},"format":"svg","domain":{"from":"a"},"properties":[1]}"#)
        #expect(syntax.status == 422)
        for pointer in ["/format", "/domain/from", "/domain/to", "/properties/0"] {
            #expect(syntax.body.contains(#""pointer":"\#(pointer)""#), "\(pointer)")
        }
        let order = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":1,"height":1},"elements":[],"domain":{"from":5,"to":5}}"#)
        #expect(order.status == 422 && order.body.contains(#""pointer":"/domain/to""#))
        let unknown = client.get("/v1/scroll/keyframes?viewport.width=1&viewport.height=1&elements=%5B%5D&domain.from=0&domain.to=1&properties=nope")
        #expect(unknown.status == 422 && unknown.body.contains(#""pointer":"/properties/0""#))
        let css = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":1,"height":1},"elements":[],"domain":{"from":0,"to":1},"format":"css","properties":["nope"]}"#)
        #expect(css.status == 422, "properties are checked for css too")
    }

    /// `snapStop: "always"` puts `scroll-snap-stop:always` on the pages' snap rule and nothing else;
    /// absent or `"normal"`, the stylesheet is the one without the field, byte for byte.
    @Test func snapStopAlwaysStopsEveryPage() {
        let plain = client.post("/v1/paging/keyframes", Self.spec + #","format":"css"}"#)
        let normal = client.post("/v1/paging/keyframes", Self.spec + #","format":"css","snapStop":"normal"}"#)
        let always = client.post("/v1/paging/keyframes", Self.spec + #","format":"css","snapStop":"always"}"#)
        #expect(plain.status == 200 && normal.status == 200 && always.status == 200)
        #expect(plain.bytes == normal.bytes)
        #expect(!plain.body.contains("scroll-snap-stop"))
        #expect(always.body.contains("\n.parallax-page{scroll-snap-align:start;scroll-snap-stop:always}\n"))
        #expect(always.body.replacing(";scroll-snap-stop:always", with: "") == plain.body)
        let get = client.get("/v1/paging/keyframes?viewport.width=390&viewport.height=844&pageCount=5&pageSpacing=16"
            + "&layers=%5B%7B%22name%22%3A%22background%22%2C%22travel%22%3A120%7D%5D&format=css&snapStop=always")
        #expect(get.status == 200 && get.bytes == always.bytes)
        // The data formats have no snap rules: the field is accepted (parallax.js fetches the
        // stylesheet's URL with format=json) and changes nothing.
        for format in ["json", "waapi", "keytimes"] {
            let a = client.post("/v1/paging/keyframes", Self.spec + #","format":"\#(format)","snapStop":"always"}"#)
            let b = client.post("/v1/paging/keyframes", Self.spec + #","format":"\#(format)"}"#)
            #expect(a.status == 200 && a.bytes == b.bytes, "\(format)")
        }
        // A vertical pager mirrored by `direction: rtl` has no snap positions, so no stop either.
        let mirrored = client.post("/v1/paging/keyframes", #"{"viewport":{"width":100,"height":200},"pageCount":3,"axis":"vertical","direction":"rtl","format":"css","snapStop":"always"}"#)
        #expect(mirrored.status == 200 && !mirrored.body.contains("scroll-snap"))
    }

    @Test func snapStopIsAPagingKeywordAndNothingElse() {
        for bad in [#""sometimes""#, #""Always""#, "true", "1"] {
            let r = client.post("/v1/paging/keyframes", Self.spec + #","format":"css","snapStop":\#(bad)}"#)
            #expect(r.status == 422 && r.body.contains(#""pointer":"/snapStop""#), "\(bad)")
        }
        let keyword = client.get("/v1/paging/keyframes?viewport.width=390&viewport.height=844&pageCount=5&format=css&snapStop=yes")
        #expect(keyword.status == 422 && keyword.body.contains(#"{"pointer":"/snapStop","message":"must be one of \"normal\", \"always\""}"#))
        let header = client.post("/v1/header/keyframes", #"{"viewport":{"width":390,"height":844},"header":{"height":100},"format":"css","snapStop":"always"}"#)
        #expect(header.status == 422 && header.body.contains(#"{"pointer":"/snapStop","message":"applies only to paging keyframes: a header or scroll page has no snap positions"}"#))
        let scroll = client.get("/v1/scroll/keyframes?viewport.width=1&viewport.height=1&elements=%5B%5D&domain.from=0&domain.to=1&snapStop=normal")
        #expect(scroll.status == 422 && scroll.body.contains(#""pointer":"/snapStop""#))
        // Not a field of the single-offset routes.
        let layout = client.post("/v1/paging", #"{"viewport":{"width":390,"height":844},"pageCount":5,"offset":0,"snapStop":"always"}"#)
        #expect(layout.status == 422 && layout.body.contains(#"{"pointer":"/snapStop","message":"unknown field"}"#))
    }

    @Test func stylesheetsAreBoundedByThePagesLimit() {
        var limits = LayoutLimits.standard
        limits.maxPagesPerResponse = 4
        let small = Client(limits: limits)
        let r = small.post("/v1/paging/keyframes", #"{"viewport":{"width":10,"height":10},"pageCount":3,"format":"css"}"#)
        #expect(r.status == 422 && r.body.contains("animated boxes"))
        #expect(small.post("/v1/paging/keyframes", #"{"viewport":{"width":10,"height":10},"pageCount":3}"#).status == 200)
    }

    @Test func routesAllowGetHeadPost() {
        #expect(Route.matching(target: "/v1/header/keyframes".utf8.span)?.label == "/v1/header/keyframes")
        #expect(Route.matching(target: "/v1/scroll/keyframes?format=css".utf8.span)?.allow == "GET, HEAD, POST, OPTIONS")
        #expect(client.call(.delete, "/v1/paging/keyframes").status == 405)
    }
}
