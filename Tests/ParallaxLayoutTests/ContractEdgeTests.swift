// The edges of the contract a client meets first: overscroll past the pages (docs/model.md#paging),
// default keyframe domains that stay within the offsets a request may name
// (docs/model.md#keyframes), and keyframes requests judged by the rules that apply to them.
import Testing
@testable import ParallaxLayout

@Suite struct OverscrollTests {
    let viewport = Size(width: 390, height: 844)

    /// `page: 7` of a 3-page pager: valid, the offset follows o = page·L, no page overlaps the
    /// viewport so `pages` (visible ones) is empty; currentPage and snap are clamped to the last page.
    @Test func farPastTheLastPageIsValidWithNoVisiblePages() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, page: 7))
        #expect(l.offset == 2730 && l.position == 7)
        #expect(l.pages.isEmpty)
        #expect(l.currentPage == 2)
        #expect(l.snap == Snap(previous: 780, nearest: 780, next: 780))
        #expect(l.transition == nil)
        #expect(l.contentSize == Size(width: 1170, height: 844))
    }

    /// The frames follow the formulas: with include "all" every page is there, off screen.
    @Test func allPagesFollowTheFormulasOffScreen() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, page: 7, include: .all))
        #expect(l.pages.map(\.index) == [0, 1, 2])
        #expect(l.pages.map(\.progress) == [7, 6, 5])
        #expect(l.pages.map(\.visibleFraction) == [0, 0, 0])
        #expect(l.pages.map(\.viewportFrame.x) == [-2730, -2340, -1950])
        #expect(l.pages.allSatisfy { $0.layers.allSatisfy { $0.clip == nil } })
    }

    /// Between positions, `transition` is floor(P) → floor(P) + 1 as the formula says, also past the
    /// ends: positions, not pages (−1 → 0 while pulled before the first page).
    @Test func transitionNamesPositionsPastTheEnds() throws {
        #expect(try single(PagingInput(viewport: viewport, pageCount: 3, page: 7.5)).transition
            == Transition(from: 7, to: 8, progress: 0.5))
        #expect(try single(PagingInput(viewport: viewport, pageCount: 3, page: -0.5)).transition
            == Transition(from: -1, to: 0, progress: 0.5))
        #expect(try single(PagingInput(viewport: viewport, pageCount: 3, page: 2.5)).transition
            == Transition(from: 2, to: 3, progress: 0.5))
    }

    /// Events name real pages only: coming back from far overscroll, the last page will move in.
    @Test func eventsNameOnlyRealPages() throws {
        let l = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 1000, previousOffset: 5000))
        #expect(l.events == [PagingEvent(type: .willMove, page: 2)])
        let away = try single(PagingInput(viewport: viewport, pageCount: 3, offset: 5000, previousOffset: 6000))
        #expect(away.events == [])
    }
}

@Suite struct DefaultDomainTests {
    /// Elements ending past 10^15: the default domain stops at 10^15, the largest offset a request
    /// may name, and is accepted when sent back (the endpoint does that for the reduced-motion
    /// stylesheet).
    @Test func scrollDefaultDomainStaysWithinTheOffsetLimit() throws {
        let input = ScrollInput(viewport: Size(width: 390, height: 844), elements: [
            .init(name: "a", frame: Frame(x: 0, y: 9e14, width: 10, height: 9e14), opacity: .init(from: 0, to: 1)),
        ])
        let kf = try input.keyframes(domain: nil, properties: nil)
        #expect(kf.domain == KeyframeDomain(from: 0, to: 1e15))
        let again = try input.keyframes(domain: kf.domain, properties: nil)
        #expect(again == kf)
    }

    @Test func pagingDefaultDomainStaysWithinTheOffsetLimit() throws {
        let input = PagingInput(viewport: Size(width: 1e12, height: 844), pageCount: 2000)
        let kf = try input.keyframes(domain: nil, properties: ["progress"])
        #expect(kf.domain == KeyframeDomain(from: 0, to: 1e15))
        #expect(try input.keyframes(domain: kf.domain, properties: ["progress"]) == kf)
    }

    /// An empty default asks for a domain at "/domain", the field to give; one too wide for the
    /// slot budget says it is the default.
    @Test func defaultDomainProblemsSaySoAndPointAtTheFieldToGive() {
        let one = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 1)
        #expect(throws: ValidationError(issues: [ValidationIssue(
            pointer: "/domain", message: "the default domain [0, 0] is empty; give domain {from, to}")])) {
            try one.keyframes(domain: nil, properties: nil)
        }
        let long = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 20_000)
        #expect(throws: ValidationError(issues: [ValidationIssue(
            pointer: "/domain",
            message: "the default domain [0, 7799610] spans 20000 slots; at most 10000 per response (give a narrower domain)")])) {
            try long.keyframes(domain: nil, properties: nil)
        }
    }

    /// `include` and `range` have no effect on tracks: the single-offset answer's page budget does
    /// not apply to them (their values are still checked).
    @Test func keyframesIgnoreThePagesPerResponseBudget() throws {
        var input = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 20_000, include: .all)
        let domain = KeyframeDomain(from: 0, to: 1000)
        #expect(try input.keyframes(domain: domain, properties: ["progress"]).tracks.count == 4)
        input.include = nil
        input.range = .init(from: 0, to: 19_999)
        #expect(try input.keyframes(domain: domain, properties: ["progress"]).tracks.count == 4)
        input.range = .init(from: 5, to: 1)
        #expect(throws: ValidationError.self) { try input.keyframes(domain: domain, properties: nil) }
        // The single-offset request keeps its budget.
        input.range = nil
        input.include = .all
        #expect(input.validate().map(\.pointer) == ["/include"])
    }
}
