import FoundationEssentials
import Testing
import EmbeddedDocuments
@testable import ParallaxService

/// The binary serves the demo page (docs/api.md) from a generated Swift string; these fail when it
/// differs from Sources/ParallaxService/Demo/demo.html (fix: run `scripts/embed-demo`) or when the
/// page reaches for anything outside itself.
@Suite struct DemoPageTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ParallaxService/Demo/demo.html")

    @Test func embeddedPageMatchesDemoHTML() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(DemoPage.html == text, "run scripts/embed-demo")
    }

    @Test func getSlashServesThePage() {
        let r = Client().get("/")
        #expect(r.status == 200)
        #expect(r.contentType == "text/html; charset=utf-8")
        #expect(r.body.hasPrefix("<!doctype html>"))
        #expect(r.body == DemoPage.html)
    }

    @Test func postToTheDemoIsA405() {
        let r = Client().post("/", "{}")
        #expect(r.status == 405)
        #expect(r.header("Allow") == "GET, HEAD, OPTIONS")
    }

    /// Self-contained: no script, stylesheet, image or font from another origin (data: URLs only).
    @Test func thePageLoadsNothingFromOutside() {
        let html = DemoPage.html
        for needle in ["src=\"http", "href=\"http", "url(http", "url('http", "@import", "//cdn", "fonts.googleapis"] {
            #expect(!html.contains(needle), "found \(needle)")
        }
        #expect(html.contains("format\", \"css\""), "the stage is styled by the service's keyframes")
    }
}
