import HTTPServer
import ParallaxLayout

/// An RFC 9457 problem: every error response of the service is rendered by `write(into:)`, the
/// one place that knows the format (docs/api.md#errors).
struct Problem {
    var status: Int
    /// A URI reference naming the kind of problem; `about:blank` when the status says it all
    /// (RFC 9457 §4.2.1).
    var type: StaticString
    var title: StaticString
    var detail: String
    /// Only for 422: every invalid field with its JSON pointer.
    var errors: [ValidationIssue] = []
    /// Extra headers, e.g. `Allow` for 405.
    var headers: [(name: String, value: String)] = []

    static func malformedJSON(_ e: JSONSyntaxError) -> Problem {
        Problem(status: 400, type: ProblemType.malformedJSON.uri, title: ProblemType.malformedJSON.title,
                detail: "\(e.message) at byte \(e.position)")
    }

    static func invalid(_ issues: [ValidationIssue]) -> Problem {
        let n = issues.count
        return Problem(status: 422, type: ProblemType.invalidRequest.uri, title: ProblemType.invalidRequest.title,
                       detail: n == 1 ? "1 field is invalid" : "\(n) fields are invalid", errors: issues)
    }

    static func notFound(_ path: String) -> Problem {
        Problem(status: 404, type: "about:blank", title: "Not Found",
                detail: "no resource at \(path.prefix(200)); see /openapi.yaml")
    }

    static func methodNotAllowed(_ allow: String) -> Problem {
        Problem(status: 405, type: "about:blank", title: "Method Not Allowed",
                detail: "allowed: \(allow)", headers: [("Allow", allow)])
    }

    /// `contentType` nil: the POST sent none.
    static func unsupportedMediaType(_ contentType: String?) -> Problem {
        Problem(status: 415, type: "about:blank", title: "Unsupported Media Type",
                detail: contentType.map { "Content-Type must be application/json, not \($0.prefix(100))" }
                    ?? "a POST body needs Content-Type: application/json",
                headers: [("Accept-Post", "application/json")])
    }

    /// RFC 9110 §13.1.2: a POST whose `If-None-Match` matches the answer's tag is not performed.
    static let preconditionFailed = Problem(status: 412, type: "about:blank", title: "Precondition Failed",
                                            detail: "If-None-Match matches the current answer, so the POST is not performed (RFC 9110 §13.1.2)")

    static let draining = Problem(status: 503, type: "about:blank", title: "Service Unavailable",
                                  detail: "the server is draining and accepts no new work")

    /// Engine-level errors (400, 408, 413, 431, 503, …) in the same format.
    static func engine(_ e: HTTPEngineError) -> Problem {
        Problem(status: e.status.code, type: "about:blank", title: e.status.reasonPhrase, detail: e.detail)
    }

    func write(into response: inout HTTPResponse) {
        response.status = HTTPStatus(status)
        response.contentType = "application/problem+json"
        for h in headers { response.appendField(h.name, h.value) }
        response.writeBody { body in JSONWriter.write(into: &body) { w in
            w.objectStart()
            w.key("type"); w.string(type)
            w.key("title"); w.string(title)
            w.field("status", status)
            w.field("detail", detail)
            if status == 422 {
                w.key("errors"); w.arrayStart()
                for issue in errors {
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

    var status: Int {
        switch self {
        case .malformedJSON: 400
        case .invalidRequest: 422
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
