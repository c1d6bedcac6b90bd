// docs/model.md#keyframes over generated requests of every model (SplitMix64, fixed seeds): every track equals the
// single-offset engines at its knots, beside them and at random offsets within 1e-9 of its scale;
// every varying number has a track; no redundant knot; CSS-valid easings.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct KeyframesPropertyTests {
    static let samples = 200

    func randomPaging(_ r: inout SplitMix64) -> PagingInput {
        let infinite = r.int(0, 3) == 0
        let viewport = Size(width: r.pick([320, 390, 414.5, 1024]), height: r.pick([568, 844, 600.25]))
        let layers = randomLayers(&r)
        return PagingInput(viewport: viewport, pageCount: Double(r.int(infinite ? 3 : 2, 12)),
                           pageSpacing: r.pick([0, 8, 16, 33.3]), axis: r.pick(Axis.allCases),
                           direction: r.pick(Direction.allCases), infinite: infinite, layers: layers,
                           motionScale: r.pick([1, 0.5, 0.25, 0]))
    }

    @Test func pagingTracksMatchTheSingleOffsetLayout() throws {
        var r = SplitMix64(seed: 81)
        for _ in 0..<80 {
            let input = randomPaging(&r)
            let L = input.keyframeStride, N = input.pageCount
            var domain: KeyframeDomain?
            if r.bool() || input.infinite == true {
                let a = r.double(input.infinite == true ? -2 * N : -1, N) * L
                domain = KeyframeDomain(from: a, to: a + r.double(0.01, 4) * L)
            }
            let kf = try input.keyframes(domain: domain, properties: nil)
            let engine = try PagingEngine(input)
            let slots = try input.keyframeSlots(domain: domain)
            let failures = keyframeFailures(kf, samples: Self.samples, &r) { pagingNumbers(engine, slots: slots, at: $0) }
            #expect(failures.isEmpty, "\(input) \(String(describing: domain)): \(failures.prefix(3))")
            if !failures.isEmpty { return }
        }
    }

    func randomHeader(_ r: inout SplitMix64) -> HeaderInput {
        let Hh = r.double(50, 400)
        var input = HeaderInput(viewport: Size(width: r.pick([320, 390, 1024]), height: 844),
                                header: .init(height: Hh, minHeight: r.bool() ? nil : r.double(0, Hh)),
                                stretch: r.bool() ? nil : r.bool(), mode: r.pick(HeaderInput.Mode.allCases),
                                motionScale: r.pick([1, 0.5, 0]))
        if r.bool() {
            input.content = Size(width: r.double(100, 2000), height: r.double(50, 1500))
            input.contentMode = r.pick(ContentMode.allCases)
        }
        return input
    }

    @Test func headerTracksMatchTheSingleOffsetLayout() throws {
        var r = SplitMix64(seed: 82)
        for _ in 0..<300 {
            let input = randomHeader(&r)
            var domain: KeyframeDomain?
            if r.bool() {
                let a = r.double(-2, 1.5) * input.header.height
                domain = KeyframeDomain(from: a, to: a + r.double(0.05, 3) * input.header.height)
            }
            let kf = try input.keyframes(domain: domain, properties: nil)
            let engine = try HeaderEngine(input)
            let failures = keyframeFailures(kf, samples: Self.samples, &r) { headerNumbers(engine, at: $0) }
            #expect(failures.isEmpty, "\(input) \(String(describing: domain)): \(failures.prefix(3))")
            if !failures.isEmpty { return }
        }
    }

    func randomEasing(_ r: inout SplitMix64) -> Easing? {
        switch r.int(0, 7) {
        case 6:  // popular CSS curves, some with vertical tangents at an end (x1 = 0 or x2 = 1)
            r.pick([Easing.cubicBezier(x1: 0, y1: 0.55, x2: 0.45, y2: 1), .cubicBezier(x1: 0.16, y1: 1, x2: 0.3, y2: 1),
                    .cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1), .cubicBezier(x1: 0.36, y1: 0, x2: 0.66, y2: -0.56),
                    .cubicBezier(x1: 0, y1: 1, x2: 1, y2: 0), .cubicBezier(x1: 0.7, y1: 0, x2: 1, y2: 0.6)])
        case 0: nil
        case 1: .linear
        case 2: .easeIn
        case 3: .easeOut
        case 4: .easeInOut
        default: .cubicBezier(x1: r.double(0, 1), y1: r.double(-1.5, 2.5), x2: r.double(0, 1), y2: r.double(-1.5, 2.5))
        }
    }

    func randomScroll(_ r: inout SplitMix64) -> ScrollInput {
        var elements: [ScrollInput.Element] = []
        for i in 0..<r.int(1, 4) {
            let frame = Frame(x: r.double(-100, 500), y: r.double(0, 3000), width: r.double(10, 600), height: r.double(10, 800))
            var e = ScrollInput.Element(name: "e\(i)", frame: frame, easing: randomEasing(&r))
            if r.int(0, 2) == 0 {
                e.speed = r.double(-3, 3)
                e.center = r.bool()
            } else if r.bool() {
                e.translate = .init(from: r.double(-300, 300), to: r.double(-300, 300))
            }
            if r.bool() { e.scale = .init(from: r.double(0, 2), to: r.double(0, 2)) }
            if r.bool() { e.opacity = .init(from: r.double(0, 1), to: r.double(0, 1)) }
            if r.bool() { e.rotate = .init(from: r.double(-180, 180), to: r.double(-180, 180)) }
            switch r.int(0, 5) {
            case 0:  // both ends
                e.startOffset = r.double(0, 1500)
                e.endOffset = (e.startOffset ?? 0) + r.double(1, 1500)
            case 1:  // before the default end on either axis
                e.startOffset = min(frame.x, frame.y) - r.double(1, 1000)
            case 2: e.endOffset = max(frame.x, frame.y) + r.double(1, 1000)
            default: break
            }
            elements.append(e)
        }
        return ScrollInput(viewport: Size(width: r.pick([390, 1280]), height: r.pick([844, 720])),
                           axis: r.bool() ? nil : r.pick(Axis.allCases), elements: elements,
                           motionScale: r.pick([1, 0.5, 0]))
    }

    @Test func scrollTracksMatchTheSingleOffsetLayout() throws {
        try expectScrollTracksMatch(seed: 83, count: 300, samples: Self.samples) { randomScroll(&$0) }
    }

    /// `properties` narrows the set and keeps what it names even when constant: every named number
    /// of every target that has it gets a track, and nothing else does.
    @Test func propertiesSelectExactlyTheNamedNumbers() throws {
        var r = SplitMix64(seed: 84)
        let all = PagingInput.pageKeyframeProperties + PagingInput.layerKeyframeProperties
        for _ in 0..<60 {
            let input = randomPaging(&r)
            let names = Array(Set((0..<r.int(1, 5)).map { _ in r.pick(all) }))
            let kf = try input.keyframes(domain: nil, properties: names)
            let engine = try PagingEngine(input)
            let slots = try input.keyframeSlots(domain: nil)
            let expected = Set(pagingNumbers(engine, slots: slots, at: 0).flatMap { target, values in
                values.keys.filter(names.contains).map { TrackKey(target, $0) }
            })
            #expect(Set(kf.tracks.map { TrackKey($0.target, $0.property) }) == expected, "\(names)")
        }
    }
}
