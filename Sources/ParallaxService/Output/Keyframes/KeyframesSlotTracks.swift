import ParallaxLayout

/// Tracks laid out a unit at a time: a pager's slots, scroll elements.
protocol TrackSource: Sendable {
    var model: KeyframesModel { get }
    var axis: Axis { get }
    var domain: KeyframeDomain { get }
    /// The units in answer order, nil when there is none.
    var slots: ClosedRange<Int>? { get }
    func tracks(unit: Int) -> [Track]
    /// The bounds its tracks were linearized within (docs/model.md#linearize), nil when exact.
    var linearized: LinearizeBounds? { get }
}

extension TrackSource {
    var linearized: LinearizeBounds? { nil }
}

extension PagingKeyframeStream: TrackSource {
    var model: KeyframesModel { .paging }
    func tracks(unit k: Int) -> [Track] { tracks(slot: k) }
}

extension ScrollKeyframeStream: TrackSource {
    var model: KeyframesModel { .scroll }
    var slots: ClosedRange<Int>? { count > 0 ? 0...(count - 1) : nil }
    func tracks(unit i: Int) -> [Track] { tracks(element: i) }
}

/// A `format: "json"` or `"keytimes"` answer written unit by unit (docs/operations.md#bounded-memory):
/// the header, then one track per piece, laying out the next slot (or element) only when the
/// previous one's tracks are written, then `]}`. The bytes are exactly `TracksAnswer`'s over
/// `keyframes(…)` (KeyframesStreamTests), but a 10 000-slot, 32-layer pager never exists whole:
/// its answer starts at once and holds one slot's tracks at a time.
struct SlotTracksAnswer: AnswerCursor {
    let stream: any TrackSource
    let keyTimes: Bool
    let estimatedBytes: Int
    private var slot: Int
    private var tracks: [Track] = []
    private var next = 0
    private var phase = Phase.header

    private enum Phase { case header, tracks, close, done }

    init(_ stream: any TrackSource, keyTimes: Bool) {
        self.stream = stream
        self.keyTimes = keyTimes
        slot = stream.slots?.lowerBound ?? 0
        estimatedBytes = Self.estimate(stream)
    }

    /// The widest of three slots' tracks (the first, a middle and the last: the ends may be cut by
    /// the domain) times the slot count, as `TracksAnswer` counts a track's bytes.
    private static func estimate(_ s: any TrackSource) -> Int {
        guard let slots = s.slots else { return 120 }
        var widest = 0
        for k in [slots.lowerBound, slots.lowerBound + (slots.upperBound - slots.lowerBound) / 2, slots.upperBound] {
            widest = max(widest, TracksAnswer.estimate(s.tracks(unit: k)))
        }
        return 120 + widest * slots.count
    }

    private var wroteAny = false

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch phase {
        case .header:
            w.beginPiece()
            var head = Keyframes(model: stream.model, axis: stream.axis, domain: stream.domain, tracks: [])
            head.linearized = stream.linearized
            w.keyframesHeader(head)
            w.key("tracks")
            w.literal("[")
            phase = .tracks
            if let slots = stream.slots { tracks = stream.tracks(unit: slots.lowerBound) } else { phase = .close }
            return true
        case .tracks:
            while next == tracks.count {
                // The slot's tracks are written: lay out the next slot (one may have none).
                guard let slots = stream.slots, slot < slots.upperBound else {
                    phase = .close
                    return writeNext(&w)
                }
                slot += 1
                tracks = stream.tracks(unit: slot)
                next = 0
            }
            if wroteAny { w.literal(",") }
            w.beginPiece()
            if keyTimes { w.keyTimesTrack(tracks[next], domain: stream.domain) } else { w.track(tracks[next]) }
            next += 1
            wroteAny = true
            return true
        case .close:
            w.literal("]}")
            phase = .done
            return true
        case .done:
            return false
        }
    }
}

extension LayoutModel {
    func streamedTracks(domain: KeyframeDomain?, properties: [String]?, keyTimes: Bool,
                        limits: LayoutLimits) throws(ValidationError) -> SlotTracksAnswer? { nil }
}

extension PagingInput {
    func streamedTracks(domain: KeyframeDomain?, properties: [String]?, keyTimes: Bool,
                        limits: LayoutLimits) throws(ValidationError) -> SlotTracksAnswer? {
        SlotTracksAnswer(try keyframeStream(domain: domain, properties: properties, limits: limits), keyTimes: keyTimes)
    }
}

extension ScrollInput {
    func streamedTracks(domain: KeyframeDomain?, properties: [String]?, keyTimes: Bool,
                        limits: LayoutLimits) throws(ValidationError) -> SlotTracksAnswer? {
        SlotTracksAnswer(try keyframeStream(domain: domain, properties: properties, limits: limits), keyTimes: keyTimes)
    }
}
