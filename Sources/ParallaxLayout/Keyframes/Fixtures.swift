// Fixtures (docs/model.md#fixtures): test cases an app's own CI runs against its player. Each
// case is a position on a track's axis with the single-offset engine's value there, never the
// track's: a player that evaluates the track wrongly (a bezier solved coarsely, an end held that
// should continue) disagrees with the case by more than the tolerance.

/// How a number is measured, which picks its tolerance (docs/model.md#linearize "kinds").
public enum PropertyKind: String, Sendable, CaseIterable {
    /// Points: frames, translations, the header's numbers.
    case length
    /// Unitless fractions and factors: progress, visibleFraction, opacity, scale.
    case ratio
    /// Degrees.
    case angle

    public init(property: String) {
        switch property {
        case "rotate", "degrees": self = .angle
        case "progress", "progressClamped", "visibleFraction", "opacity", "scale", "scale.x", "scale.y", "scaleX", "scaleY": self = .ratio
        default: self = .length
        }
    }

    /// The checks' tolerances (docs/model.md#keyframes-on-real-pages): 0.5 px, 0.002, 0.01°.
    public var fixtureTolerance: Double {
        switch self {
        case .length: 0.5
        case .ratio: 0.002
        case .angle: 0.01
        }
    }
}

/// One case: the engine's value at `at`, or at a jump's own position either side's value.
public struct FixtureCase: Sendable, Hashable {
    public var at: Double
    public var value: Double
    /// At a jump: the value just before it and the value at it (a player may give either).
    public var either: (Double, Double)? {
        get { left.map { ($0, value) } }
        set { left = newValue?.0 }
    }
    var left: Double?

    public init(at: Double, value: Double) {
        self.at = at
        self.value = value
    }
}

/// The single-offset engine of a validated keyframes request, read by track: `value(target,
/// property, at:)` is the number the single-offset answer names there.
public struct KeyframeProbe: Sendable {
    enum Engine: Sendable {
        /// `progress`: positions are page progress p, read on slot 0 at o = p·L.
        case paging(PagingEngine, progress: Bool)
        case header(HeaderEngine)
        case scroll(ScrollEngine, [String: Int])
    }
    let engine: Engine

    /// The engine's value of `property` of `target` at x (an offset, or p); nil for a name the
    /// target does not have.
    public func value(_ target: TrackTarget, _ property: String, at x: Double) -> Double? {
        switch engine {
        case let .paging(e, progress):
            switch target {
            case .page(let k): return e.page(slot: k, offset: x).number(property)
            case .layer(let k, let name): return e.page(slot: k, offset: x).layers.first { $0.name == name }?.number(property)
            case .anyPage where progress: return e.page(slot: 0, offset: x * e.stride).number(property)
            case .anyPageLayer(let name) where progress:
                return e.page(slot: 0, offset: x * e.stride).layers.first { $0.name == name }?.number(property)
            default: return nil
            }
        case .header(let e):
            guard case .header = target else { return nil }
            return e.layout(offset: x).number(property)
        case let .scroll(e, index):
            guard case .element(let name) = target, let i = index[name] else { return nil }
            return e.element(i, offset: x).number(property)
        }
    }

    /// The cases of `track` over `domain` (docs/model.md#fixtures): every knot, each side of it
    /// (± `step`), every segment's midpoint, the `samples`, and one point a quarter of the domain
    /// beyond each end, sorted by position, each position once. Beyond an end the value is what
    /// the track gives there by the player contract: the engine's where the track continues
    /// (`before`/`after` `linear`), else the engine's value at the end it holds.
    public func cases(_ track: Track, domain d: KeyframeDomain, step: Double, samples: [Double]) -> [FixtureCase] {
        let range = d.to - d.from
        var at: [Double] = samples
        at.reserveCapacity(samples.count + track.knots.count * 4 + 2)
        for (j, k) in track.knots.enumerated() {
            at += [k.offset, k.offset - step, k.offset + step]
            if j + 1 < track.knots.count, track.knots[j + 1].offset > k.offset {
                at.append(k.offset + (track.knots[j + 1].offset - k.offset) / 2)
            }
        }
        at += [d.from - range / 4, d.to + range / 4]
        at.sort()
        var jumps: Set<Double> = []
        for j in 1..<max(1, track.knots.count) where track.knots[j].offset == track.knots[j - 1].offset {
            jumps.insert(track.knots[j].offset)
        }
        var out: [FixtureCase] = []
        out.reserveCapacity(at.count)
        for x in at where out.last?.at != x {
            let held = x < d.from && track.before != .linear ? d.from : x > d.to && track.after != .linear ? d.to : x
            guard let v = value(track.target, track.property, at: held) else { continue }
            var c = FixtureCase(at: x, value: v)
            if jumps.contains(x), let before = value(track.target, track.property, at: x.nextDown) { c.left = before }
            out.append(c)
        }
        return out
    }
}

