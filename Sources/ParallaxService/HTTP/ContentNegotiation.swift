/// `Accept-Encoding` (RFC 9110 §12.5.3) for docs/api.md: whether an answer may be sent gzip-coded.
enum ContentCoding: Equatable, Sendable {
    case identity, gzip

    /// The token for `Content-Encoding` and for the entity tag (`""` for identity).
    var token: String {
        switch self {
        case .identity: ""
        case .gzip: "gzip"
        }
    }
}

enum ContentNegotiation {
    /// The coding to use for a client that sent `acceptEncoding` (all field lines joined with `,`;
    /// nil when absent).
    ///
    /// - Absent: identity (RFC 9110 §12.5.3: any coding is then acceptable, but a client that did not ask
    ///   may not decode one; every HTTP cache and curl send the field when they can).
    /// - gzip's weight is that of `gzip` or `x-gzip` (RFC 9110 §8.4.1.3), else `*`, else 0; identity's that
    ///   of `identity`, else `*`, else the smallest positive weight: identity is acceptable unless
    ///   excluded, but only a client that names it prefers it (`gzip;q=0.8` alone means gzip).
    /// - gzip when its weight is positive and not below identity's: `gzip;q=0` refuses it, and
    ///   `gzip;q=0.5, identity` prefers identity. When both are refused the answer still goes out as
    ///   identity (RFC 9110 §12.5.3 allows it rather than a 406 that helps nobody).
    /// Members are case-insensitive; a member with a malformed weight is ignored.
    static func coding(acceptEncoding: String?) -> ContentCoding {
        guard let field = acceptEncoding else { return .identity }
        var gzip: Int?, identity: Int?, star: Int?
        for member in field.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let first = parts.first else { continue }
            let name = first.trimmingBlanks().lowercasedASCII()
            guard !name.isEmpty else { continue }
            var weight = 1000
            var valid = true
            for parameter in parts.dropFirst() {
                let kv = parameter.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, kv[0].trimmingBlanks().lowercasedASCII() == "q" else { continue }
                if let q = qValue(kv[1].trimmingBlanks()) { weight = q } else { valid = false }
            }
            guard valid else { continue }
            switch name {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
            case "identity": identity = weight
            case "*": star = weight
            default: continue
            }
        }
        let g = gzip ?? star ?? 0
        let i = identity ?? star ?? 1
        return g > 0 && g >= i ? .gzip : .identity
    }

    /// A weight in thousandths (RFC 9110 §12.4.2: `0[.ddd]` or `1[.000]`), or nil when malformed.
    static func qValue(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard let first = b.first, first == 0x30 || first == 0x31 else { return nil }
        var value = Int(first - 0x30) * 1000
        if b.count == 1 { return value }
        guard b[1] == 0x2E, b.count <= 5 else { return nil }
        var scale = 100
        for d in b[2...] {
            guard d >= 0x30 && d <= 0x39 else { return nil }
            value += Int(d - 0x30) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}
