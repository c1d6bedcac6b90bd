// Properties of the paging layout over generated inputs (SplitMix64, fixed seeds): wrap-around,
// mirror symmetry, continuity, complementary visibility, O(visible) cost.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct PagingPropertyTests {
    static let cases = 300

    func randomInput(_ r: inout SplitMix64, infinite: Bool = false) -> PagingInput {
        let viewport = Size(width: r.pick([320, 390, 414.5, 1024]), height: r.pick([568, 844, 600.25]))
        var layers: [PagingInput.Layer] = []
        for i in 0..<r.int(1, 3) {
            var layer = PagingInput.Layer(name: "l\(i)", fit: r.bool() ? .cover : .page)
            if r.bool() { layer.travel = r.double(-600, 600) } else { layer.rate = r.double(-1.5, 1.5) }
            if r.bool() { layer.opacity = .init(min: r.double(0, 1)) }
            if r.bool() { layer.content = Size(width: r.double(100, 2000), height: r.double(100, 2000)) }
            layers.append(layer)
        }
        return PagingInput(viewport: viewport, pageCount: Double(r.int(infinite ? 3 : 1, 12)),
                           pageSpacing: r.pick([0, 8, 16, 33.3]), axis: r.pick([.horizontal, .vertical]),
                           infinite: infinite, layers: layers, motionScale: r.pick([1, 0.5, 0.25]))
    }

    func stride(_ input: PagingInput) -> Double {
        (input.axis == .vertical ? input.viewport.height : input.viewport.width) + (input.pageSpacing ?? 0)
    }

    @Test func infiniteOffsetsOneCycleApartAgreeWithSlotsShiftedByN() throws {
        var r = SplitMix64(seed: 1)
        for _ in 0..<Self.cases {
            let input = randomInput(&r, infinite: true)
            let engine = try PagingEngine(input)
            let L = stride(input), N = input.pageCount
            let o = r.double(-20, 20) * L
            let a = engine.layout(offset: o, previousOffset: nil)
            let b = engine.layout(offset: o + N * L, previousOffset: nil)
            #expect(a.currentPage == b.currentPage)
            #expect(a.transition?.from == b.transition?.from && a.transition?.to == b.transition?.to)
            #expect(close(a.wrappedOffset ?? -1, b.wrappedOffset ?? -2, 1e-9) || close(abs((a.wrappedOffset ?? 0) - (b.wrappedOffset ?? 0)), N * L))
            expectSlotsShiftedByOneCycle(a, b, pageCount: N)
        }
    }

    @Test func rtlIsTheMirrorOfLtr() throws {
        var r = SplitMix64(seed: 2)
        for _ in 0..<Self.cases {
            var input = randomInput(&r, infinite: r.bool())
            let L = stride(input)
            input.offset = r.double(-1, input.pageCount) * L
            let ltr = try single(input)
            input.direction = .rtl
            let rtl = try single(input)
            let vertical = input.axis == .vertical
            let A = vertical ? input.viewport.height : input.viewport.width
            #expect(ltr.position == rtl.position && ltr.currentPage == rtl.currentPage && ltr.snap == rtl.snap)
            #expect(ltr.pages.map(\.slot) == rtl.pages.map(\.slot))
            func start(_ f: Frame) -> Double { vertical ? f.y : f.x }
            func length(_ f: Frame) -> Double { vertical ? f.height : f.width }
            for (a, b) in zip(ltr.pages, rtl.pages) {
                #expect(a.visibleFraction == b.visibleFraction && a.progress == b.progress)
                #expect(close(start(b.viewportFrame), A - start(a.viewportFrame) - length(a.viewportFrame), 1e-12))
                #expect(close(start(b.frame), rtl.contentSize.width * (vertical ? 0 : 1) + rtl.contentSize.height * (vertical ? 1 : 0)
                    - start(a.frame) - length(a.frame), 1e-12))
                for (x, y) in zip(a.layers, b.layers) {
                    #expect(close(start(y.frame), A - start(x.frame) - length(x.frame), 1e-12))
                    #expect(close(start(y.viewportFrame), A - start(x.viewportFrame) - length(x.viewportFrame), 1e-9))
                    #expect(x.opacity == y.opacity)
                    #expect((x.clip == nil) == (y.clip == nil))
                }
            }
        }
    }

    @Test func framesAreContinuousInTheOffsetAcrossPageBoundaries() throws {
        var r = SplitMix64(seed: 3)
        for _ in 0..<Self.cases {
            var input = randomInput(&r)
            input.include = .all
            let engine = try PagingEngine(input)
            let L = stride(input)
            // Near a page boundary half the time.
            let o = r.bool() ? Double(r.int(0, Int(input.pageCount))) * L : r.double(-0.5, input.pageCount) * L
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
                }
            }
        }
    }

    @Test func withoutSpacingNeighbouringVisibleFractionsSumToOne() throws {
        var r = SplitMix64(seed: 4)
        for _ in 0..<Self.cases {
            var input = randomInput(&r)
            input.pageSpacing = 0
            input.pageCount = Double(r.int(2, 12))
            let L = stride(input)
            input.offset = r.double(0, input.pageCount - 1) * L
            let l = try single(input)
            let visible = l.pages.map(\.visibleFraction).reduce(0, +)
            #expect(close(visible, 1, 1e-12))
            #expect(l.pages.count <= 2)
        }
    }

    @Test func visiblePagesAreExactlyThoseWithPositiveFraction() throws {
        var r = SplitMix64(seed: 5)
        for _ in 0..<Self.cases {
            var input = randomInput(&r, infinite: r.bool())
            let L = stride(input)
            input.offset = r.double(-2, input.pageCount + 1) * L
            let visible = try single(input).pages
            #expect(visible.count <= 3)
            #expect(visible.allSatisfy { $0.visibleFraction > 0 && $0.layers.allSatisfy { $0.clip != nil } })
            if input.infinite != true {
                input.include = .all
                let all = try single(input).pages.filter { $0.visibleFraction > 0 }
                #expect(all == visible)
            }
        }
    }

    @Test func pixelSnappedNeighboursShareTheirEdge() throws {
        var r = SplitMix64(seed: 6)
        for _ in 0..<Self.cases {
            var input = randomInput(&r)
            input.pageSpacing = 0
            input.pageCount = 3
            input.pixelScale = r.pick([1, 2, 3])
            input.offset = r.double(0, 2) * stride(input)
            input.axis = .horizontal
            let pages = try single(input).pages
            let s = input.pixelScale ?? 1
            if pages.count == 2 {
                // Up to the rounding of x + width, the shared edge is one pixel-grid value.
                let right = pages[0].viewportFrame.x + pages[0].viewportFrame.width
                #expect(abs(right - pages[1].viewportFrame.x) < 1e-9)
            }
            for page in pages {
                for edge in [page.viewportFrame.x, page.viewportFrame.x + page.viewportFrame.width] {
                    #expect(abs(edge * s - floorD(edge * s + 0.5)) < 1e-9)
                }
                // Each number is its pixel count over s, one division: the double nearest the
                // exact multiple (docs/model.md#determinism-and-motion).
                for value in [page.viewportFrame.x, page.viewportFrame.y, page.viewportFrame.width, page.viewportFrame.height] {
                    #expect(value == floorD(value * s + 0.5) / s)
                }
            }
        }
    }
}
