import FoundationEssentials
import Testing
import EmbeddedDocuments
@testable import ParallaxService

/// GET /v1/parallax.js (docs/web.md#the-module): the binary serves the module from a generated
/// Swift string, which must equal Sources/ParallaxService/Web/parallax.js (fix: run
/// `scripts/embed-module`), with what every document route gets: a JavaScript media type, a
/// strong ETag and freshness, CORS, HEAD, 304 on a match, 405 for POST, the query ignored.
@Suite struct ParallaxModuleTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ParallaxService/Web/parallax.js")
    let client = Client()

    @Test func embeddedModuleMatchesParallaxJS() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(ParallaxModule.javaScript == text, "run scripts/embed-module")
    }

    @Test func getServesTheModuleCacheableAndCrossOrigin() {
        let r = client.call(.get, "/v1/parallax.js", headers: [("Origin", "https://app.example")])
        #expect(r.status == 200)
        #expect(r.contentType == "text/javascript; charset=utf-8")
        #expect(r.body == ParallaxModule.javaScript)
        #expect(r.header("Cache-Control") == "public, max-age=86400")
        #expect(r.header("Access-Control-Allow-Origin") != nil)
        let tag = r.header("ETag")
        #expect(tag?.hasPrefix("\"") == true)
        #expect(client.get("/v1/parallax.js?v=2").body == ParallaxModule.javaScript)
        let head = client.call(.head, "/v1/parallax.js")
        #expect(head.status == 200 && head.header("ETag") == tag)
        if let tag { #expect(client.call(.get, "/v1/parallax.js", headers: [("If-None-Match", tag)]).status == 304) }
    }

    @Test func postToTheModuleIsA405() {
        let r = client.post("/v1/parallax.js", "{}")
        #expect(r.status == 405)
        #expect(r.header("Allow") == "GET, HEAD, OPTIONS")
    }

    /// Dependency-free: no import of anything, no build step (plain modern JavaScript).
    @Test func theModuleImportsNothing() {
        #expect(!ParallaxModule.javaScript.contains("import "))
        #expect(ParallaxModule.javaScript.contains("export async function play("))
        #expect(ParallaxModule.javaScript.contains("{ passive: true }"))
    }
}
