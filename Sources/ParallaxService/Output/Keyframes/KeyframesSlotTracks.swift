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

    /// The widest of three units' bytes (`bytes`: the first, a middle and the last, as the ends
    /// may be cut by the domain) times the unit count; 0 when there is no unit.
    func widestUnitBytes(_ bytes: ([Track]) -> Int) -> Int {
        guard let slots else { return 0 }
        var widest = 0
        for k in [slots.lowerBound, slots.lowerBound + (slots.upperBound - slots.lowerBound) / 2, slots.upperBound] {
            widest = max(widest, bytes(tracks(unit: k)))
        }
        return widest * slots.count
    }
}

/// The tracks of a source one at a time, in answer order, the next unit laid out only when the
/// previous one's tracks are taken (one may have none): what the streamed answers write from.
struct TrackWalk {
    let source: any TrackSource
    private var unit: Int
    private var tracks: [Track]
    private var next = 0

    init(_ source: any TrackSource) {
        self.source = source
        unit = source.slots?.lowerBound ?? 0
        tracks = source.slots.map { source.tracks(unit: $0.lowerBound) } ?? []
    }

    /// The next track, nil after the last.
    mutating func nextTrack() -> Track? {
        while next == tracks.count {
            guard let slots = source.slots, unit < slots.upperBound else { return nil }
            unit += 1
            tracks = source.tracks(unit: unit)
            next = 0
        }
        next += 1
        return tracks[next - 1]
    }
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
    /// The widest unit's tracks times the unit count, as `TracksAnswer` counts a track's bytes.
    let estimatedBytes: Int
    private var walk: TrackWalk
    private var phase = Phase.header
    private var wroteAny = false

    private enum Phase { case header, tracks, close, done }

    init(_ stream: any TrackSource, keyTimes: Bool) {
        self.stream = stream
        self.keyTimes = keyTimes
        walk = TrackWalk(stream)
        estimatedBytes = 120 + stream.widestUnitBytes(TracksAnswer.estimate)
    }

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
            return true
        case .tracks:
            guard let track = walk.nextTrack() else {
                phase = .close
                return writeNext(&w)
            }
            if wroteAny { w.literal(",") }
            w.beginPiece()
            if keyTimes { w.keyTimesTrack(track, domain: stream.domain) } else { w.track(track) }
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
