import ParallaxLayout
import Testing
@testable import ParallaxService

/// Fixtures and `linearize` on scroll elements with multi-stop effects (docs/model.md#effects,
/// #fixtures, #linearize): jumps after an eased and after a linear segment, eased segments, a
/// cross-axis translate and a per-axis scale (`scaleX`/`scaleY`, kind ratio).
@Suite struct EffectFixturesTests {
    let client = Client()
    /// An element of multi-stop effects: translate.x and scale.y step (a jump after an eased and
    /// after a linear segment), scale.x overshoots.
    static let effects = #"{"name":"c","frame":{"x":0,"y":1700,"width":390,"height":300},"effects":[{"property":"translate.x","stops":[[0,0],[0.4,40],[0.4,-20],[1,60]],"easings":[{"cubicBezier":[0.42,0,1,1]},"linear",{"cubicBezier":[0,0,0.58,1]}]},{"property":"scale.x","stops":[[0,1],[0.5,1.4],[1,1]],"easings":[{"cubicBezier":[0.34,1.56,0.64,1]},{"cubicBezier":[0.42,0,0.58,1]}]},{"property":"scale.y","stops":[[0.2,0.8],[0.6,0.8],[0.6,1.2],[1,1]],"easings":["linear","linear",{"cubicBezier":[0.42,0,1,1]}]},{"property":"opacity","stops":[[0,0],[0.3,1],[1,0.5]],"easings":[{"cubicBezier":[0.25,0.1,0.25,1]},"linear"]},{"property":"rotate","stops":[[0,0],[1,90]],"easings":[{"cubicBezier":[0.25,0.1,0.25,1]}]}]}"#
    static let body = #"{"viewport":{"width":390,"height":844},"elements":["# + Self.effects
        + #",{"name":"d","frame":{"x":20,"y":1100,"width":200,"height":200},"startOffset":100,"endOffset":1500,"effects":[{"property":"translate.y","stops":[[0,40],[0.4,-40],[0.4,0],[1,20]],"easings":["easeIn","linear","linear"]},{"property":"scale.x","stops":[[0,1],[1,1.5]]}]}]"#

    func text(_ fields: String) -> String {
        let r = client.post("/v1/scroll/keyframes", Self.body + fields + "}")
        #expect(r.status == 200, "\(r.body.prefix(300))")
        return r.body
    }

    func post(_ fields: String) throws -> JTree { try #require(JTree.parse(text(fields))) }

    /// The number `property` names in a scroll element of the single-offset answer at `offset`.
    func single(_ element: String, _ property: String, at offset: Double) throws -> Double? {
        let answer = try #require(JTree.parse(client.post("/v1/scroll", Self.body + #","offset":\#(offset)}"#).body))
        var number = answer["elements"]?.items.first { $0["name"]?.text == element }
        for part in property.split(separator: ".") { number = number?[String(part)] }
        return number?.double
    }

    @Test func aPlayerPassesAndTheKindsAreTheProperties() throws {
        for fields in ["", #","linearize":true"#] {
            let json = try post(fields), fixtures = try post(fields + #","format":"fixtures","seed":7"#)
            #expect(fixtureFailures(json: json, fixtures: fixtures).isEmpty, "\(fields)")
            var kinds: [String: String] = [:]
            for t in fixtures["tracks"]?.items ?? [] {
                kinds[t["property"]?.text ?? ""] = t["kind"]?.text
                // Every track is checked somewhere: a property the engine had no number for would have none.
                #expect((t["cases"]?.items.count ?? 0) > 10, "\(t["property"]?.text ?? "")")
            }
            #expect(kinds["scaleX"] == "ratio" && kinds["scaleY"] == "ratio" && kinds["opacity"] == "ratio")
            #expect(kinds["translate.x"] == "length" && kinds["translate.y"] == "length" && kinds["rotate"] == "angle")
        }
    }

    /// Every value is the single-offset answer asked afresh (the same double); at a jump, `either`
    /// holds the value just left of it and the one at it (right-continuous, docs/model.md#effects).
    @Test func valuesAreFreshSingleOffsetAnswers() throws {
        let fixtures = try post(#","format":"fixtures","samples":4"#)
        var checked = 0, jumps = 0
        for entry in fixtures["tracks"]?.items ?? [] {
            let element = try #require(entry["target"]?["element"]?.text), property = try #require(entry["property"]?.text)
            guard ["translate.x", "translate.y", "scaleX", "scaleY", "opacity", "rotate"].contains(property) else { continue }
            for c in entry["cases"]?.items ?? [] {
                let at = try #require(c["at"]?.double)
                if let either = c["either"]?.items.compactMap(\.double) {
                    #expect(either.count == 2 && either[0] != either[1])
                    #expect(try single(element, property, at: at) == either[1], "\(element) \(property) at \(at)")
                    #expect(try single(element, property, at: at.nextDown) == either[0], "\(element) \(property) left of \(at)")
                    jumps += 1
                } else if checked % 3 == 0 || jumps > 0 {
                    #expect(try single(element, property, at: at) == c["value"]?.double, "\(element) \(property) at \(at)")
                }
                checked += 1
            }
        }
        // c: translate.x and scale.y step; d: translate.y.
        let listing: [String] = (fixtures["tracks"]?.items ?? []).map { (t: JTree) -> String in
            let e: String = t["target"]?["element"]?.text ?? "", p: String = t["property"]?.text ?? ""
            return e + " " + p + " \(t["cases"]?.items.count ?? 0)"
        }
        #expect(jumps == 3, "\(jumps) \(checked) \(listing)")
        #expect(checked > 100, "\(jumps) \(checked)")
    }

    /// Each linearized track within its maxError of the exact one at 10 000 points, its bound within
    /// the one asked for its kind; scaleX/scaleY halved to the ratio bound, not the length one.
    @Test func linearizedEffectsStayWithinTheirBound() throws {
        let exact = text(""), lin = text(#","linearize":{"length":0.1,"ratio":0.0005,"angle":0.01}"#)
        let head = try #require(JTree.parse(lin)), asked = try #require(head["linearized"])
        let from = try #require(head["domain"]?["from"]?.double), to = try #require(head["domain"]?["to"]?.double)
        let pairs = zip(LinearizeEndpointTests().tracks(lin), LinearizeEndpointTests().tracks(exact))
        var eased = 0
        for ((tree, t), (_, e)) in pairs {
            #expect(t.property == e.property && t.easings.allSatisfy { $0 == .linear })
            let maxError = try #require(tree["maxError"]?.double)
            #expect(maxError <= (asked[PropertyKind(property: t.property).rawValue]?.double ?? 0), "\(t.property)")
            var worst = 0.0
            for i in 0...10_000 {
                let o = from + (to - from) * Double(i) / 10_000
                worst = max(worst, abs(t.value(at: o) - e.value(at: o)))
            }
            #expect(worst <= maxError + 1e-12 * max(1, abs(e.knots.map(\.value).max() ?? 1)), "\(t.property): \(worst) > \(maxError)")
            if e.easings.contains(where: { $0 != .linear }) { eased += 1 }
        }
        // c: translate.x, scaleX, scaleY, opacity, rotate; d: translate.y.
        #expect(eased == 6, "\(eased)")
    }
}
