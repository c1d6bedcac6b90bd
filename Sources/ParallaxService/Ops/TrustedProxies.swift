/// `--trusted-proxies`: the proxies whose `Forwarded` (RFC 7239) and `X-Forwarded-For` fields
/// name the client (docs/operations.md#client-addresses). From any other peer those fields are
/// ignored, so a client cannot put an address of its choosing in the log.
struct TrustedProxies: Sendable, Equatable {
    /// Address and prefix length (of the 128-bit form; an IPv4 /n is 96 + n).
    struct Range: Sendable, Equatable {
        var address: IPAddress
        var prefix: Int

        func contains(_ a: IPAddress) -> Bool {
            var bits = prefix
            for i in 0..<16 where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if a.bytes[i] & mask != address.bytes[i] & mask { return false }
                bits -= 8
            }
            return true
        }
    }

    var ranges: [Range] = []
    /// How many hops of a forwarding list are looked at, from the nearest: a client sends the
    /// rest, and a long list must not cost more than a few comparisons.
    static let maxHops = 16

    /// `10.0.0.0/8, 192.168.1.7, fd00::/8, ::1`; empty or `none`: none trusted.
    static func parse(_ text: String) throws(ServerOptions.ValueError) -> TrustedProxies {
        var out = TrustedProxies()
        if text.lowercased() == "none" { return out }
        for item in text.split(separator: ",") {
            let entry = item.trimmingSpaces
            guard !entry.isEmpty else { continue }
            let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let host = parts[0].hasPrefix("[") && parts[0].hasSuffix("]") ? parts[0].dropFirst().dropLast() : parts[0]
            guard let address = IPAddress(host) else {
                throw ServerOptions.ValueError(description: "must be addresses or CIDR ranges (e.g. 10.0.0.0/8, fd00::/8), not '\(entry)'")
            }
            var prefix = 128
            if parts.count == 2 {
                let maximum = address.isIPv4 ? 32 : 128
                guard parts[1].allSatisfy(\.isNumber), let n = Int(parts[1]), n <= maximum else {
                    throw ServerOptions.ValueError(description: "'\(entry)': the prefix length must be 0...\(maximum)")
                }
                prefix = address.isIPv4 ? 96 + n : n
            }
            out.ranges.append(Range(address: address, prefix: prefix))
        }
        return out
    }

    var text: String {
        ranges.map { r in
            let v4 = r.address.isIPv4
            let host = v4 ? r.address.bytes[12...].map(String.init).joined(separator: ".")
                : stride(from: 0, to: 16, by: 2).map { String(UInt16(r.address.bytes[$0]) << 8 | UInt16(r.address.bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
            return r.prefix == 128 ? host : "\(host)/\(v4 ? r.prefix - 96 : r.prefix)"
        }.joined(separator: ",")
    }

    func trusts(_ address: IPAddress) -> Bool { ranges.contains { $0.contains(address) } }

    /// The client of a request from `peer`: the peer itself unless it is trusted; then the
    /// nearest hop of `Forwarded` (else `X-Forwarded-For`) that is not a trusted proxy, walking
    /// from the nearest hop outward (the usual right-to-left rule: only the hops a trusted proxy
    /// appended are believed). A hop that is not an address (`unknown`, an obfuscated `_name`,
    /// garbage) ends the walk at the last address believed.
    func client(peer: String, forwarded: String?, xForwardedFor: String?) -> String {
        guard !ranges.isEmpty, let peerAddress = IPAddress(peer), trusts(peerAddress) else { return peer }
        let hops: [Substring]
        if let forwarded { hops = Self.forwardedFor(forwarded) } else if let xForwardedFor {
            hops = xForwardedFor.split(separator: ",").suffix(Self.maxHops).map { Self.host($0.trimmingSpaces) }
        } else {
            return peer
        }
        var client = peer
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { break }
            client = String(hop)
            if !trusts(address) { break }
        }
        return client
    }

    /// The `for=` of each element of a `Forwarded` field (RFC 7239 §4), nearest last.
    static func forwardedFor(_ value: String) -> [Substring] {
        var out: [Substring] = []
        for element in value.split(separator: ",").suffix(maxHops) {
            var found: Substring = "unknown"
            for pair in element.split(separator: ";") {
                let p = pair.trimmingSpaces
                guard p.count > 4, p.prefix(4).lowercased() == "for=" else { continue }
                var v = p.dropFirst(4)
                if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = v.dropFirst().dropLast() }
                found = host(v)
            }
            out.append(found)
        }
        return out
    }

    /// `[2001:db8::1]:4711` → `2001:db8::1`; `192.0.2.1:80` → `192.0.2.1`; a bare address as is.
    static func host(_ s: Substring) -> Substring {
        if s.hasPrefix("["), let close = s.firstIndex(of: "]") { return s[s.index(after: s.startIndex)..<close] }
        if s.filter({ $0 == ":" }).count == 1, let colon = s.firstIndex(of: ":") { return s[..<colon] }
        return s
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (OWS, RFC 9110 §5.6.3).
    var trimmingSpaces: SubSequence {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
