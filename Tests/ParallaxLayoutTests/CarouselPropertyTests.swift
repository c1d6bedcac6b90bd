// Properties of carousels (docs/model.md#carousels) over generated inputs (SplitMix64, fixed
// seeds): a = A is the plain pager (docs/model.md#paging) to the bit, continuity in the offset, RTL the mirror of LTR, one cycle of an
// infinite carousel shifts every slot by N, visibility exactly where the overlap is positive, and
// keyframes exact and minimal against the single-offset answers.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct CarouselPropertyTests {
    static let cases = 300

    /// A carousel: pages of a fraction or a number of points of A, start or centre aligned; an
    /// infinite one gets the smallest pageCount its stride allows at least.
    static func randomCarousel(_ r: inout SplitMix64, infinite: Bool = false) -> PagingInput {
        let viewport = Size(width: r.pick([320, 390, 414.5, 1024]), height: r.pick([568, 844, 600.25]))
        let layers = randomLayers(&r)
        let axis: Axis = r.pick(Axis.allCases)
        let A = axis == .horizontal ? viewport.width : viewport.height
        let pageSize: PagingInput.PageSize = r.bool() ? .fraction(r.pick([0.8, 0.5, 0.3333, r.double(0.1, 1)]))
                                                      : .points(r.pick([A * 0.75, 300, A * r.double(0.15, 1)].map { min($0, A) }))
        var input = PagingInput(viewport: viewport, pageCount: Double(r.int(infinite ? 3 : 1, 12)),
                                pageSpacing: r.pick([0, 8, 16, 33.3]), axis: axis,
                                direction: r.pick(Direction.allCases), infinite: infinite, layers: layers,
                                motionScale: r.pick([1, 0.5, 0.25, 0]), pageSize: pageSize,
                                align: r.pick([nil, .start, .center]))
        if infinite {
            input.pageCount = max(input.pageCount, PagingInput.smallestInfiniteCount(extent: A, stride: input.keyframeStride))
        }
        return input
    }

    func start(_ f: Frame, _ axis: Axis?) -> Double { axis == .vertical ? f.y : f.x }
    func length(_ f: Frame, _ axis: Axis?) -> Double { axis == .vertical ? f.height : f.width }

    /// `pageSize` equal to the viewport's extent (in points or as the fraction 1), centred or not,
    /// is the plain pager: the same answer to the last bit as the request without the two fields, layout and
    /// keyframes.
    @Test func pagesTheViewportsSizeAreThePlainPagerExactly() throws {
        var r = SplitMix64(seed: 121)
        for _ in 0..<Self.cases {
            var plain = Self.randomCarousel(&r, infinite: r.bool())
            plain.pageSize = nil
            plain.align = nil
            plain.pageCount = max(plain.pageCount, plain.infinite == true ? 3 : 2)
            let A = plain.viewportExtent
            plain.offset = r.double(-2, plain.pageCount + 1) * plain.keyframeStride
            plain.previousOffset = r.bool() ? r.double(-1, plain.pageCount) * plain.keyframeStride : nil
            var same = plain
            same.pageSize = r.bool() ? .points(A) : .fraction(1)
            same.align = r.pick([nil, .start, .center])
            #expect(try same.layout() == plain.layout())
            #expect(try same.momentless.keyframes(domain: nil, properties: nil)
                    == plain.momentless.keyframes(domain: nil, properties: nil))
        }
    }

    @Test func carouselFramesAreContinuousInTheOffset() throws {
        var r = SplitMix64(seed: 122)
        for _ in 0..<Self.cases {
            var input = Self.randomCarousel(&r)
            input.include = .all
            let engine = try PagingEngine(input)
            let L = input.keyframeStride
            // Near a page's rest or one of its edges crossing a viewport edge half the time.
            let k = Double(r.int(0, Int(input.pageCount) - 1))
            let edges = [k * L, k * L + engine.lead, k * L + engine.lead - engine.extent,
                         k * L + engine.lead + engine.pageExtent, k * L + engine.lead + engine.pageExtent - engine.extent]
            let o = r.bool() ? r.pick(edges) : r.double(-0.5, input.pageCount) * L
            let eps = 1e-6
            let a = engine.layout(offset: o - eps, previousOffset: nil)
            let b = engine.layout(offset: o + eps, previousOffset: nil)
            for (p, q) in zip(a.pages, b.pages) {
                #expect(abs(p.visibleFraction - q.visibleFraction) < 1e-5)
                #expect(close(p.viewportFrame, q.viewportFrame, 1e-5))
                for (x, y) in zip(p.layers, q.layers) {
                    #expect(close(x.frame, y.frame, 1e-5))
                    #expect(close(x.viewportFrame, y.viewportFrame, 1e-5))
                    #expect(abs((x.opacity ?? 1) - (y.opacity ?? 1)) < 1e-5)
                    #expect(abs((x.scale ?? 1) - (y.scale ?? 1)) < 1e-5)
                }
            }
        }
    }

    @Test func rtlCarouselIsTheMirrorOfLtr() throws {
        var r = SplitMix64(seed: 123)
        for _ in 0..<Self.cases {
            var input = Self.randomCarousel(&r, infinite: r.bool())
            input.direction = nil
            input.offset = r.double(-1, input.pageCount) * input.keyframeStride
            let ltr = try single(input)
            input.direction = .rtl
            let rtl = try single(input)
            let axis = input.axis, A = input.viewportExtent
            let content = axis == .vertical ? rtl.contentSize.height : rtl.contentSize.width
            #expect(ltr.position == rtl.position && ltr.currentPage == rtl.currentPage && ltr.snap == rtl.snap)
            #expect(ltr.pages.map(\.slot) == rtl.pages.map(\.slot))
            for (a, b) in zip(ltr.pages, rtl.pages) {
                #expect(a.visibleFraction == b.visibleFraction && a.progress == b.progress)
                #expect(close(start(b.viewportFrame, axis), A - start(a.viewportFrame, axis) - length(a.viewportFrame, axis), 1e-12))
                #expect(close(start(b.frame, axis), content - start(a.frame, axis) - length(a.frame, axis), 1e-12))
                let a0 = length(a.viewportFrame, axis)
                for (x, y) in zip(a.layers, b.layers) {
                    #expect(close(start(y.frame, axis), a0 - start(x.frame, axis) - length(x.frame, axis), 1e-12))
                    #expect(close(start(y.viewportFrame, axis), A - start(x.viewportFrame, axis) - length(x.viewportFrame, axis), 1e-9))
                    #expect(x.opacity == y.opacity && x.scale == y.scale)
                    #expect((x.clip == nil) == (y.clip == nil))
                }
            }
        }
    }

    @Test func infiniteCarouselOffsetsOneCycleApartAgreeWithSlotsShiftedByN() throws {
        var r = SplitMix64(seed: 124)
        for _ in 0..<Self.cases {
            let input = Self.randomCarousel(&r, infinite: true)
            let engine = try PagingEngine(input)
            let L = input.keyframeStride, N = input.pageCount
            let o = r.double(-20, 20) * L
            let a = engine.layout(offset: o, previousOffset: nil)
            let b = engine.layout(offset: o + N * L, previousOffset: nil)
            #expect(a.currentPage == b.currentPage)
            // No page shows twice: the visible slots' indices are distinct.
            #expect(Set(a.pages.map(\.index)).count == a.pages.count)
            expectSlotsShiftedByOneCycle(a, b, pageCount: N)
        }
    }

    /// The visible pages are exactly those whose overlap with the viewport is positive, several at
    /// once, each with the overlap's length over a as its visibleFraction.
    @Test func visibleCarouselPagesAreExactlyThoseOverlappingTheViewport() throws {
        var r = SplitMix64(seed: 125)
        for _ in 0..<Self.cases {
            var input = Self.randomCarousel(&r, infinite: r.bool())
            input.offset = r.double(-2, input.pageCount + 1) * input.keyframeStride
            let visible = try single(input).pages
            let axis = input.axis, A = input.viewportExtent
            for page in visible {
                let x = start(page.viewportFrame, axis), a = length(page.viewportFrame, axis)
                let overlap = min(x + a, A) - max(x, 0)
                #expect(overlap > 0 && close(page.visibleFraction, overlap / a, 1e-12))
            }
            if input.infinite != true {
                input.include = .all
                let all = try single(input).pages.filter { $0.visibleFraction > 0 }
                #expect(all == visible)
            } else {
                // The slots just outside the run are off screen.
                let engine = try PagingEngine(input)
                for k in [(visible.first?.slot ?? 0) - 1, (visible.last?.slot ?? 0) + 1] {
                    #expect(engine.page(slot: k, offset: input.offset ?? 0).visibleFraction == 0 || visible.isEmpty)
                }
            }
        }
    }

    /// docs/model.md#keyframes over random carousels: every track equals the single-offset engine at
    /// its knots, beside them and at random offsets; every varying number has a track; no
    /// redundant knot (KeyframesSupport's checks, as for plain pagers).
    @Test func carouselTracksMatchTheSingleOffsetLayout() throws {
        var r = SplitMix64(seed: 126)
        for _ in 0..<80 {
            var input = Self.randomCarousel(&r, infinite: r.int(0, 3) == 0)
            input.pageCount = max(input.pageCount, 2)  // the default domain [0, (N − 1)·L] is empty for one page
            let L = input.keyframeStride, N = input.pageCount
            var domain: KeyframeDomain?
            if r.bool() || input.infinite == true {
                let a = r.double(input.infinite == true ? -2 * N : -1, N) * L
                domain = KeyframeDomain(from: a, to: a + r.double(0.01, 4) * L)
            }
            let kf = try input.keyframes(domain: domain, properties: nil)
            let engine = try PagingEngine(input)
            let slots = try input.keyframeSlots(domain: domain)
            let failures = keyframeFailures(kf, samples: 200, &r) { pagingNumbers(engine, slots: slots, at: $0) }
            #expect(failures.isEmpty, "\(input) \(String(describing: domain)): \(failures.prefix(3))")
            if !failures.isEmpty { return }
        }
    }

    /// A centred card's visibleFraction has a knot at each of the four offsets where one of its
    /// edges crosses one of the viewport's, and nowhere else (300 in 400, spacing 20, slot 1:
    /// 370 − 400 = −30, 370 − 100 = 270, 370, 670 clipped to the domain [0, 1280]).
    @Test func visibleFractionKnotsAreThePageEdgesCrossingTheViewportEdges() throws {
        var input = CarouselTests().centredCard()
        input.layers = nil
        let kf = try input.keyframes(domain: nil, properties: ["visibleFraction"])
        let track = try #require(kf.tracks.first { $0.target == .page(slot: 1) })
        #expect(track.knots.map(\.offset) == [0, 270, 370, 670, 1280])
        #expect(track.knots.map(\.value).map { ($0 * 300).rounded() } == [30, 300, 300, 0, 0])
    }
}
