/// A numeric IP address as 16 bytes, an IPv4 one as its IPv4-mapped IPv6 form (RFC 4291
/// section 2.5.5.2), so one comparison serves both families: `--trusted-proxies` and the addresses that
/// `Forwarded` / `X-Forwarded-For` name (docs/operations.md#client-addresses). Pure Swift, no
/// resolver: a name is not an address.
struct IPAddress: Equatable, Sendable {
    /// Network order.
    var bytes: [UInt8]

    var isIPv4: Bool { bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF }

    init?(_ text: some StringProtocol) {
        if text.contains(":") {
            guard let b = Self.ipv6(Substring(text)) else { return nil }
            bytes = b
        } else {
            guard let v4 = Self.ipv4(Substring(text)) else { return nil }
            bytes = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] + v4
        }
    }

    /// Dotted decimal, four parts of 0–255 without leading zeros (a leading zero reads as octal
    /// elsewhere: refused rather than guessed).
    private static func ipv4(_ s: Substring) -> [UInt8]? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var out: [UInt8] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 3, p.allSatisfy(\.isASCII), p.allSatisfy(\.isNumber),
                  p.count == 1 || p.first != "0", let v = Int(p), v <= 255 else { return nil }
            out.append(UInt8(v))
        }
        return out
    }

    /// RFC 4291 section 2.2: eight groups of up to four hex digits, one `::` for a run of zero groups,
    /// the last 32 bits possibly dotted decimal.
    private static func ipv6(_ s: Substring) -> [UInt8]? {
        guard s.count <= 45 else { return nil }
        let halves = s.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ h: Substring) -> [UInt8]? {
            if h.isEmpty { return [] }
            var out: [UInt8] = []
            let parts = h.split(separator: ":", omittingEmptySubsequences: false)
            for (i, p) in parts.enumerated() {
                if i == parts.count - 1, p.contains(".") {
                    guard let v4 = ipv4(p) else { return nil }
                    out += v4
                    continue
                }
                guard (1...4).contains(p.count), let v = UInt16(p, radix: 16) else { return nil }
                out += [UInt8(v >> 8), UInt8(v & 0xFF)]
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

private extension Substring {
    /// Splits at every occurrence of `separator` (a two-character string here).
    func components(separatedBy separator: String) -> [Substring] {
        var out: [Substring] = []
        var rest = self[...]
        while let r = rest.range(of: separator) {
            out.append(rest[..<r.lowerBound])
            rest = rest[r.upperBound...]
        }
        out.append(rest)
        return out
    }

    func range(of needle: String) -> Range<Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
