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
        var input = Model.read(root, &reader) { $0.keyframesField($1, $2, into: &options, pages: pages) }
        readFluid(&input, &options, &reader)
        return (input, options)
    }

    /// A request without `viewport` (docs/web.md#fluid-and-fixed): fluid with format css or waapi
    /// (laid out at the reference sizes, `FluidScenes`), where an element may also leave out
    /// `frame`; for json and keytimes, numbers of one size, still an error, saying why.
    private static func readFluid(_ input: inout Model, _ options: inout KeyframesOptions, _ reader: inout InputReader) {
        guard reader.withdraw("/viewport", "is required") else { return }
        guard options.format == .css || options.format == .waapi else {
            reader.fail(missing: "viewport", "is required with format \"\(options.format.rawValue)\" (numbers for one size); only format \"css\" and \"waapi\" may leave it out: their fluid answers fit the scroller at any size")
            return
        }
        options.fluid = true
        input.viewport = FluidScenes.placeholder(input.fluidPageSize)
        for i in 0..<input.fluidElementCount where reader.withdraw("/elements/\(i)/frame", "is required") {
            options.frameless.insert(i)
        }
    }

    static func valueIssues(_ request: (Model, KeyframesOptions), limits: LayoutLimits) -> [ValidationIssue] {
        let (input, o) = request
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
        let answer = try KeyframesAnswer(request.0, request.1, limits: limits, sliced: true)
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
    /// need every track, but a bad `properties` is still an error there.
    /// `sliced`: a fluid stylesheet's check is left to the cursor, run in steps before its first
    /// byte (`KeyframesCursor.checking`); else it is run here.
    init<Model: FluidStyled>(_ input: Model, _ o: KeyframesOptions, limits: LayoutLimits, sliced: Bool = false) throws(ValidationError) {
        // The fluid form's own rules first: its placeholders (the reference viewport, stand-in
        // frames) must not be what a problem is about.
        if o.fluid, case let issues = input.fluidIssues(o), !issues.isEmpty { throw ValidationError(issues: issues) }
        if o.format.usesProperties,
           let streamed = try input.streamedTracks(domain: o.domain, properties: o.properties, keyTimes: o.format == .keytimes, limits: limits) {
            self.init(contentType: "application/json", cursor: .slots(streamed))
            return
        }
        if o.format.usesProperties {
            let k = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits)
            self.init(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: o.format == .keytimes)))
            return
        }
        // css and waapi: the tracks validated, laid out only as the writer reaches each unit.
        let plan = try input.trackPlan(domain: o.domain, properties: nil, limits: limits)
        if o.properties != nil { _ = try input.trackPlan(domain: o.domain, properties: o.properties, limits: limits) }
        let css = o.format == .css
        if o.fluid {
            try boundedBoxes(plan, limits)
            let scenes = try FluidScenes(page: input.fluidPageSize, sliced: sliced) { (r: FluidScenes.Reference, reduced: Bool, probe: Bool) throws(ValidationError) in
                var at = probe ? input.fluidProbe : input
                at.place(at: r)
                if reduced { at.motionScale = 0 }
                return try at.fluidScene(o, styled: css, limits: limits)
            }
            self = css
                ? KeyframesAnswer(contentType: "text/css; charset=utf-8",
                                  cursor: .stylesheet(StylesheetAnswer(main: scenes.main, reduced: scenes.reduced,
                                                                       spelling: scenes.spelling, snapStop: o.snapStop)))
                : KeyframesAnswer(contentType: "application/json",
                                  cursor: .waapi(WAAPIAnswer(plan.header, main: scenes.main, reduced: scenes.reduced, spelling: scenes.spelling)))
            if let check = scenes.check { cursor = .checking(check, cursor) }
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
        let stillPlan = try still.trackPlan(domain: styled.domain, properties: nil, limits: limits)
        let scene = input.scene(styled, requested: plan.domain, fluid: false, limits: limits)
        let reduced = still.scene(stillPlan, requested: plan.domain, fluid: false, limits: limits)
        self = css
            ? KeyframesAnswer(contentType: "text/css; charset=utf-8",
                              cursor: .stylesheet(StylesheetAnswer(main: [scene], reduced: [reduced], spelling: .fixed, snapStop: o.snapStop)))
            : KeyframesAnswer(contentType: "application/json",
                              cursor: .waapi(WAAPIAnswer(plan.header, main: [scene], reduced: [reduced], spelling: .fixed)))
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
            pointer: "/domain",
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
    /// A fluid stylesheet whose check is still to run (`prepare`), then the stylesheet.
    indirect case checking(FluidCheck, KeyframesCursor)

    var prepares: Bool { if case .checking = self { true } else { false } }

    /// One step of the check; the stylesheet once it passes.
    mutating func prepare() -> CursorPreparation {
        guard case .checking(var check, let next) = self else { return .ready }
        switch check.step() {
        case .more:
            self = .checking(check, next)
            return .more
        case .passed:
            self = next
            return .ready
        case .refused(let error):
            return .refused(error.issues)
        }
    }

    var estimatedBytes: Int {
        switch self {
        case .tracks(let t): t.estimatedBytes
        case .stylesheet(let s): s.estimatedBytes
        case .waapi(let a): a.estimatedBytes
        case .slots(let s): s.estimatedBytes
        case .checking(_, let next): next.estimatedBytes
        }
    }

    var chunkBytes: Int {
        switch self {
        case .stylesheet(let s): s.chunkBytes
        case .waapi(let a): a.chunkBytes
        case .tracks, .slots: .max
        case .checking(_, let next): next.chunkBytes
        }
    }

    /// A stylesheet's piece is one box: about two units' layouts a chunk at most.
    var chunkPieces: Int {
        switch self {
        case .stylesheet, .waapi: 64
        case .tracks, .slots: .max
        case .checking(_, let next): next.chunkPieces
        }
    }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch self {
        case .checking:
            // Unreachable: every path runs `prepare` until it is decided before the first byte
            // (`ParallaxApp.deliver`). Should one not, the check runs now, and a refused
            // stylesheet is written empty rather than wrong.
            while true {
                switch prepare() {
                case .more: continue
                case .ready: return writeNext(&w)
                case .refused: return false
                }
            }
        case .tracks(var t):
            let more = t.writeNext(&w)
            self = .tracks(t)
            return more
        case .slots(var s):
            let more = s.writeNext(&w)
            self = .slots(s)
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
            case .layer(_, let name), .element(let name): n += name.utf8.count
            case .page, .header: break
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
