// Paging model, docs/model.md#paging (seeds: ParallaxPagingViewController, poster scroll view), inputs and outputs.
//
// Inputs: every property is named exactly like the JSON field; an optional is `nil` when the field
// was absent, so validation can tell "absent" from "default". Defaults are applied by the layout.
//
// Outputs: an optional is `nil` when the request did not ask for it or it does not apply (how a
// nil is written, `null` or left out, is the JSON writer's business: ParallaxService).

/// A paging request (docs/model.md#paging, #determinism-and-motion, #timelines).
public struct PagingInput: Sendable, Hashable {
    /// `viewport {width W, height H}`; A = W (horizontal) or H (vertical) is the paging extent.
    public var viewport: Size
    /// `pageCount` N, an integer 1…`LayoutLimits.maxPageCount` (a Double so validation can report
    /// 2.5 as "must be an integer" rather than the reader guessing).
    public var pageCount: Double
    /// `pageSpacing` S ≥ 0, default 0 (the seed's `pageSpace`).
    public var pageSpacing: Double?
    /// Default `.horizontal`.
    public var axis: Axis?
    /// Default `.ltr`.
    public var direction: Direction?
    /// Default false. Needs N ≥ 3 (the seed's `setInfinite` rule).
    public var infinite: Bool?
    /// Content offset o in points. At most one of `offset`, `page`, `offsets`.
    public var offset: Double?
    /// Fractional page; o = page·L.
    public var page: Double?
    /// Timeline (docs/model.md#timelines): one full layout per offset, in order.
    public var offsets: [Double]?
    /// Integer page 0…N−1 used when no offset is given: o = currentPage·L (default 0).
    public var currentPage: Double?
    /// Layers, described once for all pages. Default: one `{"name":"background","travel":0}`.
    public var layers: [Layer]?
    /// Which pages to return when no `range` is given; default `.visible`.
    public var include: Include?
    /// Top-level inclusive page range (slots when infinite); docs/model.md#paging "Exact readings".
    public var range: PageRange?
    /// Points per second along the axis; enables `snap.target`.
    public var velocity: Double?
    /// Per millisecond, in (0, 1); default 0.998 (UIScrollView's normal rate).
    public var decelerationRate: Double?
    /// Enables stateless `events` (willMove / didMove) relative to this offset.
    public var previousOffset: Double?
    /// 0…1, default 1 (docs/model.md#determinism-and-motion).
    public var motionScale: Double?
    /// Device pixels per point, > 0; snaps frame edges (docs/model.md#determinism-and-motion).
    public var pixelScale: Double?
    /// The page's extent a along the axis (docs/model.md#carousels): points or a fraction of the
    /// viewport's extent A, 0 < a ≤ A; default a = A (every page the viewport's size).
    public var pageSize: PageSize?
    /// Where a page rests (docs/model.md#carousels); default `.start`.
    public var align: Align?

    @inlinable public init(viewport: Size, pageCount: Double, pageSpacing: Double? = nil, axis: Axis? = nil,
                direction: Direction? = nil, infinite: Bool? = nil, offset: Double? = nil,
                page: Double? = nil, offsets: [Double]? = nil, currentPage: Double? = nil,
                layers: [Layer]? = nil, include: Include? = nil, range: PageRange? = nil,
                velocity: Double? = nil, decelerationRate: Double? = nil, previousOffset: Double? = nil,
                motionScale: Double? = nil, pixelScale: Double? = nil, pageSize: PageSize? = nil,
                align: Align? = nil) {
        self.viewport = viewport
        self.pageCount = pageCount
        self.pageSpacing = pageSpacing
        self.axis = axis
        self.direction = direction
        self.infinite = infinite
        self.offset = offset
        self.page = page
        self.offsets = offsets
        self.currentPage = currentPage
        self.layers = layers
        self.include = include
        self.range = range
        self.velocity = velocity
        self.decelerationRate = decelerationRate
        self.previousOffset = previousOffset
        self.motionScale = motionScale
        self.pixelScale = pixelScale
        self.pageSize = pageSize
        self.align = align
    }

