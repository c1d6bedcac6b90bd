import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// docs/api.md: the layout limits are configurable, by flag or environment variable, with the
/// documented defaults when neither is given.
@Suite struct LimitOptionsTests {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ServerOptions {
        try ServerOptions.parse(arguments: arguments, environment: environment)
    }

    @Test func defaultsAreTheSpecLimits() throws {
        #expect(try parse([]).service.limits == LayoutLimits.standard)
    }

    @Test func flagsAndEnvironmentSetEachLimit() throws {
        let o = try parse(["--max-layers", "2", "--max-offsets=10", "--max-page-count", "50"],
                          ["PARALLAX_MAX_ELEMENTS": "7", "PARALLAX_MAX_PAGES_PER_RESPONSE": "99",
                           "PARALLAX_MAX_LAYERS": "30"])
        let limits = o.service.limits
        #expect(limits.maxLayers == 2)  // the flag wins over the environment
        #expect(limits.maxOffsets == 10)
        #expect(limits.maxPageCount == 50)
        #expect(limits.maxElements == 7)
        #expect(limits.maxPagesPerResponse == 99)
    }

    @Test func badValuesAreRejectedWithTheirName() {
        #expect(throws: ServerOptions.Error.self) { try parse(["--max-layers", "0"]) }
        #expect(throws: ServerOptions.Error.self) { try parse(["--max-offsets", "many"]) }
        #expect(throws: ServerOptions.Error.self) { try parse([], ["PARALLAX_MAX_PAGE_COUNT": "-1"]) }
    }

    @Test func helpAndEnvironmentListTheLimits() {
        let help = ServerOptions.helpText()
        for flag in ["--max-page-count", "--max-pages-per-response", "--max-offsets", "--max-layers", "--max-elements"] {
            #expect(help.contains(flag))
        }
        #expect(help.contains("env PARALLAX_MAX_LAYERS, default 32"))
        #expect(ServerOptions.environmentNames()
            .contains("PARALLAX_MAX_PAGE_COUNT"))
    }

    @Test func aConfiguredLayerLimitIsEnforced() throws {
        let client = Client(limits: try parse(["--max-layers", "1"]).service.limits)
        let body = #"{"viewport":{"width":390,"height":844},"pageCount":5,"layers":[{"name":"a"},{"name":"b"}]}"#
        let reply = client.call(.post, "/v1/paging", body)
        #expect(reply.status == 422)
        #expect(reply.body.contains(#""pointer":"/layers""#))
    }
}
