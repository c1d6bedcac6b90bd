import ParallaxLayout
import Testing
@testable import ParallaxService

/// `linearize` on format waapi (docs/model.md#linearize): every animation's keyframes are linear
/// (a `linear()` easing only where a value steps), each animation says its `maxError`, and played
/// the way a browser plays them they stay within it of the exact tracks (the json answer of the
/// same request) at 10 000 points per animation, on eased elements and multi-stop effects with
/// jumps and a per-axis scale.
@Suite struct LinearizeWAAPITests {
    let client = Client()
    /// LinearizeEndpointTests' two eased elements and EffectFixturesTests' element of multi-stop effects.
    static let body = LinearizeEndpointTests.scroll.dropLast(1) + "," + EffectFixturesTests.effects + "]"

    /// One animation's keyframes: fraction, numbers, and the easing of the segment it starts.
    struct Frame {
        var f: Double
        var numbers: [Double]
        var easing: String
    }

    static func numbers(_ s: String) -> [Double] {
        s.split(separator: " ").compactMap { Double($0.replacing("px", with: "").replacing("deg", with: "")) }
    }

    /// Component `c` at fraction f as a browser plays the keyframes: linear between them, and a
    /// `linear(0, r 100%, 1 100%)` segment as r·t of the way until its end, where it reaches the next.
    static func play(_ frames: [Frame], _ c: Int, at f: Double) -> Double {
        guard let first = frames.first, let last = frames.last else { return .nan }
        if f <= first.f { return first.numbers[c] }
        if f >= last.f { return last.numbers[c] }
        var j = 0
        while j + 1 < frames.count, frames[j + 1].f <= f { j += 1 }
        let a = frames[j], b = frames[j + 1]
        var t = (f - a.f) / (b.f - a.f)
        if a.easing.hasPrefix("linear("), let r = Double(a.easing.dropFirst(10).prefix { $0 != " " }) { t *= r }
        return a.numbers[c] + (b.numbers[c] - a.numbers[c]) * t
    }

    @Test func animationsStayWithinTheirMaxError() throws {
        for bounds in [#"true"#, #"{"length":0.05,"ratio":0.0001,"angle":0.5}"#] {
            let exact = client.post("/v1/scroll/keyframes", Self.body + "}")
            let lin = client.post("/v1/scroll/keyframes", Self.body + #","format":"waapi","linearize":\#(bounds)}"#)
            #expect(exact.status == 200 && lin.status == 200, "\(lin.body)")
            let answer = try #require(JTree.parse(lin.body))
            let asked = try #require(answer["linearized"])
            let domain = try #require(answer["domain"])
            let from = try #require(domain["from"]?.double), to = try #require(domain["to"]?.double)
            let rest = min(max(0, from), to)
            var tracks: [String: Track] = [:]
            for (tree, t) in LinearizeEndpointTests().tracks(exact.body) {
                tracks[(tree["target"]?["element"]?.text ?? "") + " " + t.property] = t
            }
            var checked = 0
            for a in answer["animations"]?.items ?? [] {
                let property = try #require(a["property"]?.text)
                let element = String(try #require(a["selector"]?.text).split(separator: "\"")[1])
                let frames = (a["keyframes"]?.items ?? []).map {
                    Frame(f: $0["offset"]?.double ?? .nan, numbers: Self.numbers($0[property]?.text ?? ""), easing: $0["easing"]?.text ?? "")
                }
                #expect(frames.allSatisfy { $0.easing == "linear" || $0.easing.hasPrefix("linear(0, ") }, "\(element) \(property)")
                let maxError = try #require(a["maxError"]?.double)
                // Each number of the CSS property, and the track it plays (a constant one has none).
                let parts: [(String, Double)] = switch property {
                case "translate": [("translate.x", rest), ("translate.y", rest)]
                case "scale" where tracks[element + " scaleX"] != nil || tracks[element + " scaleY"] != nil: [("scaleX", .nan), ("scaleY", .nan)]
                default: [(property, .nan)]
                }
                let kind: PropertyKind = property == "translate" ? .length : property == "rotate" ? .angle : .ratio
                #expect(maxError <= (asked[kind.rawValue]?.double ?? 0), "\(element) \(property)")
                for (c, (name, restAt)) in parts.enumerated() {
                    guard let t = tracks[element + " " + name] else { continue }
                    let shift = restAt.isNaN ? 0 : t.value(at: restAt)
                    var worst = 0.0
                    for i in 0...10_000 {
                        let f = Double(i) / 10_000
                        worst = max(worst, abs(Self.play(frames, c, at: f) - (t.value(at: from + (to - from) * f) - shift)))
                    }
                    // The values are written to the shortest round trip; the fractions too.
                    #expect(worst <= maxError + 1e-9 * max(1, abs(t.knots.map(\.value).max() ?? 1)), "\(element) \(name): \(worst) > \(maxError)")
                    checked += 1
                }
            }
            // a: translate.y, rotate, opacity; b: scale; c: translate.x, scaleX, scaleY, opacity, rotate.
            #expect(checked == 9, "\(checked)")
            #expect(answer["reducedMotion"]?["animations"]?.items.allSatisfy { $0["maxError"]?.double != nil } == true)
        }
    }

    @Test func theExactAnswerIsUnchangedAndTheFluidOneRefused() {
        let exact = client.post("/v1/scroll/keyframes", Self.body + #","format":"waapi"}"#)
        #expect(exact.status == 200 && !exact.body.contains("maxError") && !exact.body.contains("linearized"))
        let fluid = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","frame":{"x":0,"y":900,"width":390,"height":300},"opacity":[0,1],"easing":"easeOut"}],"format":"waapi","linearize":true}"#)
        #expect(fluid.status == 422 && fluid.body.contains(#"{"pointer":"/linearize","message":"needs \"viewport\""#), "\(fluid.body)")
        let progress = client.post("/v1/paging/keyframes", #"{"viewport":{"width":400,"height":600},"pageCount":3,"input":"pageProgress","format":"waapi","linearize":true}"#)
        #expect(progress.status == 422 && progress.body.contains(#""pointer":"/input""#), "\(progress.body)")
        let small = Client(limits: LayoutLimits(maxAnswerBytes: 20_000))
        let bounded = small.post("/v1/scroll/keyframes", Self.body + #","format":"waapi","linearize":{"ratio":1e-7,"length":1e-4}}"#)
        #expect(bounded.status == 422 && bounded.body.contains(#""pointer":"/linearize""#) && bounded.body.contains("knots"), "\(bounded.body)")
    }

    @Test func pagerAndHeaderAnimationsAreExact() {
        let pager = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":3,"format":"waapi","linearize":true,"layers":[{"name":"bg","travel":100}]}"#)
        #expect(pager.status == 200 && pager.body.contains(#""linearized":{"length":0.25,"ratio":0.001,"angle":0.005}"#))
        #expect(!pager.body.contains(#""maxError":0."#) && pager.body.contains(#""maxError":0,"#) && !pager.body.contains("cubic-bezier"))
        let header = client.get("/v1/header/keyframes?viewport.width=390&viewport.height=844&header.height=200&linearize=true&format=waapi")
        #expect(header.status == 200 && header.body.contains(#""maxError":0,"#))
    }
}
