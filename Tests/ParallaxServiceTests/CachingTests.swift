import HTTPServer
import Testing
import EmbeddedDocuments
@testable import ParallaxService

/// docs/api.md caching and compression through the application (no sockets): ETag on every 200,
/// 304 for a matching If-None-Match on GET/HEAD, Cache-Control, gzip with Vary.
@Suite struct CachingTests {
    let client = Client()
    static let small = "/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offset=0"
    static let large = "/v1/paging?viewport.width=390&viewport.height=844&pageCount=50&include=all&offset=0"
    static let body = #"{"viewport":{"width":390,"height":844},"pageCount":40,"include":"all","offset":10}"#

    @Test func getAnswersCarryAStableETagAndCacheControl() {
        let a = client.get(Self.small), b = Client().get(Self.small)
        #expect(a.status == 200)
        let tag = a.header("ETag")
        #expect(tag != nil && tag == b.header("ETag"))
        #expect(tag?.hasPrefix("\"") == true && tag?.hasSuffix("\"") == true && tag?.hasPrefix("W/") == false)
        #expect(a.header("Cache-Control") == "public, max-age=86400")
        #expect(a.header("Vary") == "Accept, Accept-Encoding")
        #expect(a.header("Content-Encoding") == nil)
        #expect(client.get(Self.small + "&pageSpacing=1").header("ETag") != tag)
        #expect(client.call(.head, Self.small).header("ETag") == tag)
    }

    @Test func postAnswersCarryAnETagButNoFreshness() {
        let r = client.post("/v1/paging", Self.body)
        #expect(r.status == 200)
        #expect(r.header("ETag") != nil)
        #expect(r.header("Cache-Control") == nil)
        #expect(r.header("ETag") == client.post("/v1/paging", Self.body).header("ETag"))
        #expect(r.header("ETag") != client.post("/v1/header", Self.body).header("ETag"))
    }

    @Test func aMatchingIfNoneMatchIs304WithTheValidatorsKept() throws {
        let first = client.get(Self.small)
        let tag = try #require(first.header("ETag"))
        for field in [tag, "\"other\", \(tag)", "W/\(tag)", "*"] {
            for method in [HTTPMethod.get, .head] {
                let r = client.call(method, Self.small, headers: [("If-None-Match", field)])
                #expect(r.status == 304, "\(field)")
                #expect(r.bytes.isEmpty && r.contentType == nil)
                #expect(r.header("ETag") == tag)
                #expect(r.header("Cache-Control") == "public, max-age=86400")
                #expect(r.header("Vary") == "Accept, Accept-Encoding")
                #expect(r.header("Access-Control-Allow-Origin") == "*")
            }
        }
        #expect(client.call(.get, Self.small, headers: [("If-None-Match", "\"nope\"")]).status == 200)
        // A list split over two field lines is one list (RFC 9110 §5.3).
        #expect(client.call(.get, Self.small, headers: [("If-None-Match", "\"a\""), ("If-None-Match", tag)]).status == 304)
    }

    @Test func aMatchingPostIs412AndProblemsAreNotStored() throws {
        let tag = try #require(client.post("/v1/paging", Self.body).header("ETag"))
        let r = client.call(.post, "/v1/paging", Self.body, headers: [("If-None-Match", tag)])
        #expect(r.status == 412)
        #expect(r.contentType == "application/problem+json")
        #expect(r.header("Cache-Control") == "no-store")
        let invalid = client.call(.get, "/v1/paging?pageCount=0", headers: [("If-None-Match", "*")])
        #expect(invalid.status == 422)  // preconditions only apply to what would be a 2xx
        #expect(invalid.header("Cache-Control") == "no-store" && invalid.header("ETag") == nil)
        #expect(client.get("/healthz").header("Cache-Control") == "no-store")
        #expect(client.get("/metrics").header("ETag") == nil)
    }