/// `count` seeded positions in the domain: SplitMix64 of `seed` (each output's top 53 bits as a
/// fraction of the domain), so a client can draw the same ones.
public func fixtureSamples(_ d: KeyframeDomain, count: Int, seed: UInt32) -> [Double] {
    var state = UInt64(seed)
    var out: [Double] = []
    out.reserveCapacity(count)
    for _ in 0..<max(0, count) {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let u = Double(z >> 11) * 0x1p-53
        out.append(d.from + (d.to - d.from) * u)
    }
    return out
}

extension PagingInput {
    /// The probe of a validated keyframes request (`progress`: positions are p).
    public func keyframeProbe(progress: Bool) -> KeyframeProbe? {
        (try? PagingEngine(momentless)).map { KeyframeProbe(engine: .paging($0, progress: progress)) }
    }
}

extension HeaderInput {
    public func keyframeProbe() -> KeyframeProbe? {
        var plain = self
        (plain.offset, plain.offsets, plain.pixelScale) = (nil, nil, nil)
        return (try? HeaderEngine(plain)).map { KeyframeProbe(engine: .header($0)) }
    }
}

extension ScrollInput {
    public func keyframeProbe() -> KeyframeProbe? {
        var plain = self
        (plain.offset, plain.offsets, plain.pixelScale) = (nil, nil, nil)
        guard let e = try? ScrollEngine(plain) else { return nil }
        var index: [String: Int] = [:]
        for (i, el) in plain.elements.enumerated() where index[el.name] == nil { index[el.name] = i }
        return KeyframeProbe(engine: .scroll(e, index))
    }
}

extension Frame {
    /// "x", "y", "width" or "height" after `prefix` + ".".
    func number(_ property: String, prefix: String) -> Double? {
        guard property.hasPrefix(prefix), property.utf8.count > prefix.utf8.count + 1 else { return nil }
        switch property.dropFirst(prefix.count + 1) {
        case "x": return x
        case "y": return y
        case "width": return width
        case "height": return height
        default: return nil
        }
    }
}

extension PageLayout {
    /// A page's number by its track name (docs/model.md#keyframes "paging pages").
    func number(_ property: String) -> Double? {
        switch property {
        case "progress": progress
        case "visibleFraction": visibleFraction
        default: viewportFrame.number(property, prefix: "viewportFrame")
        }
    }
}

extension LayerLayout {
    func number(_ property: String) -> Double? {
        switch property {
        case "opacity": opacity
        case "scale": scale
        default: frame.number(property, prefix: "frame") ?? viewportFrame.number(property, prefix: "viewportFrame")
            ?? contentFrame?.number(property, prefix: "contentFrame")
        }
    }
}

extension HeaderLayout {
    func number(_ property: String) -> Double? {
        switch property {
        case "contentTop": contentTop
        case "progress": progress
        default: header.number(property, prefix: "header") ?? image.number(property, prefix: "image")
            ?? contentFrame?.number(property, prefix: "contentFrame")
        }
    }
}

extension ElementLayout {
    func number(_ property: String) -> Double? {
        switch property {
        case "progress": progress
        case "progressClamped": progressClamped
        case "translate.x": translate.x
        case "translate.y": translate.y
        case "scale": scale
        // A per-axis scale's (docs/model.md#effects); nil without one, as the answer has none.
        case "scaleX": scaleX
        case "scaleY": scaleY
        case "opacity": opacity
        case "rotate": rotate
        default: nil
        }
    }
}
