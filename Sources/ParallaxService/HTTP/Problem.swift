import HTTPServer
import ParallaxLayout

/// An RFC 9457 problem: every error response of the service is rendered by `write(into:)`, the
/// one place that knows the format (SPEC §6, STYLE.md trait 6).
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
        Problem(status: 400, type: "/problems/malformed-json", title: "Malformed JSON",
                detail: "\(e.message) at byte \(e.position)")
    }

    static func invalid(_ issues: [ValidationIssue]) -> Problem {
        let n = issues.count
        return Problem(status: 422, type: "/problems/invalid-request", title: "Invalid request",
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

    static func unsupportedMediaType(_ contentType: String) -> Problem {
        Problem(status: 415, type: "about:blank", title: "Unsupported Media Type",
                detail: "Content-Type must be application/json, not \(contentType.prefix(100))",
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
        for h in headers { response.headers.append(h) }
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
