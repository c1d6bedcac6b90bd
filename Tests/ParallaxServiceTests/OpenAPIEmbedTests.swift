import FoundationEssentials
import Testing
import EmbeddedDocuments
@testable import ParallaxService

/// The binary serves openapi.yaml from a generated Swift string; this fails when the two differ.
/// Fix: run `scripts/embed-openapi`.
@Test func embeddedContractMatchesOpenAPIYAML() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let file = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    #expect(OpenAPIDocument.yaml == file, "run scripts/embed-openapi")
}
