// Test helpers: a deterministic PRNG for property tests and small builders.
import Testing
import TestSupport
@testable import ParallaxLayout

/// The draws the layout property tests make (SplitMix64 is in TestSupport).
extension SplitMix64 {
    /// Uniform in [lo, hi).
    mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
    mutating func bool() -> Bool { next() & 1 == 1 }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0, items.count - 1)] }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func close(_ a: Frame, _ b: Frame, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) && close(a.width, b.width, tolerance)
        && close(a.height, b.height, tolerance)
}

/// Suites over one scroll element of the docs/model.md#scroll-elements example: a 400 × 1000
/// vertical viewport (V = 1000) and a card 500 tall at y 1500, whose range is [500, 2000].
protocol OneScrollElement {}

extension OneScrollElement {
    var viewport: Size { Size(width: 400, height: 1000) }
    var card: Frame { Frame(x: 20, y: 1500, width: 360, height: 500) }

    /// The single-offset answer for `element` alone at offset `s`.
    func one(_ element: ScrollInput.Element, at s: Double, axis: Axis? = nil, motion: Double? = nil) throws -> ElementLayout {
        let input = ScrollInput(viewport: viewport, axis: axis, offset: s, elements: [element], motionScale: motion)
        guard case let .single(layout) = try input.layout() else { throw TestFailure("single") }
        return layout.elements[0]
    }
}

/// Lays out a single-offset paging request (fails the test on validation errors).
func single(_ input: PagingInput) throws -> PagingLayout {
    guard case let .single(layout) = try input.layout() else { throw TestFailure("expected a single layout") }
    return layout
}

func timeline(_ input: PagingInput) throws -> [PagingLayout] {
    guard case let .timeline(frames) = try input.layout() else { throw TestFailure("expected a timeline") }
    return frames
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The docs/model.md#paging example request: 390 × 844, 5 pages, spacing 16, background travel 120.
func specExample(offset: Double = 203) -> PagingInput {
    PagingInput(viewport: Size(width: 390, height: 844), pageCount: 5, pageSpacing: 16, offset: offset,
                layers: [PagingInput.Layer(name: "background", travel: 120)])
}

extension Array where Element == ValidationIssue {
    var pointers: [String] { map(\.pointer) }
}

/// One to three random layers (travel or rate or neither, fit, opacity, scale, content), drawn in
/// one fixed order so every property test that uses it stays reproducible from its seed.
func randomLayers(_ r: inout SplitMix64) -> [PagingInput.Layer] {
    var layers: [PagingInput.Layer] = []
    for i in 0..<r.int(1, 3) {
        var layer = PagingInput.Layer(name: "l\(i)", fit: r.bool() ? .cover : .page)
        switch r.int(0, 2) {
        case 0: layer.travel = r.double(-600, 600)
        case 1: layer.rate = r.double(-1.5, 1.5)
        default: break
        }
        if r.bool() { layer.opacity = .init(min: r.double(0, 1)) }
        if r.bool() { layer.scale = .init(min: r.double(0, 2)) }
        if r.bool() {
            layer.content = Size(width: r.double(100, 2000), height: r.double(100, 2000))
            layer.contentMode = r.pick(ContentMode.allCases)
        }
        layers.append(layer)
    }
    return layers
}

/// Offsets o and o + N·L of an infinite pager show the same pages with every slot shifted by N
/// (docs/model.md#paging): each page of `a` against its slot + N in `b`. A page on the very edge
/// of visibility may flip with the rounding of o + N·L, so a missing partner must be invisible.
func expectSlotsShiftedByOneCycle(_ a: PagingLayout, _ b: PagingLayout, pageCount N: Double) {
    let bySlot = Dictionary(uniqueKeysWithValues: b.pages.map { ($0.slot, $0) })
    for page in a.pages {
        guard let shifted = bySlot[page.slot + Int(N)] else {
            #expect(page.visibleFraction < 1e-9)
            continue
        }
        #expect(shifted.index == page.index)
        #expect(close(shifted.progress, page.progress, 1e-9))
        #expect(close(shifted.viewportFrame, page.viewportFrame, 1e-9))
        for (x, y) in zip(page.layers, shifted.layers) {
            #expect(close(x.frame, y.frame, 1e-9) && close(x.viewportFrame, y.viewportFrame, 1e-9))
        }
    }
}
