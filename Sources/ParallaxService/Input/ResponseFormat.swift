import ParallaxLayout

/// The representation of a single-offset answer (docs/api.md "Pictures"): the JSON of docs/model.md's three models, or an SVG
/// picture of it. Chosen by the request's `format` field (a dotted query parameter on GET), else
/// by `Accept` (RFC 9110 §12.5.1), else JSON.
enum ResponseFormat: String, CaseIterable {
    case json
    case svg

    /// What `Accept` prefers: `svg` when `image/svg+xml` has a quality above 0 and at least that
    /// of JSON (`application/json`, `application/*` or `*/*`, the most specific range deciding,
    /// RFC 9110 §12.5.1); `json` otherwise, and without the header.
    static func preferred(accept: String?) -> ResponseFormat {
        guard let accept, accept != "*/*" else { return .json }
        var svg: (specificity: Int, q: Double) = (-1, 0), json: (specificity: Int, q: Double) = (-1, 0)
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";")
            let range = (parts.first ?? "").lowercased().filter { $0 != " " && $0 != "\t" }
            var q = 1.0
            for p in parts.dropFirst() {
                let kv = p.split(separator: "=", maxSplits: 1).map { $0.filter { $0 != " " && $0 != "\t" } }
                if kv.count == 2, kv[0].lowercased() == "q", let v = Double(kv[1]), v >= 0, v <= 1 { q = v }
            }
            func consider(_ best: inout (specificity: Int, q: Double), _ specificity: Int) {
                if specificity > best.specificity { best = (specificity, q) }
            }
            switch range {
            case "image/svg+xml": consider(&svg, 2)
            case "image/*": consider(&svg, 1)
            case "application/json": consider(&json, 2)
            case "application/*": consider(&json, 1)
            case "*/*": consider(&svg, 0); consider(&json, 0)
            default: break
            }
        }
        // Only an explicit image range asks for a picture; `*/*` alone keeps the JSON default.
        return svg.specificity >= 1 && svg.q > 0 && svg.q >= json.q ? .svg : .json
    }
}

extension ResponseFormat: JSONNames { static let names = NameTable<Self>() }

extension PictureField: JSONNames { static let names = NameTable<Self>() }

/// The format of one request: the body's `format` when given, else the `Accept` preference
/// (judged only then, so a JSON request pays nothing for it).
struct FormatChoice {
    var requested: ResponseFormat?
    let accept: String?

    /// Reads `format` for the model readers' `extra` hook; false for any other key.
    mutating func read(_ r: inout InputReader, _ key: JSONKey, _ v: JSONValue) -> Bool {
        guard PictureField.names[key] == .format else { return false }
        requested = r.keyword(v, ResponseFormat.self)
        return true
    }

    /// The format to answer in. A picture draws one offset: `format: "svg"` with `offsets` is a
    /// 422 at `/format`, while an `Accept` preference gives way to the JSON timeline (a server
    /// may disregard `Accept`, RFC 9110 §12.5.1).
    func resolve(timeline: Bool) -> Result<ResponseFormat, ValidationError> {
        if let requested {
            if requested == .svg && timeline {
                return .failure(ValidationError(issues: [ValidationIssue(pointer: PictureField.format.pointer(),
                    message: "svg draws one offset: give offset (or page), not offsets")]))
            }
            return .success(requested)
        }
        return .success(timeline ? .json : ResponseFormat.preferred(accept: accept))
    }
}
