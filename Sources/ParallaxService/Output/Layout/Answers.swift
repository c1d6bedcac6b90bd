import ParallaxLayout

// The three answers as cursors (Endpoint.swift): each call writes one piece, laid out only then,
// through the engines' per-piece API (PagingEngine `summary` / `pageSlots` / `page(slot:offset:)`,
// ScrollEngine `element(_:offset:)`), so even a 10 000-page answer never exists whole in memory
// when it is streamed.
//
// Every answer has one shape, said once by `FramedAnswer`: frames (one, or a timeline's, docs/model.md#timelines),
// each a head, then items separated by commas, then a tail. A model (or an output format) only
// says what its head and its items are (`FrameContent`).

/// The frame loop the three answers share (docs/model.md#timelines): a timeline is `{"frames":[` + frames
/// separated by commas + `]}`; a single answer is its one frame alone.
struct FrameLoop {
    let count: Int
    let timeline: Bool
    private var next = 0
    private var closed = false

    init(count: Int, timeline: Bool) {
        self.count = count
        self.timeline = timeline
    }

    enum Step { case frame(Int), wrote, done }

    /// Opens the next frame (writing what goes before it) or, after the last, closes the timeline.
    mutating func advance(_ w: inout JSONWriter) -> Step {
        if next < count {
            if timeline { w.literal(next == 0 ? "{\"frames\":[" : ",") }
            next &+= 1
            return .frame(next &- 1)
        }
        if timeline && !closed {
            w.literal(count == 0 ? "{\"frames\":[]}" : "]}")
            closed = true
            return .wrote
        }
        return .done
    }
}

/// What one frame of an answer holds: a head (which may be the whole frame), then `count` items
/// separated by commas, then `tail`.
protocol FrameContent {
    var frameCount: Int { get }
    var isTimeline: Bool { get }
    /// About how many bytes the whole answer takes (whole vs streamed, `AnswerCursor`).
    var estimatedBytes: Int { get }
    /// What closes a frame after its items (`]}`), empty when the head is the whole frame.
    var tail: StaticString { get }
    /// Writes frame `k`'s head and returns how many items follow.
    mutating func head(frame k: Int, _ w: inout JSONWriter) -> Int
    /// Writes item `i` (0 ..< the head's count) of the frame last opened.
    func item(_ i: Int, _ w: inout JSONWriter)
}

/// The cursor of every answer: heads, items and tails of each frame, one piece per call.
struct FramedAnswer<Content: FrameContent>: AnswerCursor {
    private var content: Content
    private var frames: FrameLoop
    private var items = 0
    private var nextItem = 0
    private var inFrame = false

    init(_ content: Content) {
        self.content = content
        frames = FrameLoop(count: content.frameCount, timeline: content.isTimeline)
    }

    var estimatedBytes: Int { content.estimatedBytes }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        if inFrame {
            if nextItem < items {
                if nextItem > 0 { w.literal(",") }
                content.item(nextItem, &w)
                nextItem &+= 1
            } else {
                w.literal(content.tail)
                inFrame = false
            }
            return true
        }
        switch frames.advance(&w) {
        case .frame(let k):
            items = content.head(frame: k, &w)
            nextItem = 0
            inFrame = true
            return true
        case .wrote: return true
        case .done: return false
        }
    }
}

/// Paging (docs/model.md#paging): per frame its summary, then one page per item.
struct PagingFrames: FrameContent {
    let engine: PagingEngine
    private var offset = 0.0
    private var firstSlot = 0

    init(_ engine: PagingEngine) { self.engine = engine }

    var frameCount: Int { engine.frameCount }
    var isTimeline: Bool { engine.isTimeline }
    var tail: StaticString { "]}" }

    var estimatedBytes: Int {
        let pages = engine.pageSlots(offset: engine.offset(frame: 0)).count
        let layers = engine.layerCount
        return engine.frameCount * (400 + pages * (300 + layers * 350 + engine.layerNameBytes))
    }

    mutating func head(frame k: Int, _ w: inout JSONWriter) -> Int {
        offset = engine.offset(frame: k)
        w.pagingSummary(engine.summary(offset: offset, previousOffset: engine.previousOffset(forFrame: k)))
        let slots = engine.pageSlots(offset: offset)
        firstSlot = slots.lowerBound
        return slots.count
    }

    func item(_ i: Int, _ w: inout JSONWriter) {
        w.page(engine, slot: firstSlot + i, offset: offset)
    }
}

/// Stretchy header (docs/model.md#stretchy-header): a frame is its head alone.
struct HeaderFrames: FrameContent {
    let engine: HeaderEngine

    init(_ engine: HeaderEngine) { self.engine = engine }

    var frameCount: Int { engine.frameOffsets.count }
    var isTimeline: Bool { engine.isTimeline }
    var tail: StaticString { "" }
    var estimatedBytes: Int { engine.frameOffsets.count * 360 }

    mutating func head(frame k: Int, _ w: inout JSONWriter) -> Int {
        w.header(engine.layout(offset: engine.frameOffsets[k]))
        return 0
    }

    func item(_ i: Int, _ w: inout JSONWriter) {}
}

/// Scroll elements (docs/model.md#scroll-elements): per frame `{"elements":[`, then one element per item.
struct ScrollFrames: FrameContent {
    let engine: ScrollEngine
    private var offset = 0.0

    init(_ engine: ScrollEngine) { self.engine = engine }

    var frameCount: Int { engine.frameOffsets.count }
    var isTimeline: Bool { engine.isTimeline }
    var tail: StaticString { "]}" }
    var estimatedBytes: Int {
        var names = 0
        for e in engine.input.elements { names &+= e.name.utf8.count }
        return engine.frameOffsets.count * (20 + engine.input.elements.count * 360 + names)
    }

    mutating func head(frame k: Int, _ w: inout JSONWriter) -> Int {
        offset = engine.frameOffsets[k]
        w.literal("{\"elements\":[")
        return engine.input.elements.count
    }

    func item(_ i: Int, _ w: inout JSONWriter) {
        w.element(engine.element(i, offset: offset))
    }
}
