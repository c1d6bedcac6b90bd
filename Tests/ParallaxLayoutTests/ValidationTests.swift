// Validation: each rule reports its JSON pointer, and every problem is reported, not only the first
// (docs/api.md).
import Testing
@testable import ParallaxLayout

@Suite struct PagingValidationTests {
    let ok = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 5)

    func pointers(_ change: (inout PagingInput) -> Void, limits: LayoutLimits = .standard) -> [String] {
        var input = ok
        change(&input)
        return input.validate(limits: limits).pointers
    }

    @Test func aValidRequestHasNoIssues() {
        #expect(ok.validate().isEmpty)
    }

    @Test func nonFiniteAndNonPositiveSizes() {
        #expect(pointers { $0.viewport.width = 0 } == ["/viewport/width"])
        #expect(pointers { $0.viewport.height = -1 } == ["/viewport/height"])
        #expect(pointers { $0.viewport.width = .infinity } == ["/viewport/width"])
        #expect(pointers { $0.viewport.width = .nan } == ["/viewport/width"])
        #expect(pointers { $0.offset = .infinity } == ["/offset"])
        #expect(pointers { $0.velocity = -.infinity } == ["/velocity"])
        #expect(pointers { $0.layers = [.init(content: Size(width: 1, height: 0))] } == ["/layers/0/content/height"])
    }

    @Test func pageCountIsAnIntegerFromOneToTheLimit() {
        #expect(pointers { $0.pageCount = 0 } == ["/pageCount"])
        #expect(pointers { $0.pageCount = 2.5 } == ["/pageCount"])
        #expect(pointers { $0.pageCount = 1_000_001 } == ["/pageCount"])
        #expect(pointers { $0.pageCount = 1_000_000 }.isEmpty)
        #expect(pointers({ $0.pageCount = 11 }, limits: LayoutLimits(maxPageCount: 10)) == ["/pageCount"])
    }

    @Test func negativeSpacing() {
        #expect(pointers { $0.pageSpacing = -1 } == ["/pageSpacing"])
    }

    @Test func infiniteNeedsThreePages() {
        #expect(pointers { $0.infinite = true; $0.pageCount = 2 } == ["/infinite"])
        #expect(pointers { $0.infinite = true; $0.pageCount = 3 }.isEmpty)
    }

    @Test func onlyOneOfOffsetPageAndOffsets() {
        #expect(pointers { $0.offset = 1; $0.page = 1 } == ["/page"])
        #expect(pointers { $0.page = 1; $0.offsets = [1] } == ["/offsets"])
        #expect(pointers { $0.offset = 1; $0.page = 1; $0.offsets = [1] } == ["/page", "/offsets"])
    }

    @Test func offsetsCountAndValues() {
        #expect(pointers { $0.offsets = [] } == ["/offsets"])
        #expect(pointers { $0.offsets = Array(repeating: 0, count: 4097) } == ["/offsets"])
        #expect(pointers { $0.offsets = [0, .nan, 1, .infinity] } == ["/offsets/1", "/offsets/3"])
    }

    @Test func currentPageIsAnExistingPage() {
        #expect(pointers { $0.currentPage = 5 } == ["/currentPage"])
        #expect(pointers { $0.currentPage = 1.5 } == ["/currentPage"])
        #expect(pointers { $0.currentPage = 4 }.isEmpty)
    }

    @Test func layerRules() {
        #expect(pointers { $0.layers = [.init(), .init(name: "fg", travel: 1, rate: 0.5)] } == ["/layers/1/rate"])
        #expect(pointers { $0.layers = [.init(opacity: .init(min: 1.5))] } == ["/layers/0/opacity/min"])
        #expect(pointers { $0.layers = [.init(scale: .init(min: -0.1))] } == ["/layers/0/scale/min"])
        #expect(pointers { $0.layers = Array(repeating: .init(), count: 33) } == ["/layers"])
        #expect(pointers { $0.layers = (0..<32).map { .init(name: "l\($0)") } }.isEmpty)
    }

    @Test func includeAndRangeRules() {
        #expect(pointers { $0.infinite = true; $0.include = .all } == ["/include"])
        #expect(pointers { $0.range = .init(from: 3, to: 1) } == ["/range/to"])
        #expect(pointers { $0.range = .init(from: 0.5, to: 1) } == ["/range/from"])
        #expect(pointers { $0.include = .visible; $0.range = .init(from: 0, to: 1) } == ["/range"])
    }

    @Test func pagesPerResponseAreLimited() {
        #expect(pointers { $0.pageCount = 10_001; $0.include = .all } == ["/include"])
        #expect(pointers { $0.pageCount = 10_000; $0.include = .all }.isEmpty)
        #expect(pointers { $0.pageCount = 1_000_000; $0.range = .init(from: 0, to: 10_000) } == ["/range"])
        #expect(pointers { $0.pageCount = 1_000_000; $0.range = .init(from: 0, to: 9_999) }.isEmpty)
        // Across a timeline: pages × offsets.
        #expect(pointers { $0.pageCount = 100; $0.include = .all; $0.offsets = Array(repeating: 0, count: 101) } == ["/include"])
        // A range reaching past the last page counts the pages that exist.
        #expect(pointers { $0.range = .init(from: 0, to: 1_000_000) }.isEmpty)
    }

    @Test func motionDecelerationAndPixelScale() {
        #expect(pointers { $0.motionScale = 1.01 } == ["/motionScale"])
        #expect(pointers { $0.motionScale = -0.1 } == ["/motionScale"])
        #expect(pointers { $0.pixelScale = 0 } == ["/pixelScale"])
        #expect(pointers { $0.decelerationRate = 1 } == ["/decelerationRate"])
        #expect(pointers { $0.decelerationRate = 0 } == ["/decelerationRate"])
        #expect(pointers { $0.decelerationRate = 0.99 }.isEmpty)
    }

    @Test func infiniteOffsetsKeepSlotArithmeticExact() {
        #expect(pointers { $0.infinite = true; $0.viewport.width = 1e-6; $0.offset = 1e15 } == ["/offset"])
        #expect(pointers { $0.viewport.width = 1e-6; $0.offset = 1e15 }.isEmpty)
        #expect(pointers { $0.offset = 1e16 } == ["/offset"])
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() throws {
        let bad = PagingInput(viewport: Size(width: -1, height: .nan), pageCount: 2, pageSpacing: -3, infinite: true,
                              offset: 1, page: 2, layers: [.init(travel: 1, rate: 1, opacity: .init(min: 2))],
                              include: .all, motionScale: 3, pixelScale: -1)
        let issues = bad.validate()
        #expect(issues.pointers == ["/viewport/width", "/viewport/height", "/pageSpacing", "/infinite", "/page",
                                    "/motionScale", "/pixelScale", "/layers/0/rate", "/layers/0/opacity/min", "/include"])
        #expect(issues.allSatisfy { !$0.message.isEmpty })
        #expect(throws: ValidationError(issues: issues)) { try bad.layout() }
    }

    @Test func messagesSayWhatToFix() {
        var input = ok
        input.viewport.width = 0
        #expect(input.validate() == [ValidationIssue(pointer: "/viewport/width", message: "must be between 1e-6 and 1e15")])
        // The whole rule, whichever part the value broke (docs/api.md#errors).
        input.viewport.width = 1e16
        #expect(input.validate() == [ValidationIssue(pointer: "/viewport/width", message: "must be between 1e-6 and 1e15")])
    }
}

