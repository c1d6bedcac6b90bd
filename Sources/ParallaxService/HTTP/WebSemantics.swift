import HTTPServer

/// The narrow hook between the application and SPEC §9's HTTP semantics: the preflight answer,
/// and the fields every answer gains after the route has written it (CORS). One instance per
/// `ParallaxApp`, so per event loop. The engine port calls the same two functions around its
/// endpoint abstraction.
struct WebSemantics {
    let cors: CORSPolicy

    init(options: ServiceOptions) {
        self.cors = options.cors
    }

    /// `OPTIONS` on a known route: 204 with `Allow` and, for an allowed origin, the CORS preflight
    /// fields (Fetch §3.2.3). Never reaches the route itself.
    func preflight(_ request: HTTPRequest, _ route: Route, into response: inout HTTPResponse) {
        response.status = 204
        response.headers += cors.preflight(origin: request.headers["Origin"],
                                           requestHeaders: request.headers["Access-Control-Request-Headers"],
                                           methods: route.allow)
    }

    /// After the route (or a problem) has filled `response`: the CORS fields, on problems too, so
    /// a script can read why its request failed.
    func finish(_ request: HTTPRequest, _ route: Route, _ response: inout HTTPResponse) {
        addCORS(origin: request.headers["Origin"], &response)
    }

    /// `Access-Control-Allow-Origin` and `-Expose-Headers` when the origin is allowed, and
    /// `Vary: Origin` when the policy is a list.
    func addCORS(origin: String?, _ response: inout HTTPResponse) {
        response.headers += cors.responseHeaders(origin: origin)
        if cors.variesByOrigin { response.headers.append(("Vary", "Origin")) }
    }
}
