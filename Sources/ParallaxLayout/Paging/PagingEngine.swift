// Paging, docs/model.md#paging (seeds: ParallaxPagingViewController, poster scroll view), #determinism-and-motion, #timelines.
//
// `PagingEngine` is a validated, prepared request: the derived constants (A, L, N, effective layer
// travel) are computed once, then any offset is laid out in O(visible pages + layers). The JSON
// writer can ask for the page slots of an offset and lay out one page at a time with
// `page(slot:offset:)`, so even `include: "all"` with 10⁴ pages never needs a giant array.

/// A validated paging request, ready to lay out any offset.
public struct PagingEngine: Sendable {
    // Not the request itself: only what layout reads from it, so the engine (copied into the
    // answer's cursor) stays small and holds no reference to the request's arrays.
    /// Frames in the answer: 1 for a single answer, the count of `offsets` for a timeline.
    public var frameCount: Int { isTimeline ? offsets.count : 1 }
    /// The timeline's offsets (empty for a single answer: no array allocated per request).
    private let offsets: [Double]
    /// The single answer's offset (`offsets[0]` for a timeline).
    private let singleOffset: Double
    /// True when the request gave `offsets` (answer `{"frames": [...]}`, docs/model.md#timelines).
    public let isTimeline: Bool

    let axis: Axis
    let viewport: Size
    /// N
    let count: Int
    let countD: Double
    /// S
    let spacing: Double
    /// A, the viewport extent along the axis; C across it.
    let extent: Double
    let cross: Double
    /// a, the page's extent along the axis (A unless `pageSize`), and c, where a page rests in
    /// the viewport (0, or (A − a)/2 centred): docs/model.md#carousels.
    let pageExtent: Double
    let lead: Double
    /// a = A (no `pageSize`, or one the viewport's size), hence c = 0: a plain pager, whose pages
    /// take the short reading of the carousel's formulas (`pageWithoutLayers`).
    let fillsViewport: Bool
    /// L = a + S
    let stride: Double
    /// The content's extent along the axis: N·L, or (N − 1)·L + A + S for a carousel (a < A).
    let contentExtent: Double
    let mirrored: Bool
    let infinite: Bool
    let motion: Double
    let pixelScale: Double?
    /// The request's layers (its array, shared, not copied), or the default background; each is
    /// prepared when a page lays it out (`prepared(_:)`: a few operations, no array per request).
    let inputLayers: [PagingInput.Layer]
    let selection: Selection
    let decelerationRate: Double
    /// The request's `velocity` and `previousOffset`.
    let velocity: Double?
    let givenPreviousOffset: Double?

    enum Selection: Sendable {
        case visible
        case all
        case range(from: Int, to: Int)
    }

    /// A layer with its effective travel m·clamp(T, −L, L) (docs/model.md#paging "Exact readings"; the seed's
    /// rule that |T| is at most one stride).
    struct PreparedLayer: Sendable {
        let name: String
        let travel: Double
        let cover: Bool
        let opacityMin: Double?
        let scaleMin: Double?
        let content: Size?
        let contentMode: ContentMode
    }

    /// A request without `layers` has one, the background.
    private static let defaultLayers = [PagingInput.Layer(name: "background", travel: 0)]

