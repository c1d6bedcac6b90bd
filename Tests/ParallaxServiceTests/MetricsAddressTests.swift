import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// docs/operations.md#metrics: `--metrics-address` keeps `/metrics` on the public port (the
/// default), moves it to a listener of its own, or turns it off; the public port then answers 404.
@Suite struct MetricsAddressTests {
    @Test func theDefaultServesMetricsOnThePublicPort() throws {
        #expect(try ServerOptions.parse(arguments: [], environment: [:]).service.metricsAddress == .sameAsPublic)
        #expect(Client().get("/metrics").status == 200)
    }

    @Test func offOrElsewhereHidesItFromThePublicPort() throws {
        #expect(try Client(arguments: ["--metrics-address", "off"]).get("/metrics").status == 404)
        let moved = try Client(arguments: ["--metrics-address", "127.0.0.1:9090"])
        #expect(moved.get("/metrics").status == 404)
        #expect(moved.get("/healthz").status == 200)
    }

    @Test func theMetricsListenerAnswersMetricsOnly() throws {
        let options = try ServerOptions.parse(arguments: ["--metrics-address", "127.0.0.1:0"], environment: [:]).service
        let app = ParallaxApp(options: options, metrics: ServiceMetrics(), isDraining: { false }, openConnections: { 3 },
                              refusals: { ServiceMetrics.Refusals() }, listener: .metrics)
        let client = Client(app: app)
        let metrics = client.get("/metrics")
        #expect(metrics.status == 200 && metrics.body.contains("parallax_open_connections 3"))
        #expect(client.get("/healthz").status == 404)
        #expect(client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=3").status == 404)
    }

    @Test func addressesAreParsedOrRefusedWithTheirName() throws {
        #expect(try MetricsAddress.parse("127.0.0.1:0") == .separate(host: "127.0.0.1", port: 0))
        #expect(try MetricsAddress.parse("PUBLIC") == .sameAsPublic)
        #expect(throws: ServerOptions.Error.self) { try MetricsAddress.parse("nowhere") }
        #expect(throws: ServerOptions.Error.self) { try MetricsAddress.parse(":80") }
        #expect(throws: ServerOptions.Error.self) { try MetricsAddress.parse("h:70000") }
    }
}

extension Client {
    init(app: ParallaxApp) { self.app = app }
}