    @Test func largeAnswersAreGzippedWhenAskedAndDecodeToTheSameBytes() throws {
        let plain = client.get(Self.large)
        #expect(plain.bytes.count >= 1024)
        let gz = client.call(.get, Self.large, headers: [("Accept-Encoding", "br, gzip;q=0.9")])
        #expect(gz.status == 200)
        #expect(gz.header("Content-Encoding") == "gzip")
        #expect(gz.header("Vary") == "Accept, Accept-Encoding")
        #expect(gz.contentType == "application/json")
        #expect(gunzip(gz.bytes) == plain.bytes)
        #expect(gz.bytes.count * 5 < plain.bytes.count)
        let plainTag = try #require(plain.header("ETag")), gzTag = try #require(gz.header("ETag"))
        #expect(plainTag != gzTag)
        // Deterministic bytes, from a fresh app too.
        #expect(Client().call(.get, Self.large, headers: [("Accept-Encoding", "gzip")]).bytes == gz.bytes)
        // Each representation revalidates with its own tag.
        #expect(client.call(.get, Self.large, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", gzTag)]).status == 304)
        #expect(client.call(.get, Self.large, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", plainTag)]).status == 200)
        #expect(client.call(.get, Self.large, headers: [("If-None-Match", plainTag)]).status == 304)
    }

    @Test func refusalsAndSmallAnswersStayIdentity() {
        for field in ["gzip;q=0", "identity", "deflate", "*;q=0"] {
            let r = client.call(.get, Self.large, headers: [("Accept-Encoding", field)])
            #expect(r.header("Content-Encoding") == nil, "\(field)")
            #expect(r.header("Vary") == "Accept, Accept-Encoding")
        }
        let small = client.call(.get, Self.small, headers: [("Accept-Encoding", "gzip")])
        #expect(small.bytes.count < 1024 && small.header("Content-Encoding") == nil)
        #expect(small.header("ETag") == client.get(Self.small).header("ETag"))
        let post = client.call(.post, "/v1/paging", Self.body, headers: [("Accept-Encoding", "gzip")])
        #expect(post.header("Content-Encoding") == "gzip")
        #expect(gunzip(post.bytes) == client.post("/v1/paging", Self.body).bytes)
    }

    @Test func theContractIsCachedByItsOwnBytes() throws {
        let r = client.call(.get, "/openapi.yaml", headers: [("Accept-Encoding", "gzip")])
        #expect(r.header("Content-Encoding") == "gzip")
        #expect(gunzip(r.bytes).map { String(decoding: $0, as: UTF8.self) } == OpenAPIDocument.yaml)
        let tag = try #require(r.header("ETag"))
        #expect(client.call(.get, "/openapi.yaml", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", tag)]).status == 304)
    }

    @Test func cacheMaxAgeIsConfigurable() throws {
        let c = try Client(arguments: ["--cache-max-age", "60"])
        #expect(c.get(Self.small).header("Cache-Control") == "public, max-age=60")
        let env = try ServerOptions.parse(arguments: [], environment: ["PARALLAX_CACHE_MAX_AGE": "0"])
        #expect(env.service.cacheMaxAge == 0)
        #expect(throws: ServerOptions.Error.self) {
            try ServerOptions.parse(arguments: ["--cache-max-age", "-1"], environment: [:])
        }
    }

    @Test func theAnswerVersionIsTheContractVersion() {
        #expect(OpenAPIDocument.yaml.contains("version: \(EntityTag.answerVersion)\n"))
    }

    @Test func listPoliciesMergeVary() throws {
        let c = try Client(arguments: ["--cors-origins", "https://a.example"])
        let r = c.call(.get, Self.large, headers: [("Origin", "https://a.example"), ("Accept-Encoding", "gzip")])
        #expect(r.header("Vary") == "Accept, Accept-Encoding, Origin")
        #expect(r.headers.filter { $0.name == "Vary" }.count == 1)
    }
}
