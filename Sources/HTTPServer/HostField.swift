/// The `Host` field's grammar (RFC 9110 §7.2: `Host = uri-host [ ":" port ]`, with `uri-host`
/// from RFC 3986 §3.2.2). RFC 9112 §3.2 requires a 400 for a Host field with an invalid value, so
/// a value such as `a b` is refused before the application sees it. The check is a single pass
/// over the value's bytes, with no allocation (it runs on every request).
enum HostField {
    /// Whether `value` is `uri-host [ ":" port ]`: a bracketed IP literal, or a reg-name /
    /// IPv4 address (unreserved, percent-encoded and sub-delims bytes), then an optional colon and
    /// digits. An empty value is valid (RFC 9110 §7.2: an authority without a host).
    static func isValid(_ value: Span<UInt8>) -> Bool {
        var i = 0
        let n = value.count
        if n > 0 && value[0] == UInt8(ascii: "[") {
            // IP-literal = "[" ( IPv6address / IPvFuture ) "]": hex digits, ':' and '.' (IPv6,
            // with an embedded IPv4), or 'v' then unreserved / sub-delims / ':' (IPvFuture).
            i = 1
            while i < n && value[i] != UInt8(ascii: "]") {
                let b = value[i]
                guard isRegName(b) || b == UInt8(ascii: ":") else { return false }
                i &+= 1
            }
            guard i < n, i > 1 else { return false }
            i &+= 1
        } else {
            while i < n && value[i] != UInt8(ascii: ":") {
                let b = value[i]
                if b == UInt8(ascii: "%") {
                    guard i &+ 2 < n, isHex(value[i &+ 1]), isHex(value[i &+ 2]) else { return false }
                    i &+= 3
                    continue
                }
                guard isRegName(b) else { return false }
                i &+= 1
            }
        }
        guard i < n else { return true }
        // port = *DIGIT
        guard value[i] == UInt8(ascii: ":") else { return false }
        i &+= 1
        while i < n {
            guard value[i] >= UInt8(ascii: "0") && value[i] <= UInt8(ascii: "9") else { return false }
            i &+= 1
        }
        return true
    }

    /// unreserved (ALPHA DIGIT - . _ ~) or sub-delims (! $ & ' ( ) * + , ; =), RFC 3986 §2.
    @inline(__always)
    private static func isRegName(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    @inline(__always)
    private static func isHex(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "f"))
    }
}
