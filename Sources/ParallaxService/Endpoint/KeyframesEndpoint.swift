import HTTPServer
import ParallaxLayout

/// `/v1/{paging,header,scroll}/keyframes` (docs/model.md#keyframes): the model's request with
/// `domain`, `format` and `properties`, answered as functions of the offset. ParallaxLayout's
/// `keyframes()` rejects the single-moment fields with their 422s, so its issues are the value
/// issues. Each format is one function from (input, keyframes) to the answer (`KeyframesAnswer`).
enum KeyframesEndpoint<Model: FluidStyled>: Endpoint {
    static func read(_ root: JSONValue, _ reader: inout InputReader, accept: String?) -> (Model, KeyframesOptions) {
        var options = KeyframesOptions()
        let pages = Model.self == PagingInput.self
        reader.mayLackViewport = true
        var input = Model.read(root, &reader) { $0.keyframesField($1, $2, into: &options, pages: pages) }
        reader.fixtureFields(options)
        readFluid(&input, &options, &reader)
        // What does not change the stylesheet's keyframes (its format, its snap rules, the data
        // formats' `properties`) does not change its names either: `snapStop: "normal"` is the
        // stylesheet without the field, byte for byte.
        if options.format == .css || options.format == .waapi {
            options.digest = root.digest { key in
                KeyframesField.names[key].map { [.format, .snapStop, .properties].contains($0) } ?? false
            }
        }
        return (input, options)
    }

    /// A request without `viewport` (docs/web.md#fluid-and-fixed): fluid with format css or waapi
    /// (laid out at the reference sizes, `FluidScenes`), where an element may also leave out
    /// `frame`; for json and keytimes, numbers of one size, still an error, saying why.
    private static func readFluid(_ input: inout Model, _ options: inout KeyframesOptions, _ reader: inout InputReader) {
        guard reader.lacksViewport else { return reader.requireFrames() }
        guard options.format == .css || options.format == .waapi else {
            reader.requireFrames()
            reader.fail(missing: Model.Field.viewport.rawValue, "is required with format \"\(options.format.rawValue)\" (numbers for one size); only format \"css\" and \"waapi\" may leave it out: their fluid answers fit the scroller at any size")
            return
        }
        options.fluid = true
        input.viewport = FluidScenes.placeholder(input.fluidPageSize)
        options.frameless = Set(reader.framelessElements.map(\.element))
    }

    static func valueIssues(_ request: (Model, KeyframesOptions), limits: LayoutLimits) -> [ValidationIssue] {
        let (input, o) = request
        if let issue = KeyframesAnswer.linearizeIssue(o) { return [issue] }
        if o.input == .pageProgress {
            do throws(ValidationError) { _ = try KeyframesAnswer.progress(input, o, limits: limits) } catch { return error.issues }
            return []
        }
        do throws(ValidationError) {
            // A pager is validated without laying out its tracks (they may be millions).
            if try input.streamedTracks(domain: o.domain, properties: o.properties, keyTimes: false, limits: limits) == nil {
                _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits)
            }
        } catch {
            // The fluid form's own rule about a field replaces what the placeholder viewport says of it.
            let fluid = o.fluid ? input.fluidIssues(o) : []
            return error.issues.filter { i in !fluid.contains { $0.pointer == i.pointer } } + fluid
        }
        return o.fluid ? input.fluidIssues(o) : []
    }

    static func answer(_ request: (Model, KeyframesOptions), limits: LayoutLimits) throws(ValidationError) -> EndpointAnswer<KeyframesCursor> {
        let answer = try KeyframesAnswer(request.0, request.1, limits: limits)
        return .cursor(answer.cursor, contentType: answer.contentType)
    }
}

/// One keyframes answer: its media type and its cursor (the formats of docs/model.md#keyframes).
struct KeyframesAnswer {
    var contentType: String
    var cursor: KeyframesCursor

    init(contentType: String, cursor: KeyframesCursor) {
        self.contentType = contentType
        self.cursor = cursor
    }

