import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// `linearize` through the application (docs/model.md#linearize): the header and `maxError`, the
/// answer within its bounds of the exact one at 10 000 points per track, every route and input,
/// and the 422s at /linearize.
@Suite struct LinearizeEndpointTests {
    let client = Client()
    static let scroll = #"{"viewport":{"width":390,"height":844},"elements":[{"name":"a","frame":{"x":0,"y":900,"width":390,"height":300},"opacity":[0,1],"translate":[0,-120],"rotate":[0,30],"easing":"easeOut"},{"name":"b","frame":{"x":0,"y":1400,"width":390,"height":200},"scale":[0.5,1],"easing":{"cubicBezier":[0.34,1.56,0.64,1]}}]"#

    func tracks(_ body: String) -> [(JTree, Track)] {
        guard let tree = JTree.parse(body) else { return [] }
        return (tree["tracks"]?.items ?? []).map { t in
            let knots = t["knots"]?.items.map { Knot(offset: $0.items[0].double ?? .nan, value: $0.items[1].double ?? .nan) } ?? []
            let easings = t["easings"]?.items.map { e -> SegmentEasing in
                let c = e["cubicBezier"]?.items.compactMap(\.double) ?? []
                return c.count == 4 ? .cubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3]) : .linear
            } ?? []
            return (t, Track(target: .header, property: t["property"]?.text ?? "", knots: knots, easings: easings))
        }
    }

    @Test func linearizedScrollTracksStayWithinTheirBound() throws {
        for bounds in [#"true"#, #"{"length":0.05,"ratio":0.0001,"angle":0.5}"#] {
            let exact = client.post("/v1/scroll/keyframes", Self.scroll + "}")
            let lin = client.post("/v1/scroll/keyframes", Self.scroll + #","linearize":\#(bounds)}"#)
            #expect(lin.status == 200)
            let head = try #require(JTree.parse(lin.body))
            #expect(head["linearized"] != nil)
            let pairs = zip(tracks(lin.body), tracks(exact.body).map(\.1))
            var eased = 0
            for ((tree, t), e) in pairs {
                #expect(t.easings.allSatisfy { $0 == .linear })
                let maxError = try #require(tree["maxError"]?.double)
                let kind = PropertyKind(property: t.property).rawValue
                let asked = try #require(head["linearized"]?[kind]?.double)
                #expect(maxError <= asked)
                var worst = 0.0
                for i in 0...10_000 {
                    let o = -200 + 2400 * Double(i) / 10_000
                    worst = max(worst, abs(t.value(at: o) - e.value(at: o)))
                }
                #expect(worst <= maxError + 1e-9 * max(1, t.knots.reduce(0) { max($0, abs($1.value)) }), "\(t.property)")
                if e.easings.contains(where: { $0 != .linear }) { eased += 1 }
            }
            #expect(eased == 4)  // a: opacity, translate.y, rotate; b: scale
        }
    }

    @Test func everyRouteAndInputTakesIt() {
        let header = client.get("/v1/header/keyframes?viewport.width=390&viewport.height=844&header.height=200&linearize=true&format=keytimes")
        #expect(header.status == 200 && header.body.contains(#""linearized":{"length":0.25,"ratio":0.001,"angle":0.005}"#) && header.body.contains(#""maxError":0"#))
        let progress = client.post("/v1/paging/keyframes", #"{"viewport":{"width":400,"height":600},"pageCount":3,"input":"pageProgress","linearize":{"length":1},"properties":["visibleFraction"]}"#)
        #expect(progress.body == #"{"model":"paging","input":"pageProgress","axis":"horizontal","stride":400,"sign":"movedBack","domain":{"from":-1,"to":1},"linearized":{"length":1,"ratio":0.001,"angle":0.005},"tracks":[{"target":{"page":true},"property":"visibleFraction","knots":[[-1,0],[0,1],[1,0]],"easings":["linear","linear"],"maxError":0}]}"#)
        let pager = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":3,"linearize":true,"properties":["frame.x"],"layers":[{"name":"bg","travel":100}]}"#)
        #expect(pager.status == 200 && pager.body.contains(#""linearized":"#) && pager.body.contains(#""maxError":0}"#))
        let fixtures = client.post("/v1/scroll/keyframes", Self.scroll + #","linearize":true,"format":"fixtures"}"#)
        #expect(fixtures.status == 200 && fixtures.body.contains(#""linearized":{"length":0.25"#))
    }

    @Test func refusals() {
        let css = client.post("/v1/scroll/keyframes", Self.scroll + #","linearize":true,"format":"css"}"#)
        #expect(css.status == 422 && css.body.contains(#"{"pointer":"/linearize","message":"applies to formats \"json\", \"keytimes\", \"fixtures\", \"waapi\"; format \"css\" is played by the browser"#), "\(css.body)")
        let zero = client.post("/v1/scroll/keyframes", Self.scroll + #","linearize":{"length":0,"size":1}}"#)
        #expect(zero.status == 422 && zero.body.contains(#""pointer":"/linearize/length""#) && zero.body.contains(#""pointer":"/linearize/size""#))
        let tiny = client.post("/v1/scroll/keyframes", Self.scroll + #","linearize":{"length":1e-12,"ratio":1e-12,"angle":1e-12}}"#)
        #expect(tiny.status == 422 && tiny.body.contains(#""pointer":"/linearize""#) && tiny.body.contains("knots"))
        let small = Client(limits: LayoutLimits(maxAnswerBytes: 3_000))
        let bounded = small.post("/v1/scroll/keyframes", Self.scroll + #","linearize":{"ratio":1e-5}}"#)
        #expect(bounded.status == 422 && bounded.body.contains("the linearized answer would hold about"))
    }
}
