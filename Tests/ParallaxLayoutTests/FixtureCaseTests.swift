// docs/model.md#fixtures: which positions a track's cases take, the values beyond its ends, a
// jump's two sides, the seeded samples and the property kinds.
import Testing
@testable import ParallaxLayout

@Suite struct FixtureCaseTests {
    let input = PagingInput(viewport: Size(width: 400, height: 600), pageCount: 3,
                            layers: [PagingInput.Layer(name: "bg", travel: 100)])

    @Test func casesCoverKnotsSidesMidpointsSamplesAndBothEnds() throws {
        let probe = try #require(input.keyframeProbe(progress: false))
        let track = Track(target: .layer(slot: 1, name: "bg"), property: "frame.x",
                          knots: [Knot(offset: 0, value: -100), Knot(offset: 800, value: 100)], easings: [.linear])
        let d = KeyframeDomain(from: 0, to: 800)
        let cases = probe.cases(track, domain: d, step: 0.4, samples: [123])
        #expect(cases.map(\.at) == [-200, -0.4, 0, 0.4, 123, 400, 799.6, 800, 800.4, 1000])
        // Slot 1's layer: x = 100·clamp(o/400 − 1, −1, 1); held beyond the ends (no `after`).
        #expect(cases.map(\.value) == [-100, -100, -100, -99.9, -69.25, 0, 99.9, 100, 100, 100])
        var continued = track
        continued.after = .linear
        #expect(probe.cases(continued, domain: d, step: 0.4, samples: []).last?.value == 100)  // the engine's own value there
        #expect(cases.allSatisfy { $0.either == nil })
    }

    @Test func aJumpGivesEitherSide() throws {
        let probe = try #require(input.keyframeProbe(progress: false))
        // A made-up jump at 400 on slot 0's progress (0 → 1 over [0, 400]): either side of 400.
        let track = Track(target: .page(slot: 0), property: "progress",
                          knots: [Knot(offset: 0, value: 0), Knot(offset: 400, value: 0.5), Knot(offset: 400, value: 1),
                                  Knot(offset: 800, value: 2)], easings: [.linear, .linear, .linear])
        let c = try #require(probe.cases(track, domain: KeyframeDomain(from: 0, to: 800), step: 0.4, samples: []).first { $0.at == 400 })
        let either = try #require(c.either)
        #expect(either.1 == 1 && either.0 < 1 && either.0 > 1 - 1e-12)
    }

    @Test func samplesAreSeededAndInTheDomain() {
        let d = KeyframeDomain(from: -3, to: 5)
        let a = fixtureSamples(d, count: 50, seed: 1), b = fixtureSamples(d, count: 50, seed: 1), c = fixtureSamples(d, count: 50, seed: 2)
        #expect(a == b && a != c && a.count == 50)
        #expect(a.allSatisfy { $0 >= -3 && $0 < 5 })
        // SplitMix64's first output for seed 1 is 0x910A2DEC89025CC1 (its reference sequence).
        #expect(a[0] == -3 + 8 * Double(UInt64(0x910A_2DEC_8902_5CC1) >> 11) * 0x1p-53)
    }

    @Test func kinds() {
        #expect(PropertyKind(property: "frame.x") == .length && PropertyKind(property: "image.height") == .length)
        #expect(PropertyKind(property: "opacity") == .ratio && PropertyKind(property: "visibleFraction") == .ratio)
        #expect(PropertyKind(property: "rotate") == .angle)
        // Effects (docs/model.md#effects): the request's scale.x/scale.y are the answer's scaleX/scaleY.
        for p in ["scale", "scale.x", "scale.y", "scaleX", "scaleY"] { #expect(PropertyKind(property: p) == .ratio, "\(p)") }
        #expect(PropertyKind(property: "translate.x") == .length && PropertyKind(property: "translate.y") == .length)
    }
}
