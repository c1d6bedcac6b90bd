// A scroll element's multi-stop effects, docs/model.md#effects (anchors react-scroll-parallax's
// keyframe maps, Motion's `useTransform` stops, Rellax's horizontal speed).

/// One property of a scroll element driven by stops (JSON `{property, stops, easings?, range?}`).
public struct Effect: Sendable, Hashable {
    /// The property the stops drive (JSON the raw values).
    public enum Property: String, Sendable, Hashable, CaseIterable {
        case translateX = "translate.x"
        case translateY = "translate.y"
        case scale
        case scaleX = "scale.x"
        case scaleY = "scale.y"
        case opacity
        case rotate

        /// Scale-like: moved toward 1 by motionScale, and never below 0 (docs/model.md#effects).
        var isScale: Bool { self == .scale || self == .scaleX || self == .scaleY }
        /// Neutral value: where the element rests without the effect.
        var rest: Double { isScale || self == .opacity ? 1 : 0 }
    }

    /// One stop `[q, v]`: value v at clamped progress q.
    public struct Stop: Sendable, Hashable {
        public var q: Double
        public var v: Double
        public init(_ q: Double, _ v: Double) {
            self.q = q
            self.v = v
        }
    }

    /// The effect's own progress range (JSON `{startOffset, endOffset}`), offsets along the axis.
    public struct Range: Sendable, Hashable {
        public var startOffset: Double
        public var endOffset: Double
        public init(startOffset: Double, endOffset: Double) {
            self.startOffset = startOffset
            self.endOffset = endOffset
        }
    }

    public var property: Property
    /// 2…64 stops, q in [0, 1] non-decreasing; two equal q are a jump (the later one holds there).
    public var stops: [Stop]
    /// One per segment (stops.count − 1); nil: every segment linear.
    public var easings: [Easing]?
    /// nil: the element's range (docs/model.md#scroll-elements progress).
    public var range: Range?

    public init(property: Property, stops: [Stop], easings: [Easing]? = nil, range: Range? = nil) {
        self.property = property
        self.stops = stops
        self.easings = easings
        self.range = range
    }

    /// Bounds on the list (docs/api.md#effects).
    public static let maxEffects = 16
    public static let minStops = 2
    public static let maxStops = 64
}

extension Effect {
    /// The easing of segment j (stops j → j + 1).
    func easing(_ j: Int) -> Easing {
        guard let easings, j < easings.count else { return .linear }
        return easings[j]
    }
}
