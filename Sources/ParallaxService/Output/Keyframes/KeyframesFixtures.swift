import ParallaxLayout

// `format: "fixtures"` (docs/model.md#fixtures): for every track of the json answer of the same
// request, in the same order, test cases whose values come from the single-offset engine
// (ParallaxLayout's KeyframeProbe), written unit by unit like the json answer.

/// The tracks of an answer laid out whole (a header, scroll elements, page-progress tracks), as
/// one unit.
struct WholeTracks: TrackSource {
    let keyframes: Keyframes
    var model: KeyframesModel { keyframes.model }
    var axis: Axis { keyframes.axis }
    var domain: KeyframeDomain { keyframes.domain }
    var slots: ClosedRange<Int>? { keyframes.tracks.isEmpty ? nil : 0...0 }
    func tracks(unit _: Int) -> [Track] { keyframes.tracks }
}

/// The fixtures answer: the json answer's header (with `input` always written) and `tolerance`,
/// `samples`, `seed`, then one entry per track with its `kind` and `cases`.
struct FixturesAnswer: AnswerCursor {
    /// The header fields (`tracks` empty).
    let header: Keyframes
    let source: any TrackSource
    let probe: KeyframeProbe
    /// Each side of a knot: 1e-3 of the stride (1e-3 of a page with pageProgress), or of the
    /// domain's range for the header and scroll models.
    let step: Double
    let sampleCount: Int
    let seed: UInt32
    let samples: [Double]
    let estimatedBytes: Int
    private var walk: TrackWalk
    private var phase = 0  // 0 header, 1 tracks, 2 close, 3 done
    private var wroteAny = false

    init(header: Keyframes, source: any TrackSource, probe: KeyframeProbe, step: Double, samples count: Int, seed: UInt32) {
        self.header = header
        self.source = source
        self.probe = probe
        self.step = step
        sampleCount = count
        self.seed = seed
        samples = fixtureSamples(source.domain, count: count, seed: seed)
        walk = TrackWalk(source)
        estimatedBytes = Self.estimate(source, samples: count)
    }

    /// Each case about 44 bytes, 4 per knot plus the samples and the two beyond the ends; the
    /// widest unit times the unit count, as `SlotTracksAnswer` counts.
    static func estimate(_ s: any TrackSource, samples: Int) -> Int {
        200 + s.widestUnitBytes { tracks in tracks.reduce(0) { $0 + 120 + (4 * $1.knots.count + samples + 2) * 44 } }
    }

    /// A piece is one track's cases: an engine layout per case.
    var chunkPieces: Int { 64 }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch phase {
        case 0:
            w.beginPiece()
            w.keyframesHeader(header, alwaysInput: true)
            w.key("tolerance")
            w.objectStart()
            w.field("length", PropertyKind.length.fixtureTolerance)
            w.field("ratio", PropertyKind.ratio.fixtureTolerance)
            w.field("angle", PropertyKind.angle.fixtureTolerance)
            w.objectEnd()
            w.field("samples", sampleCount)
            w.field("seed", Int(seed))
            w.key("tracks")
            w.literal("[")
            phase = 1
            return true
        case 1:
            guard let track = walk.nextTrack() else {
                phase = 2
                return writeNext(&w)
            }
            if wroteAny { w.literal(",") }
            w.beginPiece()
            fixtureTrack(&w, track)
            wroteAny = true
            return true
        case 2:
            w.literal("]}")
            phase = 3
            return true
        default:
            return false
        }
    }

    private func fixtureTrack(_ w: inout JSONWriter, _ t: Track) {
        w.objectStart()
        w.key("target"); w.trackTarget(t.target)
        w.key("property"); w.string(t.property)
        w.key("kind"); w.string(PropertyKind(property: t.property).rawValue)
        w.key("cases")
        w.arrayStart()
        for c in probe.cases(t, domain: source.domain, step: step, samples: samples) {
            w.objectStart()
            w.field("at", c.at)
            if let (left, right) = c.either {
                w.key("either")
                w.arrayStart(); w.number(left); w.number(right); w.arrayEnd()
            } else {
                w.field("value", c.value)
            }
            w.objectEnd()
        }
        w.arrayEnd()
        w.objectEnd()
    }
}

extension KeyframesAnswer {
    /// `format: "fixtures"` over the tracks of the json answer of the same request.
    static func fixtures<Model>(_ input: Model, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let header: Keyframes, probe: KeyframeProbe?, step: Double
        var source: any TrackSource
        if o.input == .pageProgress, let pager = input as? PagingInput {
            let k = try pager.progressKeyframes(domain: o.domain, properties: o.properties, limits: limits)
            (header, source, probe, step) = (k, WholeTracks(keyframes: k), pager.keyframeProbe(progress: true), 1e-3)
        } else if let pager = input as? PagingInput {
            let s = try pager.keyframeStream(domain: o.domain, properties: o.properties, limits: limits)
            header = Keyframes(model: .paging, axis: s.axis, domain: s.domain, tracks: [])
            (source, probe, step) = (s, pager.keyframeProbe(progress: false), 1e-3 * pager.keyframeStride)
        } else if let scroll = input as? ScrollInput {
            let s = try scroll.keyframeStream(domain: o.domain, properties: o.properties, limits: limits)
            header = Keyframes(model: .scroll, axis: s.axis, domain: s.domain, tracks: [])
            (source, probe, step) = (s, scroll.keyframeProbe(), 1e-3 * (s.domain.to - s.domain.from))
        } else if let h = input as? HeaderInput {
            let k = try h.keyframes(domain: o.domain, properties: o.properties, limits: limits)
            (header, source, probe, step) = (k, WholeTracks(keyframes: k), h.keyframeProbe(), 1e-3 * (k.domain.to - k.domain.from))
        } else {
            throw ValidationError(issues: [ValidationIssue(pointer: KeyframesField.format.pointer(), message: "no fixtures for this model")])
        }
        guard let probe else {
            throw ValidationError(issues: [ValidationIssue(pointer: "", message: "the request could not be laid out")])
        }
        var head = header
        head.tracks = []
        if let bounds = o.linearize {
            // The cases of the linearized tracks (more knots, more cases), still valued by the engine.
            head.linearized = bounds
            source = try linearized(source, bounds, limits: limits)
        }
        let answer = FixturesAnswer(header: head, source: source, probe: probe, step: step,
                                    samples: o.samples ?? 16, seed: o.seed ?? 1)
        return KeyframesAnswer(contentType: "application/json", cursor: .fixtures(answer))
    }
}
