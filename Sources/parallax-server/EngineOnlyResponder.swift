import HTTPServer

/// The responder main starts with until ParallaxService's takes its place (a one-line change in
/// main.swift): liveness, readiness (503 while draining, so load balancers stop sending), 404.
final class EngineOnlyResponder: HTTPResponder {
    private let state: ServerState

    init(state: ServerState) { self.state = state }

    func respond(to request: HTTPRequest, into response: inout HTTPResponse) {
        response.contentType = "application/json"
        let path = request.path
        guard request.method == .get || request.method == .head else {
            response.status = path == "/healthz" || path == "/readyz" ? 405 : 404
            if response.status == 405 { response.headers.append((name: "Allow", value: "GET, HEAD")) }
            response.body.append(contentsOf: #"{"status":"error"}"#.utf8)
            return
        }
        switch path {
        case "/healthz":
            response.body.append(contentsOf: #"{"status":"ok"}"#.utf8)
        case "/readyz":
            if state.isDraining {
                response.status = 503
                response.body.append(contentsOf: #"{"status":"draining"}"#.utf8)
            } else {
                response.body.append(contentsOf: #"{"status":"ready"}"#.utf8)
            }
        default:
            response.status = 404
            response.body.append(contentsOf: #"{"status":"not found"}"#.utf8)
        }
    }
}

/// Called once on each event loop's thread (defined here, not in main.swift, so it is not
/// inferred @MainActor).
@Sendable func makeEngineOnlyResponder(loopIndex: Int, state: ServerState) -> any HTTPResponder {
    EngineOnlyResponder(state: state)
}
