import FoundationEssentials
import Testing
import EmbeddedDocuments
@testable import ParallaxService

/// GET /v1/parallax.js (docs/web.md#the-module): the binary serves the module from a generated
/// Swift string, which must equal Sources/ParallaxService/Web/parallax.js (fix: run
/// `scripts/embed-module`), with what every document route gets: a JavaScript media type, a
/// strong ETag and `no-cache` (revalidated on every use, so an upgrade is seen at once), CORS, HEAD, 304 on a match, 405 for POST, the query ignored.
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
        #expect(r.header("Cache-Control") == "no-cache")
        #expect(r.header("Access-Control-Allow-Origin") != nil)
        let tag = r.header("ETag")
        #expect(tag?.hasPrefix("\"") == true)
        #expect(client.get("/v1/parallax.js?v=2").body == ParallaxModule.javaScript)
        let head = client.call(.head, "/v1/parallax.js")
        #expect(head.status == 200 && head.header("ETag") == tag)
        if let tag {
            let again = client.call(.get, "/v1/parallax.js", headers: [("If-None-Match", tag)])
            #expect(again.status == 304 && again.header("Cache-Control") == "no-cache")
            // The tag is of the bytes: a cache holding another build's module gets this one.
            #expect(client.call(.get, "/v1/parallax.js", headers: [("If-None-Match", "\"0123456789abcdef\"")]).status == 200)
        }
    }

    /// Every document is the build's bytes, the demo and the contract too; computed answers keep
    /// their max-age (their tag carries the answers' version).
    @Test func documentsAreRevalidatedAnswersKeepTheirFreshness() {
        for path in ["/", "/openapi.yaml", "/v1/parallax.js"] {
            #expect(client.get(path).header("Cache-Control") == "no-cache", "\(path)")
        }
        #expect(client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=2").header("Cache-Control")
                == "public, max-age=86400")
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
