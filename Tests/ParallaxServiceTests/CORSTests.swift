import HTTPServer
import Testing
@testable import ParallaxService

/// docs/api.md CORS: the pure policy (Fetch standard §3.2) and the answers of the application.
@Suite struct CORSPolicyTests {
    @Test func starAllowsEveryOriginWithTheWildcard() throws {
        let p = try CORSPolicy(parsing: " * ")
        #expect(p == .default)
        #expect(p.allowOrigin(for: "https://anything.example") == "*")
        #expect(p.allowOrigin(for: nil) == "*")
        #expect(!p.variesByOrigin)
    }

    @Test func aListEchoesOnlyItsOrigins() throws {
        let p = try CORSPolicy(parsing: "https://A.example/, http://localhost:8080")
        #expect(p.origins == .list(["https://a.example", "http://localhost:8080"]))
        #expect(p.allowOrigin(for: "https://a.example") == "https://a.example")
        #expect(p.allowOrigin(for: "HTTPS://A.EXAMPLE") == "HTTPS://A.EXAMPLE")  // echoed as sent
        #expect(p.allowOrigin(for: "http://localhost:8080") == "http://localhost:8080")
        #expect(p.allowOrigin(for: "http://localhost:8081") == nil)
        #expect(p.allowOrigin(for: "https://a.example.evil") == nil)
        #expect(p.allowOrigin(for: "null") == nil)
        #expect(p.allowOrigin(for: nil) == nil)
        #expect(p.variesByOrigin)
    }

    @Test func badListsAreRejected() {
        for text in ["", " , ", "a.example", "https://a.example/path", "https://*.example", "*, https://a.example", "ftp://a"] {
            #expect(throws: CORSPolicy.ParseError.self, "\(text)") { try CORSPolicy(parsing: text) }
        }
    }

    @Test func preflightListsMethodsHeadersAndMaxAge() {
        let fields = CORSPolicy.default.preflight(origin: "https://a.example", requestHeaders: "content-type",
                                                  methods: "GET, HEAD, POST, OPTIONS")
        let d = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(d["Access-Control-Allow-Origin"] == "*")
        #expect(d["Access-Control-Allow-Methods"] == "GET, HEAD, POST, OPTIONS")
        #expect(d["Access-Control-Allow-Headers"] == "Content-Type, If-None-Match")
        #expect(d["Access-Control-Max-Age"] == "7200")
        #expect(d["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(d["Vary"] == "Access-Control-Request-Headers")
    }

    @Test func allowHeadersEchoesOnlyAllowedExtras() {
        #expect(CORSPolicy.allowHeaders(asked: nil) == "Content-Type, If-None-Match")
        #expect(CORSPolicy.allowHeaders(asked: "if-none-match,content-type") == "Content-Type, If-None-Match")
        #expect(CORSPolicy.allowHeaders(asked: "accept-language, x-secret ,Accept") == "Content-Type, If-None-Match, accept-language, accept")
    }

    @Test func aDisallowedOriginGetsNoCORSFields() throws {
        let p = try CORSPolicy(parsing: "https://a.example")
        let fields = p.preflight(origin: "https://b.example", requestHeaders: nil, methods: "GET, HEAD, OPTIONS")
        #expect(!fields.contains { $0.name.hasPrefix("Access-Control-") })
        #expect(fields.contains { $0.name == "Vary" && $0.value == "Origin" })
        #expect(p.allowOrigin(for: "https://b.example") == nil)
    }
}

@Suite struct CORSAnswerTests {
    static let paging = "/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offset=0"

    @Test func everyKnownRouteAnswersAPreflight() {
        let client = Client()
        for route in Route.table {
            let r = client.call(.options, route.label, headers: [("Origin", "https://x.example"),
                                                                     ("Access-Control-Request-Method", "POST")])
            #expect(r.status == 204, "\(route.label)")
            #expect(r.bytes.isEmpty)
            #expect(r.header("Access-Control-Allow-Origin") == "*")
            #expect(r.header("Access-Control-Allow-Methods") == route.allow)
            #expect(r.header("Allow") == route.allow)
        }
        #expect(client.call(.options, "/v1/paging").header("Access-Control-Allow-Methods") == "GET, HEAD, POST, OPTIONS")
        #expect(client.call(.options, "/healthz").header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
    }

    @Test func optionsOnAnUnknownPathIs404WithCORS() {
        let r = Client().call(.options, "/v2/nothing", headers: [("Origin", "https://x.example")])
        #expect(r.status == 404)
        #expect(r.header("Access-Control-Allow-Origin") == "*")
    }

    @Test func answersAndProblemsCarryTheWildcard() {
        let client = Client()
        for r in [client.get(Self.paging), client.post("/v1/scroll", "{"), client.call(.put, "/v1/paging"),
                  client.get("/healthz")] {
            #expect(r.header("Access-Control-Allow-Origin") == "*", "\(r.status)")
            #expect(r.header("Access-Control-Expose-Headers") == "ETag")
            #expect(!(r.header("Vary") ?? "").contains("Origin"))
        }
    }

    @Test func aListEchoesTheOriginWithVary() throws {
        let client = try Client(arguments: ["--cors-origins", "https://app.example,http://localhost:3000"])
        let ok = client.call(.get, Self.paging, headers: [("Origin", "https://app.example")])
        #expect(ok.status == 200)
        #expect(ok.header("Access-Control-Allow-Origin") == "https://app.example")
        #expect(ok.header("Vary")?.contains("Origin") == true)
        let other = client.call(.get, Self.paging, headers: [("Origin", "https://evil.example")])
        #expect(other.status == 200)
        #expect(other.header("Access-Control-Allow-Origin") == nil)
        #expect(other.header("Vary")?.contains("Origin") == true)
        let problem = client.call(.post, "/v1/paging", "[", headers: [("Origin", "http://localhost:3000")])
        #expect(problem.status == 400)
        #expect(problem.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        let pre = client.call(.options, "/v1/scroll", headers: [("Origin", "https://evil.example"),
                                                                ("Access-Control-Request-Method", "POST")])
        #expect(pre.status == 204)
        #expect(pre.header("Access-Control-Allow-Origin") == nil && pre.header("Access-Control-Allow-Methods") == nil)
    }

    @Test func theOptionComesFromFlagOrEnvironmentAndIsChecked() throws {
        let env = try ServerOptions.parse(arguments: [], environment: ["PARALLAX_CORS_ORIGINS": "https://e.example"])
        #expect(env.service.cors.origins == .list(["https://e.example"]))
        #expect(try ServerOptions.parse(arguments: [], environment: [:]).service.cors == .default)
        #expect(throws: ServerOptions.Error.self) {
            try ServerOptions.parse(arguments: ["--cors-origins", "app.example"], environment: [:])
        }
    }
}
