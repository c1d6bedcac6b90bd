// docs/model.md#page-progress: a pager's tracks as functions of a page's progress p. Hand cases
// (the centred carousel of docs/native.md), the refusals, and the law over generated pagers: for
// every page i and p, the p-track equals the single-offset answer of page i at o = (i + p)·L.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct PageProgressTests {
    /// A = 400, a = 300, S = 20, centred: c = 50, L = 320.
    static func centredCarousel(layers: [PagingInput.Layer]? = nil) -> PagingInput {
        PagingInput(viewport: Size(width: 400, height: 600), pageCount: 5, pageSpacing: 20, layers: layers,
                    pageSize: .points(300), align: .center)
    }

    static let coverLayer = PagingInput.Layer(name: "background", travel: 60, fit: .cover, opacity: .init(min: 0.5))

    func knots(_ k: Keyframes, _ target: TrackTarget, _ property: String) -> [[Double]]? {
        k.tracks.first { $0.target == target && $0.property == property }.map { $0.knots.map { [$0.offset, $0.value] } }
    }

    @Test func centredCarouselByHand() throws {
        let k = try Self.centredCarousel().progressKeyframes(domain: nil, properties: nil)
        #expect(k.input == .pageProgress)
        #expect(k.stride == 320)
        // p_in = (c − A)/L = −350/320, p_out = (c + a)/L = 350/320.
        #expect(k.domain == KeyframeDomain(from: -1.09375, to: 1.09375))
        // The page's edges cross the viewport's at o = c − A, c + a − A, c, c + a: p = ∓1.09375, ∓0.15625.
        #expect(knots(k, .anyPage, "visibleFraction") == [[-1.09375, 0], [-0.15625, 1], [0.15625, 1], [1.09375, 0]])
        // viewportFrame.x = c − p·L, one line, continued both ways.
        #expect(knots(k, .anyPage, "viewportFrame.x") == [[-1.09375, 400], [1.09375, -300]])
        #expect(k.tracks.first { $0.property == "viewportFrame.x" }?.after == .linear)
        #expect(knots(k, .anyPage, "progress") == [[-1.09375, -1.09375], [1.09375, 1.09375]])
    }

    @Test func coverLayerByHand() throws {
        // A plain pager (a = A, c = 0): the default domain is [−1, 1].
        let plain = PagingInput(viewport: Size(width: 400, height: 600), pageCount: 5, layers: [Self.coverLayer])
        let k = try plain.progressKeyframes(domain: nil, properties: nil)
        #expect(k.domain == KeyframeDomain(from: -1, to: 1))
        // cover: x = T·clamp(p, −1, 1) − |T| = 60p − 60.
        #expect(knots(k, .anyPageLayer(name: "background"), "frame.x") == [[-1, -120], [1, 0]])
        #expect(knots(k, .anyPageLayer(name: "background"), "opacity") == [[-1, 0.5], [0, 1], [1, 0.5]])
        #expect(knots(k, .anyPage, "visibleFraction") == [[-1, 0], [0, 1], [1, 0]])
        // In the carousel the same layer holds its ends out to ±1.09375.
        let c = try Self.centredCarousel(layers: [Self.coverLayer]).progressKeyframes(domain: nil, properties: nil)
        #expect(knots(c, .anyPageLayer(name: "background"), "frame.x") == [[-1.09375, -120], [-1, -120], [1, 0], [1.09375, 0]])
    }

    @Test func refusals() throws {
        let input = Self.centredCarousel()
        func issues(_ d: KeyframeDomain?, _ p: [String]?) -> [ValidationIssue] {
            do throws(ValidationError) {
                _ = try input.progressKeyframes(domain: d, properties: p)
                return []
            } catch { return error.issues }
        }
        let frame = issues(nil, ["visibleFraction", "page.frame.x"])
        #expect(frame.map(\.pointer) == ["/properties/1"])
        #expect(frame.first?.message.contains("ask for viewportFrame.x") == true)
        #expect(issues(nil, ["nope"]).first?.message.contains("unknown property") == true)
        #expect(issues(KeyframeDomain(from: 1, to: -1), nil).map(\.pointer) == ["/domain/to"])
        #expect(issues(KeyframeDomain(from: -1e14, to: 1), nil).map(\.pointer) == ["/domain/from"])
        var moment = input
        moment.offset = 3
        #expect(throws: ValidationError.self) { try moment.progressKeyframes(domain: nil, properties: nil) }
    }

    /// The law: every page i of `input` at o = (i + p)·L, as the p-tracks' numbers.
    func numbers(_ engine: PagingEngine, _ input: PagingInput, page i: Int, at p: Double) -> Numbers {
        let o = (Double(i) + p) * input.keyframeStride
        var out: Numbers = [:]
        for (target, values) in pagingNumbers(engine, slots: i...i, at: o) {
            switch target {
            case .page: out[.anyPage] = values
            case .layer(_, let name): out[.anyPageLayer(name: name)] = values
            default: break
            }
        }
        return out
    }

    func check(_ input: PagingInput, _ r: inout SplitMix64) throws -> [String] {
        var domain: KeyframeDomain?
        if r.bool() {
            let a = r.double(-3, 1.5)
            domain = KeyframeDomain(from: a, to: a + r.double(0.01, 3))
        }
        let k = try input.progressKeyframes(domain: domain, properties: nil)
        let engine = try PagingEngine(input)
        let N = Int(input.pageCount)
        // The first, the last, a middle page, and (infinite) slots far out either way.
        var pages = [0, N - 1, N / 2]
        if input.infinite == true { pages += [-7 * N - 1, 5 * N + 2] }
        var failures: [String] = []
        for i in pages {
            failures += keyframeFailures(k, samples: 60, &r) { numbers(engine, input, page: i, at: $0) }.map { "page \(i): \($0)" }
        }
        return failures
    }

    @Test func tracksEqualEveryPagesAnswerOnPagers() throws {
        var r = SplitMix64(seed: 3501)
        for _ in 0..<60 {
            let infinite = r.int(0, 3) == 0
            let input = PagingInput(viewport: Size(width: r.pick([320, 390, 414.5, 1024]), height: r.pick([568, 844])),
                                    pageCount: Double(r.int(infinite ? 3 : 1, 12)), pageSpacing: r.pick([0, 8, 16, 33.3]),
                                    axis: r.pick(Axis.allCases), direction: r.pick(Direction.allCases),
                                    infinite: infinite, layers: randomLayers(&r), motionScale: r.pick([1, 0.5, 0]))
            let failures = try check(input, &r)
            #expect(failures.count == 0, "\(input): \(failures.prefix(3))")
            if !failures.isEmpty { return }
        }
    }

    @Test func tracksEqualEveryPagesAnswerOnCarousels() throws {
        var r = SplitMix64(seed: 3502)
        for n in 0..<80 {
            let input = CarouselPropertyTests.randomCarousel(&r, infinite: n % 4 == 0)
            let failures = try check(input, &r)
            #expect(failures.count == 0, "\(input): \(failures.prefix(3))")
            if !failures.isEmpty { return }
        }
    }

    @Test func propertiesNarrowAndKeepConstants() throws {
        let k = try Self.centredCarousel().progressKeyframes(domain: nil, properties: ["frame.y", "visibleFraction"])
        // frame.y is constant (0) but named, so kept; page tracks before layer tracks.
        #expect(k.tracks.map(\.property) == ["visibleFraction", "frame.y"])
        #expect(k.tracks.map(\.target) == [.anyPage, .anyPageLayer(name: "background")])
    }
}
