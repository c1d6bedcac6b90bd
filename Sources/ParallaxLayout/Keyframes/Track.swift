// Keyframes, docs/model.md#keyframes: every number of a single-offset answer as an exact piecewise function of the
// scroll offset. This file is the model (shared with the output formats); the per-model builders
// live beside it (PagingKeyframes, HeaderKeyframes, ScrollKeyframes).

/// What a track animates: an object of the single-offset answer (docs/model.md#keyframes `target`).
public enum TrackTarget: Sendable, Hashable {
    /// `{"slot": k}`: the page in slot k.
    case page(slot: Int)
    /// `{"slot": k, "layer": name}`: one layer of that page.
    case layer(slot: Int, name: String)
    /// `{}`: the header answer itself.
    case header
    /// `{"element": name}`: one scroll element.
    case element(name: String)
    /// `{"page": true}`: every page, as a function of its own progress p (docs/model.md#page-progress).
    case anyPage
    /// `{"layer": name}`: that layer of every page, as a function of p.
    case anyPageLayer(name: String)
}

/// What a paging keyframes answer's tracks are functions of (JSON `"input"`): the scroller's
/// offset, or a page's progress p (docs/model.md#page-progress).
public enum KeyframesInput: String, Sendable, CaseIterable {
    case offset, pageProgress
}

/// How one segment between two knots is shaped (the CSS easing-function subset docs/model.md#keyframes uses).
public enum SegmentEasing: Sendable, Hashable {
    case linear
    /// CSS `cubic-bezier(x1, y1, x2, y2)`; x1, x2 in [0, 1].
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The eased fraction of u in [0, 1] (clamped), solved like the scroll effects (docs/model.md#scroll-elements) (|x(t) − x| ≤ 1e-12).
    public func callAsFunction(_ u: Double) -> Double {
        switch self {
        case .linear: return clamp(u, 0, 1)
        case let .cubicBezier(x1, y1, x2, y2): return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)(u)
        }
    }
}

/// One point of a track: the value at an offset (JSON `[o, v]`).
public struct Knot: Sendable, Hashable {
    public var offset: Double
    public var value: Double
    public init(offset: Double, value: Double) {
        self.offset = offset
        self.value = value
    }
}

/// One number of the answer as an exact piecewise function of the offset (docs/model.md#keyframes).
public struct Track: Sendable, Hashable {
    public var target: TrackTarget
    /// Dotted path inside the target, exactly as the JSON answer names it: "frame.x",
    /// "viewportFrame.width", "opacity", "scale", "contentFrame.y", "progress", "visibleFraction",
    /// header: "header.height", "image.y", "contentFrame.width", "contentTop", "progress";
    /// scroll: "progress", "progressClamped", "translate.x", "translate.y", "scale", "opacity", "rotate".
    public var property: String
    /// First at domain.from, last at domain.to, offsets non-decreasing; two knots at one offset are a
    /// jump (the value there is the second's).
    public var knots: [Knot]
    /// easings.count == knots.count − 1; easings[j] shapes knots[j] → knots[j+1]:
    /// v = vj + (vj+1 − vj) · ease((o − oj)/(oj+1 − oj)).
    public var easings: [SegmentEasing]
    /// How the track goes on below the first knot (JSON `"before"`) and past the last one
    /// (`"after"`): held at the end value (the default, written as nothing), or the end segment
    /// extended linearly (written `"linear"`). Set only where the extension equals the
    /// single-offset answer exactly (see ``markContinuations``).
    public var before: Continuation = .hold
    public var after: Continuation = .hold
    /// A linearized track's proven distance from the exact one (docs/model.md#linearize); nil
    /// for an exact track.
    public var maxError: Double?

    /// Beyond a track's domain: hold the end value, or extend the end segment (which is linear).
    public enum Continuation: Sendable, Hashable {
        case hold, linear
    }

    public init(target: TrackTarget, property: String, knots: [Knot], easings: [SegmentEasing],
                before: Continuation = .hold, after: Continuation = .hold) {
        self.target = target
        self.property = property
        self.knots = knots
        self.easings = easings
        self.before = before
        self.after = after
    }

    /// The slope of the first (`last == false`) or last segment when it is linear and not a jump.
    public func endSlope(last: Bool) -> Double? {
        let n = knots.count
        guard n >= 2 else { return nil }
        let (a, b, e) = last ? (knots[n - 2], knots[n - 1], easings.last) : (knots[0], knots[1], easings.first)
        guard e ?? .linear == .linear, b.offset > a.offset else { return nil }
        return (b.value - a.value) / (b.offset - a.offset)
    }

    /// Exact evaluation (docs/model.md#keyframes): the segment holding `offset` (the last knot at or before it, so
    /// at a jump the second knot wins), eased by its easing; outside the domain the end values are
    /// held, or the end segments extended where `before`/`after` say `linear`.
    public func value(at offset: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return 0 }
        if offset < first.offset, before == .linear, let s = endSlope(last: false) {
            return first.value + s * (offset - first.offset)
        }
        if offset > last.offset, after == .linear, let s = endSlope(last: true) {
            return last.value + s * (offset - last.offset)
        }
        if !(offset > first.offset) { return offset == first.offset ? knotValue(atFirst: offset) : first.value }
        if offset >= last.offset { return last.value }
        // Binary search: the largest j with knots[j].offset <= offset (j < count − 1 here).
        var lo = 0, hi = knots.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if knots[mid].offset <= offset { lo = mid } else { hi = mid }
        }
        let a = knots[lo], b = knots[lo + 1]
        if offset == a.offset || a.value == b.value { return a.value }
        // The fraction from the nearer knot, as ScrollEngine measures progress, so it rounds once.
        let width = b.offset - a.offset
        let u = offset - a.offset <= b.offset - offset ? (offset - a.offset) / width : 1 - (b.offset - offset) / width
        let easing = lo < easings.count ? easings[lo] : .linear
        return a.value + (b.value - a.value) * easing(u)
    }

    /// The value at the first knot's offset: the last knot sharing it (a jump at `from`).
    private func knotValue(atFirst offset: Double) -> Double {
        var j = 0
        while j + 1 < knots.count, knots[j + 1].offset == offset { j += 1 }
        return knots[j].value
    }
}

/// The offsets a keyframes answer covers (docs/model.md#keyframes `domain {from, to}`, from < to).
public struct KeyframeDomain: Sendable, Hashable {
    public var from: Double
    public var to: Double
    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }
}

/// The model a keyframes answer describes (JSON `"model"`).
public enum KeyframesModel: String, Sendable {
    case paging, header, scroll
}

/// A keyframes answer (docs/model.md#keyframes `format: "json"`): tracks ordered by target (slot ascending, a page
/// before its layers in layer order; elements in request order), then by a fixed property order.
public struct Keyframes: Sendable, Hashable {
    public var model: KeyframesModel
    public var axis: Axis
    public var domain: KeyframeDomain
    public var tracks: [Track]
    /// `.pageProgress`: the domain and the knots are in pages p, and `stride` is L (points per p).
    public var input: KeyframesInput
    public var stride: Double?
    /// The bounds a linearized answer was made within (docs/model.md#linearize); nil when exact.
    public var linearized: LinearizeBounds?
    public init(model: KeyframesModel, axis: Axis, domain: KeyframeDomain, tracks: [Track],
                input: KeyframesInput = .offset, stride: Double? = nil) {
        self.model = model
        self.axis = axis
        self.domain = domain
        self.tracks = tracks
        self.input = input
        self.stride = stride
    }
}
