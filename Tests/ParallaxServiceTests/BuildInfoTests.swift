import Testing
import HTTPServer
@testable import ParallaxService

/// `--version`, the start-up lines and the build-info gauge tell the same story.
@Suite struct BuildInfoTests {
    @Test func versionLineNamesTheVersionAndTheCommit() {
        #expect(BuildInfo.versionLine() == "parallax-server \(BuildInfo.version) (commit \(BuildInfo.commit))")
        #expect(!BuildInfo.commit.isEmpty)
        #expect(BuildInfo.commit.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
    }

    @Test(arguments: [(1, "with 1 worker"), (2, "with 2 workers"), (16, "with 16 workers")])
    func startupLineCountsWorkersInWords(workers: Int, words: String) {
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, workers: workers)
        let line = StartupLog.listening(configuration, port: 18300)
        #expect(line == "\(BuildInfo.versionLine()) listening on 127.0.0.1:18300 \(words)")
    }

    @Test func startupLineSaysWhenThePortIsShared() {
        let configuration = HTTPServerConfiguration(host: "0.0.0.0", port: 0, workers: 2, reusePort: true)
        #expect(StartupLog.listening(configuration, port: 8080).hasSuffix(
            "listening on 0.0.0.0:8080 with 2 workers, port shared with other processes (--reuse-port on)"))
    }

    @Test func demoURLIsOneABrowserOnThisMachineOpens() {
        let loopback = HTTPServerConfiguration(host: "127.0.0.1", port: 0, workers: 1)
        #expect(StartupLog.demo(loopback, port: 8080) == "demo page: http://127.0.0.1:8080/")
        let wildcard = HTTPServerConfiguration(host: "0.0.0.0", port: 0, workers: 1)
        #expect(StartupLog.demo(wildcard, port: 9000) == "demo page: http://127.0.0.1:9000/")
        #expect(StartupLog.demoURL(host: "10.1.2.3", port: 80) == "http://10.1.2.3:80/")
    }

    /// docs/operations.md#ipv6: an IPv6 address is bracketed before its port, and `::` (every
    /// address) is reached through [::1]; the line names the address bound, not the one asked.
    @Test func ipv6AddressesAreWrittenAsInURLs() {
        let six = HTTPServerConfiguration(host: "::", port: 0, workers: 1)
        #expect(StartupLog.listening(six, port: 8080) == "\(BuildInfo.versionLine()) listening on [::]:8080 with 1 worker")
        #expect(StartupLog.listening(six, host: "0.0.0.0", port: 8080).contains("listening on 0.0.0.0:8080"))
        #expect(StartupLog.demo(six, port: 8080) == "demo page: http://[::1]:8080/")
        #expect(StartupLog.demoURL(host: "[::1]", port: 80) == "http://[::1]:80/")
        #expect(StartupLog.metrics(six, host: "::1", port: 9090) == "metrics: http://[::1]:9090/metrics (--metrics-address)")
    }

    @Test func hostTakesBracketsAndMetricsAddressNeedsThem() throws {
        #expect(try ServerOptions.parse(arguments: ["--host", "[::1]"], environment: [:]).configuration.host == "::1")
        #expect(try ServerOptions.parse(arguments: [], environment: ["PARALLAX_HOST": "::"]).configuration.host == "::")
        let metrics = try ServerOptions.parse(arguments: ["--metrics-address", "[::1]:9090"], environment: [:])
        #expect(metrics.service.metricsAddress == .separate(host: "::1", port: 9090))
        #expect(metrics.service.metricsAddress.text == "[::1]:9090")
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: ["--metrics-address", "::1:9090"], environment: [:]) }
    }

    @Test func metricsCarryTheBuildInfoGauge() {
        var out = ByteBuffer()
        ServiceMetrics().render(into: &out, openConnections: 0)
        let text = String(decoding: out.bytes, as: UTF8.self)
        #expect(text.contains("# TYPE parallax_build_info gauge\n"))
        #expect(text.contains("parallax_build_info{version=\"\(BuildInfo.version)\",commit=\"\(BuildInfo.commit)\"} 1\n"))
    }
}