    /// `pageSize`: `300` (points) or `{"fraction": 0.8}` (of the viewport's extent along the axis).
    public enum PageSize: Sendable, Hashable {
        case points(Double)
        case fraction(Double)
    }

    /// `align`: `"start"` (the page's leading edge on the viewport's) or `"center"` (centred, its
    /// neighbours peeking in on both sides).
    public enum Align: String, Sendable, CaseIterable {
        case start
        case center
    }

    /// `include`: `"visible"` (default) or `"all"` (not with infinite).
    public enum Include: String, Sendable, CaseIterable {
        case visible
        case all
    }

    /// `range {from, to}`: inclusive page indices (slots when infinite). Integers given as Double
    /// so validation can report non-integers.
    public struct PageRange: Sendable, Hashable {
        public var from: Double
        public var to: Double
        @inlinable public init(from: Double, to: Double) {
            self.from = from
            self.to = to
        }
    }

    /// `fit`: `"page"` (default, the seed) or `"cover"` (widened so the page is never uncovered).
    public enum Fit: String, Sendable, CaseIterable {
        case page
        case cover
    }

    /// `{"min": m}` for `opacity` and `scale`; `min` absent means 1 (no change).
    public struct MinEffect: Sendable, Hashable {
        public var min: Double?
        @inlinable public init(min: Double? = nil) { self.min = min }
    }

    /// One layer (docs/model.md#paging "Layers").
    public struct Layer: Sendable, Hashable {
        /// Default `"background"`.
        public var name: String?
        /// T in points (the seed's `parallaxSpace`). Not together with `rate`.
        public var travel: Double?
        /// r, T = r·L (the poster view: r = 0.5).
        public var rate: Double?
        /// Default `.page`.
        public var fit: Fit?
        /// opacity = 1 − (1 − min)·min(|p|, 1)·m; `min` in 0…1.
        public var opacity: MinEffect?
        /// scale = 1 − (1 − min)·min(|p|, 1)·m; `min` ≥ 0.
        public var scale: MinEffect?
        /// The image's size; enables `contentFrame`.
        public var content: Size?
        /// Default `.aspectFill`.
        public var contentMode: ContentMode?

        @inlinable public init(name: String? = nil, travel: Double? = nil, rate: Double? = nil, fit: Fit? = nil,
                    opacity: MinEffect? = nil, scale: MinEffect? = nil, content: Size? = nil,
                    contentMode: ContentMode? = nil) {
            self.name = name
            self.travel = travel
            self.rate = rate
            self.fit = fit
            self.opacity = opacity
            self.scale = scale
            self.content = content
            self.contentMode = contentMode
        }
    }
}

/// The answer to a paging request: one layout, or a timeline (`{"frames": [...]}`, docs/model.md#timelines).
public enum PagingResult: Sendable, Hashable {
    case single(PagingLayout)
    case timeline([PagingLayout])
}

/// One single-offset paging response (docs/model.md#paging "Response").
public struct PagingLayout: Sendable, Hashable {
    /// Echo of the axis in use.
    public var axis: Axis
    /// L = a + S (a = A unless `pageSize`, docs/model.md#carousels).
    public var stride: Double
    /// o, logical (never mirrored).
    public var offset: Double
    /// P = o / L.
    public var position: Double
    /// N·L along the axis ((N − 1)·L + A + S for a carousel), the viewport's extent across it.
    /// Never pixel-snapped.
    public var contentSize: Size
    /// floor(P + 0.5) clamped to [0, N−1], or wrapped modulo N when infinite.
    public var currentPage: Int
    /// nil when P is an integer (at rest).
    public var transition: Transition?
    public var snap: Snap
    /// Ordered by ascending slot.
    public var pages: [PageLayout]
    /// o mod N·L; only when infinite.
    public var wrappedOffset: Double?
    /// Only when `previousOffset` was given (possibly empty).
    public var events: [PagingEvent]?


