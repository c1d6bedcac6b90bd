// Carousels (docs/model.md#carousels): hand-computed cases named for what they show, and the
// validation rules of `pageSize`, `align` and the infinite carousel.
import Testing
@testable import ParallaxLayout

@Suite struct CarouselTests {
    /// A 300-point card centred in a 400-point viewport with spacing 20, five pages.
    func centredCard(offset: Double? = nil, direction: Direction? = nil, axis: Axis? = nil) -> PagingInput {
        PagingInput(viewport: axis == .vertical ? Size(width: 600, height: 400) : Size(width: 400, height: 600),
                    pageCount: 5, pageSpacing: 20, axis: axis, direction: direction, offset: offset,
                    layers: [PagingInput.Layer(name: "card", travel: 40)], pageSize: .points(300), align: .center)
    }

    /// c = (400 − 300)/2 = 50, L = 300 + 20 = 320; at offset 160 page 1 sits at 50 + 320 − 160 =
    /// 210 (its last 190 points in view: visibleFraction 190/300) and page 0 at −110 (190 of its
    /// 300 points in view); page 2 at 530 is off screen.
    @Test func centredCardHalfwayShowsTwoPagesAtHandComputedPlaces() throws {
        let l = try single(centredCard(offset: 160))
        #expect(l.stride == 320)
        #expect(l.position == 0.5)
        #expect(l.contentSize == Size(width: 4 * 320 + 400 + 20, height: 600))
        #expect(l.pages.map(\.slot) == [0, 1])
        let p0 = l.pages[0], p1 = l.pages[1]
        #expect(p1.viewportFrame == Frame(x: 210, y: 0, width: 300, height: 600))
        #expect(close(p1.visibleFraction, (400 - 210) / 300.0))
        #expect(p0.viewportFrame == Frame(x: -110, y: 0, width: 300, height: 600))
        #expect(close(p0.visibleFraction, 190 / 300.0))
        // Content frame: c + i·L + S/2.
        #expect(p1.frame == Frame(x: 50 + 320 + 10, y: 0, width: 300, height: 600))
        // The card layer travels T·clamp(p) = 40·(−0.5) on page 1, page-local on a 300-point page.
        #expect(p1.layers[0].frame == Frame(x: -20, y: 0, width: 300, height: 600))
        #expect(p1.layers[0].viewportFrame == Frame(x: 190, y: 0, width: 300, height: 600))
        #expect(p1.layers[0].clip == Frame(x: 210, y: 0, width: 190, height: 600))
        #expect(l.currentPage == 1)
        #expect(l.transition == Transition(from: 0, to: 1, progress: 0.5))
    }

    /// At rest on page 1 (offset 1·L = 320) the card is centred at 50 and both neighbours peek in
    /// by 30 points (−270 + 300 and 400 − 370): three pages in view at once.
    @Test func centredCardAtRestShowsBothNeighboursPeekingIn() throws {
        let l = try single(centredCard(offset: 320))
        #expect(l.pages.map(\.slot) == [0, 1, 2])
        #expect(l.pages.map(\.viewportFrame.x) == [-270, 50, 370])
        #expect(l.pages.map(\.visibleFraction).map { ($0 * 300).rounded() } == [30, 300, 30])
        #expect(l.snap == Snap(previous: 0, nearest: 320, next: 640))
    }

