import HTTPServer
import ParallaxLayout
import TestSupport
import Testing
@testable import ParallaxService

/// A fluid stylesheet's check (`FluidCheck`, docs/web.md#fluid-and-fixed) walks its scenes unit by
/// unit: each unit of each scene is laid out once, in step with the other scenes, so the check
/// holds one unit of each at a time (a scroll element, a pager's slot) whatever the request's
/// size (docs/operations.md#bounded-memory), and it still refuses what bends.
@Suite struct FluidCheckTests {
    /// Which unit of which scene was laid out, in order. Written only by the check's own thread
    /// (the test's), through the scenes' `units` closures.
    final class Log: @unchecked Sendable {
        var calls: [(scene: Int, unit: Int)] = []
    }

    /// `source` whose units are logged as scene `index`.
    static func logged(_ source: SceneSource, _ index: Int, _ log: Log) -> SceneSource {
        SceneSource(head: source.head, unitCount: source.unitCount, boxCount: source.boxCount, paged: source.paged) { k in
            log.calls.append((index, k))
            return source.units(k)
        }
    }

    /// A fluid scroll request of `n` elements, read as the endpoint reads it.
    static func scroll(_ n: Int, speed: String = #""speed":1,"center":true"#) -> (ScrollInput, KeyframesOptions)? {
        let elements = (0..<n).map { i in
            #"{"name":"e\#(i)","frame":{"x":0,"y":\#(i * 60),"width":50,"height":50},\#(speed),"opacity":[0,1],"scale":[1,2]}"#
        }
        let body = Array((#"{"format":"css","elements":["# + elements.joined(separator: ",") + "]}").utf8)
        let outcome = JSONParser().parse(body.span) { root -> (ScrollInput, KeyframesOptions)? in
            var scratch = InputReader.Scratch()
            var reader = InputReader(reusing: &scratch)
            let request = KeyframesEndpoint<ScrollInput>.read(root, &reader, accept: nil)
            return reader.issues.isEmpty ? request : nil
        }
        guard case .success(let request?) = outcome else { return nil }
        return request
    }

    /// The check of `request` run a step at a time, its scenes logged: the references then the
    /// check sizes, at the request's motion (0 …) and then reduced (scenes … 2 × scenes). Returns
    /// its outcome and how many units each step laid out.
    static func check(_ request: (ScrollInput, KeyframesOptions), _ log: Log) -> (passed: Bool, perStep: [Int]) {
        let (input, o) = request
        let refs = FluidScenes.references(nil), checks = FluidScenes.checks(nil)
        let sizes = (refs + checks).map(\.size)
        var check = FluidCheck(references: refs, checks: checks, spelling: StyleSpelling(references: refs.map(\.size))) {
            (r: FluidScenes.Reference, reduced: Bool) throws(ValidationError) in
            var at = input
            at.place(at: r)
            if reduced { at.motionScale = 0 }
            let index = (sizes.firstIndex { $0 == r.size } ?? -1) + (reduced ? sizes.count : 0)
            return logged(try at.fluidScene(o, styled: true, limits: .standard), index, log)
        }
        var perStep: [Int] = []
        let refusal = Preparation.decide {
            let before = log.calls.count
            let outcome = check.step()
            perStep.append(log.calls.count - before)
            return outcome
        }
        return (refusal == nil, perStep)
    }

    @Test(arguments: [1, 7, 200])
    func eachUnitIsLaidOutOnceInStepWithTheOtherScenes(_ n: Int) throws {
        let request = try #require(Self.scroll(n))
        let log = Log()
        let (passed, perStep) = Self.check(request, log)
        #expect(passed)
        let scenes = 2 * (FluidScenes.references(nil).count + FluidScenes.checks(nil).count)
        // Every unit of every scene exactly once: the work is (scenes × elements) layouts, and a
        // step lays out at most one unit (the engine gives the loop back between steps).
        #expect(log.calls.count == scenes * n)
        #expect(perStep.allSatisfy { $0 <= 1 }, "\(perStep.max() ?? 0)")
        for s in 0..<scenes {
            #expect(log.calls.filter { $0.scene == s }.map(\.unit) == Array(0..<n))
        }
        // In step within each motion: no scene is more than one unit ahead of another, so at
        // most one unit of each is held at a time (one element per scene, not the stylesheet).
        for motion in 0..<2 {
            var highest = 0
            for call in log.calls where (call.scene < scenes / 2) == (motion == 0) {
                #expect(call.unit == highest || call.unit == highest + 1, "\(call)")
                highest = max(highest, call.unit)
            }
        }
    }

    /// What bends is still refused, box by box, named as the whole scenes' check named it: a
    /// travel clamped to a stride narrower than it on the 320 × 320 check, in the first slot.
    @Test func aBendIsNamedWhereItIs() {
        let r = Client().get("/v1/paging/keyframes?pageCount=40&layers=%5B%7B%22name%22:%22a%22,%22travel%22:500%7D%5D&format=css")
        #expect(r.status == 422)
        #expect(r.body.contains(#"{"pointer":"/viewport","message":"is required for this request: its stylesheet cannot be fluid (a length bends (.parallax-page[data-slot=\"0\"] > .parallax-layer[data-layer=\"a\"] translate) at a 320 × 320 scroller, e.g. a layer's travel beyond its page's stride); give viewport for a stylesheet of one size"}"#), "\(r.body)")
    }
}
