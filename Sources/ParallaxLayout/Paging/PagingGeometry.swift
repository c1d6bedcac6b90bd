// The page's extent and resting place of a paging request (docs/model.md#carousels): what a
// carousel changes in the paging geometry (docs/model.md#paging), read once by the engine, the validation and the keyframes.

extension PagingInput {
    /// A, the viewport's extent along the axis.
    public var viewportExtent: Double { (axis ?? .horizontal) == .horizontal ? viewport.width : viewport.height }

    /// a: `pageSize` in points, its fraction of A, or A itself (every page the viewport's size).
    @inline(__always) public func pageExtent(_ A: Double) -> Double {
        switch pageSize {
        case nil: A
        case .points(let a)?: a
        case .fraction(let f)?: f * A
        }
    }

    /// c, where page i's leading edge lies in the viewport when it rests (offset i·L): 0 for
    /// `start`, (A − a)/2 for `center` (0 when a = A, so docs/model.md#paging is unchanged).
    @inline(__always) public func restingLead(_ A: Double, _ a: Double) -> Double {
        align == .center ? (A - a) / 2 : 0
    }

    /// The smallest pageCount N ≥ 3 with (N − 2)·L ≥ A: an infinite pager needs it so that no
    /// page shows twice on screen at once (3 when a = A, since L ≥ A). Computed with the very
    /// test the rule states, so the count named is the count that passes.
    static func smallestInfiniteCount(extent A: Double, stride L: Double) -> Double {
        var n = max(3, ceilD(A / L) + 2)
        var steps = 0
        while (n - 2) * L < A, steps < 4 { n += 1; steps += 1 }
        steps = 0
        while n > 3, (n - 3) * L >= A, steps < 4 { n -= 1; steps += 1 }
        return n
    }
}
