import HTTPServer
import Testing
@testable import ParallaxService

/// docs/operations.md#client-addresses: `Forwarded` / `X-Forwarded-For` name the client only when
/// the peer is a proxy the operator trusts, and then only the hops trusted proxies appended.
@Suite struct TrustedProxiesTests {
    @Test func addressesOfBothFamiliesParse() {
        #expect(IPAddress("192.0.2.1")?.bytes == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 192, 0, 2, 1])
        #expect(IPAddress("::ffff:192.0.2.1") == IPAddress("192.0.2.1"))
        #expect(IPAddress("2001:db8::1")?.bytes == [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [1])
        #expect(IPAddress("::")?.bytes == [UInt8](repeating: 0, count: 16))
        #expect(IPAddress("1:2:3:4:5:6:7:8") != nil)
        for bad in ["", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "unknown", "_hidden", "::g", "1.2.3.4 "] {
            #expect(IPAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func rangesMatchByPrefix() throws {
        let t = try TrustedProxies.parse("10.0.0.0/8, 192.168.1.7,fd00::/8, [::1]")
        #expect(t.trusts(IPAddress("10.255.1.2")!) && !t.trusts(IPAddress("11.0.0.1")!))
        #expect(t.trusts(IPAddress("192.168.1.7")!) && !t.trusts(IPAddress("192.168.1.8")!))
        #expect(t.trusts(IPAddress("fd12::3")!) && !t.trusts(IPAddress("fe80::1")!))
        #expect(t.trusts(IPAddress("::1")!) && !t.trusts(IPAddress("::2")!))
        #expect(try TrustedProxies.parse("0.0.0.0/0").trusts(IPAddress("8.8.8.8")!))
        #expect(try !TrustedProxies.parse("0.0.0.0/0").trusts(IPAddress("2001:db8::1")!))
        #expect(try TrustedProxies.parse(t.text) == t)
        for bad in ["10.0.0.0/33", "fd00::/129", "10.0.0.0/x", "localhost", "10.0.0.0/8,nope"] {
            #expect(throws: ServerOptions.ValueError.self) { try TrustedProxies.parse(bad) }
        }
    }

    @Test func anUntrustedPeerIsTheClientWhateverItSends() throws {
        let t = try TrustedProxies.parse("10.0.0.0/8")
        #expect(t.client(peer: "203.0.113.9", forwarded: nil, xForwardedFor: "1.2.3.4") == "203.0.113.9")
        #expect(t.client(peer: "203.0.113.9", forwarded: "for=1.2.3.4", xForwardedFor: nil) == "203.0.113.9")
        #expect(TrustedProxies().client(peer: "10.0.0.1", forwarded: nil, xForwardedFor: "1.2.3.4") == "10.0.0.1")
    }

    @Test func aTrustedPeerNamesTheNearestUntrustedHop() throws {
        let t = try TrustedProxies.parse("10.0.0.0/8")
        // The client spoofs the first hop; the proxies append the truth on the right.
        #expect(t.client(peer: "10.0.0.2", forwarded: nil, xForwardedFor: "6.6.6.6, 198.51.100.4, 10.0.0.7") == "198.51.100.4")
        #expect(t.client(peer: "10.0.0.2", forwarded: nil, xForwardedFor: "10.0.0.9") == "10.0.0.9")
        #expect(t.client(peer: "10.0.0.2", forwarded: nil, xForwardedFor: nil) == "10.0.0.2")
        // Forwarded wins over X-Forwarded-For; ports, brackets and quotes come off.
        #expect(t.client(peer: "10.0.0.2", forwarded: #"for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711""#,
                         xForwardedFor: "6.6.6.6") == "2001:db8:cafe::17")
        #expect(t.client(peer: "10.0.0.2", forwarded: "For=192.0.2.43:8080;by=10.0.0.2", xForwardedFor: nil) == "192.0.2.43")
        // A hop that is not an address ends the walk at the last address believed.
        #expect(t.client(peer: "10.0.0.2", forwarded: nil, xForwardedFor: "1.2.3.4, garbage, 10.0.0.5") == "10.0.0.5")
        #expect(t.client(peer: "10.0.0.2", forwarded: "for=unknown", xForwardedFor: nil) == "10.0.0.2")
        #expect(t.client(peer: "10.0.0.2", forwarded: "for=_hidden, for=10.0.0.3", xForwardedFor: nil) == "10.0.0.3")
    }

    @Test func aLongListCostsOnlyItsLastHops() throws {
        let t = try TrustedProxies.parse("10.0.0.0/8")
        let list = (0..<10_000).map { _ in "10.1.1.1" }.joined(separator: ",")
        #expect(t.client(peer: "10.0.0.2", forwarded: nil, xForwardedFor: "9.9.9.9," + list) == "10.1.1.1")
    }

    @Test func theOptionParsesAndShowsItsDefault() throws {
        #expect(try ServerOptions.parse(arguments: [], environment: [:]).service.trustedProxies == TrustedProxies())
        #expect(try ServerOptions.parse(arguments: ["--trusted-proxies", "none"], environment: [:]).service.trustedProxies == TrustedProxies())
        let o = try ServerOptions.parse(arguments: [], environment: ["PARALLAX_TRUSTED_PROXIES": "10.0.0.0/8,::1"])
        #expect(o.service.trustedProxies.ranges.count == 2)
        #expect(throws: ServerOptions.Error.self) { try ServerOptions.parse(arguments: ["--trusted-proxies", "10.0.0.0/99"], environment: [:]) }
        #expect(ServerOptions.helpText().contains("--trusted-proxies LIST"))
    }
}
