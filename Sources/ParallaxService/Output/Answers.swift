import ParallaxLayout

// The three answers as cursors (Endpoint.swift): each call writes one piece, laid out only then,
// through the engines' per-piece API (PagingEngine `summary` / `pageSlots` / `page(slot:offset:)`,
// ScrollEngine `element(_:offset:)`), so even a 10 000-page answer never exists whole in memory
// when it is streamed.

/// The frame loop the three answers share (SPEC §5): a timeline is `{"frames":[` + frames
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

/// Paging (SPEC §1): per frame its summary, then one page per piece.
struct PagingAnswer: AnswerCursor {
    private let engine: PagingEngine
    private var frames: FrameLoop
    private var offset = 0.0
    private var slots: Range<Int> = 0..<0
    private var inFrame = false
    private var firstPage = true

    init(_ engine: PagingEngine) {
        self.engine = engine
        frames = FrameLoop(count: engine.frameCount, timeline: engine.isTimeline)
    }

    var estimatedBytes: Int {
        let pages = engine.pageSlots(offset: engine.offset(frame: 0)).count
        let layers = engine.input.layers?.count ?? 1
        return engine.frameCount * (400 + pages * (300 + layers * 350))
    }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        if inFrame {
            if let k = slots.first {
                slots = slots.dropFirst()
                if !firstPage { w.literal(",") }
                firstPage = false
                w.page(engine.page(slot: k, offset: offset))
            } else {
                w.literal("]}")
                inFrame = false
            }
            return true
        }
        switch frames.advance(&w) {
        case .frame(let k):
            offset = engine.offset(frame: k)
            w.pagingSummary(engine.summary(offset: offset, previousOffset: engine.previousOffset(forFrame: k)))
            slots = engine.pageSlots(offset: offset)
            inFrame = true
            firstPage = true
            return true
        case .wrote: return true
        case .done: return false
        }
    }
}

/// Stretchy header (SPEC §2): one frame per piece.
struct HeaderAnswer: AnswerCursor {
    private let engine: HeaderEngine
    private var frames: FrameLoop

    init(_ engine: HeaderEngine) {
        self.engine = engine
        frames = FrameLoop(count: engine.frameOffsets.count, timeline: engine.isTimeline)
    }

    var estimatedBytes: Int { engine.frameOffsets.count * 360 }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch frames.advance(&w) {
        case .frame(let k): w.header(engine.layout(offset: engine.frameOffsets[k])); return true
        case .wrote: return true
        case .done: return false
        }
    }
}

/// Scroll elements (SPEC §3): per frame `{"elements":[`, then one element per piece.
struct ScrollAnswer: AnswerCursor {
    private let engine: ScrollEngine
    private var frames: FrameLoop
    private var offset = 0.0
    private var element = 0
    private var inFrame = false

    init(_ engine: ScrollEngine) {
        self.engine = engine
        frames = FrameLoop(count: engine.frameOffsets.count, timeline: engine.isTimeline)
    }

    var estimatedBytes: Int { engine.frameOffsets.count * (20 + engine.input.elements.count * 360) }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        if inFrame {
            if element < engine.input.elements.count {
                if element > 0 { w.literal(",") }
                w.element(engine.element(element, offset: offset))
                element &+= 1
            } else {
                w.literal("]}")
                inFrame = false
            }
            return true
        }
        switch frames.advance(&w) {
        case .frame(let k):
            offset = engine.frameOffsets[k]
            w.literal("{\"elements\":[")
            element = 0
            inFrame = true
            return true
        case .wrote: return true
        case .done: return false
        }
    }
}
