// Multi-stop effects, cross-axis motion and per-axis scale, docs/model.md#effects.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct EffectTests: OneScrollElement {
    func element(_ effects: [Effect]) -> ScrollInput.Element {
        ScrollInput.Element(name: "card", frame: card, effects: effects)
    }

    func stops(_ pairs: [(Double, Double)]) -> [Effect.Stop] { pairs.map { Effect.Stop($0.0, $0.1) } }

    @Test func fourStopsWithAnEaseOnTheMiddleSegment() throws {
        let e = element([Effect(property: .translateY, stops: stops([(0, 0), (0.2, 40), (0.6, 120), (1, 100)]),
                                easings: [.linear, .easeIn, .linear])])
        #expect(try one(e, at: 0).translate.y == 0)  // below the range: the first value
        #expect(close(try one(e, at: 650).translate.y, 20, 1e-13))  // q 0.1: half of the first segment
        #expect(close(try one(e, at: 800).translate.y, 40, 1e-13))  // q 0.2: the second stop
        // q 0.4: half of the eased segment, ease-in(0.5) = 0.31535681257253930426 (40 digits, mpmath).
        #expect(close(try one(e, at: 1100).translate.y, 40 + 80 * 0.315356812572539304, 1e-13))
        #expect(close(try one(e, at: 1700).translate.y, 110, 1e-13))  // q 0.8
        let past = try one(e, at: 2300)
        #expect(past.translate.y == 100 && past.viewportFrame.y == 1500 - 2300 + 100)
    }

    @Test func aJumpHoldsTheLaterStopFromItsProgressOn() throws {
        let e = element([Effect(property: .opacity, stops: stops([(0, 0), (0.5, 0.2), (0.5, 1), (1, 1)]))])
        #expect(try one(e, at: 1250).opacity == 1)  // q 0.5 exactly: right-continuous
        #expect(close(try one(e, at: 1249.999).opacity, 0.2, 1e-6))
        #expect(close(try one(e, at: 875).opacity, 0.1, 1e-13))
        // The track jumps at 1250 with two knots, the single-offset answers on either side.
        let input = ScrollInput(viewport: viewport, elements: [e])
        let kf = try input.keyframes(domain: KeyframeDomain(from: 0, to: 2500), properties: ["opacity"])
        let track = try #require(kf.tracks.first)
        #expect(track.knots.map(\.offset) == [0, 500, 1250, 1250, 2500])
        #expect(track.knots.map(\.value) == [0, 0, 0.2, 1, 1])
        #expect(track.value(at: 1250) == 1 && close(track.value(at: 1249.999), 0.2, 1e-6))
    }

    @Test func crossAxisTranslateMovesTheFrameAndDecidesVisibility() throws {
        let e = element([Effect(property: .translateX, stops: stops([(0, -50), (1, 50)]))])
        let quarter = try one(e, at: 875)  // q 0.25
        #expect(quarter.translate == Point(x: -25, y: 0))
        #expect(quarter.viewportFrame == Frame(x: -5, y: 625, width: 360, height: 500))
        // Far enough across, the moved frame leaves the viewport while the page still shows its row.
        let away = element([Effect(property: .translateX, stops: stops([(0, -400), (1, -400)]))])
        let gone = try one(away, at: 1250)
        #expect(gone.viewportFrame.x == -380 && gone.viewportFrame.x + gone.viewportFrame.width < 0 && !gone.visible)
        #expect(try one(element([]), at: 1250).visible)
        // translate.y on a horizontal page is the cross axis there.
        let horizontal = ScrollInput.Element(name: "h", frame: Frame(x: 1500, y: 10, width: 500, height: 100),
                                             effects: [Effect(property: .translateY, stops: stops([(0, 0), (1, 80)]))])
        let h = try one(horizontal, at: 1100, axis: .horizontal)  // V 400: range [1100, 2000]
        #expect(h.translate == Point(x: 0, y: 0))
        let later = try one(horizontal, at: 1550, axis: .horizontal)
        #expect(later.translate == Point(x: 0, y: 40) && later.viewportFrame == Frame(x: -50, y: 50, width: 500, height: 100))
    }

    @Test func perAxisScaleAddsScaleXAndScaleYAndKeepsTheUniformOne() throws {
        let e = element([Effect(property: .scaleX, stops: stops([(0, 1), (1, 3)]))])
        let half = try one(e, at: 1250)
        #expect(half.scaleX == 2 && half.scaleY == 1 && half.scale == 1)
        let damped = try one(e, at: 1250, motion: 0.5)
        #expect(damped.scaleX == 1.5 && damped.scaleY == 1)
        let plain = try one(element([Effect(property: .scale, stops: stops([(0, 1), (1, 3)]))]), at: 1250)
        #expect(plain.scale == 2 && plain.scaleX == nil && plain.scaleY == nil)
    }

    @Test func anOwnRangeDrivesItsEffectAloneAndMotionScaleDampsIt() throws {
        let e = element([Effect(property: .rotate, stops: stops([(0, 0), (1, 90)]),
                                range: Effect.Range(startOffset: 0, endOffset: 1000))])
        let l = try one(e, at: 250)
        #expect(l.rotate == 22.5 && l.progressClamped == 0)  // the element's own progress is still 0
        #expect(try one(e, at: 250, motion: 0.5).rotate == 11.25)
        #expect(try one(e, at: 5000).rotate == 90)
    }

    /// [[0, a], [1, b]] with the element's easing is the `[from, to]` form, bit for bit, in every
    /// answer and in keyframes.
    @Test func twoStopsReproduceTheFromToFormExactly() throws {
        var r = SplitMix64(seed: 1501)
        let easings: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1),
                                 .cubicBezier(x1: 0, y1: 0.55, x2: 0.45, y2: 1)]
        for _ in 0..<200 {
            let easing = r.pick(easings)
            let axis = r.pick(Axis.allCases)
            let a = r.double(-300, 300), b = r.double(-300, 300), sa = r.double(0, 2), sb = r.double(0, 2)
            let oa = r.double(0, 1), ob = r.double(0, 1), ra = r.double(-180, 180), rb = r.double(-180, 180)
            let frame = Frame(x: r.double(0, 2000), y: r.double(0, 2000), width: r.double(10, 600), height: r.double(10, 600))
            var old = ScrollInput.Element(name: "e", frame: frame, translate: .init(from: a, to: b),
                                          rotate: .init(from: ra, to: rb), easing: easing)
            // A curve that overshoots may carry a scale or an opacity out of bounds: only the
            // multi-stop form refuses that, so such curves drive translate and rotate alone here.
            let overshoots = easing.yRange != (0, 1)
            if !overshoots { (old.scale, old.opacity) = (.init(from: sa, to: sb), .init(from: oa, to: ob)) }
            if r.bool() { old.startOffset = min(frame.x, frame.y) - r.double(1, 1000) }
            var new = ScrollInput.Element(name: "e", frame: frame, startOffset: old.startOffset)
            let along: Effect.Property = axis == .vertical ? .translateY : .translateX
            let pairs: [(Effect.Property, Double, Double)] = [(along, a, b), (.rotate, ra, rb)]
                + (overshoots ? [] : [(.scale, sa, sb), (.opacity, oa, ob)])
            new.effects = pairs.map { Effect(property: $0.0, stops: stops([(0, $0.1), (1, $0.2)]), easings: [easing]) }
            let motion = r.pick([1, 0.5, 0])
            let offsets = (0..<20).map { _ in r.double(-1000, 5000) } + [frame.y, frame.x]
            var before = ScrollInput(viewport: viewport, axis: axis, offsets: offsets, elements: [old], motionScale: motion)
            var after = before
            after.elements = [new]
            #expect(try before.layout() == after.layout())
            before.offsets = nil
            after.offsets = nil
            let domain = r.bool() ? nil : KeyframeDomain(from: r.double(-500, 2000), to: r.double(2100, 5000))
            #expect(try before.keyframes(domain: domain, properties: nil) == after.keyframes(domain: domain, properties: nil))
        }
    }

    /// Away from jumps a curve has no step: at every stop's offset and at random offsets, the
    /// values an ulp apart differ by a tiny fraction of the range.
    @Test func valuesAreContinuousAwayFromJumps() throws {
        var r = SplitMix64(seed: 1502)
        let range = ProgressRange(start: 500, end: 2000, span: 1500)
        for _ in 0..<200 {
            let count = r.int(2, 8)
            var qs = (0..<count).map { _ in r.double(0, 1) }.sorted()
            qs[0] = r.bool() ? 0 : qs[0]
            guard zip(qs, qs.dropFirst()).allSatisfy({ $0 < $1 }) else { continue }
            let effect = Effect(property: .translateY, stops: qs.map { Effect.Stop($0, r.double(-500, 500)) },
                                easings: (1..<count).map { _ in r.pick([Easing.linear, .easeIn, .easeOut, .easeInOut]) })
            let curve = EffectCurve(effect: effect, range: range)
            for o in curve.offsets + (0..<10).map({ _ in r.double(0, 2500) }) {
                let below = curve.value(at: o.nextDown), at = curve.value(at: o), above = curve.value(at: o.nextUp)
                #expect(abs(below - at) <= 1e-9 && abs(above - at) <= 1e-9, "\(effect) at \(o)")
            }
        }
    }

    /// Tracks of elements with random effects (stops with jumps, eased segments, own ranges,
    /// cross-axis translate, per-axis scale) equal the single-offset answers at their knots,
    /// beside them and at random offsets, within 1e-9 of their scale (KeyframesSupport).
    @Test func effectTracksMatchTheSingleOffsetAnswers() throws {
        try expectScrollTracksMatch(seed: 1503, count: 150, samples: 200) { randomEffects(&$0) }
    }

    func randomEffects(_ r: inout SplitMix64) -> ScrollInput {
        let curves: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1),
                                .cubicBezier(x1: 0, y1: 0.55, x2: 0.45, y2: 1), .cubicBezier(x1: 0.7, y1: 0, x2: 1, y2: 0.6)]
        var elements: [ScrollInput.Element] = []
        for i in 0..<r.int(1, 3) {
            let frame = Frame(x: r.double(-100, 500), y: r.double(0, 3000), width: r.double(10, 600), height: r.double(10, 800))
            var properties = Effect.Property.allCases.filter { _ in r.bool() }
            if properties.contains(.scale) { properties.removeAll { $0 == .scaleX || $0 == .scaleY } }
            let effects = properties.map { property -> Effect in
                let count = r.int(2, 6)
                var qs = (0..<count).map { _ in r.pick([0, 1, r.double(0, 1), r.double(0, 1)]) }.sorted()
                if r.int(0, 3) == 0, count > 2 { qs[1] = qs[2] }  // a jump
                let bounded = property == .opacity || property == .scale || property == .scaleX || property == .scaleY
                let values = qs.map { _ in bounded ? r.double(0, 1) : r.double(-300, 300) }
                // Bounded properties keep curves inside [0, 1], so no stop is carried out of bounds.
                let easings = (1..<count).map { _ in bounded ? r.pick(Array(curves.prefix(4))) : r.pick(curves) }
                let range = r.int(0, 2) == 0 ? nil : { () -> Effect.Range in
                    let a = r.double(-500, 3000)
                    return Effect.Range(startOffset: a, endOffset: a + r.double(1, 2000))
                }()
                return Effect(property: property, stops: zip(qs, values).map { Effect.Stop($0, $1) },
                              easings: r.bool() ? easings : nil, range: range)
            }
            var e = ScrollInput.Element(name: "e\(i)", frame: frame, effects: effects)
            if r.int(0, 3) == 0 { e.endOffset = max(frame.x, frame.y) + r.double(1, 1000) }
            elements.append(e)
        }
        return ScrollInput(viewport: Size(width: r.pick([390, 1280]), height: r.pick([844, 720])),
                           axis: r.bool() ? nil : r.pick(Axis.allCases), elements: elements, motionScale: r.pick([1, 0.5, 0]))
    }
}
