// A `format: "fixtures"` answer (docs/native.md#fixtures): test cases, taken from the service's
// single-offset engine and never from the tracks, that an app's own CI runs its player against.
// `check` is that test: every case's `at` evaluated on the track of the json answer of the same
// request, within the tolerance of the property's kind (ParallaxLayout's `PropertyKind`).
import ParallaxLayout

/// The fixtures answer.
public struct Fixtures: Sendable, Hashable {
    public var model: String
    public var input: KeyframesInput
    public var tolerance: Tolerance
    public var samples: Int?
    public var seed: UInt32?
    public var tracks: [Expected]

    /// Per kind, how far a player may be from the single-offset answer.
    public struct Tolerance: Sendable, Hashable, Decodable {
        public var length: Double
        public var ratio: Double
        public var angle: Double

        public subscript(kind: PropertyKind) -> Double {
            switch kind {
            case .length: return length
            case .ratio: return ratio
            case .angle: return angle
            }
        }
    }

    /// One case: the value at `at`, or at a jump's own offset either side's value.
    public struct Case: Sendable, Hashable, Decodable {
        public var at: Double
        public var value: Double?
        public var either: [Double]?

        /// The values a player may give at `at`.
        public var accepted: [Double] { value.map { [$0] } ?? either ?? [] }
    }

    /// The cases of one track of the json answer (same order, target and property).
    public struct Expected: Sendable, Hashable {
        public var target: TrackTarget
        public var property: String
        public var kind: PropertyKind
        public var cases: [Case]
    }

    /// What `check` found: how many cases agreed and a line for each that did not.
    public struct Report: Sendable, Hashable {
        public var passed = 0
        public var failures: [String] = []
    }
}

extension Fixtures: Decodable {
    enum Keys: String, CodingKey { case model, input, tolerance, samples, seed, tracks }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        model = try c.decode(String.self, forKey: .model)
        input = try decodeInput(c, .input)
        tolerance = try c.decode(Tolerance.self, forKey: .tolerance)
        samples = try c.decodeIfPresent(Int.self, forKey: .samples)
        seed = try c.decodeIfPresent(UInt32.self, forKey: .seed)
        tracks = try c.decode([Expected].self, forKey: .tracks)
    }
}

extension Fixtures.Expected: Decodable {
    enum Keys: String, CodingKey { case target, property, kind, cases }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        target = try c.decode(WireTarget.self, forKey: .target).target
        property = try c.decode(String.self, forKey: .property)
        let name = try c.decode(String.self, forKey: .kind)
        guard let kind = PropertyKind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown kind \(name)")
        }
        self.kind = kind
        cases = try c.decode([Fixtures.Case].self, forKey: .cases)
    }
}

/// Every case of `fixtures` against the same target's and property's track of `answer`: |got −
/// value| ≤ tolerance[kind] (for `either`, within tolerance of one of the two). A fixtures track
/// without its json track is a failure, not a skip.
public func check(_ answer: KeyframesAnswer, against fixtures: Fixtures) -> Fixtures.Report {
    var report = Fixtures.Report()
    if answer.input != fixtures.input {
        report.failures.append("input: answer \(answer.input.rawValue), fixtures \(fixtures.input.rawValue)")
    }
    for expected in fixtures.tracks {
        guard let track = answer.track(expected.target, expected.property) else {
            report.failures.append("\(expected.target) \(expected.property): no such track in the answer")
            continue
        }
        let tolerance = fixtures.tolerance[expected.kind]
        for c in expected.cases {
            let got = track.value(at: c.at)
            if c.accepted.contains(where: { abs(got - $0) <= tolerance }) {
                report.passed += 1
            } else {
                report.failures.append("\(expected.target) \(expected.property) at \(c.at): got \(got), want \(c.accepted) ± \(tolerance)")
            }
        }
    }
    return report
}
