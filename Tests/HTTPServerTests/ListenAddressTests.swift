import Testing
@testable import HTTPServer

/// docs/operations.md#ipv6: `--host` takes IPv4 and IPv6 literals, bare or bracketed; `::` is dual
/// stack; the health probe finds a server on either loopback.
@Suite struct ListenAddressTests {
    @Test func bracketsComeOffAndGoBackOnForURLs() {
        #expect(ListenAddress.unbracketed("[::1]") == "::1")
        #expect(ListenAddress.unbracketed("::1") == "::1")
        #expect(ListenAddress.unbracketed("127.0.0.1") == "127.0.0.1")
        #expect(ListenAddress.unbracketed("[]") == "[]")
        #expect(ListenAddress.urlForm("::1") == "[::1]")
        #expect(ListenAddress.urlForm("0.0.0.0") == "0.0.0.0")
    }

    @Test func wildcardsAreReachedThroughTheirLoopback() {
        #expect(ListenAddress.local("0.0.0.0") == "127.0.0.1")
        #expect(ListenAddress.local("::") == "::1")
        #expect(ListenAddress.local("10.1.2.3") == "10.1.2.3")
        #expect(ListenAddress.isWildcard("::") && ListenAddress.isWildcard("0.0.0.0") && !ListenAddress.isWildcard("::1"))
    }

    @Test func mappedIPv4ClientsAreShownAsIPv4() {
        #expect(ListenAddress.unmapped("::ffff:127.0.0.1") == "127.0.0.1")
        #expect(ListenAddress.unmapped("::FFFF:10.0.0.2") == "10.0.0.2")
        #expect(ListenAddress.unmapped("::ffff:a00:2") == "::ffff:a00:2")
        #expect(ListenAddress.unmapped("::1") == "::1")
    }

    @Test func theProbeTriesBothLoopbacksForAWildcardOrALoopback() {
        #expect(HealthProbe.addresses(host: "0.0.0.0") == ["127.0.0.1", "::1"])
        #expect(HealthProbe.addresses(host: "::") == ["::1", "127.0.0.1"])
        #expect(HealthProbe.addresses(host: "[::1]") == ["::1", "127.0.0.1"])
        #expect(HealthProbe.addresses(host: "10.1.2.3") == ["10.1.2.3"])
    }

    /// A server on one address family answers there and is probed there.
    @Test(arguments: [("::1", true, false), ("[::1]", true, false), ("::", true, true), ("127.0.0.1", false, true)])
    func aServerIsReachedOnTheFamiliesItListensOn(host: String, overIPv6: Bool, overIPv4: Bool) throws {
        let server = try HTTPServer.start(HTTPServerConfiguration(host: host, port: 0, workers: 1)) { _, _ in EchoResponder() }
        defer { server.shutdown() }
        #expect(server.host == ListenAddress.unbracketed(host))
        #expect(HealthProbe.isHealthy(host: "::1", port: server.port) == (overIPv6 || overIPv4))
        #expect(HealthProbe.isHealthyAt(address: "::1", port: server.port) == overIPv6)
        #expect(HealthProbe.isHealthyAt(address: "127.0.0.1", port: server.port) == overIPv4)
    }

    @Test func anAddressThatIsNotOneIsAClearError() {
        for host in ["localhost", "::g", "1.2.3"] {
            #expect(throws: HTTPServerError.self) {
                try HTTPServer.start(HTTPServerConfiguration(host: host, port: 0, workers: 1)) { _, _ in EchoResponder() }
            }
        }
    }
}
