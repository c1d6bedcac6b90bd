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

    /// The scenes the check compares (the references, then the check sizes), logged.
    static func check(_ request: (ScrollInput, KeyframesOptions), _ log: Log) throws -> FluidCheck.Refusal? {
        let (input, o) = request
        func source(_ r: FluidScenes.Reference, _ index: Int) throws -> SceneSource {
            var at = input
            at.place(at: r)
            return logged(try at.fluidScene(o, styled: true, limits: .standard), index, log)
        }
        let refs = FluidScenes.references(nil)
        let spelling = StyleSpelling(references: refs.map(\.size))
        let check = FluidCheck(references: try refs.enumerated().map { try source($1, $0) }, spelling: spelling)
        let checks = try FluidScenes.checks(nil).enumerated().map { (size: $1.size, source: try source($1, refs.count + $0)) }
        return check.firstRefusal(checks)
    }

    @Test(arguments: [1, 7, 200])
    func eachUnitIsLaidOutOnceInStepWithTheOtherScenes(_ n: Int) throws {
        let request = try #require(Self.scroll(n))
        let log = Log()
        #expect(try Self.check(request, log) == nil)
        let scenes = FluidScenes.references(nil).count + FluidScenes.checks(nil).count
        // Every unit of every scene exactly once: the work is (scenes × elements) layouts.
        #expect(log.calls.count == scenes * n)
        for s in 0..<scenes {
            #expect(log.calls.filter { $0.scene == s }.map(\.unit) == Array(0..<n))
        }
        // In step: no scene is more than one unit ahead of another, so at most one unit of each
        // is held at a time (the memory of one element per scene, not of the stylesheet).
        var highest = 0
        for call in log.calls {
            #expect(call.unit == highest || call.unit == highest + 1, "\(call)")
            highest = max(highest, call.unit)
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
