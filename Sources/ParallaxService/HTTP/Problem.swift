import HTTPServer
import ParallaxLayout

/// An RFC 9457 problem: every error response of the service is rendered by `write(into:)`, the
/// one place that knows the format (docs/api.md#errors). A problem is its kind; the status,
/// `type`, `title`, `detail` and extra headers are derived from it, so they cannot disagree,
/// and only the validation kind carries `errors` (the one body that has that member).
enum Problem {
    /// The body is not JSON text (400, `/problems/malformed-json`).
    case malformedJSON(JSONSyntaxError)
    /// The JSON names invalid fields, every one with its JSON pointer (422,
    /// `/problems/invalid-request`).
    case invalid([ValidationIssue])
    /// No route for the path (404).
    case notFound(String)
    /// A request-target with a `#` (400): RFC 9112 §3.2 sends none (a client keeps the fragment
    /// to itself), so what follows it is not echoed, and no route is named by it.
    case fragment
    /// The route exists but not for this method (405, with `Allow`).
    case methodNotAllowed(String)
    /// The body's media type is not JSON (415, with `Accept-Post`); the type the request named,
    /// nil when a POST named none.
    case unsupportedMediaType(String?)
    /// RFC 9110 §13.1.2: a POST whose `If-None-Match` matches the answer's tag is not performed.
    case preconditionFailed
    case draining
    /// Engine-level errors (400, 408, 413, 431, 503, …) in the same format.
    case engine(HTTPEngineError)

    /// The problem type beyond `about:blank`, for the kinds that have one (RFC 9457 §3.1.1).
    var problemType: ProblemType? {
        switch self {
        case .malformedJSON: .malformedJSON
        case .invalid: .invalidRequest
        default: nil
        }
    }

    var status: HTTPStatus {
        switch self {
        case .malformedJSON: ProblemType.malformedJSON.status
        case .invalid: ProblemType.invalidRequest.status
        case .notFound: .notFound
        case .fragment: .badRequest
        case .methodNotAllowed: .methodNotAllowed
        case .unsupportedMediaType: .unsupportedMediaType
        case .preconditionFailed: .preconditionFailed
        case .draining: .serviceUnavailable
        case .engine(let e): e.status
        }
    }

    /// A URI reference naming the kind of problem; `about:blank` when the status says it all
    /// (RFC 9457 §4.2.1), and then the title is the status's reason phrase.
    var type: StaticString { problemType?.uri ?? "about:blank" }
    var title: StaticString { problemType?.title ?? status.reasonPhrase }

    var detail: String {
        switch self {
        case .malformedJSON(let e): "\(e.message) at byte \(e.position)"
        case .invalid(let issues): issues.count == 1 ? "1 field is invalid" : "\(issues.count) fields are invalid"
        case .notFound(let path): "no resource at \(path.prefix(200)); see /openapi.yaml"
        case .fragment: "a request-target carries no fragment (RFC 9112 §3.2): send the URL without its #…"
        case .methodNotAllowed(let allow): "allowed: \(allow)"
        case .unsupportedMediaType(let type?): "Content-Type must be application/json, not \(type.prefix(100))"
        case .unsupportedMediaType(nil): "a POST body needs Content-Type: application/json"
        case .preconditionFailed: "If-None-Match matches the current answer, so the POST is not performed (RFC 9110 §13.1.2)"
        case .draining: "the server is draining and accepts no new work"
        case .engine(let e): e.detail
        }
    }

    /// Extra headers, e.g. `Allow` for 405.
    var headers: [(name: String, value: String)] {
        switch self {
        case .methodNotAllowed(let allow): [("Allow", allow)]
        // RFC 9110 §15.5.16: say what would have been accepted: a JSON body (`Accept-Post`), and
        // for the engine's refusal of a content-coded one, no coding.
        case .unsupportedMediaType: [Self.acceptPost]
        case .engine(let e) where e.kind == .unsupportedMediaType: [Self.acceptPost, ("Accept-Encoding", "identity")]
        // RFC 9110 §10.2.3: the bodies in progress free their share within a request timeout.
        case .engine(let e) where e.kind == .inputBudgetSpent: [("Retry-After", "1")]
        default: []
        }
    }

    private static let acceptPost = (name: "Accept-Post", value: "application/json")

    func write(into response: inout HTTPResponse) {
        let status = self.status
        response.status = status
        response.contentType = "application/problem+json"
        for h in headers { response.appendField(h.name, h.value) }
        response.writeBody { body in JSONWriter.write(into: &body) { w in
            w.objectStart()
            w.key("type"); w.string(type)
            w.key("title"); w.string(title)
            w.field("status", status.code)
            w.field("detail", detail)
            if case .invalid(let issues) = self {
                w.key("errors"); w.arrayStart()
                for issue in issues {
                    w.objectStart(); w.field("pointer", issue.pointer); w.field("message", issue.message); w.objectEnd()
                }
                w.arrayEnd()
            }
            w.objectEnd()
        } }
    }
}

/// The problem types the service names in `type` beyond `about:blank` (RFC 9457 §3.1.1), the one
/// list: the constructors above use them, and the route table has a route for each URI that
/// answers its description (a relative `type` resolves against the request's URI to that route;
/// RFC 9457 §3.1.1 asks that a type URI lead to documentation a person can read).
enum ProblemType: String, CaseIterable, Sendable {
    case malformedJSON = "malformed-json"
    case invalidRequest = "invalid-request"

    /// The path every type URI starts with.
    static let pathPrefix = "/problems/"

    var uri: StaticString {
        switch self {
        case .malformedJSON: "/problems/malformed-json"
        case .invalidRequest: "/problems/invalid-request"
        }
    }

    var title: StaticString {
        switch self {
        case .malformedJSON: "Malformed JSON"
        case .invalidRequest: "Invalid request"
        }
    }

    var status: HTTPStatus {
        switch self {
        case .malformedJSON: .badRequest
        case .invalidRequest: .unprocessableContent
        }
    }

    /// What a person reads at the type's URI.
    var explanation: String {
        switch self {
        case .malformedJSON:
            """
            The request body (or, for GET, the query rewritten as JSON) is not JSON text
            (RFC 8259). `detail` names what the parser met and at which byte. Nothing was laid
            out: fix the syntax and send the request again.
            """
        case .invalidRequest:
            """
            The request is JSON, but fields are missing, of the wrong type, out of range, unknown
            or in conflict. `errors` lists every one at once, each with the JSON pointer of the
            field (RFC 6901) and a message that says what to change. The fields and their ranges
            are in /openapi.yaml.
            """
        }
    }

    /// The description served at the type's URI (its route in Route.table).
    var page: String {
        """
        \(title) (\(status))

        \(explanation)

        Problem type \(uri): the `type` member of an RFC 9457 problem
        details object (application/problem+json) from the parallax layout service.

        """
    }
}