    /// A start-aligned carousel of 0.8 of a 390-point viewport: pages of 312 at stride 312 with
    /// no spacing; at rest on page 1 the next page shows its first 78 points (a quarter).
    @Test func startAlignedFractionShowsTheNextPageEdge() throws {
        let input = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 4, offset: 312,
                                pageSize: .fraction(0.8))
        let l = try single(input)
        #expect(l.stride == 312)
        #expect(l.contentSize.width == 3 * 312 + 390)
        #expect(l.pages.map(\.slot) == [1, 2])
        #expect(l.pages.map(\.viewportFrame.x) == [0, 312])
        #expect(l.pages[1].visibleFraction == 0.25)
    }

    /// RTL mirrors about the viewport's centre: x' = A − (x + a); a start-aligned RTL page rests
    /// against the viewport's right edge, its content frame mirrored within contentSize.
    @Test func rtlCarouselIsTheMirrorImageAboutTheViewportCentre() throws {
        let ltr = try single(centredCard(offset: 160))
        let rtl = try single(centredCard(offset: 160, direction: .rtl))
        #expect(rtl.pages.map(\.slot) == ltr.pages.map(\.slot))
        for (a, b) in zip(ltr.pages, rtl.pages) {
            #expect(b.viewportFrame.x == 400 - (a.viewportFrame.x + 300))
            #expect(b.frame.x == ltr.contentSize.width - a.frame.x - 300)
            #expect(b.visibleFraction == a.visibleFraction)
            #expect(b.layers[0].viewportFrame.x == 400 - (a.layers[0].viewportFrame.x + 300))
        }
        var start = PagingInput(viewport: Size(width: 400, height: 600), pageCount: 3, direction: .rtl, offset: 0,
                                pageSize: .points(300))
        #expect(try single(start).pages[0].viewportFrame.x == 100)
        start.direction = nil
        #expect(try single(start).pages[0].viewportFrame.x == 0)
    }

    /// Vertical: everything said for x/width holds for y/height.
    @Test func verticalCarouselLaysOutAlongY() throws {
        let l = try single(centredCard(offset: 160, axis: .vertical))
        #expect(l.pages[1].viewportFrame == Frame(x: 0, y: 210, width: 600, height: 300))
        #expect(l.contentSize == Size(width: 600, height: 1700))
    }

    /// willMove fires for the page that enters (page 2's leading edge passes 400 at offset 290),
    /// didMove when the offset rests on a page: both with L = 320, not A + S.
    @Test func eventsAndVelocityUseTheCarouselStride() throws {
        var input = centredCard(offset: 320)
        input.previousOffset = 100
        let l = try single(input)
        #expect(l.events == [PagingEvent(type: .willMove, page: 2), PagingEvent(type: .didMove, page: 1)])
        input.previousOffset = nil
        input.offset = 100
        input.velocity = 5000
        #expect(try single(input).snap.target == 320)
    }

    /// Infinite: slot k shows page k mod N; with five 320-point strides in a 400-point viewport
    /// slot −1 (page 4) is the left neighbour of slot 0.
    @Test func infiniteCarouselWrapsItsNeighbours() throws {
        var input = centredCard(offset: 0)
        input.infinite = true
        let l = try single(input)
        #expect(l.pages.map(\.slot) == [-1, 0, 1])
        #expect(l.pages.map(\.index) == [4, 0, 1])
        #expect(l.pages[0].viewportFrame.x == -270)
    }

    // MARK: - Validation

    func issues(_ input: PagingInput) -> [ValidationIssue] { input.validate() }

    @Test func pageSizeMustBePositiveAndAtMostTheViewport() {
        var input = centredCard(offset: 0)
        for bad in [0.0, -1, 401, .infinity] {
            input.pageSize = .points(bad)
            #expect(issues(input) == [ValidationIssue(pointer: "/pageSize", message: "must be between 1e-6 and viewport.width (400)")])
        }
        input.axis = .vertical
        input.pageSize = .points(700)
        #expect(issues(input) == [ValidationIssue(pointer: "/pageSize", message: "must be between 1e-6 and viewport.height (600)")])
        input.axis = nil
        input.pageSize = .points(400)
        #expect(issues(input).isEmpty)
    }

    @Test func fractionMustLieInZeroToOne() {
        var input = centredCard(offset: 0)
        for bad in [0.0, -0.5, 1.0000001, .nan] {
            input.pageSize = .fraction(bad)
            #expect(issues(input) == [ValidationIssue(pointer: "/pageSize/fraction", message: "must be > 0 and at most 1")])
        }
        input.pageSize = .fraction(1)
        #expect(issues(input).isEmpty)
        input.pageSize = .fraction(1e-12)
        #expect(issues(input).map(\.pointer) == ["/pageSize/fraction"])
    }

    /// (N − 2)·L ≥ A: three 100-point pages (stride 100) cannot fill a 400-point viewport without
    /// one of them showing twice; the message names the smallest N that does (6), and 6 passes.
    @Test func infiniteCarouselNeedsEnoughPagesAndSaysHowMany() {
        var input = PagingInput(viewport: Size(width: 400, height: 600), pageCount: 5, infinite: true, offset: 0,
                                pageSize: .points(100))
        #expect(issues(input) == [ValidationIssue(pointer: "/infinite", message:
            "needs pageCount >= 6: (pageCount - 2) × stride must be at least the viewport's extent (400) so that no page shows twice at once")])
        input.pageCount = 6
        #expect(issues(input).isEmpty)
        // The seed's rule still reads as before where it is the one that binds.
        input.pageSize = .points(400)
        input.pageCount = 2
        #expect(issues(input) == [ValidationIssue(pointer: "/infinite", message: "needs pageCount >= 3")])
        // The smallest count is the rule's own test at its edge, for strides that do not divide A.
        for (A, L) in [(400.0, 133.0), (400, 200), (390, 0.1 + 0.2), (1000, 7)] {
            let n = PagingInput.smallestInfiniteCount(extent: A, stride: L)
            #expect((n - 2) * L >= A && (n == 3 || (n - 3) * L < A), "\(A) \(L) → \(n)")
        }
    }

    @Test func manyVisiblePagesTimesOffsetsAreBounded() {
        let input = PagingInput(viewport: Size(width: 1000, height: 600), pageCount: 100_000, offsets: Array(repeating: 0, count: 100),
                                pageSize: .points(1))
        #expect(issues(input) == [ValidationIssue(pointer: "/pageSize", message:
            "shows up to 1001 pages at once; at most 10000 pages per response (pages × offsets)")])
    }
}
