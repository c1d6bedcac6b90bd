import HTTPServer
import ParallaxLayout

/// The keyframes routes (SPEC §8): `POST`/`GET`/`HEAD` `/v1/{paging,header,scroll}/keyframes`.
/// The body (or the GET form's dotted parameters, rewritten as JSON) is the model's request with
/// `domain`, `format` and `properties`; ParallaxLayout's `keyframes()` rejects the single-moment
/// fields with the §8 422s. Each format is one function from (input, keyframes) to the answer's
/// bytes (`KeyframesAnswer`), so the routes port onto any endpoint abstraction unchanged.
extension ParallaxApp {
    func computeKeyframes(_ route: Route, _ request: HTTPRequest, into response: inout HTTPResponse) {
        let body: [UInt8]
        if request.method == .post {
            if let type = request.headers["Content-Type"], !Self.isJSON(type) {
                return Problem.unsupportedMediaType(type).write(into: &response)
            }
            body = request.body
        } else {
            let parser = self.parser
            let checked = QueryParameters.json(from: request.query) { text in
                switch parser.parse(text, { _ in () }) {
                case .success: nil
                case .failure(let e): "must be JSON text: \(e.message) at byte \(e.position)"
                }
            }
            switch checked {
            case .success(let bytes): body = bytes
            case .failure(let e): return Problem.invalid(e.issues).write(into: &response)
            }
        }
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
            response.contentType = answer.contentType
            response.body = answer.bytes
        case .success(nil):
            break
        }
    }
}

extension InputReader {
    /// The reader's issues and the model's (`check` runs `keyframes()`, whose value rules include
    /// the §8 ones), so one 422 lists every problem (SPEC §6), the model's only where the reader
    /// did not already report that field.
    func allIssues(_ check: () throws(ValidationError) -> Void) -> ValidationError {
        var valueIssues: [ValidationIssue] = []
        do throws(ValidationError) { try check() } catch { valueIssues = error.issues }
        return ValidationError(issues: merged(with: valueIssues))
    }
}

/// One keyframes answer: its media type and bytes (SPEC §8 formats).
struct KeyframesAnswer {
    var contentType: String
    var bytes: [UInt8]

    static func paging(_ input: PagingInput, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        return try render(o.format, k, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: k.domain, properties: nil, limits: limits)
            return (KeyframesScene.paging(input, k, limits: limits), KeyframesScene.paging(still, r, limits: limits))
        }
    }

    static func header(_ input: HeaderInput, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        return try render(o.format, k, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: k.domain, properties: nil, limits: limits)
            return (KeyframesScene.header(input, k, limits: limits), KeyframesScene.header(still, r, limits: limits))
        }
    }

    static func scroll(_ input: ScrollInput, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesAnswer {
        let k = try input.keyframes(domain: o.domain, properties: o.format.usesProperties ? o.properties : nil, limits: limits)
        if !o.format.usesProperties, o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        return try render(o.format, k, limits: limits) { () throws(ValidationError) in
            var still = input
            still.motionScale = 0
            let r = try still.keyframes(domain: k.domain, properties: nil, limits: limits)
            return (KeyframesScene.scroll(input, k, limits: limits), KeyframesScene.scroll(still, r, limits: limits))
        }
    }

    /// The answer in `format`; `scenes` (the markup at the request's motion and at `motionScale: 0`)
    /// is built only for the formats that style the markup, which hold at most
    /// `limits.maxPagesPerResponse` boxes (SPEC §10 bounded memory: a 10 000-slot, 32-layer pager
    /// would otherwise be a stylesheet of hundreds of MB; its json answer stays available).
    private static func render(_ format: KeyframesFormat, _ k: Keyframes, limits: LayoutLimits,
                               scenes: () throws(ValidationError) -> (KeyframesScene, KeyframesScene)) throws(ValidationError) -> KeyframesAnswer {
        switch format {
        case .json:
            var w = JSONWriter()
            w.keyframes(k)
            return KeyframesAnswer(contentType: "application/json", bytes: w.bytes)
        case .keytimes:
            var w = JSONWriter()
            w.keyTimes(k)
            return KeyframesAnswer(contentType: "application/json", bytes: w.bytes)
        case .css:
            let (scene, reduced) = try boundedScenes(k, limits, scenes)
            var bytes: [UInt8] = []
            KeyframesCSS.write(scene, reduced: reduced, into: &bytes)
            return KeyframesAnswer(contentType: "text/css; charset=utf-8", bytes: bytes)
        case .waapi:
            let (scene, reduced) = try boundedScenes(k, limits, scenes)
            var w = JSONWriter()
            w.waapi(k, scene: scene, reduced: reduced)
            return KeyframesAnswer(contentType: "application/json", bytes: w.bytes)
        }
    }
}

private func boundedScenes(_ k: Keyframes, _ limits: LayoutLimits,
                           _ scenes: () throws(ValidationError) -> (KeyframesScene, KeyframesScene)) throws(ValidationError) -> (KeyframesScene, KeyframesScene) {
    // Tracks come grouped by target: counting target changes counts the animated boxes before
    // any is built.
    var boxes = 0
    var last: TrackTarget?
    for t in k.tracks where t.target != last {
        boxes += 1
        last = t.target
    }
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