    /// The data formats (json, keytimes) narrow the tracks to `properties`; the styling formats
    /// need every track, but a bad `properties` is still an error there. A fluid stylesheet's
    /// check is left to the cursor, run in steps before its first byte (`KeyframesCursor.checking`).
    init<Model: FluidStyled>(_ input: Model, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) {
        if let issue = Self.linearizeIssue(o) { throw ValidationError(issues: [issue]) }
        if o.input == .pageProgress {
            self = try Self.progress(input, o, limits: limits)
            return
        }
        if o.format == .fixtures {
            self = try Self.fixtures(input, o, limits: limits)
            return
        }
        // The fluid form's own rules first: its placeholders (the reference viewport, stand-in
        // frames) must not be what a problem is about.
        if o.fluid, case let issues = input.fluidIssues(o), !issues.isEmpty { throw ValidationError(issues: issues) }
        if o.format.usesProperties,
           let streamed = try input.streamedTracks(domain: o.domain, properties: o.properties, keyTimes: o.format == .keytimes, limits: limits) {
            guard let bounds = o.linearize else {
                self.init(contentType: "application/json", cursor: .slots(streamed))
                return
            }
            let source = try Self.linearized(streamed.stream, bounds, limits: limits)
            self.init(contentType: "application/json", cursor: .slots(SlotTracksAnswer(source, keyTimes: streamed.keyTimes)))
            return
        }
        if o.format.usesProperties {
            var k = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits)
            if let bounds = o.linearize { k = try Self.linearized(k, bounds, limits: limits) }
            self.init(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: o.format == .keytimes)))
            return
        }
        // css and waapi: the tracks validated, laid out only as the writer reaches each unit.
        var plan = try input.trackPlan(domain: o.domain, properties: nil, limits: limits)
        plan.linearize = o.linearize
        if o.properties != nil { _ = try input.trackPlan(domain: o.domain, properties: o.properties, limits: limits) }
        let css = o.format == .css
        let names = o.names(Model.self)
        if o.fluid {
            try boundedBoxes(plan, limits)
            let scenes = try FluidScenes(page: input.fluidPageSize) { (r: FluidScenes.Reference, reduced: Bool, probe: Bool) throws(ValidationError) in
                var at = probe ? input.fluidProbe : input
                at.place(at: r)
                if reduced { at.motionScale = 0 }
                return try at.fluidScene(o, styled: css, limits: limits)
            }
            self = css
                ? KeyframesAnswer(contentType: "text/css; charset=utf-8",
                                  cursor: .stylesheet(StylesheetAnswer(main: scenes.main, reduced: scenes.reduced,
                                                                       spelling: scenes.spelling, snapStop: o.snapStop, names: names)))
                : KeyframesAnswer(contentType: "application/json",
                                  cursor: .waapi(WAAPIAnswer(plan.header, main: scenes.main, reduced: scenes.reduced, spelling: scenes.spelling, names: names)))
            cursor = .checking(scenes.check, cursor)
            return
        }
        // A stylesheet covers every offset the page can reach (`styledPlan`); waapi the domain asked.
        let styled = css ? styledPlan(plan, input.styledDomain(plan.domain, limits: limits), limits) {
            (d: KeyframeDomain) throws(ValidationError) in try input.trackPlan(domain: d, properties: nil, limits: limits)
        } : plan
        // Counted before any box is built: the markup holds at most `maxPagesPerResponse` animated
        // boxes (docs/operations.md#bounded-memory).
        try boundedBoxes(styled, limits)
        var still = input
        still.motionScale = 0
        var stillPlan = try still.trackPlan(domain: styled.domain, properties: nil, limits: limits)
        stillPlan.linearize = o.linearize
        let linearKnots = try Self.linearKnots(plan, stillPlan, limits)
        let scene = input.scene(styled, requested: plan.domain, fluid: false, limits: limits)
        let reduced = still.scene(stillPlan, requested: plan.domain, fluid: false, limits: limits)
        self = css
            ? KeyframesAnswer(contentType: "text/css; charset=utf-8",
                              cursor: .stylesheet(StylesheetAnswer(main: [scene], reduced: [reduced], spelling: .fixed, snapStop: o.snapStop, names: names)))
            : KeyframesAnswer(contentType: "application/json",
                              cursor: .waapi(WAAPIAnswer(plan.header, main: [scene], reduced: [reduced], spelling: .fixed, names: names,
                                                         linearKnots: linearKnots)))
    }
}

/// The plan a stylesheet animates: over `wide` (every offset the page can reach), unless that is
/// refused or would hold more boxes than a stylesheet may (a pager of more pages than
/// `maxPagesPerResponse`); then over the requested domain, as asked.
private func styledPlan(_ plan: TrackPlan, _ wide: KeyframeDomain, _ limits: LayoutLimits,
                        _ make: (KeyframeDomain) throws(ValidationError) -> TrackPlan) -> TrackPlan {
    guard wide != plan.domain, let w = try? make(wide),
          w.animatedBoxes(within: limits.maxPagesPerResponse) <= limits.maxPagesPerResponse else { return plan }
    return w
}

/// A stylesheet holds at most `maxPagesPerResponse` animated boxes (a 10 000-slot, 32-layer
/// pager would be hundreds of MB; its json answer stays available).
private func boundedBoxes(_ plan: TrackPlan, _ limits: LayoutLimits) throws(ValidationError) {
    let boxes = plan.animatedBoxes(within: limits.maxPagesPerResponse)
    if boxes > limits.maxPagesPerResponse {
        throw ValidationError(issues: [ValidationIssue(
            pointer: KeyframesField.domain.pointer(),
            message: "the markup would hold \(boxes) animated boxes; at most \(limits.maxPagesPerResponse) for css and waapi (narrow the domain, or use format json)")])
    }
}

