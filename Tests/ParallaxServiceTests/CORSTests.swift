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
        #expect(d["Access-Control-Allow-Headers"] == "Content-Type, If-None-Match, traceparent, tracestate, X-Request-Id")
        #expect(d["Access-Control-Max-Age"] == "7200")
        #expect(d["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(d["Vary"] == "Access-Control-Request-Headers")
    }

    static let base = "Content-Type, If-None-Match, traceparent, tracestate, X-Request-Id"

    @Test func allowHeadersEchoesOnlySafelistedExtras() {
        let p = CORSPolicy.default
        #expect(p.allowHeaders(asked: nil) == Self.base)
        #expect(p.allowHeaders(asked: "if-none-match,content-type,traceparent,x-request-id") == Self.base)
        #expect(p.allowHeaders(asked: "accept-language, x-secret ,Accept") == Self.base + ", accept-language, accept")
        #expect(!p.allowHeaders(asked: "authorization, x-secret").lowercased().contains("authorization"))
    }

    /// `--cors-allow-headers`: the operator's names join the list (once each, as given).
    @Test func theOperatorsHeadersJoinTheList() throws {
        var p = CORSPolicy.default
        p.extraHeaders = try CORSPolicy.parseHeaderList(" Authorization, x-amzn-trace-id ,X-Request-ID, sentry-trace")
        #expect(p.allowHeaders(asked: "authorization") == Self.base + ", Authorization, x-amzn-trace-id, sentry-trace")
        for bad in ["*", "a b", "x-a, *", "a:b", "é"] {
            #expect(throws: CORSPolicy.ParseError.self, "\(bad)") { try CORSPolicy.parseHeaderList(bad) }
        }
        #expect(throws: CORSPolicy.ParseError.self) { try CORSPolicy.parseHeaderList((0...32).map { "h\($0)" }.joined(separator: ",")) }
        let flag = try ServerOptions.parse(arguments: ["--cors-allow-headers", "Authorization", "--cors-origins", "https://a.example"],
                                           environment: [:])
        #expect(flag.service.cors.extraHeaders == ["Authorization"] && flag.service.cors.origins == .list(["https://a.example"]))
        let env = try ServerOptions.parse(arguments: [], environment: ["PARALLAX_CORS_ALLOW_HEADERS": "Authorization,Baggage"])
        #expect(env.service.cors.extraHeaders == ["Authorization", "Baggage"])
        // `none`, the default `--help` shows, is the empty list.
        #expect(try ServerOptions.parse(arguments: ["--cors-allow-headers", "none"], environment: [:]).service.cors.extraHeaders.isEmpty)
        #expect(throws: ServerOptions.Error.self) {
            try ServerOptions.parse(arguments: ["--cors-allow-headers", "*"], environment: [:])
        }
        let client = try Client(arguments: ["--cors-allow-headers", "Authorization"])
        let pre = client.call(.options, "/v1/paging", headers: [("Origin", "https://a.example"), ("Access-Control-Request-Method", "POST"),
                                                                ("Access-Control-Request-Headers", "authorization,traceparent")])
        #expect(pre.header("Access-Control-Allow-Headers") == Self.base + ", Authorization")
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
        for route in Route.table where route.hasCORS {
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
            #expect(r.header("Access-Control-Expose-Headers") == "ETag, X-Request-Id")
            #expect(!(r.header("Vary") ?? "").contains("Origin"))
        }
    }

    /// docs/operations.md#metrics: for the scraper, not for web pages: no CORS field on any
    /// answer of /metrics, and a preflight that allows nothing (the browser refuses).
    @Test func metricsHaveNoCORS() throws {
        for client in [Client(), try Client(arguments: ["--cors-origins", "https://a.example"])] {
            for r in [client.call(.get, "/metrics", headers: [("Origin", "https://a.example")]),
                      client.call(.post, "/metrics", "{}", headers: [("Origin", "https://a.example")]),
                      client.call(.options, "/metrics", headers: [("Origin", "https://a.example"), ("Access-Control-Request-Method", "GET")])] {
                #expect(!r.headers.contains { $0.name.hasPrefix("Access-Control-") }, "\(r.status): \(r.headers)")
                #expect(r.header("X-Request-Id") != nil)
            }
        }
        #expect(Client().get("/metrics").header("Cache-Control") == "no-store")
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
