// Paging formulas, docs/model.md#paging and its "Exact readings".
import Testing
@testable import ParallaxLayout

@Suite struct PagingTests {
    let viewport = Size(width: 390, height: 844)

    @Test func strideIsExtentPlusSpacingAndPositionIsOffsetOverStride() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, pageSpacing: 10, offset: 600))
        #expect(l.stride == 400)
        #expect(l.position == 1.5)
        #expect(l.contentSize == Size(width: 1200, height: 844))
    }

    @Test func pageAndCurrentPageSetTheOffset() throws {
        #expect(try single(PagingInput(viewport: viewport, pageCount: 5, page: 1.25)).offset == 487.5)
        #expect(try single(PagingInput(viewport: viewport, pageCount: 5, currentPage: 3)).offset == 1170)
        #expect(try single(PagingInput(viewport: viewport, pageCount: 5)).offset == 0)
    }

    @Test func currentPageRoundsAndClampsInOverscroll() throws {
        func current(_ o: Double) throws -> Int { try single(PagingInput(viewport: viewport, pageCount: 3, offset: o)).currentPage }
        #expect(try current(194) == 0)
        #expect(try current(195) == 1)
        #expect(try current(-500) == 0)
        #expect(try current(5000) == 2)
    }

    @Test func transitionIsNullAtRest() throws {
        #expect(try single(PagingInput(viewport: viewport, pageCount: 3, offset: 390)).transition == nil)
        let moving = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 487.5))
        #expect(moving.transition == Transition(from: 1, to: 2, progress: 0.25))
    }

    @Test func restingPageIsTheOnlyVisiblePageWithoutSpacing() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 390))
        #expect(l.pages.map(\.index) == [1])
        #expect(l.pages[0].visibleFraction == 1)
        #expect(l.pages[0].layers[0].clip == Frame(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func snapPreviousNearestNextFollowTheExactReadings() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 390 * 2.3))
        #expect(l.snap == Snap(previous: 780, nearest: 780, next: 1170))
        let rest = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 780))
        #expect(rest.snap == Snap(previous: 390, nearest: 780, next: 1170))
        let edge = try single(PagingInput(viewport: viewport, pageCount: 5, offset: -100))
        #expect(edge.snap == Snap(previous: 0, nearest: 0, next: 0))
        let end = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 390 * 4))
        #expect(end.snap.next == 390 * 4)
    }

    @Test func snapTargetProjectsVelocityButNeverSkipsAPage() throws {
        func target(_ o: Double, _ v: Double, _ d: Double? = nil) throws -> Double? {
            try single(PagingInput(viewport: viewport, pageCount: 10, offset: o, velocity: v, decelerationRate: d)).snap.target
        }
        // o + (v/1000)·d/(1−d) with d = 0.998: 499·v/1000.
        #expect(try target(400, 0) == 390)
        #expect(try target(400, 300) == 390)  // 400 + 149.7 = 549.7 → page 1
        #expect(try target(400, 1000) == 780)  // 400 + 499 = 899 → page 2
        #expect(try target(400, 100_000) == 780)  // at most one page from currentPage 1
        #expect(try target(400, -100_000) == 0)
        #expect(try target(0, -5000) == 0)  // clamped to the first page
        #expect(try target(400, 300, 0.5) == 390)  // 400 + 0.3 = 400.3 → page 1
        #expect(try single(PagingInput(viewport: viewport, pageCount: 10, offset: 400)).snap.target == nil)
    }

    @Test func infiniteWrapsSlotsIndicesAndOffsets() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, infinite: true, offset: -195))
        #expect(l.pages.map(\.slot) == [-1, 0])
        #expect(l.pages.map(\.index) == [2, 0])
        #expect(l.currentPage == 0)  // floor(−0.5 + 0.5) = 0
        #expect(l.transition == Transition(from: 2, to: 0, progress: 0.5))
        #expect(l.wrappedOffset == 975.0)
        #expect(l.snap == Snap(previous: -390, nearest: 0, next: 0))
        let far = try single(PagingInput(viewport: viewport, pageCount: 3, infinite: true, offset: -390 * 4))
        #expect(far.currentPage == 2 && far.pages.map(\.slot) == [-4] && far.pages[0].index == 2)
    }

    @Test func eventsWillMoveForNewlyVisiblePagesAndDidMoveOnRest() throws {
        let start = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 10, previousOffset: 0))
        #expect(start.events == [PagingEvent(type: .willMove, page: 1)])
        let land = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 390, previousOffset: 380))
        #expect(land.events == [PagingEvent(type: .didMove, page: 1)])
        let same = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 390, previousOffset: 390))
        #expect(same.events == [])
        let jump = try single(PagingInput(viewport: viewport, pageCount: 5, offset: 1170, previousOffset: 0))
        #expect(jump.events == [PagingEvent(type: .willMove, page: 3), PagingEvent(type: .didMove, page: 3)])
        #expect(try single(PagingInput(viewport: viewport, pageCount: 5, offset: 10)).events == nil)
    }

    @Test func timelineEventsCompareWithThePreviousFrame() throws {
        let frames = try timeline(PagingInput(viewport: viewport, pageCount: 5, offsets: [0, 10, 390, 390],
                                              previousOffset: 0))
        #expect(frames.count == 4)
        #expect(frames.map(\.offset) == [0, 10, 390, 390])
        #expect(frames[0].events == [])
        #expect(frames[1].events == [PagingEvent(type: .willMove, page: 1)])
        #expect(frames[2].events == [PagingEvent(type: .didMove, page: 1)])
        #expect(frames[3].events == [])
        let quiet = try timeline(PagingInput(viewport: viewport, pageCount: 5, offsets: [0, 10]))
        #expect(quiet.allSatisfy { $0.events == nil })
    }

    @Test func includeAllAndRangeSelectPagesBySlot() throws {
        let all = try single(PagingInput(viewport: viewport, pageCount: 4, offset: 0, include: .all))
        #expect(all.pages.map(\.slot) == [0, 1, 2, 3])
        #expect(all.pages[3].layers[0].clip == nil)
        let range = try single(PagingInput(viewport: viewport, pageCount: 4, offset: 0, range: .init(from: -2, to: 1)))
        #expect(range.pages.map(\.slot) == [0, 1])
        let slots = try single(PagingInput(viewport: viewport, pageCount: 3, infinite: true, offset: 0,
                                           range: .init(from: -2, to: 4)))
        #expect(slots.pages.map(\.slot) == [-2, -1, 0, 1, 2, 3, 4])
        #expect(slots.pages.map(\.index) == [1, 2, 0, 1, 2, 0, 1])
    }

    @Test func verticalAxisUsesHeightAndY() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, pageSpacing: 6, axis: .vertical, offset: 425,
                                       layers: [.init(travel: 100)]))
        #expect(l.stride == 850)
        #expect(l.contentSize == Size(width: 390, height: 2550))
        #expect(l.pages[0].frame == Frame(x: 0, y: 3, width: 390, height: 844))
        #expect(l.pages[0].viewportFrame == Frame(x: 0, y: -425, width: 390, height: 844))
        #expect(l.pages[0].layers[0].frame == Frame(x: 0, y: 50, width: 390, height: 844))
        #expect(l.pages[1].layers[0].clip == Frame(x: 0, y: 425, width: 390, height: 419))
    }

    @Test func rtlMirrorsGeometryOnly() throws {
        var input = specExample()
        input.direction = .rtl
        let l = try single(input)
        #expect(l.position == 0.5 && l.currentPage == 1 && l.snap.nearest == 406)
        #expect(l.pages[0].viewportFrame.x == 203)
        #expect(l.pages[1].viewportFrame.x == -203)
        #expect(l.pages[0].frame.x == 2030 - 8 - 390)
        #expect(l.pages[0].layers[0].frame.x == -60)
        #expect(l.pages[0].layers[0].clip == Frame(x: 203, y: 0, width: 187, height: 844))
    }

    @Test func coverWidensTheLayerByTravelOnBothSides() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 97.5,
                                       layers: [.init(travel: -100, fit: .cover)]))
        let layer = l.pages[0].layers[0]
        #expect(layer.frame == Frame(x: -125, y: 0, width: 590, height: 844))  // −100·0.25 − 100
        #expect(layer.frame.x <= 0 && layer.frame.x + layer.frame.width >= 390)
    }

    @Test func travelIsClampedToOneStrideAndRateScalesIt() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, pageSpacing: 10, offset: 200,
                                       layers: [.init(travel: 5000), .init(name: "fg", rate: -0.5)]))
        #expect(l.pages[0].layers[0].frame.x == 400 * 0.5)
        #expect(l.pages[0].layers[1].frame.x == -200 * 0.5)
    }

    @Test func opacityScaleAndContentFrameWhenAsked() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 97.5, layers: [
            .init(opacity: .init(min: 0.2), scale: .init(min: 0.5), content: Size(width: 780, height: 844),
                  contentMode: .aspectFit),
        ]))
        let layer = l.pages[0].layers[0]
        #expect(close(try #require(layer.opacity), 0.8))
        #expect(close(try #require(layer.scale), 0.875))
        #expect(layer.contentFrame == Frame(x: 0, y: 211, width: 390, height: 422))
        let defaults = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 97.5,
                                              layers: [.init(opacity: .init(), scale: .init())]))
        #expect(defaults.pages[0].layers[0].opacity == 1 && defaults.pages[0].layers[0].scale == 1)
    }

    @Test(arguments: [(ContentMode.fill, Frame(x: 0, y: 0, width: 100, height: 50)),
                      (.aspectFill, Frame(x: 0, y: -25, width: 100, height: 100)),
                      (.aspectFit, Frame(x: 25, y: 0, width: 50, height: 50)),
                      (.center, Frame(x: 40, y: 15, width: 20, height: 20))])
    func contentModesFitTheImage(mode: ContentMode, expected: Frame) {
        #expect(mode.fit(Size(width: 20, height: 20), width: 100, height: 50) == expected)
    }

    @Test func motionScaleScalesTravelCoverOpacityAndScale() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 195, layers: [
            .init(travel: 100, fit: .cover, opacity: .init(min: 0), scale: .init(min: 0)),
        ], motionScale: 0.5))
        let layer = l.pages[0].layers[0]
        #expect(layer.frame == Frame(x: 25 - 50, y: 0, width: 490, height: 844))
        #expect(layer.opacity == 0.75 && layer.scale == 0.75)
        let still = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 195,
                                           layers: [.init(travel: 100, opacity: .init(min: 0))], motionScale: 0))
        #expect(still.pages[0].layers[0].frame.x == 0 && still.pages[0].layers[0].opacity == 1)
        #expect(still.pages[1].viewportFrame.x == 195)  // pages still page
    }

    @Test func pixelScaleSnapsFrameEdgesButNotScalars() throws {
        let l = try single(PagingInput(viewport: Size(width: 100.3, height: 50), pageCount: 3, offset: 33.37,
                                       layers: [.init(travel: 10)], pixelScale: 2))
        let page = l.pages[0]
        #expect(page.viewportFrame == Frame(x: -33.5, y: 0, width: 100.5, height: 50))
        #expect(l.offset == 33.37 && l.contentSize.width == 3 * 100.3)
        #expect(page.progress == 33.37 / 100.3)
        #expect(Frame(x: 0.25, y: -0.25, width: 1, height: 1).pixelSnapped(2) == Frame(x: 0.5, y: 0, width: 1, height: 1))
        #expect(Frame(x: -0.25, y: 0, width: 0.5, height: 0).pixelSnapped(1) == Frame(x: 0, y: 0, width: 0, height: 0))
        #expect(Frame(x: -0.25, y: 0, width: 0.5, height: 0).pixelSnapped(1).x.sign == .plus)
        #expect(Frame(x: -0.75, y: 0.5, width: 1, height: 1).pixelSnapped(1) == Frame(x: -1, y: 1, width: 1, height: 1))
    }

    /// The width is the pixels between the rounded edges over the scale, 1170/3 = 390, not the
    /// difference of two rounded edges (−1535/3 − (−2705/3) = 389.99999999999994 in doubles):
    /// the shortest decimal of the multiple of 1/3 chosen.
    @Test func pixelSnappedNumbersAreExactMultiplesOfOnePixel() {
        let left: Double = -2705.0 / 3, right: Double = -1535.0 / 3
        #expect(right - left == 389.99999999999994) // what edge − edge gave
        let f = Frame(x: left, y: 0, width: 390, height: 844).pixelSnapped(3)
        #expect(f == Frame(x: left, y: 0, width: 390, height: 844))
        #expect("\(f.width)" == "390.0")
        let third: Double = 1.0 / 3
        let g = Frame(x: 0.2, y: 0.4, width: 0.5, height: 10).pixelSnapped(3)
        #expect(g == Frame(x: third, y: third, width: third, height: 10))
    }

    @Test func negativeZeroNeverAppears() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, offset: -0.0, layers: [.init(travel: -100)]))
        #expect(l.offset.sign == .plus && l.position.sign == .plus)
        #expect(l.pages[0].progress.sign == .plus && l.pages[0].viewportFrame.x.sign == .plus)
        #expect(l.pages[0].layers[0].frame.x.sign == .plus)
    }

    @Test func visibleRequestOnAMillionPagesReturnsAtMostThreePages() throws {
        let engine = try PagingEngine(PagingInput(viewport: viewport, pageCount: 1_000_000, pageSpacing: 8,
                                                  offset: 398 * 654_321.5, layers: [.init(travel: 50)]))
        let l = engine.layout(frame: 0)
        #expect(l.pages.count == 2 && l.pages.count <= 3)
        #expect(l.pages.map(\.index) == [654_321, 654_322])
        #expect(engine.pageSlots(offset: 398 * 999_999).count == 1)
        #expect(engine.pageSlots(offset: 1e15).isEmpty)
    }

    @Test func streamedPagesEqualTheArrayResult() throws {
        let engine = try PagingEngine(specExample())
        let whole = engine.layout(frame: 0)
        var streamed = engine.summary(offset: 203, previousOffset: nil)
        for k in engine.pageSlots(offset: 203) { streamed.pages.append(engine.page(slot: k, offset: 203)) }
        #expect(streamed == whole)
    }

    @Test func enginesCalledDirectlyWithUnvalidatedOffsetsNeverTrap() throws {
        let engine = try PagingEngine(PagingInput(viewport: viewport, pageCount: 5, infinite: true, velocity: 1e15))
        for o in [Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude] {
            let l = engine.layout(offset: o, previousOffset: o)
            #expect(l.pages.count <= 3)
        }
    }
}
