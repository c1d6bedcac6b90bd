import EmbeddedDocuments
import HTTPServer
import Testing
@testable import ParallaxService

/// Each route is declared once (Route.table); what HTTP says about it is derived from that entry.
@Suite struct RouteTableTests {
    let client = Client()

    static func target(_ route: Route) -> String { "\(route.path)" }

    @Test func everyPathAppearsOnceAndMatchesItsOwnEntry() {
        let labels = Route.table.map(\.label)
        #expect(Set(labels).count == labels.count)
        for (i, route) in Route.table.enumerated() {
            #expect(Route.index(ofTarget: Self.target(route).utf8.span) == i, "\(route.label)")
            #expect(Route.index(ofTarget: (Self.target(route) + "?a=1").utf8.span) == i, "\(route.label)")
        }
        #expect(Route.index(ofTarget: "/v1/pagin".utf8.span) == Route.table.count)
        #expect(Route.index(ofTarget: "/problems/".utf8.span) == Route.table.count)
        #expect(Route.labels.last == "unmatched")
    }

    @Test func methodsDecideTheAllowFieldAndThe405() {
        for route in Route.table {
            let target = Self.target(route)
            let post = client.call(.post, target, "{}")
            if route.methods == .read {
                #expect(post.status == 405, "\(route.label)")
                #expect(post.header("Allow") == "GET, HEAD, OPTIONS")
            } else {
                #expect(post.status != 405, "\(route.label)")
            }
            let delete = client.call(.delete, target)
            #expect(delete.status == 405 && delete.header("Allow") == route.allow, "\(route.label)")
        }
    }

    @Test func cachingDecidesETagAndCacheControl() {
        for route in Route.table where route.methods == .read {
            let r = client.get(Self.target(route))
            #expect(r.status == 200, "\(route.label)")
            switch route.caching {
            case .validated:
                // A document is the build's bytes, revalidated at every use (docs/api.md#caching).
                let expected = if case .document = route.handler { "no-cache" } else { "public, max-age=86400" }
                #expect(r.header("ETag") != nil && r.header("Cache-Control") == expected, "\(route.label)")
            case .noStore:
                #expect(r.header("ETag") == nil && r.header("Cache-Control") == "no-store", "\(route.label)")
            }
        }
    }

    @Test func onlyTheLayoutRoutesVaryOnAccept() {
        let query = "?viewport.width=390&viewport.height=844&pageCount=3&offset=0"
        #expect(client.get("/v1/paging" + query).header("Vary") == "Accept, Accept-Encoding")
        #expect(client.get("/v1/paging/keyframes?viewport.width=390&viewport.height=844&pageCount=3").header("Vary") == "Accept-Encoding")
        #expect(client.get("/openapi.yaml").header("Vary") == "Accept-Encoding")
    }

    @Test func metricsLabelEveryRouteByItsPattern() {
        let c = Client()
        for path in ["/problems/invalid-request", "/random/\(UInt64.random(in: 0...UInt64.max))"] {
            let r = c.get(path)  // then the record, as the engine sends it
            c.app.record(HTTPRequestRecord(method: .get, path: path, status: r.status, bytesIn: 0, bytesOut: 0,
                                           durationNanoseconds: 1000, remoteAddress: "test"))
        }
        let metrics = c.get("/metrics").body
        #expect(metrics.contains(#"parallax_http_requests_total{route="/problems/invalid-request",status="200"} 1"#))
        #expect(metrics.contains(#"parallax_http_requests_total{route="unmatched",status="404"} 1"#))
    }
}

/// Every problem type the service names is a URI that answers (RFC 9457 §3.1.1).
@Suite struct ProblemTypeTests {
    let client = Client()

    @Test func everyTypeURIIsItsRoute() {
        for type in ProblemType.allCases {
            #expect("\(type.uri)" == "\(ProblemType.pathPrefix)\(type.rawValue)")
            let r = client.get("\(type.uri)")
            #expect(r.status == 200, "\(type.uri)")
            #expect(r.contentType == "text/plain; charset=utf-8")
            #expect(r.body.hasPrefix("\(type.title) (\(type.status))\n"))
            #expect(r.header("ETag") != nil)
        }
    }

    @Test func theTypesOfEmittedProblemsResolve() throws {
        let malformed = client.post("/v1/paging", "{")
        let invalid = client.post("/v1/paging", "{}")
        for problem in [malformed, invalid] {
            let type = try #require(problem.body.split(separator: "\"").dropFirst(3).first)
            #expect(type.hasPrefix("/problems/"))
            #expect(client.get(String(type)).status == 200, "\(type)")
        }
    }

    @Test func theContractListsEveryType() {
        let slugs = ProblemType.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(OpenAPIDocument.yaml.contains("  /problems/{type}:\n"))
        #expect(OpenAPIDocument.yaml.contains("schema: {type: string, enum: [\(slugs)]}"))
    }

    /// Every route of the table is a path of the contract.
    @Test func theContractHasEveryRoute() {
        for route in Route.table {
            let path = route.label.hasPrefix(ProblemType.pathPrefix) ? "/problems/{type}" : route.label
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(route.label)")
        }
    }

    @Test func anUnknownTypeIs404() {
        #expect(client.get("/problems/no-such-type").status == 404)
        #expect(client.get("/problems/malformed-json/more").status == 404)
        #expect(client.call(.options, "/problems/AAA").status == 404)
    }

    @Test func theDescriptionIsPreparedOnceAndShared() {
        let index = Route.index(ofTarget: "/problems/invalid-request".utf8.span)
        guard index < Route.table.count, case .document(let a) = Route.table[index].handler,
              case .document(let b) = Route.table[index].handler else {
            Issue.record("a problem type is a document route")
            return
        }
        #expect(a === b)
        #expect(String(decoding: a.identity.bytes, as: UTF8.self) == ProblemType.invalidRequest.page)
        #expect(client.call(.head, "/problems/invalid-request").bytes.count == a.identity.readableBytes)
    }
}
