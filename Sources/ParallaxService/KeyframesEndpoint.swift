import HTTPServer
import ParallaxLayout

/// The keyframes routes (SPEC §8): `POST`/`GET`/`HEAD` `/v1/{paging,header,scroll}/keyframes`.
/// The body (or the GET form's dotted parameters, rewritten as JSON) is the model's request with
/// `domain`, `format` and `properties`; ParallaxLayout's `keyframes()` rejects the single-moment
/// fields with the §8 422s. Each format is one function from (input, keyframes) to the answer's
/// bytes (`KeyframesAnswer`), so the routes port onto any endpoint abstraction unchanged.
extension ParallaxApp {
    func keyframes(_ route: Route, _ request: borrowing HTTPRequest, into response: inout HTTPResponse) -> ContentCoding? {
        let coding = web.streamCoding(acceptEncoding: request.headers.joined("Accept-Encoding"), route)
        return withRequestJSON(request, into: &response) { body, response in
            keyframesAnswer(route, body: body, coding: coding, into: &response)
        } ?? nil
    }

    func keyframesAnswer(_ route: Route, body: Span<UInt8>, coding: ContentCoding, into response: inout HTTPResponse) -> ContentCoding? {
        let limits = options.limits
        let outcome: Result<KeyframesAnswer?, JSONSyntaxError> = parser.parse(body) { root in
            var reader = InputReader(reusing: &readerScratch)
            defer { reader.release(into: &readerScratch) }
            var kf = KeyframesOptions()
            do throws(ValidationError) {
                switch route {
                case .pagingKeyframes:
                    let input = reader.pagingInput(root) { $0.keyframesField($1, $2, into: &kf) }
                    if !reader.issues.isEmpty {
                        throw reader.allIssues { () throws(ValidationError) in _ = try input.keyframes(domain: kf.domain, properties: kf.properties, limits: limits) }
                    }
                    return try KeyframesAnswer.paging(input, kf, limits: limits)
                case .headerKeyframes:
                    let input = reader.headerInput(root) { $0.keyframesField($1, $2, into: &kf) }
                    if !reader.issues.isEmpty {
                        throw reader.allIssues { () throws(ValidationError) in _ = try input.keyframes(domain: kf.domain, properties: kf.properties, limits: limits) }
                    }
                    return try KeyframesAnswer.header(input, kf, limits: limits)
                default:
                    let input = reader.scrollInput(root) { $0.keyframesField($1, $2, into: &kf) }
                    if !reader.issues.isEmpty {
                        throw reader.allIssues { () throws(ValidationError) in _ = try input.keyframes(domain: kf.domain, properties: kf.properties, limits: limits) }
                    }
                    return try KeyframesAnswer.scroll(input, kf, limits: limits)
                }
            } catch {
                Problem.invalid(error.issues).write(into: &response)
                return nil
            }
        }
        switch outcome {
        case .failure(let syntax):
            metrics.jsonParseErrors.add(1)
            Problem.malformedJSON(syntax).write(into: &response)
        case .success(let answer?):
            return deliver(answer.cursor, contentType: answer.contentType, coding: coding, into: &response)
        case .success(nil):
            break
        }
        return nil
    }
}

extension InputReader {
    /// The reader's issues and the model's (`check` runs `keyframes()`, whose value rules include
    /// the §8 ones), so one 422 lists every problem (SPEC §6). The reader leaves a field it
    /// rejected absent or a placeholder the value rules accept, so the two lists are disjoint.
    func allIssues(_ check: () throws(ValidationError) -> Void) -> ValidationError {
        var valueIssues: [ValidationIssue] = []
        do throws(ValidationError) { try check() } catch { valueIssues = error.issues }
        return ValidationError(issues: issues + valueIssues)
    }
}

/// One keyframes answer: its media type and its cursor (SPEC §8 formats).
struct KeyframesAnswer {
    var contentType: String
    var cursor: KeyframesCursor

