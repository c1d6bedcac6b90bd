import Testing
import HTTPServer
@testable import ParallaxService

/// Every option is parsed into its typed field once, at start-up: what the application reads is
/// that value, with no string kept to be parsed again.
@Suite struct TypedOptionsTests {
    @Test func theServiceOptionsAreTheParsedValues() throws {
        let o = try ServerOptions.parse(arguments: ["--cors-origins", "https://a.example/", "--cache-max-age", "60",
                                                    "--log-format", "text", "--max-offsets", "7"],
                                        environment: ["PARALLAX_ACCESS_LOG": "on"])
        var expected = ServiceOptions(logFormat: .text, accessLog: true, cacheMaxAge: 60)
        expected.limits.maxOffsets = 7
        expected.cors = try CORSPolicy(parsing: "https://a.example")
        #expect(o.service == expected)
    }

    @Test func theHelpShowsEachDefaultFromTheTypedValue() {
        let help = ServerOptions.helpText()
        #expect(help.contains("env PARALLAX_CORS_ORIGINS, default *"))
        #expect(help.contains("env PARALLAX_CACHE_MAX_AGE, default 86400"))
        #expect(help.contains("env PARALLAX_LOG_FORMAT, default json"))
        #expect(help.contains("env PARALLAX_ACCESS_LOG, default off"))
    }

    @Test func aBadValueNamesItsOption() {
        #expect(throws: ServerOptions.Error(description: "--cache-max-age: must be an integer number of seconds in 0...31536000, not 'x'")) {
            try ServerOptions.parse(arguments: ["--cache-max-age", "x"], environment: [:])
        }
        #expect(throws: ServerOptions.Error(description: "PARALLAX_MAX_LAYERS: --max-layers: must be an integer in 1...1000000000, not '0'")) {
            try ServerOptions.parse(arguments: [], environment: ["PARALLAX_MAX_LAYERS": "0"])
        }
    }
}
