/// A connection refused for lack of room (`maxConnections`, or the descriptors' reserve,
/// DescriptorReserve.swift) is normally answered 503. A liveness probe must not fail that way
/// just because clients crowd the server, so a `GET` for one of
/// `HTTPServerConfiguration.servedWhenFull` is answered by the responder as usual (then closed).
/// The refused connection waits for its head at most `RefusedConnection.patience`, reading
/// without blocking the loop, and at most `RefusedConnection.maxPending` wait per loop.
enum WhenFull {
    /// Writes the responder's answer into `response` and returns true when `bytes` hold a complete
    /// GET of one of `paths`; false (nothing written) otherwise.
    static func answer(_ bytes: ByteBuffer, paths: [String], limits: HTTPLimits, responder: any HTTPResponder,
                       into response: inout HTTPResponse) -> Bool {
        let parser = HTTPParser(limits: limits)
        let complete = bytes.withReadableBytes { input in
            if case .messageComplete = parser.execute(input) { return true }
            return false
        }
        guard complete, parser.method == .get else { return false }
        return parser.withRequest { request in
            let path = String(copying: request.path)
            guard paths.contains(path) else { return false }
            responder.respond(to: request, into: &response)
            return true
        }
    }
}
