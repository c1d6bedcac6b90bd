// Scroll elements model, docs/model.md#scroll-elements (anchors Rellax, react-scroll-parallax), inputs and outputs.
// Optional inputs are nil when absent. Outputs have no optional fields but the per-axis scales.

/// A scroll-elements request (docs/model.md#scroll-elements, #determinism-and-motion, #timelines).
public struct ScrollInput: Sendable, Hashable {
    public var viewport: Size
    /// Default `.vertical` here (a long web page).
    public var axis: Axis?
    /// Scroll position s; default 0. Not with `offsets`.
    public var offset: Double?
    /// Timeline (docs/model.md#timelines).
    public var offsets: [Double]?
    public var elements: [Element]
    /// 0…1, default 1 (docs/model.md#determinism-and-motion).
    public var motionScale: Double?
    /// > 0 (docs/model.md#determinism-and-motion).
    public var pixelScale: Double?

    public init(viewport: Size, axis: Axis? = nil, offset: Double? = nil, offsets: [Double]? = nil,
                elements: [Element], motionScale: Double? = nil, pixelScale: Double? = nil) {
        self.viewport = viewport
        self.axis = axis
        self.offset = offset
        self.offsets = offsets
        self.elements = elements
        self.motionScale = motionScale
        self.pixelScale = pixelScale
    }

    /// An effect range `[from, to]` (JSON: a two-number array).
    public struct EffectRange: Sendable, Hashable {
        public var from: Double
        public var to: Double
        public init(from: Double, to: Double) {
            self.from = from
            self.to = to
        }
    }

    /// One element (content coordinates).
    public struct Element: Sendable, Hashable {
        public var name: String
        public var frame: Frame
        /// Rellax speed k: translate = −100·k·(progress − base). Not together with `translate`.
        public var speed: Double?
        /// Rellax `center`: base = 0.5 instead of the progress at s = 0. Default false.
        public var center: Bool?
        /// Points along the axis.
        public var translate: EffectRange?
        public var scale: EffectRange?
        public var opacity: EffectRange?
        /// Degrees.
        public var rotate: EffectRange?
        /// Default `.linear`.
        public var easing: Easing?
        /// Override the start of the progress range (default top − V).
        public var startOffset: Double?
        /// Override the end of the progress range (default top + length).
        public var endOffset: Double?
        /// Multi-stop effects, each property once, none also given in the `[from, to]` form
        /// (docs/model.md#effects).
        public var effects: [Effect]?

        public init(name: String, frame: Frame, speed: Double? = nil, center: Bool? = nil,
                    translate: EffectRange? = nil, scale: EffectRange? = nil, opacity: EffectRange? = nil,
                    rotate: EffectRange? = nil, easing: Easing? = nil, startOffset: Double? = nil,
                    endOffset: Double? = nil, effects: [Effect]? = nil) {
            self.name = name
            self.frame = frame
            self.speed = speed
            self.center = center
            self.translate = translate
            self.scale = scale
            self.opacity = opacity
            self.rotate = rotate
            self.easing = easing
            self.startOffset = startOffset
            self.endOffset = endOffset
            self.effects = effects
        }

        /// Whether a per-axis scale (`scale.x` or `scale.y`) is asked: the answer then carries
        /// `scaleX` and `scaleY` (docs/model.md#effects).
        public var hasAxisScale: Bool {
            effects?.contains { $0.property == .scaleX || $0.property == .scaleY } ?? false
        }
    }
}

/// CSS timing functions (docs/model.md#scroll-elements). JSON: a keyword string, or `{"cubicBezier": [x1, y1, x2, y2]}`.
public enum Easing: Sendable, Hashable {
    case linear
    /// cubic-bezier(0.42, 0, 1, 1)
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1)
    case easeOut
    /// cubic-bezier(0.42, 0, 0.58, 1)
    case easeInOut
    /// x1 and x2 must be in [0, 1] (CSS); y1, y2 any finite number.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The JSON keywords, in order.
    public static let keywords: [String] = ["linear", "easeIn", "easeOut", "easeInOut"]

    /// Parses a JSON keyword (`"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`).
    public init?(keyword: String) {
        switch keyword {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut": self = .easeInOut
        default: return nil
        }
    }

    /// The JSON keyword, or nil for `.cubicBezier`.
    public var keyword: String? {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .cubicBezier: nil
        }
    }
}

/// The answer to a scroll request: one layout or a timeline (`{"frames": [...]}`, docs/model.md#timelines).
public enum ScrollResult: Sendable, Hashable {
    case single(ScrollLayout)
    case timeline([ScrollLayout])
}

/// One single-offset scroll response: `{"elements": [...]}`, in request order.
public struct ScrollLayout: Sendable, Hashable {
    public var elements: [ElementLayout]
    public init(elements: [ElementLayout]) { self.elements = elements }
}

/// One element (docs/model.md#scroll-elements "Output per element"); `scaleX`/`scaleY` only when
/// a per-axis scale is asked (docs/model.md#effects).
public struct ElementLayout: Sendable, Hashable {
    public var name: String
    /// Raw, unclamped.
    public var progress: Double
    public var progressClamped: Double
    /// Along the axis, and across it with a `translate.x`/`translate.y` effect, × motionScale.
    public var translate: Point
    /// The uniform scale.
    public var scale: Double
    /// The per-axis scales, when `scale.x` or `scale.y` is asked (the other one then 1).
    public var scaleX: Double?
    public var scaleY: Double?
    public var opacity: Double
    /// Degrees.
    public var rotate: Double
    /// The element's frame moved by −s and by translate, before scale.
    public var viewportFrame: Frame
    /// viewportFrame overlaps the viewport with positive area.
    public var visible: Bool

    public init(name: String, progress: Double, progressClamped: Double, translate: Point, scale: Double,
                opacity: Double, rotate: Double, viewportFrame: Frame, visible: Bool,
                scaleX: Double? = nil, scaleY: Double? = nil) {
        self.name = name
        self.progress = progress
        self.progressClamped = progressClamped
        self.translate = translate
        self.scale = scale
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.opacity = opacity
        self.rotate = rotate
        self.viewportFrame = viewportFrame
        self.visible = visible
    }
}