    static func paging(_ input: PagingInput, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        let styled = o.format == .css ? styledKeyframes(k, input.styledDomain(k.domain, limits: limits), limits) {
            (d: KeyframeDomain) throws(ValidationError) in try input.keyframes(domain: d, properties: nil, limits: limits)
        } : k
        return try render(o.format, k, styled: styled, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: styled.domain, properties: nil, limits: limits)
            return (KeyframesScene.paging(input, styled, requested: k.domain, limits: limits),
                    KeyframesScene.paging(still, r, requested: k.domain, limits: limits))
        }
    }

    static func header(_ input: HeaderInput, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        let styled = o.format == .css ? styledKeyframes(k, input.styledDomain(k.domain, limits: limits), limits) {
            (d: KeyframeDomain) throws(ValidationError) in try input.keyframes(domain: d, properties: nil, limits: limits)
        } : k
        return try render(o.format, k, styled: styled, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: styled.domain, properties: nil, limits: limits)
            return (KeyframesScene.header(input, styled, requested: k.domain, limits: limits),
                    KeyframesScene.header(still, r, requested: k.domain, limits: limits))
        }
    }

    static func scroll(_ input: ScrollInput, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        let styled = o.format == .css ? styledKeyframes(k, input.styledDomain(k.domain, limits: limits), limits) {
            (d: KeyframeDomain) throws(ValidationError) in try input.keyframes(domain: d, properties: nil, limits: limits)
        } : k
        return try render(o.format, k, styled: styled, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: styled.domain, properties: nil, limits: limits)
            return (KeyframesScene.scroll(input, styled, requested: k.domain, limits: limits),
                    KeyframesScene.scroll(still, r, requested: k.domain, limits: limits))
        }
    }

    /// The answer in `format`; `scenes` (the markup at the request's motion and at `motionScale: 0`)
    /// is built only for the formats that style the markup, which hold at most
    /// `limits.maxPagesPerResponse` boxes (SPEC §10 bounded memory: a 10 000-slot, 32-layer pager
    /// would otherwise be a stylesheet of hundreds of MB; its json answer stays available).
    private static func render(_ format: KeyframesFormat, _ k: Keyframes, styled: Keyframes, limits: LayoutLimits,
                               scenes: () throws(ValidationError) -> (KeyframesScene, KeyframesScene)) throws(ValidationError) -> KeyframesAnswer {
        switch format {
        case .json:
            return KeyframesAnswer(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: false)))
        case .keytimes:
            return KeyframesAnswer(contentType: "application/json", cursor: .tracks(TracksAnswer(k, keyTimes: true)))
        case .css:
            let (scene, reduced) = try boundedScenes(styled, limits, scenes)
            var bytes = ByteBuffer()
            KeyframesCSS.write(scene, reduced: reduced, into: &bytes)
            return KeyframesAnswer(contentType: "text/css; charset=utf-8", cursor: .whole(WholeAnswer(bytes)))
        case .waapi:
            let (scene, reduced) = try boundedScenes(k, limits, scenes)
            var bytes = ByteBuffer()
            JSONWriter.write(into: &bytes) { $0.waapi(k, scene: scene, reduced: reduced) }
            return KeyframesAnswer(contentType: "application/json", cursor: .whole(WholeAnswer(bytes)))
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

private func boundedScenes(_ k: Keyframes, _ limits: LayoutLimits,
                           _ scenes: () throws(ValidationError) -> (KeyframesScene, KeyframesScene)) throws(ValidationError) -> (KeyframesScene, KeyframesScene) {
    // Counted before any box is built.
    let boxes = animatedBoxes(k)
    if boxes > limits.maxPagesPerResponse {
        throw ValidationError(issues: [ValidationIssue(
            pointer: "/domain",
            message: "the markup would hold \(boxes) animated boxes; at most \(limits.maxPagesPerResponse) for css and waapi (narrow the domain, or use format json)")])
    }
    return try scenes()
}

extension KeyframesFormat {
    /// `properties` narrows the tracks of the data formats; the stylesheet and the WAAPI
    /// animations need every track to place the markup, so they ignore it.
    var usesProperties: Bool { self == .json || self == .keytimes }
}

/// The keyframes answers as cursors (`AnswerCursor`): json and keytimes track by track (SPEC §10:
/// a long pager's thousands of tracks go out as the socket drains), css and waapi (at most
/// `maxPagesPerResponse` boxes) from their finished bytes, a slice per piece.
enum KeyframesCursor: AnswerCursor {
    case tracks(TracksAnswer)
    case whole(WholeAnswer)

    var estimatedBytes: Int {
        switch self {
        case .tracks(let t): t.estimatedBytes
        case .whole(let w): w.estimatedBytes
        }
    }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch self {
        case .tracks(var t):
            let more = t.writeNext(&w)
            self = .tracks(t)
            return more
        case .whole(var a):
            let more = a.writeNext(&w)
            self = .whole(a)
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

    var estimatedBytes: Int {
        var n = 120
        for t in keyframes.tracks { n += 80 + t.knots.count * 48 }
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

/// Finished bytes (a stylesheet, the WAAPI animations) handed out 16 KiB per piece.
struct WholeAnswer: AnswerCursor {
    private let bytes: ByteBuffer
    private var start = 0

    init(_ bytes: ByteBuffer) { self.bytes = bytes }

    var estimatedBytes: Int { bytes.readableBytes }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        guard start < bytes.readableBytes else { return false }
        let range = start..<min(bytes.readableBytes, start + 16_384)
        bytes.withReadableBytes { all in w.text { $0.writeBytes(all.extracting(range)) } }
        let end = range.upperBound
        start = end
        return true
    }
}
