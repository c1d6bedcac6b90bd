// The player core (docs/native.md#the-players): a keyframes answer's track decoded with Codable
// and evaluated by ParallaxLayout's own `Track`, so an app plays exactly the function the service
// computed (docs/model.md#keyframes): the segment holding the offset (at a jump the second knot),
// cubic segments solved to 1e-12 in x, and past the domain the end value held or the end segment
// continued where the answer says `"before"`/`"after": "linear"`. No Foundation: the arrow goes
// from this module to ParallaxLayout only.
import ParallaxLayout

/// One track of an answer: its target and property, the function (a ParallaxLayout `Track`) and,
/// for a linearized answer, the bound the service proved for it.
public struct PlayerTrack: Sendable, Hashable {
    /// The function itself: target, property, knots, easings and how it goes on past the domain.
    public var function: Track
    /// A linearized answer's bound on |track − exact| for this track (docs/model.md#keyframes).
    public var maxError: Double?

    public init(_ function: Track, maxError: Double? = nil) {
        self.function = function
        self.maxError = maxError
    }

    /// What the track animates: `{"slot": k}`, `{"slot": k, "layer": name}`, `{}`, `{"element":
    /// name}`, and in a page-progress answer `{"page": true}` (`.anyPage`) or `{"layer": name}`
    /// (`.anyPageLayer`), every page as a function of p.
    public var target: TrackTarget { function.target }
    /// The dotted path of the number inside the target: "frame.x", "opacity", "visibleFraction", …
    public var property: String { function.property }

    /// The value at `x`: an offset in points, or a page progress p for a page-progress answer.
    public func value(at x: Double) -> Double { function.value(at: x) }

    /// The property's kind, which picks the fixtures' tolerance (docs/native.md#the-players).
    public var kind: PropertyKind { PropertyKind(property: property) }
}

/// A page's progress p from the pager's offset (docs/model.md#paging): p = offset/L − index, so
/// p = +1 when the page has moved one page back toward the start (the answer's `"sign":
/// "movedBack"`). ViewPager2's `position`, Compose's `getOffsetDistanceInPages` and
/// reanimated-carousel's `value` are −p.
public func pageProgress(offset: Double, stride: Double, index: Int) -> Double {
    offset / stride - Double(index)
}
