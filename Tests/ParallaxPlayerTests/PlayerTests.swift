// The Swift player core on hand-written answers in the shapes of docs/native.md#the-players:
// decoding of both inputs and both formats, the player contract (held and continued ends, jumps
// right-continuous, cubic segments) and the fixtures check catching a wrong value.
import FoundationEssentials
import ParallaxLayout
import ParallaxPlayer
import Testing

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

@Suite struct PlayerTests {
    /// The agreed page-progress example: a trapezoid and a layer's ramp, p in pages.
    static let progress = """
        {"model":"paging","input":"pageProgress","axis":"horizontal","stride":320,"sign":"movedBack",
         "domain":{"from":-1.09375,"to":1.09375},
         "tracks":[
          {"target":{"page":true},"property":"visibleFraction",
           "knots":[[-1.09375,0],[-0.15625,1],[0.15625,1],[1.09375,0]],"easings":["linear","linear","linear"]},
          {"target":{"layer":"background"},"property":"frame.x","knots":[[-1,-120],[1,0]],"easings":["linear"],
           "before":"linear"}]}
        """

    @Test func pageProgressAnswer() throws {
        let a = try decode(KeyframesAnswer.self, Self.progress)
        #expect(a.input == .pageProgress && a.stride == 320 && a.sign == "movedBack" && a.axis == .horizontal)
        let vf = try #require(a.track(.anyPage, "visibleFraction"))
        // Halfway up the first ramp: (−0.625 + 1.09375) / 0.9375 = 0.5.
        #expect(abs(vf.value(at: -0.625) - 0.5) < 1e-12)
        #expect(vf.value(at: 0) == 1)
        #expect(vf.value(at: 5) == 0) // held past the domain
        let x = try #require(a.track(.anyPageLayer(name: "background"), "frame.x"))
        #expect(x.value(at: 0) == -60)
        #expect(x.value(at: -2) == -180) // continued below (before: linear): −120 + 60·(−1)
        #expect(x.value(at: 3) == 0) // held above (no after)
        #expect(x.kind == .length && vf.kind == .ratio)
        // Page 2 of a pager at offset 800: p = 800/320 − 2 = 0.5.
        #expect(pageProgress(offset: 800, stride: 320, index: 2) == 0.5)
    }

    @Test func offsetAnswerJumpAndBezier() throws {
        let a = try decode(KeyframesAnswer.self, """
            {"model":"scroll","axis":"vertical","domain":{"from":0,"to":200},"linearized":{"length":0.25,"ratio":0.001,"angle":0.005},
             "tracks":[{"target":{"element":"card"},"property":"opacity","knots":[[0,0],[100,0],[100,1],[200,0.5]],
               "easings":["linear","linear",{"cubicBezier":[0.42,0,1,1]}],"maxError":0.0004},
              {"target":{"slot":1,"layer":"bg"},"property":"rotate","knots":[[0,1],[200,3]],"easings":["linear"]},
              {"target":{},"property":"contentTop","knots":[[0,5],[200,5]],"easings":["linear"]}]}
            """)
        #expect(a.input == .offset && a.linearized?.length == 0.25)
        let t = try #require(a.track(.element(name: "card"), "opacity"))
        #expect(t.maxError == 0.0004)
        #expect(t.value(at: 99.999) == 0)
        #expect(t.value(at: 100) == 1) // a jump: the second knot's value
        // ease-in at x = 0.5: solve x(t) = 0.5 by bisection here, independently of the player.
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let m = (lo + hi) / 2
            let x = 3 * (1 - m) * m * m * 1 + 3 * (1 - m) * (1 - m) * m * 0.42 + m * m * m
            if x < 0.5 { lo = m } else { hi = m }
        }
        let y = lo * lo * lo // y1 = 0, y2 = 1: y(t) = 3(1 − t)t² + t³
            + 3 * (1 - lo) * lo * lo
        #expect(abs(t.value(at: 150) - (1 - 0.5 * y)) < 1e-9)
        #expect(a.track(.layer(slot: 1, name: "bg"), "rotate")?.kind == .angle)
        #expect(a.track(.header, "contentTop")?.value(at: -10) == 5)
    }

    @Test func keytimesAnswer() throws {
        let a = try decode(KeyframesAnswer.self, """
            {"model":"paging","axis":"horizontal","domain":{"from":-100,"to":900},"tracks":[
             {"target":{"slot":1,"layer":"background"},"property":"frame.x","values":[-120,-120,120,120],
              "keyTimes":[0,0.1,0.912,1],"timingFunctions":[[0,0,1,1],[0,0,1,1],[0,0,1,1]]}]}
            """)
        let t = try #require(a.track(.layer(slot: 1, name: "background"), "frame.x"))
        #expect(t.function.knots.map(\.offset) == [-100, 0, 812, 900])
        #expect(abs(t.value(at: 406)) < 1e-12)
        #expect(t.value(at: 2000) == 120)
    }

    @Test func fixturesCatchAWrongValue() throws {
        let a = try decode(KeyframesAnswer.self, Self.progress)
        let good = """
            {"model":"paging","input":"pageProgress","axis":"horizontal","domain":{"from":-1.09375,"to":1.09375},
             "tolerance":{"length":0.5,"ratio":0.002,"angle":0.01},"samples":0,"seed":1,"tracks":[
             {"target":{"layer":"background"},"property":"frame.x","kind":"length",
              "cases":[{"at":-2,"value":-180},{"at":0,"value":-60.3},{"at":1,"either":[0,7]}]}]}
            """
        let report = check(a, against: try decode(Fixtures.self, good))
        #expect(report.passed == 3 && report.failures.isEmpty)
        let planted = good.replacing("-60.3", with: "-60.6")
        let bad = check(a, against: try decode(Fixtures.self, planted))
        #expect(bad.passed == 2 && bad.failures.count == 1)
        let missing = good.replacing("background", with: "foreground")
        #expect(check(a, against: try decode(Fixtures.self, missing)).failures.count == 1)
    }
}
