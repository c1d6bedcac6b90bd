/// What the parser reads off a head beyond llhttp: the origin-form of an absolute-form target,
/// and the codings named in `Content-Encoding` / `Transfer-Encoding` that this engine cannot undo.
enum RequestTarget {
    /// RFC 9112 §3.2.2: a server MUST accept the absolute-form (`GET http://host/healthz`). The
    /// index where the target's path starts: 0 for the origin-form (or `*`, or an authority-form
    /// that no route matches), else past the scheme and authority. An empty path is `/`
    /// (RFC 9110 §4.2.3), written over the authority's last byte (the authority is not used
    /// afterwards: the Host field was read). nil for an absolute-form without a host (a 400).
    static func originFormStart(_ bytes: inout ByteBuffer, end: Int) -> Int? {
        let scheme: Int? = bytes.withReadableBytes { all in
            let target = all.extracting(0..<min(end, all.count))
            if target.count > 0 && target[0] == UInt8(ascii: "/") { return nil }  // origin-form
            for prefix: StaticString in ["http://", "https://"] where target.count >= prefix.utf8CodeUnitCount {
                if asciiCaseInsensitiveEquals(target.extracting(0..<prefix.utf8CodeUnitCount), prefix) {
                    return prefix.utf8CodeUnitCount
                }
            }
            return nil
        }
        guard let scheme else { return 0 }
        var i = scheme
        while i < end, bytes.byte(at: i) != UInt8(ascii: "/"), bytes.byte(at: i) != UInt8(ascii: "?") { i &+= 1 }
        if i == scheme { return nil }
        if i < end && bytes.byte(at: i) == UInt8(ascii: "/") { return i }
        let slash: [UInt8] = [UInt8(ascii: "/")]
        bytes.setBytes(slash.span, at: i - 1)
        return i - 1
    }

    /// The field value (a comma list of codings, RFC 9110 §8.4.1, RFC 9112 §6.1) when it names one
    /// other than `allowed`, cut to 100 bytes for a problem's detail; nil when it names none.
    static func coding(otherThan allowed: StaticString, in value: Span<UInt8>) -> String? {
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count && value[end] != UInt8(ascii: ",") { end &+= 1 }
            var a = start, b = end
            while a < b && (value[a] == 0x20 || value[a] == 0x09) { a &+= 1 }
            while b > a && (value[b - 1] == 0x20 || value[b - 1] == 0x09) { b &-= 1 }
            if b > a && !asciiCaseInsensitiveEquals(value.extracting(a..<b), allowed) {
                return String(copying: value.extracting(0..<min(value.count, 100)))
            }
            start = end &+ 1
        }
        return nil
    }
}
