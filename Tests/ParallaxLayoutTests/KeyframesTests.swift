// docs/model.md#keyframes keyframes: the spec's example, the minimality promise, the 422s, and one named test per
// model feature (the generated-request properties are in KeyframesPropertyTests).
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct KeyframesTests {
    func track(_ kf: Keyframes, _ target: TrackTarget, _ property: String) -> Track? {
        kf.tracks.first { $0.target == target && $0.property == property }
    }

    func pointers(_ body: () throws(ValidationError) -> Keyframes) -> [String] {
        do {
            _ = try body()
            return []
        } catch {
            return error.issues.pointers
        }
    }

    // MARK: continuation past the domain (docs/model.md#keyframes-on-real-pages)

    /// A header's default domain [−Hh, Hh] ends past its last bend (the collapse at Hh − m): the
    /// body's top goes on linearly both ways, the pinned height holds; pulled down, the stretched
    /// height goes on growing.
    @Test func aHeaderContinuesLinearlyPastItsDefaultDomain() throws {
        let input = HeaderInput(viewport: Size(width: 390, height: 700), header: .init(height: 220, minHeight: 64))
        let kf = try input.keyframes(domain: nil, properties: nil)
        let top = try #require(track(kf, .header, "contentTop"))
        #expect(top.before == .linear && top.after == .linear)
        #expect(top.value(at: 2000) == 220 - 2000)
        let height = try #require(track(kf, .header, "header.height"))
        #expect(height.before == .linear && height.after == .hold)
        #expect(height.value(at: 2000) == 64 && height.value(at: -400) == 620)
    }

    /// A domain ending before the collapse: the height still bends later, so nothing is said and
    /// the track holds (exact inside its domain only); the body's top is linear everywhere.
    @Test func aDomainEndingBeforeABendSaysNothingThere() throws {
        let input = HeaderInput(viewport: Size(width: 390, height: 700), header: .init(height: 220, minHeight: 64))
        let kf = try input.keyframes(domain: KeyframeDomain(from: 10, to: 100), properties: nil)
        let height = try #require(track(kf, .header, "header.height"))
        #expect(height.after == .hold && height.before == .linear)
        #expect(try #require(track(kf, .header, "contentTop")).after == .linear)
    }

    /// Rellax `speed` is linear in the offset everywhere: its translation goes on past the page's
    /// last element (the stylesheet must not hold it).
    @Test func aSpeedElementContinuesBothWays() throws {
        let input = ScrollInput(viewport: Size(width: 390, height: 700), elements: [
            ScrollInput.Element(name: "slow", frame: Frame(x: 20, y: 500, width: 350, height: 200), speed: -2)])
        let kf = try input.keyframes(domain: nil, properties: nil)
        let t = try #require(track(kf, .element(name: "slow"), "translate.y"))
        #expect(t.before == .linear && t.after == .linear)
    }

    /// The docs/model.md#keyframes example: a page's viewport x is kL − o everywhere; a layer's travel clamps at
    /// p = ±1, so slot 4's layer (which would still move past 1624) says nothing after.
    @Test func pagingTracksContinueOnlyWhereTheModelDoes() throws {
        var input = specExample()
        input.offset = nil
        let kf = try input.keyframes(domain: nil, properties: nil)
        let page = try #require(track(kf, .page(slot: 1), "viewportFrame.x"))
        #expect(page.before == .linear && page.after == .linear)
        #expect(try #require(track(kf, .layer(slot: 4, name: "background"), "frame.x")).after == .hold)
        #expect(try #require(track(kf, .layer(slot: 0, name: "background"), "viewportFrame.x")).after == .linear)
    }

    // MARK: paging

    /// docs/model.md#keyframes's JSON example is the docs/model.md#paging example (390 × 844, 5 pages, spacing 16, travel 120) over
    /// the default domain [0, 4·406]: slot 1's background rises from −120 to 120 and rests there.
    @Test func specSection8ExampleIsSlotOneBackgroundOfTheSection1Pager() throws {
        var input = specExample()
        input.offset = nil
        let kf = try input.keyframes(domain: nil, properties: nil)
        #expect(kf.model == .paging && kf.axis == .horizontal)
        #expect(kf.domain == KeyframeDomain(from: 0, to: 1624))
        let t = try #require(track(kf, .layer(slot: 1, name: "background"), "frame.x"))
        #expect(t.knots.map { [$0.offset, $0.value] } == [[0, -120], [812, 120], [1624, 120]])
        #expect(t.easings == [.linear, .linear])
    }

    @Test func aLayerTravelOverALongPagerHasAtMostFourKnots() throws {
        let input = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 5000, pageSpacing: 16,
                                layers: [.init(name: "bg", travel: 120, opacity: .init(min: 0.2))])
        let kf = try input.keyframes(domain: nil, properties: ["frame.x", "viewportFrame.x", "opacity"])
        for k in [0, 1, 2500, 4998, 4999] {
            let x = try #require(track(kf, .layer(slot: k, name: "bg"), "frame.x"))
            #expect(x.knots.count <= 4, "slot \(k): \(x.knots)")
            let v = try #require(track(kf, .layer(slot: k, name: "bg"), "viewportFrame.x"))
            #expect(v.knots.count <= 4, "slot \(k): \(v.knots)")
            // opacity = 1 − 0.8·min(|p|, 1): a tent over [(k − 1)·L, (k + 1)·L].
            let o = try #require(track(kf, .layer(slot: k, name: "bg"), "opacity"))
            #expect(o.knots.count <= 5, "slot \(k): \(o.knots)")
        }
        #expect(Set(kf.tracks.map(\.target)).count == 2 * 5000)  // every page and its layer
    }

    /// Near page 10⁶, o/L − k carries ~10⁻¹⁰ of rounding: knots are kept only where a number can
    /// bend, so that noise never shows up as an extra knot.
    @Test func aLayerTravelAMillionPagesDownStillHasFourKnots() throws {
        let input = PagingInput(viewport: Size(width: 414.5, height: 844), pageCount: 1_000_000, pageSpacing: 33.3,
                                layers: [.init(name: "bg", travel: -377.7, opacity: .init(min: 0.2))])
        let L = 414.5 + 33.3
        let kf = try input.keyframes(domain: KeyframeDomain(from: (1e6 - 2000) * L, to: (1e6 - 1) * L),
                                     properties: ["frame.x", "viewportFrame.x", "opacity", "visibleFraction"])
        for t in kf.tracks {
            let most = t.property == "frame.x" || t.property == "viewportFrame.x" ? 4 : 5
            #expect(t.knots.count <= most, "\(t.target) \(t.property): \(t.knots)")
        }
    }

    @Test func tracksAreOrderedBySlotThenPageBeforeLayersThenProperty() throws {
        let input = PagingInput(viewport: Size(width: 400, height: 800), pageCount: 3,
                                layers: [.init(name: "a", travel: 50), .init(name: "b", rate: 0.5, fit: .cover)])
        let kf = try input.keyframes(domain: nil, properties: nil)
        let targets = kf.tracks.map(\.target).reduce(into: [TrackTarget]()) { if $0.last != $1 { $0.append($1) } }
        #expect(targets == [.page(slot: 0), .layer(slot: 0, name: "a"), .layer(slot: 0, name: "b"),
                            .page(slot: 1), .layer(slot: 1, name: "a"), .layer(slot: 1, name: "b"),
                            .page(slot: 2), .layer(slot: 2, name: "a"), .layer(slot: 2, name: "b")])
        #expect(kf.tracks.prefix(3).map(\.property) == ["progress", "visibleFraction", "viewportFrame.x"])
    }

    @Test func onlySlotsVisibleSomewhereInTheDomainGetTracks() throws {
        let input = PagingInput(viewport: Size(width: 400, height: 800), pageCount: 10, pageSpacing: 20)
        // L = 420: [900, 1000] shows slots 2 (|840 − o| < 400) and 3; slot 1 (420) is 480 away.
        let kf = try input.keyframes(domain: KeyframeDomain(from: 900, to: 1000), properties: nil)
        #expect(Set(kf.tracks.map(\.target)) == [.page(slot: 2), .layer(slot: 2, name: "background"),
                                                  .page(slot: 3), .layer(slot: 3, name: "background")])
        #expect(try input.keyframeSlots(domain: KeyframeDomain(from: 900, to: 1000)) == 2...3)
    }

    @Test func infiniteSlotsExtendBelowZeroAndShowPagesModN() throws {
        let input = PagingInput(viewport: Size(width: 300, height: 600), pageCount: 3, infinite: true,
                                layers: [.init(name: "bg", travel: 100)])
        let domain = KeyframeDomain(from: -600, to: -300)
        // L = A = 300: slot k is visible somewhere iff −900 < 300·k < 0.
        #expect(try input.keyframeSlots(domain: domain) == -2...(-1))
        let kf = try input.keyframes(domain: domain, properties: ["frame.x"])
        let t = try #require(track(kf, .layer(slot: -2, name: "bg"), "frame.x"))
        // p = o/300 + 2: 0 at −600, 1 at −300.
        #expect(t.knots.map { [$0.offset, $0.value] } == [[-600, 0], [-300, 100]])
    }

    @Test func rtlMirrorsLayerTravel() throws {
        var input = PagingInput(viewport: Size(width: 400, height: 800), pageCount: 3,
                                layers: [.init(name: "bg", travel: 100)])
        let ltr = try #require(track(try input.keyframes(domain: nil, properties: nil), .layer(slot: 1, name: "bg"), "frame.x"))
        input.direction = .rtl
        let rtl = try #require(track(try input.keyframes(domain: nil, properties: nil), .layer(slot: 1, name: "bg"), "frame.x"))
        #expect(ltr.knots.map(\.offset) == rtl.knots.map(\.offset))
        #expect(ltr.knots.map(\.value) == rtl.knots.map { -$0.value })
    }

    @Test func namedPropertiesAreKeptEvenWhenConstant() throws {
        let input = PagingInput(viewport: Size(width: 400, height: 800), pageCount: 2)
        let kf = try input.keyframes(domain: nil, properties: ["viewportFrame.width", "frame.y"])
        #expect(Set(kf.tracks.map(\.property)) == ["viewportFrame.width", "frame.y"])
        let width = try #require(track(kf, .page(slot: 0), "viewportFrame.width"))
        #expect(width.knots.map(\.value) == [400, 400] && width.knots.map(\.offset) == [0, 400])
        // Unnamed constant numbers are left out.
        let all = try input.keyframes(domain: nil, properties: nil)
        #expect(!all.tracks.contains { $0.property.hasSuffix(".width") || $0.property.hasSuffix(".y") })
    }

    // The moment fields' refusals, in the schema's order: FieldNamesTests.

    @Test func domainMustBeFiniteAndIncreasing() {
        var input = specExample()
        input.offset = nil
        #expect(pointers { () throws(ValidationError) in
            try input.keyframes(domain: KeyframeDomain(from: .nan, to: 1), properties: nil) } == ["/domain/from"])
        #expect(pointers { () throws(ValidationError) in
            try input.keyframes(domain: KeyframeDomain(from: 5, to: 5), properties: nil) } == ["/domain/to"])
        // One page: the default [0, 0] is empty, so a domain must be given.
        input.pageCount = 1
        #expect(pointers { () throws(ValidationError) in try input.keyframes(domain: nil, properties: nil) } == ["/domain"])
    }

    @Test func everyProblemIsReportedAtOnce() {
        var input = specExample()
        input.viewport.width = -1
        let got = pointers { () throws(ValidationError) in
            try input.keyframes(domain: KeyframeDomain(from: 1, to: .infinity), properties: ["nope"]) }
        #expect(got == ["/viewport/width", "/offset", "/properties/0", "/domain/to"])
    }

    @Test func unknownPropertiesAreRefused() {
        var input = specExample()
        input.offset = nil
        #expect(pointers { () throws(ValidationError) in
            try input.keyframes(domain: nil, properties: ["frame.x", "frame.z"]) } == ["/properties/1"])
    }

    @Test func aDomainOverMoreSlotsThanTheLimitIsRefused() throws {
        let input = PagingInput(viewport: Size(width: 100, height: 100), pageCount: 1000)
        var limits = LayoutLimits.standard
        limits.maxPagesPerResponse = 10
        do {
            _ = try input.keyframes(domain: KeyframeDomain(from: 0, to: 5000), properties: nil, limits: limits)
            Issue.record("expected a 422")
        } catch {
            #expect(error.issues.pointers == ["/domain"])
            #expect(error.issues.first?.message.contains("51 slots") == true, "\(error.issues)")
            #expect(error.issues.first?.message.contains("at most 10") == true)
        }
        #expect(try input.keyframes(domain: KeyframeDomain(from: 0, to: 500), properties: nil, limits: limits)
            .tracks.isEmpty == false)
    }

    // MARK: header

    /// docs/model.md#stretchy-header seed (fill, m = 0, stretch): h = 150 − y, 190 at −40, 90 at 60, 0 at 150.
    @Test func headerSeedIsOneLinearSegmentOverTheDefaultDomain() throws {
        let input = HeaderInput(viewport: Size(width: 390, height: 844), header: .init(height: 150))
        let kf = try input.keyframes(domain: nil, properties: nil)
        #expect(kf.domain == KeyframeDomain(from: -150, to: 150))
        let h = try #require(track(kf, .header, "header.height"))
        #expect(h.knots.map { [$0.offset, $0.value] } == [[-150, 300], [150, 0]])
        #expect(h.value(at: -40) == 190 && h.value(at: 60) == 90)
        #expect(track(kf, .header, "header.width") == nil)
    }

    @Test func headerWithoutStretchHasCornersAtRestAndCollapse() throws {
        let input = HeaderInput(viewport: Size(width: 390, height: 844), header: .init(height: 200, minHeight: 60),
                                stretch: false)
        let kf = try input.keyframes(domain: KeyframeDomain(from: -100, to: 300), properties: nil)
        let h = try #require(track(kf, .header, "header.height"))
        #expect(h.knots.map { [$0.offset, $0.value] } == [[-100, 200], [0, 200], [140, 60], [300, 60]])
        let y = try #require(track(kf, .header, "header.y"))
        #expect(y.knots.map { [$0.offset, $0.value] } == [[-100, 100], [0, 0], [300, 0]])
    }

    /// The aspect-fill kink: a 1000 × 500 image in a 400-wide layer is width-bound until the layer
    /// is 200 high (y = 100 for Hh = 300), then height-bound.
    @Test func headerContentFrameBendsWhereTheAspectsCross() throws {
        let input = HeaderInput(viewport: Size(width: 400, height: 844), header: .init(height: 300),
                                content: Size(width: 1000, height: 500))
        let kf = try input.keyframes(domain: nil, properties: ["contentFrame.width"])
        let w = try #require(track(kf, .header, "contentFrame.width"))
        #expect(w.knots.map { [$0.offset, $0.value] } == [[-300, 1200], [100, 400], [300, 400]])
    }

    // MARK: scroll

    @Test func anEasedEffectInsideTheDomainIsOneCSSBezierSegment() throws {
        let e = ScrollInput.Element(name: "card", frame: Frame(x: 0, y: 1000, width: 400, height: 300),
                                    opacity: .init(from: 0, to: 1), easing: .easeInOut)
        let input = ScrollInput(viewport: Size(width: 390, height: 800), elements: [e])
        let kf = try input.keyframes(domain: nil, properties: nil)
        #expect(kf.domain == KeyframeDomain(from: 0, to: 1300))
        let o = try #require(track(kf, .element(name: "card"), "opacity"))
        #expect(o.knots.map { [$0.offset, $0.value] } == [[0, 0], [200, 0], [1300, 1]])
        #expect(o.easings == [.linear, .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)])
        let p = try #require(track(kf, .element(name: "card"), "progressClamped"))
        #expect(p.knots.map(\.offset) == [0, 200, 1300] && p.easings == [.linear, .linear])
    }

    @Test func aDomainCuttingAnEasedRangeSplitsTheCurveExactly() throws {
        let e = ScrollInput.Element(name: "card", frame: Frame(x: 0, y: 1000, width: 400, height: 300),
                                    rotate: .init(from: -10, to: 30), easing: .easeOut,
                                    startOffset: 100, endOffset: 1100)
        let input = ScrollInput(viewport: Size(width: 390, height: 800), elements: [e])
        let kf = try input.keyframes(domain: KeyframeDomain(from: 400, to: 800), properties: nil)
        let t = try #require(track(kf, .element(name: "card"), "rotate"))
        #expect(t.knots.map(\.offset) == [400, 800] && t.easings.count == 1)
        guard case let .cubicBezier(x1, _, x2, _) = t.easings[0] else {
            Issue.record("expected a bezier, got \(t.easings)")
            return
        }
        #expect(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1)
        let engine = try ScrollEngine(input)
        for i in 0...400 {
            let s = 400 + Double(i)
            #expect(abs(t.value(at: s) - engine.element(0, offset: s).rotate) <= 1e-9 * 30)
        }
    }

    /// A curve that overshoots and comes back: a cut whose two ends have (almost) the same y is
    /// split further, so no renormalised control point blows up.
    @Test func aCutWithACollapsedYRangeIsSplitFurther() throws {
        let e = ScrollInput.Element(name: "wobble", frame: Frame(x: 0, y: 0, width: 100, height: 100),
                                    scale: .init(from: 1, to: 2), easing: .cubicBezier(x1: 0.5, y1: 3, x2: 0.5, y2: -2),
                                    startOffset: 0, endOffset: 1000)
        let input = ScrollInput(viewport: Size(width: 390, height: 800), elements: [e])
        let engine = try ScrollEngine(input)
        for (from, to) in [(100.0, 900.0), (200.0, 800.0), (50.0, 990.0)] {
            let kf = try input.keyframes(domain: KeyframeDomain(from: from, to: to), properties: ["scale"])
            let t = try #require(track(kf, .element(name: "wobble"), "scale"))
            for easing in t.easings {
                if case let .cubicBezier(_, y1, _, y2) = easing { #expect(abs(y1) < 50 && abs(y2) < 50, "\(t.easings)") }
            }
            for i in 0...500 {
                let s = from + (to - from) * Double(i) / 500
                #expect(abs(t.value(at: s) - engine.element(0, offset: s).scale) <= 2e-9, "\(s)")
            }
        }
    }

    @Test func rellaxSpeedIsOneLinearSegment() throws {
        let e = ScrollInput.Element(name: "hero", frame: Frame(x: 0, y: 0, width: 1280, height: 800), speed: -3,
                                    easing: .easeIn)
        let input = ScrollInput(viewport: Size(width: 1280, height: 800), elements: [e])
        let kf = try input.keyframes(domain: KeyframeDomain(from: -2000, to: 5000), properties: nil)
        let t = try #require(track(kf, .element(name: "hero"), "translate.y"))
        #expect(t.knots.count == 2 && t.easings == [.linear])
        #expect(track(kf, .element(name: "hero"), "translate.x") == nil)
    }

    @Test func scrollRefusesMomentFieldsAndAnEmptyDefaultDomain() {
        let e = ScrollInput.Element(name: "a", frame: Frame(x: 0, y: -500, width: 10, height: 100))
        let input = ScrollInput(viewport: Size(width: 100, height: 100), offset: 3, elements: [e], pixelScale: 2)
        let got = pointers { () throws(ValidationError) in try input.keyframes(domain: nil, properties: ["rotate", "x"]) }
        #expect(got == ["/offset", "/pixelScale", "/properties/1"])
        var valid = input
        valid.offset = nil
        valid.pixelScale = nil
        #expect(pointers { () throws(ValidationError) in try valid.keyframes(domain: nil, properties: nil) } == ["/domain"])
    }

    /// |top| ≫ V + length: top − V and top + length round to the same double, so the range's ends
    /// coincide; progress still divides by V + length and every number stays finite (the service
    /// fuzzer found a division by end − start = 0 here).
    @Test func aHugeTopWithATinyRangeStaysFinite() throws {
        let e = ScrollInput.Element(name: "far", frame: Frame(x: 0, y: 1e15, width: 1e-6, height: 1e-6), speed: 1e15,
                                    opacity: .init(from: 0, to: 1), easing: .easeOut)
        let input = ScrollInput(viewport: Size(width: 1e-6, height: 1e-6), elements: [e])
        let engine = try ScrollEngine(input)
        for s in [0, 1e15 - 1, 1e15, 1e15 + 1, -1e15] {
            let l = engine.element(0, offset: s)
            #expect(l.progress.isFinite && l.translate.y.isFinite && l.opacity.isFinite, "\(s): \(l)")
        }
        let kf = try input.keyframes(domain: nil, properties: nil)
        for t in kf.tracks {
            #expect(t.knots.allSatisfy { $0.offset.isFinite && $0.value.isFinite }, "\(t)")
        }
    }

    @Test func progressIsExactlyZeroAndOneAtTheRangeEnds() throws {
        var r = SplitMix64(seed: 85)
        for _ in 0..<500 {
            let frame = Frame(x: 0, y: r.double(-1e4, 1e4), width: 10, height: r.double(1e-3, 1e4))
            let input = ScrollInput(viewport: Size(width: 390, height: r.double(1, 2000)),
                                    elements: [.init(name: "e", frame: frame)])
            let engine = try ScrollEngine(input)
            let V = input.viewport.height
            #expect(engine.element(0, offset: frame.y - V).progress == 0)
            #expect(engine.element(0, offset: frame.y + frame.height).progress == 1)
        }
    }

    // MARK: the evaluator

    @Test func valueHoldsEndValuesOutsideTheDomainAndTakesTheSecondKnotOfAJump() {
        let t = Track(target: .header, property: "progress",
                      knots: [.init(offset: 0, value: 1), .init(offset: 10, value: 3), .init(offset: 10, value: 7),
                              .init(offset: 20, value: 9)],
                      easings: [.linear, .linear, .linear])
        #expect(t.value(at: -5) == 1 && t.value(at: 25) == 9)
        #expect(t.value(at: 5) == 2 && t.value(at: 10) == 7 && t.value(at: 15) == 8)
    }
}
