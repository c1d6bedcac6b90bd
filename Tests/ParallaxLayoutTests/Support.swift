// Test helpers: a deterministic PRNG for property tests and small builders.
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
