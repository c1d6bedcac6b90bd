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
            // Eight bytes at a time while they are letters, digits, '.' or '-' (a host name or an
            // IPv4 address: nearly every value), then byte by byte from the first other word.
            while i &+ 8 <= n && hostNameWord(value.bytes.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i &+= 8
            }
            // i < n: read without a second bounds check (the value is checked on every request).
            while i < n && value[unchecked: i] != UInt8(ascii: ":") {
                let b = value[unchecked: i]
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

    /// unreserved (ALPHA DIGIT - . _ ~) or sub-delims (! $ & ' ( ) * + , ; =), RFC 3986 §2: one
    /// bit per byte in two words (bytes 0–63, 64–127), so a byte costs a shift and a test instead
    /// of a chain of ranges (the check ran at ≈ 17 instructions a byte, bench/callgrind).
    @inline(__always)
    static func isRegName(_ b: UInt8) -> Bool {
        let mask: UInt64 = b < 64 ? 0x2bff_7fd2_0000_0000 : b < 128 ? 0x47ff_fffe_87ff_fffe : 0
        return (mask >> (b & 63)) & 1 == 1
    }

    /// Whether each of the eight bytes of `w` is an ASCII letter, a digit, '.' or '-', per lane
    /// (`x ≥ lo` is the high bit of `x + 0x80 − lo`, exact for ASCII lanes; a lane with its high
    /// bit set fails the first test, whatever its carries did to the others).
    @inline(__always)
    static func hostNameWord(_ w: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let folded = w | 0x2020_2020_2020_2020
        let letter = (folded &+ 0x1f1f_1f1f_1f1f_1f1f) & ~(folded &+ 0x0505_0505_0505_0505)  // 0x61…0x7a
        let digitDotHyphen = (w &+ 0x5353_5353_5353_5353) & ~(w &+ 0x4646_4646_4646_4646)    // 0x2d…0x39
        let slash = FieldCheck.zeroLanes(w ^ 0x2f2f_2f2f_2f2f_2f2f)
        return w & high == 0 && ((letter | (digitDotHyphen & ~slash)) & high) == high
    }

    @inline(__always)
    private static func isHex(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "f"))
    }
}
