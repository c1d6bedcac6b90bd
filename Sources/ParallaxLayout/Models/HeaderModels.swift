// Stretchy header model, docs/model.md#stretchy-header (seed: ScrollviewParallax; anchors MXParallaxHeader,
// GSKStretchyHeaderView), inputs and outputs. Optional inputs are nil when absent.
//
// Outputs: `HeaderLayout.contentFrame` is nil when no `content` was given.

/// A stretchy-header request (docs/model.md#stretchy-header, #determinism-and-motion, #timelines).
public struct HeaderInput: Sendable, Hashable {
    /// `viewport {width W, height}`; W is the header's width.
    public var viewport: Size
    /// `header {height Hh, minHeight m}`.
    public var header: Header
    /// Content offset y (0 at rest, negative when pulled down); default 0. Not with `offsets`.
    public var offset: Double?
    /// Timeline (docs/model.md#timelines).
    public var offsets: [Double]?
    /// Default true.
    public var stretch: Bool?
    /// Default `.fill`.
    public var mode: Mode?
    /// The image's size; enables `contentFrame`.
    public var content: Size?
    /// Default `.aspectFill` (the seed's image view).
    public var contentMode: ContentMode?
    /// 0…1, default 1 (docs/model.md#determinism-and-motion).
    public var motionScale: Double?
    /// > 0 (docs/model.md#determinism-and-motion).
    public var pixelScale: Double?

    public init(viewport: Size, header: Header, offset: Double? = nil, offsets: [Double]? = nil,
                stretch: Bool? = nil, mode: Mode? = nil, content: Size? = nil,
                contentMode: ContentMode? = nil, motionScale: Double? = nil, pixelScale: Double? = nil) {
        self.viewport = viewport
        self.header = header
        self.offset = offset
        self.offsets = offsets
        self.stretch = stretch
        self.mode = mode
        self.content = content
        self.contentMode = contentMode
        self.motionScale = motionScale
        self.pixelScale = pixelScale
    }

    /// `header {height, minHeight}`; minHeight default 0, must be ≤ height.
    public struct Header: Sendable, Hashable {
        public var height: Double
        public var minHeight: Double?
        public init(height: Double, minHeight: Double? = nil) {
            self.height = height
            self.minHeight = minHeight
        }
    }

    /// Where the image layer sits in the header (docs/model.md#stretchy-header).
    public enum Mode: String, Sendable, CaseIterable {
        /// (0, 0, W, h): the image stretches with the header (the seed).
        case fill
        /// (0, 0, W, Hh)
        case top
        /// (0, (h − Hh)/2, W, Hh)
        case center
        /// (0, h − Hh, W, Hh)
        case bottom
    }
}

/// The answer to a header request: one layout or a timeline (`{"frames": [...]}`, docs/model.md#timelines).
public enum HeaderResult: Sendable, Hashable {
    case single(HeaderLayout)
    case timeline([HeaderLayout])
}

/// One single-offset header response (docs/model.md#stretchy-header).
public struct HeaderLayout: Sendable, Hashable {
    /// Header frame in the viewport: (0, 0, W, h); without stretch and y < 0 its y-origin is −y.
    public var header: Frame
    /// Image layer frame, header-local, by `mode`.
    public var image: Frame
    /// Where `content` lands in the image layer (image-local); nil without `content`.
    public var contentFrame: Frame?
    /// Hh − y: where the scrolling body starts in the viewport.
    public var contentTop: Double
    /// (h − m)/(Hh − m); 0 when Hh = m.
    public var progress: Double
    /// h = m.
    public var collapsed: Bool
    /// h > Hh.
    public var stretched: Bool


    public init(header: Frame, image: Frame, contentFrame: Frame?, contentTop: Double, progress: Double,
                collapsed: Bool, stretched: Bool) {
        self.header = header
        self.image = image
        self.contentFrame = contentFrame
        self.contentTop = contentTop
        self.progress = progress
        self.collapsed = collapsed
        self.stretched = stretched
    }
}
