import Testing
import HTTPServer
import ParallaxService

/// Flags over environment over documented defaults.
@Suite struct ServerOptionsTests {
    @Test func defaultsAreTheDocumentedOnes() throws {
        let o = try ServerOptions.parse(arguments: [], environment: [:])
        #expect(o.configuration.host == "127.0.0.1")
        #expect(o.configuration.port == 8080)
        #expect(o.configuration.workers == HTTPServerConfiguration.defaultWorkers)
        #expect(o.configuration.limits == HTTPLimits())
        #expect(HTTPLimits().maxHeaderBytes == 16 * 1024)
        #expect(HTTPLimits().maxBodyBytes == 1024 * 1024)
        #expect(o.service.logFormat == .json)
        #expect(!o.service.accessLog)
        #expect(!o.configuration.reusePort) // a busy port is an error unless asked (docs/operations.md#ports)
    }

    @Test func environmentSetsEveryLimitAndFlagsWin() throws {
        let env = [
            "PARALLAX_PORT": "9000", "PARALLAX_WORKERS": "3", "PARALLAX_MAX_BODY_BYTES": "64k",
            "PARALLAX_MAX_HEADER_BYTES": "8192", "PARALLAX_MAX_HEADER_COUNT": "20",
            "PARALLAX_MAX_CONNECTIONS": "50", "PARALLAX_HEADER_TIMEOUT": "250ms",
            "PARALLAX_IDLE_TIMEOUT": "2.5", "PARALLAX_REQUEST_TIMEOUT": "7s", "PARALLAX_DRAIN_TIMEOUT": "3",
            "PARALLAX_WRITE_HIGH_WATER_MARK": "1m", "PARALLAX_LOG_FORMAT": "text", "PARALLAX_ACCESS_LOG": "on",
            "PARALLAX_REUSE_PORT": "on", "PARALLAX_MAX_INPUT_BYTES": "32m",
        ]
        let o = try ServerOptions.parse(arguments: ["--port", "9100", "--host=0.0.0.0"], environment: env)
        #expect(o.configuration.port == 9100)
        #expect(o.configuration.host == "0.0.0.0")
        #expect(o.configuration.workers == 3)
        let l = o.configuration.limits
        #expect(l.maxBodyBytes == 65536)
        #expect(l.maxHeaderBytes == 8192)
        #expect(l.maxHeaderCount == 20)
        #expect(l.maxConnections == 50)
        #expect(l.headerTimeout == .milliseconds(250))
        #expect(l.idleTimeout == .milliseconds(2500))
        #expect(l.requestTimeout == .seconds(7))
        #expect(l.drainTimeout == .seconds(3))
        #expect(l.writeHighWaterMark == 1 << 20)
        #expect(l.maxInputBytes == 32 << 20)
        #expect(o.service.logFormat == .text)
        #expect(o.service.accessLog)
        #expect(o.configuration.reusePort)
        #expect(try !ServerOptions.parse(arguments: ["--reuse-port", "off"], environment: env).configuration.reusePort)
        #expect(ServerOptions.environmentNames().count == 30) // the engine's 16, the application's 14
    }

    @Test func modesAndBadValues() throws {
        #expect(try ServerOptions.parse(arguments: ["--healthcheck"], environment: [:]).healthcheck)
        #expect(try ServerOptions.parse(arguments: ["--help"], environment: [:]).help)
        #expect(try ServerOptions.parse(arguments: ["--version"], environment: [:]).version)
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: ["--reuse-port", "maybe"], environment: [:]) }
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: ["--port", "70000"], environment: [:]) }
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: ["--nope"], environment: [:]) }
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: ["--workers"], environment: [:]) }
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: [], environment: ["PARALLAX_IDLE_TIMEOUT": "soon"]) }
    }

    @Test func helpNamesEveryFlagWithItsVariable() {
        let help = ServerOptions.helpText()
        for name in ServerOptions.environmentNames() { #expect(help.contains(name)) }
        #expect(help.contains("--drain-timeout"))
        #expect(help.contains("default 1048576"))
    }
}