extension KeyframesFormat {
    /// `properties` narrows the tracks of the data formats; the stylesheet and the WAAPI
    /// animations need every track to place the markup, so they ignore it.
    var usesProperties: Bool { self == .json || self == .keytimes }
}

/// The keyframes answers as cursors (`AnswerCursor`), all written as the socket drains
/// (docs/operations.md#bounded-memory): json and keytimes track by track, css rule by rule, waapi
/// box by box.
enum KeyframesCursor: AnswerCursor {
    case tracks(TracksAnswer)
    case stylesheet(StylesheetAnswer)
    case waapi(WAAPIAnswer)
    /// A pager's tracks, slot by slot (KeyframesSlotTracks.swift).
    case slots(SlotTracksAnswer)
    /// Test cases for a client's player (KeyframesFixtures.swift).
    case fixtures(FixturesAnswer)
    /// A fluid stylesheet whose check is still to run (`prepare`), then the stylesheet.
    indirect case checking(FluidCheck, KeyframesCursor)

    var prepares: Bool { if case .checking = self { true } else { false } }

    /// One step of the check; the stylesheet once it passes.
    mutating func prepare() -> Preparation<ValidationError> {
        guard case .checking(var check, let next) = self else { return .ready }
        let step = check.step()
        switch step {
        case .more: self = .checking(check, next)
        case .ready: self = next
        case .refused: break
        }
        return step
    }

    var estimatedBytes: Int {
        switch self {
        case .tracks(let t): t.estimatedBytes
        case .stylesheet(let s): s.estimatedBytes
        case .waapi(let a): a.estimatedBytes
        case .slots(let s): s.estimatedBytes
        case .fixtures(let f): f.estimatedBytes
        case .checking(_, let next): next.estimatedBytes
        }
    }

    var chunkBytes: Int {
        switch self {
        case .stylesheet(let s): s.chunkBytes
        case .waapi(let a): a.chunkBytes
        case .tracks, .slots, .fixtures: .max
        case .checking(_, let next): next.chunkBytes
        }
    }

    /// A stylesheet's piece is one box: about two units' layouts a chunk at most.
    var chunkPieces: Int {
        switch self {
        case .stylesheet, .waapi: 64
        case .tracks, .slots: .max
        case .fixtures(let f): f.chunkPieces
        case .checking(_, let next): next.chunkPieces
        }
    }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch self {
        case .checking:
            // Unreachable: every path runs `prepare` until it is decided before the first byte
            // (`ParallaxApp.deliver`). Should one not, the check runs now, and a refused
            // stylesheet is written empty rather than wrong.
            if Preparation.decide({ prepare() }) != nil { return false }
            return writeNext(&w)
        case .tracks(var t):
            let more = t.writeNext(&w)
            self = .tracks(t)
            return more
        case .slots(var s):
            let more = s.writeNext(&w)
            self = .slots(s)
            return more
        case .fixtures(var f):
            let more = f.writeNext(&w)
            self = .fixtures(f)
            return more
        case .stylesheet(var s):
            let more = s.writeNext(&w)
            self = .stylesheet(s)
            return more
        case .waapi(var a):
            let more = a.writeNext(&w)
            self = .waapi(a)
            return more
        }
    }
}

/// `format: "json"` or `"keytimes"`: the header, then one track per piece, then `]}`.
struct TracksAnswer: AnswerCursor {
    let keyframes: Keyframes
    let keyTimes: Bool
    private var next = -1

    init(_ k: Keyframes, keyTimes: Bool) {
        keyframes = k
        self.keyTimes = keyTimes
    }

    var estimatedBytes: Int { 120 + Self.estimate(keyframes.tracks) }

    /// About how many bytes `tracks` take in either format (a target's name counted once).
    static func estimate(_ tracks: [Track]) -> Int {
        var n = 0
        for t in tracks {
            n += 80 + t.knots.count * 48
            switch t.target {
            case .layer(_, let name), .element(let name), .anyPageLayer(let name): n += name.utf8.count
            case .page, .header, .anyPage: break
            }
        }
        return n
    }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        let tracks = keyframes.tracks
        if next == -1 {
            w.beginPiece()
            w.keyframesHeader(keyframes)
            w.key("tracks")
            w.literal("[")
        } else if next < tracks.count {
            if next > 0 { w.literal(",") }
            w.beginPiece()
            if keyTimes { w.keyTimesTrack(tracks[next], domain: keyframes.domain) } else { w.track(tracks[next]) }
        } else if next == tracks.count {
            w.literal("]}")
        } else {
            return false
        }
        next += 1
        return true
    }
}
