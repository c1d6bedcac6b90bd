// Multi-stop effects through the HTTP surface (docs/api.md#effects): reading, every rule with its
// pointer, and the answer's fields.
import Testing
@testable import ParallaxService

@Suite struct EffectEndpointTests {
    let client = Client()
    static let head = #"{"viewport":{"width":400,"height":1000},"elements":[{"name":"a","frame":{"x":20,"y":1500,"width":360,"height":500},"#

    /// A scroll request whose one element carries `fields` (JSON members, no braces).
    static func body(_ fields: String, offset: String = "1250") -> String { head + fields + "}],\"offset\":" + offset + "}" }

    static let cases: [(String, String, String)] = [
        (#""effects":[{"property":"opacity","stops":[[0,0],[1,1]]},{"property":"opacity","stops":[[0,1],[1,0]]}]"#,
         "/elements/0/effects/1/property", "opacity is also given at /elements/0/effects/0/property: give each property once"),
        (#""scale":[1,2],"effects":[{"property":"scale","stops":[[0,0],[1,1]]}]"#,
         "/elements/0/effects/0/property", "scale is also given as /elements/0/scale: give it in one form"),
        (#""translate":[0,10],"effects":[{"property":"translate.y","stops":[[0,0],[1,1]]}]"#,
         "/elements/0/effects/0/property", "translate.y is also given as /elements/0/translate: give it in one form"),
        (#""speed":2,"effects":[{"property":"translate.y","stops":[[0,0],[1,1]]}]"#,
         "/elements/0/effects/0/property", "translate.y is also given as /elements/0/speed: give it in one form"),
        (#""effects":[{"property":"scale","stops":[[0,1],[1,2]]},{"property":"scale.y","stops":[[0,1],[1,2]]}]"#,
         "/elements/0/effects/1/property", "scale.y with the uniform scale at /elements/0/effects/0/property: give scale or scale.x/scale.y, not both"),
        (#""effects":[{"property":"rotate","stops":[[0,0]]}]"#, "/elements/0/effects/0/stops", "must hold 2 to 64 stops [q, v]"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[1.5,1]]}]"#,
         "/elements/0/effects/0/stops/1/0", "must be between the previous stop's q (0) and 1"),
        (#""effects":[{"property":"rotate","stops":[[0.5,0],[0.25,1]]}]"#,
         "/elements/0/effects/0/stops/1/0", "must be between the previous stop's q (0.5) and 1"),
        (#""effects":[{"property":"rotate","stops":[[-0.5,0],[1,1]]}]"#, "/elements/0/effects/0/stops/0/0", "must be between 0 and 1"),
        (#""effects":[{"property":"opacity","stops":[[0,0],[1,2]]}]"#, "/elements/0/effects/0/stops/1/1", "must be between 0 and 1"),
        (#""effects":[{"property":"scale.x","stops":[[0,-1],[1,2]]}]"#, "/elements/0/effects/0/stops/0/1", "must be between 0 and 1e15"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[0.5,1],[1,0]],"easings":["easeIn"]}]"#,
         "/elements/0/effects/0/easings", "must hold one easing per segment: 2 for 3 stops"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[1,1]],"easings":[{"cubicBezier":[1.5,0,1,1]}]}]"#,
         "/elements/0/effects/0/easings/0/cubicBezier/0", "must be between 0 and 1"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[1,1]],"range":{"startOffset":5,"endOffset":5}}]"#,
         "/elements/0/effects/0/range/endOffset", "must be at least 1e-6 above startOffset (5) and at most 1e15"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[1,1]],"range":{"startOffset":5}}]"#,
         "/elements/0/effects/0/range/endOffset", "is required"),
        (#""effects":[{"property":"skew","stops":[[0,0],[1,1]]}]"#, "/elements/0/effects/0/property",
         #"must be one of "translate.x", "translate.y", "scale", "scale.x", "scale.y", "opacity", "rotate""#),
        (#""effects":[{"stops":[[0,0],[1,1]]}]"#, "/elements/0/effects/0/property", "is required"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[1]]}]"#, "/elements/0/effects/0/stops/1", "must have exactly 2 numbers [q, v]"),
        (#""effects":[{"property":"rotate","stops":[[0,0],[1,1]],"ease":"linear"}]"#, "/elements/0/effects/0/ease", "unknown field"),
        (#""effects":{}"#, "/elements/0/effects", "must be an array, not an object"),
    ]

    @Test(arguments: cases)
    func everyRuleIsReportedWithItsPointer(fields: String, pointer: String, message: String) {
        let r = client.post("/v1/scroll", Self.body(fields))
        #expect(r.status == 422, "\(fields)")
        #expect(r.body.contains(#"{"pointer":"\#(pointer)","message":"\#(message.replacingQuotes())"}"#), "\(r.body)")
    }

    @Test func atMostSixteenEffects() {
        let one = #"{"property":"rotate","stops":[[0,0],[1,1]]}"#
        let r = client.post("/v1/scroll", Self.body("\"effects\":[" + Array(repeating: one, count: 17).joined(separator: ",") + "]"))
        #expect(r.body.contains(#"{"pointer":"/elements/0/effects","message":"must hold at most 16 effects"}"#), "\(r.body)")
        let stops = "[" + (0...64).map { "[\(Double($0) / 64),0]" }.joined(separator: ",") + "]"
        let many = client.post("/v1/scroll", Self.body(#""effects":[{"property":"rotate","stops":"# + stops + "}]"))
        #expect(many.body.contains(#"{"pointer":"/elements/0/effects/0/stops","message":"must hold 2 to 64 stops [q, v]"}"#))
    }

    /// A curve that carries opacity out of [0, 1] or a scale below 0 between its stops names the
    /// extreme it reaches: easeOutBack (0.34, 1.56, 0.64, 1) peaks at y = 1.0978035197148585 (t =
    /// 39/67, mpmath), so 0.2 → 1 reaches 1.0782428157718868 and 1 → 0 reaches −0.0978035197148585.
    @Test func overshootNamesTheExtremeReached() throws {
        let back = #"{"cubicBezier":[0.34,1.56,0.64,1]}"#
        let opacity = client.post("/v1/scroll", Self.body(#""effects":[{"property":"opacity","stops":[[0,0.2],[1,1]],"easings":["# + back + "]}]"))
        let reached = try #require(number(after: "carries opacity to ", in: opacity.body))
        #expect(abs(reached - 1.0782428157718868) <= 1e-15)
        #expect(opacity.body.contains(#""pointer":"/elements/0/effects/0/easings/0""#))
        #expect(opacity.body.contains("between stops 0 and 1: opacity must stay between 0 and 1"))
        let scale = client.post("/v1/scroll", Self.body(#""effects":[{"property":"scale.x","stops":[[0,1],[0.5,1],[1,0]],"easings":["linear","# + back + "]}]"))
        let low = try #require(number(after: "carries scale.x to ", in: scale.body))
        #expect(abs(low + 0.0978035197148585) <= 1e-15)
        #expect(scale.body.contains(#""pointer":"/elements/0/effects/0/easings/1""#))
        // The same curve on a translate, or within bounds, is fine.
        #expect(client.post("/v1/scroll", Self.body(#""effects":[{"property":"opacity","stops":[[0,0.2],[1,0.8]],"easings":["# + back + "]}]")).status == 200)
    }

    func number(after prefix: String, in body: String) -> Double? {
        let parts = body.split(separator: prefix, maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return Double(parts[1].prefix { $0 != " " })
    }

    @Test func answerCarriesCrossAxisTranslateAndPerAxisScale() {
        let r = client.post("/v1/scroll", Self.body(#""effects":[{"property":"translate.x","stops":[[0,-50],[1,50]]},{"property":"scale.y","stops":[[0,1],[0.5,2],[0.5,3],[1,3]]}]"#, offset: "875"))
        #expect(r.status == 200)
        #expect(r.body.contains(#""translate":{"x":-25,"y":0},"scale":1,"scaleX":1,"scaleY":1.5,"opacity":1,"rotate":0,"viewportFrame":{"x":-5,"y":625,"width":360,"height":500},"visible":true"#), "\(r.body)")
        // Without a per-axis scale the answer is as before: no scaleX/scaleY.
        let plain = client.post("/v1/scroll", Self.body(#""effects":[{"property":"scale","stops":[[0,1],[1,3]]}]"#))
        #expect(plain.body.contains(#""scale":2,"opacity":1"#), "\(plain.body)")
    }

    /// The picture draws a per-axis scale along each axis and names a translate across both axes
    /// (docs/api.md#pictures): at q 0.25 translate (−25, 10), scale 1 × 1.5, the moved frame
    /// (−5, 635, 360, 500) scaled about its centre (175, 885).
    @Test func pictureDrawsPerAxisScaleAndCrossAxisTranslate() {
        let fields = #""effects":[{"property":"translate.x","stops":[[0,-50],[1,50]]},{"property":"translate.y","stops":[[0,0],[1,40]]},{"property":"scale.y","stops":[[0,1],[0.5,2],[0.5,3],[1,3]]}]"#
        let picture = { (fields: String, offset: String) in String(Self.body(fields, offset: offset).dropLast()) + #","format":"svg"}"# }
        let r = client.post("/v1/scroll", picture(fields, "875"))
        #expect(r.status == 200 && r.contentType == "image/svg+xml")
        #expect(r.body.contains(#"transform="translate(175 885) scale(1 1.5) translate(-175 -885)""#), "\(r.body)")
        #expect(r.body.contains("translate -25, 10") && r.body.contains("scale 1 × 1.5"), "\(r.body)")
        // A uniform scale alone is drawn as before: one factor.
        let plain = client.post("/v1/scroll", picture(#""effects":[{"property":"scale","stops":[[0,1],[1,3]]}]"#, "1250"))
        #expect(plain.body.contains(#"transform="translate(200 500) scale(2) translate(-200 -500)""#), "\(plain.body)")
    }

    /// stops [[0, a], [1, b]] answer byte for byte what `[a, b]` does, POST and GET, single and
    /// timeline, JSON keyframes and keytimes.
    @Test func twoStopsAnswerTheFromToFormByteForByte() {
        let old = #""translate":[-80,40],"opacity":[0.25,1],"easing":"easeInOut""#
        let new = #""effects":[{"property":"translate.y","stops":[[0,-80],[1,40]],"easings":["easeInOut"]},{"property":"opacity","stops":[[0,0.25],[1,1]],"easings":["easeInOut"]}]"#
        for offset in ["0", "777.25", "1250", "1999.5", "3000"] {
            #expect(client.post("/v1/scroll", Self.body(old, offset: offset)).body == client.post("/v1/scroll", Self.body(new, offset: offset)).body)
        }
        let timeline = { (f: String) in Self.head + f + #"}],"offsets":[0,600,1250,1900]}"# }
        #expect(client.post("/v1/scroll", timeline(old)).body == client.post("/v1/scroll", timeline(new)).body)
        for format in ["json", "keytimes"] {
            let kf = { (f: String) in Self.head + f + #"}],"domain":{"from":300,"to":1800},"format":""# + format + "\"}" }
            let a = client.post("/v1/scroll/keyframes", kf(old)), b = client.post("/v1/scroll/keyframes", kf(new))
            #expect(a.status == 200 && a.body == b.body, "\(format): \(a.body) vs \(b.body)")
        }
        // GET: `elements` is the JSON array, percent-encoded.
        func get(_ fields: String) -> String {
            let elements = #"[{"name":"a","frame":{"x":20,"y":1500,"width":360,"height":500},"# + fields + "}]"
            let encoded = elements.utf8.map { b -> String in
                let c = Character(UnicodeScalar(b))
                return c.isLetter || c.isNumber || c == "." || c == "-" ? String(c) : "%" + String(b, radix: 16, uppercase: true)
            }.joined()
            return client.get("/v1/scroll?viewport.width=400&viewport.height=1000&offsets=0,900,1250&elements=" + encoded).body
        }
        let viaGet = get(old)
        #expect(viaGet.contains("\"frames\"") && viaGet == get(new), "\(viaGet)")
    }

    /// The keyframes JSON of a jump: two knots at the jump's offset.
    @Test func keyframesJumpHasTwoKnotsAtOneOffset() {
        let r = client.post("/v1/scroll/keyframes", Self.head + #""effects":[{"property":"opacity","stops":[[0,0],[0.5,0.2],[0.5,1],[1,1]]}]}],"domain":{"from":0,"to":2500},"properties":["opacity"]}"#)
        #expect(r.body.contains(#""knots":[[0,0],[500,0],[1250,0.2],[1250,1],[2500,1]]"#), "\(r.body)")
    }
}
