import HTTPServer
import ParallaxLayout
@testable import ParallaxService

/// Calls the application directly, without sockets, as the engine would.
struct Client {
    let app: ParallaxApp
    init(draining: Bool = false, limits: LayoutLimits = .standard) {
        app = ParallaxApp(options: ServiceOptions(accessLog: false, limits: limits),
                          metrics: ServiceMetrics(), isDraining: { draining })
    }

    /// With options from a command line, e.g. `["--cors-origins", "https://a.example"]`.
    init(arguments: [String]) throws {
        let server = try ServerOptions.parse(arguments: arguments + ["--access-log", "off"], environment: [:],
                                             application: ServiceOptions.commandLineOptions)
        app = ParallaxApp(options: ServiceOptions(server), metrics: ServiceMetrics())
    }

    struct Reply {
        var status: Int
        var contentType: String?
        var headers: [(name: String, value: String)]
        var bytes: [UInt8]
        var body: String { String(decoding: bytes, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    func call(_ method: HTTPMethod, _ target: String, _ body: String? = nil,
              contentType: String? = "application/json", headers extra: [(String, String)] = []) -> Reply {
        var headers = HTTPHeaders([("Host", "test")])
        if body != nil, let contentType { headers.append(name: "Content-Type", value: contentType) }
        for (name, value) in extra { headers.append(name: name, value: value) }
        let request = HTTPRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8))
        var response = HTTPResponse()
        app.respond(to: request, into: &response)
        return Reply(status: response.status, contentType: response.contentType, headers: response.headers, bytes: response.body)
    }

    func post(_ path: String, _ body: String) -> Reply { call(.post, path, body) }
    func get(_ target: String) -> Reply { call(.get, target) }
}
