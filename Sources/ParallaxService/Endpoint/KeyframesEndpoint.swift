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
    /// need every track, but a bad `properties` is still an error there.
    init<Model: FluidStyled>(_ input: Model, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) {
        // The fluid form's own rules first: its placeholders (the reference viewport, stand-in
        // frames) must not be what a problem is about.
        if o.fluid, case let issues = input.fluidIssues(o), !issues.isEmpty { throw ValidationError(issues: issues) }
        if o.format.usesProperties,
           let streamed = try input.streamedTracks(domain: o.domain, properties: o.properties, keyTimes: o.format == .keytimes, limits: limits) {
            self.init(contentType: "application/json", cursor: .slots(streamed))
            return
        }
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        if o.fluid {
            _ = try boundedBoxes(k, limits)
            let css = o.format == .css
            let scenes = try FluidScenes(page: input.fluidPageSize) { (r: FluidScenes.Reference, reduced: Bool, probe: Bool) throws(ValidationError) in
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
                                  cursor: .waapi(WAAPIAnswer(k, main: scenes.main, reduced: scenes.reduced, spelling: scenes.spelling)))
            return
        }
        let styled = o.format == .css ? styledKeyframes(k, input.styledDomain(k.domain, limits: limits), limits) {
            (d: KeyframeDomain) throws(ValidationError) in try input.keyframes(domain: d, properties: nil, limits: limits)
        } : k
        self = try Self.render(o.format, k, styled: styled, snapStop: o.snapStop, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: styled.domain, properties: nil, limits: limits)
            return (input.scene(styled, requested: k.domain, limits: limits), still.scene(r, requested: k.domain, limits: limits))
        }
    }

/// The answer in `format`; `scenes` (the markup at the request's motion and at `motionScale: 0`)
    /// is built only for the formats that style the markup, which hold at most
    /// `limits.maxPagesPerResponse` boxes (docs/operations.md#bounded-memory: a 10 000-slot, 32-layer pager
    /// would otherwise be a stylesheet of hundreds of MB; its json answer stays available).
    private static func render(_ format: KeyframesFormat, _ k: Keyframes, styled: Keyframes, snapStop: SnapStop, limits: LayoutLimits,
                               scenes: () throws(ValidationError) -> (KeyframesScene, KeyframesScene)) throws(ValidationError) -> KeyframesAnswer {
        switch format {
        case .json:
            return KeyframesAnswer(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: false)))
        case .keytimes:
            return KeyframesAnswer(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: true)))
        case .css:
            _ = try boundedBoxes(styled, limits)
            let (scene, reduced) = try scenes()
            return KeyframesAnswer(contentType: "text/css; charset=utf-8",
                                   cursor: .stylesheet(StylesheetAnswer(main: [scene], reduced: [reduced], spelling: .fixed, snapStop: snapStop)))
        case .waapi:
            _ = try boundedBoxes(k, limits)
            let (scene, reduced) = try scenes()
            return KeyframesAnswer(contentType: "application/json",
                                   cursor: .waapi(WAAPIAnswer(k, main: [scene], reduced: [reduced], spelling: .fixed)))
        }
    }
}

/// The keyframes a stylesheet animates: over `wide` (every offset the page can reach), unless that
/// is refused or would hold more boxes than a stylesheet may (a pager of more pages than
/// `maxPagesPerResponse`); then over the requested domain, as asked.
private func styledKeyframes(_ k: Keyframes, _ wide: KeyframeDomain, _ limits: LayoutLimits,
                             _ make: (KeyframeDomain) throws(ValidationError) -> Keyframes) -> Keyframes {
    guard wide != k.domain, let w = try? make(wide), animatedBoxes(w) <= limits.maxPagesPerResponse else { return k }
    return w
}

/// Tracks come grouped by target: counting target changes counts the animated boxes.
private func animatedBoxes(_ k: Keyframes) -> Int {
    var boxes = 0
    var last: TrackTarget?
    for t in k.tracks where t.target != last {
        boxes += 1
        last = t.target
    }
    return boxes
}

/// Counted before any box is built: a stylesheet holds at most `maxPagesPerResponse` animated boxes.
private func boundedBoxes(_ k: Keyframes, _ limits: LayoutLimits) throws(ValidationError) -> Int {
    let boxes = animatedBoxes(k)
    if boxes > limits.maxPagesPerResponse {
        throw ValidationError(issues: [ValidationIssue(
            pointer: "/domain",
            message: "the markup would hold \(boxes) animated boxes; at most \(limits.maxPagesPerResponse) for css and waapi (narrow the domain, or use format json)")])
    }
    return boxes
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

    var estimatedBytes: Int {
        switch self {
        case .tracks(let t): t.estimatedBytes
        case .stylesheet(let s): s.estimatedBytes
        case .waapi(let a): a.estimatedBytes
        case .slots(let s): s.estimatedBytes
        }
    }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch self {
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