    public init(axis: Axis, stride: Double, offset: Double, position: Double, contentSize: Size,
                currentPage: Int, transition: Transition?, snap: Snap, pages: [PageLayout],
                wrappedOffset: Double? = nil, events: [PagingEvent]? = nil) {
        self.axis = axis
        self.stride = stride
        self.offset = offset
        self.position = position
        self.contentSize = contentSize
        self.currentPage = currentPage
        self.transition = transition
        self.snap = snap
        self.pages = pages
        self.wrappedOffset = wrappedOffset
        self.events = events
    }
}

/// `{from, to, progress}`: from = floor(P), to = from + 1 (wrapped when infinite), progress = P − floor(P).
public struct Transition: Sendable, Hashable {
    public var from: Int
    public var to: Int
    public var progress: Double
    public init(from: Int, to: Int, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress
    }
}

/// Snap offsets (docs/model.md#paging "Exact readings"); `target` only when `velocity` was given.
public struct Snap: Sendable, Hashable {
    public var previous: Double
    public var nearest: Double
    public var next: Double
    public var target: Double?
    public init(previous: Double, nearest: Double, next: Double, target: Double? = nil) {
        self.previous = previous
        self.nearest = nearest
        self.next = next
        self.target = target
    }
}

/// `{"type": "willMove" | "didMove", "page": j}` (the seed's delegate callbacks, stateless).
public struct PagingEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        case willMove
        case didMove
    }
    public var type: Kind
    public var page: Int
    public init(type: Kind, page: Int) {
        self.type = type
        self.page = page
    }
}

/// One page (docs/model.md#paging).
public struct PageLayout: Sendable, Hashable {
    /// 0…N−1 (slot mod N when infinite).
    public var index: Int
    /// k, any integer when infinite; = index otherwise.
    public var slot: Int
    /// p = P − k.
    public var progress: Double
    /// The length of the page's overlap with [0, A) over its extent a (clamp((A − |k·L − o|) / A, 0, 1)
    /// when a = A).
    public var visibleFraction: Double
    /// Content coordinates: x = c + k·L + S/2 (mirrored within contentSize for rtl).
    public var frame: Frame
    /// Viewport coordinates: x = c + k·L − o (mirrored about the viewport's centre for rtl).
    public var viewportFrame: Frame
    public var layers: [LayerLayout]
    public init(index: Int, slot: Int, progress: Double, visibleFraction: Double, frame: Frame,
                viewportFrame: Frame, layers: [LayerLayout]) {
        self.index = index
        self.slot = slot
        self.progress = progress
        self.visibleFraction = visibleFraction
        self.frame = frame
        self.viewportFrame = viewportFrame
        self.layers = layers
    }
}

/// One layer of one page (docs/model.md#paging "Layers").
public struct LayerLayout: Sendable, Hashable {
    public var name: String
    /// Page-local.
    public var frame: Frame
    public var viewportFrame: Frame
    /// Page viewport frame ∩ viewport; nil when they do not overlap.
    public var clip: Frame?
    /// nil when the layer has no `opacity`.
    public var opacity: Double?
    /// nil when the layer has no `scale`; applied about the layer's centre by the client.
    public var scale: Double?
    /// Layer-local; nil when the layer has no `content`.
    public var contentFrame: Frame?


    public init(name: String, frame: Frame, viewportFrame: Frame, clip: Frame?, opacity: Double? = nil,
                scale: Double? = nil, contentFrame: Frame? = nil) {
        self.name = name
        self.frame = frame
        self.viewportFrame = viewportFrame
        self.clip = clip
        self.opacity = opacity
        self.scale = scale
        self.contentFrame = contentFrame
    }
}
