import HTTPServer
import ParallaxLayout
@testable import ParallaxService

/// Calls the application directly, without sockets, as the engine would.
struct Client {
    let app: ParallaxApp
    init(draining: Bool = false, limits: LayoutLimits = .standard, openConnections: Int = 0, streamThreshold: Int? = nil) {
        app = ParallaxApp(options: ServiceOptions(accessLog: false, limits: limits),
                          metrics: ServiceMetrics(), isDraining: { draining }, openConnections: { openConnections })
        if let streamThreshold { app.streamThreshold = streamThreshold }
    }

    /// With options from a command line, e.g. `["--cors-origins", "https://a.example"]`.
    init(arguments: [String]) throws {
        let server = try ServerOptions.parse(arguments: arguments + ["--access-log", "off"], environment: [:])
        app = ParallaxApp(options: server.service, metrics: ServiceMetrics())
    }

    struct Reply {
        var status: Int
        var contentType: String?
        var headers: [(name: String, value: String)]
        var bytes: [UInt8]
        /// True when the body came from a producer (streamed, chunked on the wire).
        var streamed = false
        var body: String { String(decoding: bytes, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    func call(_ method: HTTPMethod, _ target: String, _ body: String? = nil,
              contentType: String? = "application/json", headers extra: [(String, String)] = []) -> Reply {
        var headers = [("Host", "test")]
        if body != nil, let contentType { headers.append(("Content-Type", contentType)) }
        headers += extra
        var response = HTTPResponse()
        HTTPRequest.with(method: method, target: target, headers: headers, body: Array((body ?? "").utf8)) { request in
            app.respond(to: request, into: &response)
        }
        // A producer that prepares is decided first, as the engine does: its refusal is the answer.
        if var producer = response.producer, producer.prepares {
            if let refusal = Preparation.decide({ producer.prepare() }) {
                return Reply(status: refusal.status.code, contentType: refusal.contentType, headers: refusal.headers,
                             bytes: refusal.bytes.bytes)
            }
            response.stream(producer)
        }
        return Reply(status: response.status.code, contentType: response.contentType, headers: response.headers,
                     bytes: response.producer == nil ? response.bytes.bytes : drain(response, limits: { 16 * 1024 }),
                     streamed: response.producer != nil)
    }

    /// A streamed body, produced as the engine would with the limits `limits` gives per call.
    func drain(_ response: HTTPResponse, limits: () -> Int) -> [UInt8] {
        guard var producer = response.producer else { return response.bytes.bytes }
        var out = ByteBuffer()
        var calls = 0
        while producer.produce(into: &out, limit: limits()) == .more {
            calls += 1
            if calls > 10_000_000 { break }  // a producer that never ends fails the comparison
        }
        return out.bytes
    }

    func post(_ path: String, _ body: String) -> Reply { call(.post, path, body) }
    func get(_ target: String) -> Reply { call(.get, target) }
}