@Suite struct HeaderAndScrollValidationTests {
    @Test func headerRules() {
        var input = HeaderInput(viewport: Size(width: 320, height: 568), header: .init(height: 150, minHeight: 200),
                                offset: 1, offsets: [1, .nan], content: Size(width: 0, height: 1), motionScale: 2,
                                pixelScale: 0)
        #expect(input.validate().pointers == ["/header/minHeight", "/offsets", "/offsets/1", "/content/width",
                                              "/motionScale", "/pixelScale"])
        input = HeaderInput(viewport: Size(width: 320, height: 568), header: .init(height: 0, minHeight: -1))
        #expect(input.validate().pointers == ["/header/height", "/header/minHeight"])
        input = HeaderInput(viewport: Size(width: 320, height: 568), header: .init(height: 150, minHeight: 150))
        #expect(input.validate().isEmpty)
    }

    @Test func scrollRules() {
        let frame = Frame(x: 0, y: 0, width: 10, height: 10)
        let input = ScrollInput(viewport: Size(width: 0, height: 568), offset: .infinity, elements: [
            .init(name: "ok", frame: frame),
            .init(name: "a", frame: Frame(x: .nan, y: 0, width: 0, height: 10), speed: 1, translate: .init(from: 0, to: 1)),
            .init(name: "b", frame: frame, opacity: .init(from: -1, to: 2), easing: .cubicBezier(x1: 1.5, y1: 9, x2: 0.5, y2: .nan)),
            .init(name: "c", frame: frame, startOffset: 10, endOffset: 10),
        ])
        #expect(input.validate().pointers == [
            "/viewport/width", "/offset",
            "/elements/1/frame/x", "/elements/1/frame/width", "/elements/1/speed",
            "/elements/2/opacity/0", "/elements/2/opacity/1", "/elements/2/easing/cubicBezier/0",
            "/elements/2/easing/cubicBezier/3",
            "/elements/3/endOffset",
        ])
    }

    @Test func scrollElementLimits() {
        let element = ScrollInput.Element(name: "e", frame: Frame(x: 0, y: 0, width: 1, height: 1))
        let many = ScrollInput(viewport: Size(width: 1, height: 1), elements: Array(repeating: element, count: 1025))
        #expect(many.validate().pointers == ["/elements"])
        let distinct = (0..<1000).map { ScrollInput.Element(name: "e\($0)", frame: element.frame) }
        let long = ScrollInput(viewport: Size(width: 1, height: 1), offsets: Array(repeating: 0, count: 200),
                               elements: distinct)
        #expect(long.validate().pointers == ["/offsets"])
    }
}
