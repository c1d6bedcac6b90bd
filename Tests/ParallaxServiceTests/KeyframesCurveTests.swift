import ParallaxLayout
import Testing
@testable import ParallaxService

/// The exact track arithmetic the stylesheet's boxes need (a layer relative to its page, a pinned
/// box's content position) and the keyframe steps of a jump, which no model emits today.
@Suite struct KeyframesCurveTests {
    func curve(_ knots: [(Double, Double)]) -> Curve {
        Curve(knots: knots.map { Knot(offset: $0.0, value: $0.1) }, easings: Array(repeating: .linear, count: knots.count - 1))
    }

    @Test func differenceIsExactOnTheUnionOfKnotsAndMergesCollinearOnes() {
        // A layer at viewport x = T·clamp(p) − o-ish minus its page at −o: the page-local travel.
        let layer = curve([(0, 0), (406, -286), (812, -692)])
        let page = curve([(0, 0), (812, -812)])
        let local = layer.linearCombination(1, page, -1)
        #expect(local.knots == [Knot(offset: 0, value: 0), Knot(offset: 406, value: 120), Knot(offset: 812, value: 120)])
        #expect(local.easings == [.linear, .linear])
        // Equal slopes cancel to a constant, with no knot left in between.
        let same = page.linearCombination(1, curve([(0, 5), (300, -295), (812, -807)]), -1)
        #expect(same.knots.count == 2 && same.isConstant && same.first == -5)
    }

    @Test func addingTheOffsetTurnsAViewportPositionIntoAContentPosition() {
        let viewport = curve([(0, 406), (812, -406)])
        #expect(viewport.addingOffset(times: 1).isConstant)
        #expect(viewport.addingOffset(times: 1).first == 406)
    }

    @Test func aJumpBecomesALinearEasingThatReachesTheRightValueAtTheJump() {
        let jump = curve([(0, 0), (100, 10), (100, 30), (200, 40)])
        let box = KeyframesScene.Box(selector: ".x", x: jump, y: .constant(0, over: KeyframeDomain(from: 0, to: 200)),
                                     width: .constant(1, over: KeyframeDomain(from: 0, to: 200)),
                                     height: .constant(1, over: KeyframeDomain(from: 0, to: 200)))
        let steps = KeyframesAnimation.of(box, rest: 0)[0].steps
        // 0 → 30 over [0, 100] eased to reach 10 (a third) just before 100 %, 30 at 100 %.
        #expect(steps.map(\.offset) == [0, 100, 200])
        #expect(steps.map(\.value) == ["0px 0px", "30px 0px", "40px 0px"])
        #expect(steps[0].easing == "linear(0, 0.3333333333333333 100%, 1 100%)")
    }

    @Test func cssStringsEscapeQuotesBackslashesAndControls() {
        #expect(KeyframesScene.cssString("a\"b\\c\nd") == "\"a\\\"b\\\\c\\a d\"")
    }
}