    /// Layer `j` with its effective travel and defaults.
    /// The element is read in place through the array's span (each field loaded where it lies):
    /// binding `inputLayers[j]` to a local copied the whole `Layer`, name retained and released,
    /// once per page and layer (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @inline(__always) func prepared(_ j: Int) -> PreparedLayer {
        let layers = inputLayers.span, L = stride
        let raw = layers[j].travel ?? (layers[j].rate.map { $0 * L } ?? 0)
        return PreparedLayer(
            name: layers[j].name ?? "background", travel: motion * clamp(raw, -L, L), cover: layers[j].fit == .cover,
            opacityMin: layers[j].opacity.map { $0.min ?? 1 }, scaleMin: layers[j].scale.map { $0.min ?? 1 },
            content: layers[j].content, contentMode: layers[j].contentMode ?? .aspectFill)
    }

    /// The UTF-8 bytes of every layer's name together: each page of an answer repeats them once
    /// (for the answer's size estimate, docs/api.md#limits).
    public var layerNameBytes: Int {
        var n = 0
        for layer in inputLayers { n &+= (layer.name ?? "background").utf8.count }
        return n
    }

    /// Every layer prepared (an array: for the keyframes, not for the per-page hot path).
    var layers: [PreparedLayer] { inputLayers.indices.map(prepared) }

    /// Validates `input` (every problem, docs/api.md) and prepares it.
    public init(_ input: borrowing PagingInput, limits: LayoutLimits = .standard) throws(ValidationError) {
        let issues = input.validate(limits: limits)
        if !issues.isEmpty { throw ValidationError(issues: issues) }
        axis = input.axis ?? .horizontal
        viewport = input.viewport
        count = toInt(input.pageCount)
        countD = input.pageCount
        spacing = input.pageSpacing ?? 0
        extent = axis == .horizontal ? viewport.width : viewport.height
        cross = axis == .horizontal ? viewport.height : viewport.width
        pageExtent = input.pageExtent(extent)
        lead = input.restingLead(extent, pageExtent)
        fillsViewport = pageExtent == extent
        stride = pageExtent + spacing
        contentExtent = fillsViewport ? countD * stride : (countD - 1) * stride + extent + spacing
        mirrored = input.direction == .rtl
        infinite = input.infinite ?? false
        motion = input.motionScale ?? 1
        pixelScale = input.pixelScale
        decelerationRate = input.decelerationRate ?? 0.998
        velocity = input.velocity
        givenPreviousOffset = input.previousOffset
        inputLayers = input.layers ?? Self.defaultLayers
        let L = stride
        if let range = input.range {
            selection = .range(from: toInt(range.from), to: toInt(range.to))
        } else {
            selection = input.include == .all ? .all : .visible
        }
        if let list = input.offsets {
            offsets = list
            singleOffset = list.first ?? 0
            isTimeline = true
        } else {
            offsets = []
            isTimeline = false
            if let o = input.offset {
                singleOffset = o
            } else if let page = input.page {
                singleOffset = page * L
            } else {
                singleOffset = (input.currentPage ?? 0) * L
            }
        }
    }

    /// The `previousOffset` used for events in frame `k` (docs/model.md#paging callbacks, #timelines). Reading of ours,
    /// the same as the reference peer: events exist only when the request gives `previousOffset`;
    /// frame 0 compares with it, frame k > 0 with `offsets[k − 1]`, so a timeline reports each
    /// event once, in the frame where it happens.
    public func previousOffset(forFrame k: Int) -> Double? {
        guard let given = givenPreviousOffset else { return nil }
        return k == 0 ? given : offset(frame: k - 1)
    }

    /// The whole answer: `.single` or `.timeline`.
    public func layout() -> PagingResult {
        if !isTimeline { return .single(layout(frame: 0)) }
        return .timeline(offsets.indices.map { layout(frame: $0) })
    }

    /// The single-offset response for frame `k` (0 ..< frameCount).
    public func layout(frame k: Int) -> PagingLayout {
        layout(offset: offset(frame: k), previousOffset: previousOffset(forFrame: k))
    }

    /// The offset of frame `k` (0 ..< frameCount): `offsets[k]`, or the single answer's offset.
    @inline(__always) public func offset(frame k: Int) -> Double {
        isTimeline || k != 0 ? offsets[k] : singleOffset
    }

    /// The single-offset response at offset `o`, with all its pages.
    public func layout(offset o: Double, previousOffset: Double?) -> PagingLayout {
        var result = summary(offset: o, previousOffset: previousOffset)
        let slots = pageSlots(offset: o)
        result.pages.reserveCapacity(slots.count)
        for k in slots { result.pages.append(page(slot: k, offset: o)) }
        return result
    }
}
