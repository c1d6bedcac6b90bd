// A keyframes answer, `format: "json"` or `"keytimes"`, either input, linearized or not
// (docs/model.md#keyframes, docs/native.md#the-players), decoded with the standard library's
// `Decodable` alone: any decoder the app already has (Foundation's JSONDecoder on Apple
// platforms) reads it.
import ParallaxLayout

/// The bounds a linearized answer was asked for (`"linearized"`): its presence says it approximates.
public struct Linearization: Sendable, Hashable, Decodable {
    public var length: Double
    public var ratio: Double
    public var angle: Double
}

/// The answer of /v1/{paging,header,scroll}/keyframes in `json` or `keytimes` form.
public struct KeyframesAnswer: Sendable, Hashable {
    public var model: String
    public var input: KeyframesInput
    public var axis: Axis
    /// Page-progress answers: L, the distance between two pages' offsets, in points.
    public var stride: Double?
    /// Page-progress answers: `"movedBack"` (p = offset/L − index).
    public var sign: String?
    public var domain: KeyframeDomain
    public var linearized: Linearization?
    public var tracks: [PlayerTrack]

    /// The track for a target and property, if the answer has it (an absent property is constant
    /// over the domain, or was not asked for).
    public func track(_ target: TrackTarget, _ property: String) -> PlayerTrack? {
        tracks.first { $0.target == target && $0.property == property }
    }
}

extension KeyframesAnswer: Decodable {
    enum Keys: String, CodingKey { case model, input, axis, stride, sign, domain, linearized, tracks }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        model = try c.decode(String.self, forKey: .model)
        input = try decodeInput(c, .input)
        let axisName = try c.decode(String.self, forKey: .axis)
        guard let axis = Axis(rawValue: axisName) else {
            throw DecodingError.dataCorruptedError(forKey: .axis, in: c, debugDescription: "unknown axis \(axisName)")
        }
        self.axis = axis
        stride = try c.decodeIfPresent(Double.self, forKey: .stride)
        sign = try c.decodeIfPresent(String.self, forKey: .sign)
        let d = try c.decode(WireDomain.self, forKey: .domain)
        domain = KeyframeDomain(from: d.from, to: d.to)
        linearized = try c.decodeIfPresent(Linearization.self, forKey: .linearized)
        var list = try c.nestedUnkeyedContainer(forKey: .tracks)
        var tracks: [PlayerTrack] = []
        while !list.isAtEnd {
            tracks.append(try list.decode(WireTrack.self).track(domain: domain))
        }
        self.tracks = tracks
    }
}

/// `"input"`: absent (offset) or one of ParallaxLayout's `KeyframesInput` names.
func decodeInput<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> KeyframesInput {
    guard let name = try c.decodeIfPresent(String.self, forKey: key) else { return .offset }
    guard let input = KeyframesInput(rawValue: name) else {
        throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown input \(name)")
    }
    return input
}

struct WireDomain: Decodable {
    var from: Double
    var to: Double
}

/// A `target` object as ParallaxLayout's `TrackTarget`.
struct WireTarget: Decodable {
    var target: TrackTarget

    enum Keys: String, CodingKey { case slot, layer, element, page }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let slot = try c.decodeIfPresent(Int.self, forKey: .slot)
        let layer = try c.decodeIfPresent(String.self, forKey: .layer)
        if let slot {
            target = layer.map { .layer(slot: slot, name: $0) } ?? .page(slot: slot)
        } else if let layer {
            target = .anyPageLayer(name: layer)
        } else if try c.decodeIfPresent(Bool.self, forKey: .page) == true {
            target = .anyPage
        } else if let element = try c.decodeIfPresent(String.self, forKey: .element) {
            target = .element(name: element)
        } else {
            target = .header
        }
    }
}

/// One track as either format writes it: `knots` + `easings` (json) or `values` + `keyTimes` +
/// `timingFunctions` (keytimes, whose key times are fractions of the domain).
struct WireTrack: Decodable {
    var target: WireTarget
    var property: String
    var knots: [[Double]]?
    var easings: [WireEasing]?
    var values: [Double]?
    var keyTimes: [Double]?
    var timingFunctions: [[Double]]?
    var before: String?
    var after: String?
    var maxError: Double?

    func track(domain: KeyframeDomain) throws -> PlayerTrack {
        var knots: [Knot] = []
        var easings: [SegmentEasing] = []
        if let wire = self.knots {
            for k in wire {
                guard k.count == 2 else { throw PlayerError.malformed("\(property): a knot is not [offset, value]") }
                knots.append(Knot(offset: k[0], value: k[1]))
            }
            easings = (self.easings ?? []).map(\.easing)
        } else if let values, let keyTimes, values.count == keyTimes.count {
            let width = domain.to - domain.from
            // The last key time is the domain's end exactly (1 · width may round off it).
            knots = zip(keyTimes, values).map { Knot(offset: $0 == 1 ? domain.to : domain.from + $0 * width, value: $1) }
            easings = try (timingFunctions ?? []).map { f in
                guard f.count == 4 else { throw PlayerError.malformed("\(property): a timing function is not 4 numbers") }
                return f == [0, 0, 1, 1] ? .linear : .cubicBezier(x1: f[0], y1: f[1], x2: f[2], y2: f[3])
            }
        } else {
            throw PlayerError.malformed("\(property): neither knots nor values with keyTimes")
        }
        guard !knots.isEmpty, easings.count == knots.count - 1 else {
            throw PlayerError.malformed("\(property): \(knots.count) knots need \(max(0, knots.count - 1)) easings, not \(easings.count)")
        }
        let function = Track(target: target.target, property: property, knots: knots, easings: easings,
                             before: before == "linear" ? .linear : .hold, after: after == "linear" ? .linear : .hold)
        return PlayerTrack(function, maxError: maxError)
    }
}

/// `"linear"` or `{"cubicBezier": [x1, y1, x2, y2]}`.
struct WireEasing: Decodable {
    var easing: SegmentEasing

    enum Keys: String, CodingKey { case cubicBezier }

    init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            guard name == "linear" else { throw PlayerError.malformed("unknown easing \(name)") }
            easing = .linear
            return
        }
        let p = try decoder.container(keyedBy: Keys.self).decode([Double].self, forKey: .cubicBezier)
        guard p.count == 4 else { throw PlayerError.malformed("cubicBezier needs 4 numbers") }
        easing = .cubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
    }
}

/// An answer the player cannot read.
public enum PlayerError: Error, Sendable, Hashable {
    case malformed(String)
}
