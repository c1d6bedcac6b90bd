// Scroll elements, docs/model.md#scroll-elements.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct ScrollTests: OneScrollElement {
    @Test(arguments: [(500.0, 0.0), (1250.0, 0.5), (2000.0, 1.0), (0.0, -1.0 / 3), (2300.0, 1.2)])
    func progressRunsFromEnteringToLeaving(s: Double, expected: Double) throws {
        let e = try one(.init(name: "card", frame: card), at: s)
        #expect(close(e.progress, expected, 1e-12))
        #expect(e.progressClamped == clamp(e.progress, 0, 1))
    }

    @Test func startAndEndOffsetsOverrideTheRange() throws {
        #expect(try one(.init(name: "a", frame: card, startOffset: 100, endOffset: 300), at: 200).progress == 0.5)
        // Only one end given: the other keeps its default (top + length = 2000).
        #expect(try one(.init(name: "a", frame: card, startOffset: 1000), at: 1500).progress == 0.5)
    }

    @Test func effectRangesUseTheClampedEasedProgress() throws {
        let element = ScrollInput.Element(name: "a", frame: card, translate: .init(from: -100, to: 100),
                                          scale: .init(from: 0.5, to: 1.5), opacity: .init(from: 0, to: 1),
                                          rotate: .init(from: 0, to: 90))
        let quarter = try one(element, at: 875)  // progress 0.25
        #expect(quarter.translate == Point(x: 0, y: -50))
        #expect(quarter.scale == 0.75 && quarter.opacity == 0.25 && quarter.rotate == 22.5)
        #expect(quarter.viewportFrame == Frame(x: 20, y: 1500 - 875 - 50, width: 360, height: 500))
        let before = try one(element, at: 0)  // progress < 0 → from values
        #expect(before.translate.y == -100 && before.opacity == 0 && before.progressClamped == 0)
        var eased = element
        eased.easing = .easeIn
        let e = try one(eased, at: 1250)
        #expect(close(e.opacity, Easing.easeIn(0.5), 1e-15))
        #expect(e.opacity < 0.5)
    }

    @Test func rellaxSpeedUsesRawProgressFromItsRestingPlace() throws {
        let atZero = try one(.init(name: "r", frame: card, speed: -2), at: 0)
        #expect(atZero.translate.y == 0)
        let later = try one(.init(name: "r", frame: card, speed: -2), at: 500)
        #expect(close(later.translate.y, 200.0 / 3, 1e-12))  // −100·(−2)·(0 − (−1/3))
        let centred = try one(.init(name: "r", frame: card, speed: 3, center: true), at: 1250)
        #expect(centred.translate.y == 0)
        let past = try one(.init(name: "r", frame: card, speed: 1, center: true), at: 2300)
        #expect(close(past.translate.y, -70, 1e-12))  // raw progress 1.2 is not clamped
    }

    @Test func motionScaleDampsEveryEffect() throws {
        let element = ScrollInput.Element(name: "a", frame: card, translate: .init(from: -100, to: 100),
                                          scale: .init(from: 0.5, to: 1.5), opacity: .init(from: 0, to: 1),
                                          rotate: .init(from: 0, to: 90))
        let half = try one(element, at: 875, motion: 0.5)
        #expect(half.translate.y == -25 && half.rotate == 11.25 && half.scale == 0.875 && half.opacity == 0.625)
        let none = try one(element, at: 875, motion: 0)
        #expect(none.translate.y == 0 && none.rotate == 0 && none.scale == 1 && none.opacity == 1)
        #expect(none.viewportFrame.y == 625)
    }

    @Test func horizontalAxisTranslatesAlongX() throws {
        let strip = Frame(x: 800, y: 0, width: 200, height: 100)
        let e = try one(.init(name: "h", frame: strip, translate: .init(from: 0, to: 60)), at: 700, axis: .horizontal)
        #expect(e.progress == 0.5)  // (700 + 400 − 800)/(400 + 200)
        #expect(e.translate == Point(x: 30, y: 0))
        #expect(e.viewportFrame == Frame(x: 130, y: 0, width: 200, height: 100))
        #expect(e.visible)
    }

    @Test func visibleMeansTheMovedFrameOverlapsTheViewport() throws {
        #expect(try !one(.init(name: "a", frame: card), at: 500).visible)  // bottom edge touches only
        #expect(try one(.init(name: "a", frame: card), at: 501).visible)
        #expect(try one(.init(name: "a", frame: card, translate: .init(from: -1, to: -1)), at: 500).visible)
        #expect(try !one(.init(name: "a", frame: card), at: 2000).visible)
    }

    @Test func progressIsMonotonicInTheScrollPosition() throws {
        var r = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let frame = Frame(x: r.double(-500, 500), y: r.double(-500, 5000), width: r.double(1, 900), height: r.double(1, 900))
            var element = ScrollInput.Element(name: "e", frame: frame)
            if r.bool() { element.startOffset = r.double(-1000, 1000); element.endOffset = element.startOffset! + r.double(1, 3000) }
            let engine = try ScrollEngine(ScrollInput(viewport: viewport, axis: r.pick([.vertical, .horizontal]),
                                                      elements: [element]))
            let a = r.double(-2000, 8000), b = a + r.double(0, 500)
            let pa = engine.element(0, offset: a), pb = engine.element(0, offset: b)
            #expect(pa.progress <= pb.progress)
            #expect(pa.progressClamped <= pb.progressClamped)
        }
    }

    @Test func offsetsGiveOneFramePerOffsetInOrder() throws {
        let input = ScrollInput(viewport: viewport, offsets: [500, 1250, 2000], elements: [.init(name: "a", frame: card)])
        guard case let .timeline(frames) = try input.layout() else { throw TestFailure("timeline") }
        #expect(frames.map { $0.elements[0].progress } == [0, 0.5, 1])
    }

    @Test func pixelScaleSnapsTheViewportFrame() throws {
        let input = ScrollInput(viewport: viewport, offset: 0.3, elements: [.init(name: "a", frame: Frame(x: 0.2, y: 10, width: 10, height: 10))],
                                pixelScale: 2)
        guard case let .single(l) = try input.layout() else { throw TestFailure("single") }
        #expect(l.elements[0].viewportFrame == Frame(x: 0, y: 9.5, width: 10, height: 10))
    }
}
