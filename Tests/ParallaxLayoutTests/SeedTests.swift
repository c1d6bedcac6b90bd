// The seed checks of docs/model.md#paging and #stretchy-header as named tests, and the docs/model.md#paging response example field by field.
import Testing
@testable import ParallaxLayout

@Suite struct SeedTests {
    @Test func specExampleResponseFieldByField() throws {
        let l = try single(specExample())
        #expect(l.axis == .horizontal)
        #expect(l.stride == 406)
        #expect(l.offset == 203)
        #expect(l.position == 0.5)
        #expect(l.contentSize == Size(width: 2030, height: 844))
        #expect(l.currentPage == 1)
        #expect(l.transition == Transition(from: 0, to: 1, progress: 0.5))
        #expect(l.snap == Snap(previous: 0, nearest: 406, next: 406, target: nil))
        #expect(l.wrappedOffset == nil)
        #expect(l.events == nil)
        #expect(l.pages.map(\.slot) == [0, 1])
        let p0 = l.pages[0]
        #expect(p0.index == 0)
        #expect(p0.slot == 0)
        #expect(p0.progress == 0.5)
        #expect(p0.visibleFraction == (390.0 - 203) / 390)
        #expect(close(p0.visibleFraction, 0.4795, 1e-4))
        #expect(p0.frame == Frame(x: 8, y: 0, width: 390, height: 844))
        #expect(p0.viewportFrame == Frame(x: -203, y: 0, width: 390, height: 844))
        #expect(p0.layers.count == 1)
        let bg = p0.layers[0]
        #expect(bg.name == "background")
        #expect(bg.frame == Frame(x: 60, y: 0, width: 390, height: 844))
        #expect(bg.viewportFrame == Frame(x: -143, y: 0, width: 390, height: 844))
        #expect(bg.clip == Frame(x: 0, y: 0, width: 187, height: 844))
        #expect(bg.opacity == nil && bg.scale == nil && bg.contentFrame == nil)
        // "page 1 follows"
        let p1 = l.pages[1]
        #expect(p1.index == 1 && p1.progress == -0.5)
        #expect(p1.frame == Frame(x: 414, y: 0, width: 390, height: 844))
        #expect(p1.viewportFrame == Frame(x: 203, y: 0, width: 390, height: 844))
        #expect(p1.layers[0].frame.x == -60)
        #expect(p1.layers[0].clip == Frame(x: 203, y: 0, width: 187, height: 844))
    }

    /// ParallaxPagingViewController: background x = −space·rate (current), −space·rate − space
    /// (next), −space·rate + space (previous), rate = (pageX − o − S/2)/L.
    @Test(arguments: [0.0, 50, 203, 380, 406, 600, 812, 1000])
    func pagingViewControllerBackgroundOrigins(offset o: Double) throws {
        let space = 120.0, S = 16.0, L = 406.0
        let l = try single(PagingInput(viewport: Size(width: 390, height: 844), pageCount: 5, pageSpacing: S,
                                       offset: o, layers: [.init(travel: space)], include: .all))
        let current = Int((o / L).rounded(.down))
        let pageX = l.pages[current].frame.x
        let rate = (pageX - o - S / 2) / L
        #expect(close(l.pages[current].layers[0].frame.x, -space * rate))
        if current + 1 < 5 { #expect(close(l.pages[current + 1].layers[0].frame.x, -space * rate - space)) }
        if current - 1 >= 0, rate > -1, rate <= 0 {
            // The previous page has moved a full page or more back: the seed's formula is clamped to T.
            #expect(close(l.pages[current - 1].layers[0].frame.x, min(space, -space * rate + space)))
        }
    }

    /// Poster view: r = 0.5, S = 0, image x = (o − pageX)/2 for |o − pageX| < W.
    @Test(arguments: [0.0, 10, 100, 159.5, 319, 320, 321, 500, 959])
    func posterViewImageMovesAtHalfSpeed(offset o: Double) throws {
        let W = 320.0
        let l = try single(PagingInput(viewport: Size(width: W, height: 480), pageCount: 4, offset: o,
                                       layers: [.init(name: "poster", rate: 0.5)], include: .all))
        var checked = 0
        for page in l.pages where abs(o - page.frame.x) < W {
            #expect(close(page.layers[0].frame.x, (o - page.frame.x) / 2))
            checked += 1
        }
        #expect(checked >= 1)
    }

    /// ScrollviewParallax: fill, m = 0, stretch; Hh = 150 → heights 190, 90, 0 at y = −40, 60, 150.
    @Test(arguments: [(-40.0, 190.0), (60, 90), (150, 0), (200, 0), (0, 150)])
    func scrollviewParallaxHeaderHeights(y: Double, height: Double) throws {
        let input = HeaderInput(viewport: Size(width: 375, height: 667), header: .init(height: 150), offset: y,
                                content: Size(width: 750, height: 300))
        guard case let .single(h) = try input.layout() else { throw TestFailure("single") }
        #expect(h.header == Frame(x: 0, y: 0, width: 375, height: height))
        #expect(h.image == Frame(x: 0, y: 0, width: 375, height: height))
        #expect(h.contentTop == 150 - y)
        if y == -40 {
            // The aspect-filled image zooms: it covers 375 × 190 and is wider than the header.
            let c = try #require(h.contentFrame)
            #expect(close(c, Frame(x: -50, y: 0, width: 475, height: 190)))
            #expect(h.stretched && !h.collapsed)
        }
    }
}
