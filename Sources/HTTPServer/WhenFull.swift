/// A connection refused for lack of room (`maxConnections`, or the descriptors' reserve,
/// DescriptorReserve.swift) is normally answered 503. A liveness probe must not fail that way
/// just because clients crowd the server, so a `GET` for one of
/// `HTTPServerConfiguration.servedWhenFull` whose whole head has already arrived is answered by
/// the responder as usual (then closed). The peek is one non-blocking read: the loop never waits
/// for a refused client, and a head that has not arrived yet simply gets the 503.
enum WhenFull {
    /// Writes the responder's answer into `response` and returns true when the bytes waiting on
    /// `fd` are such a request; false (nothing written) otherwise.
    static func answer(_ fd: Int32, paths: [String], limits: HTTPLimits, responder: any HTTPResponder,
                       into response: inout HTTPResponse) -> Bool {
        var bytes = ByteBuffer()
        guard bytes.read(fromFileDescriptor: fd, maximum: 4096) > 0 else { return false }
        let parser = HTTPParser(limits: limits)
        let complete = bytes.withReadableBytes { input in
            if case .messageComplete = parser.execute(input) { return true }
            return false
        }
        guard complete, parser.method == .get, paths.contains(parser.pathString) else { return false }
        parser.withRequest { request in responder.respond(to: request, into: &response) }
        return true
    }
}
