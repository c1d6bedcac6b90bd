/// What may go on the wire as a header field: every name an RFC 9110 §5.1 token (`tchar`s),
/// every value free of control characters but HTAB (RFC 9110 §5.5: `field-vchar` is VCHAR or
/// obs-text, with SP and HTAB between; CR, LF and NUL would end the field, or the head, early
/// and let whatever follows pose as more fields or a second response, and swift-nio refuses
/// every other control character too). These run for every field of every answer, so eight
/// bytes at a time.
enum FieldCheck {
    /// RFC 9110 §5.6.2: `token = 1*tchar`, `tchar` being `!#$%&'*+-.^_`|~`, digits and letters.
    /// A word of letters and `-` (nearly every name) is accepted by one test, any other word
    /// byte by byte.
    static func isToken(_ bytes: RawSpan) -> Bool {
        let n = bytes.byteCount
        if n < 8 {
            var i = 0
            while i < n {
                if !isTChar(bytes.unsafeLoad(fromByteOffset: i, as: UInt8.self)) { return false }
                i &+= 1
            }
            return n > 0
        }
        var i = 0
        while true {
            let at = min(i, n &- 8)  // the last word overlaps the one before
            if !lettersOrHyphens(bytes.unsafeLoadUnaligned(fromByteOffset: at, as: UInt64.self)) {
                var k = at
                while k < at &+ 8 {
                    if !isTChar(bytes.unsafeLoad(fromByteOffset: k, as: UInt8.self)) { return false }
                    k &+= 1
                }
            }
            if at == n &- 8 { return true }
            i &+= 8
        }
    }

    /// RFC 9110 §5.5: no control character (below SP, or DEL) but HTAB in a field value; bytes
    /// from 0x80 (obs-text, UTF-8) pass.
    static func isValue(_ bytes: RawSpan) -> Bool {
        let n = bytes.byteCount
        if n < 8 {
            var i = 0
            while i < n {
                if isControl(bytes.unsafeLoad(fromByteOffset: i, as: UInt8.self)) { return false }
                i &+= 1
            }
            return true
        }
        var i = 0
        while true {
            let at = min(i, n &- 8)
            if controlLanes(bytes.unsafeLoadUnaligned(fromByteOffset: at, as: UInt64.self)) != 0 { return false }
            if at == n &- 8 { return true }
            i &+= 8
        }
    }

    /// A byte a field value must not hold: below SP but HTAB, or DEL.
    @inline(__always)
    static func isControl(_ b: UInt8) -> Bool { (b < 0x20 && b != 0x09) || b == 0x7f }

    /// The high bit of each byte of `w` that `isControl` refuses, exactly: per lane, without
    /// carries between lanes (the low seven bits plus 0x60 stay below 0x100).
    @inline(__always)
    static func controlLanes(_ w: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = ~((w & 0x7f7f_7f7f_7f7f_7f7f) &+ 0x6060_6060_6060_6060) & ~w & high
        let tab = zeroLanes(w ^ 0x0909_0909_0909_0909)
        let delete = zeroLanes(w ^ 0x7f7f_7f7f_7f7f_7f7f)
        return (belowSpace & ~tab) | delete
    }

    @inline(__always)
    static func isTChar(_ b: UInt8) -> Bool {
        if (b | 0x20) &- 0x61 < 26 || b == 0x2d { return true }
        let mask: UInt64 = b < 64 ? 0x03ff_6cfa_0000_0000 : b < 128 ? 0x57ff_ffff_c7ff_fffe : 0
        return (mask >> (b & 63)) & 1 == 1
    }

    /// The high bit of each byte of `v` that is zero, exactly (no false lanes).
    @inline(__always)
    static func zeroLanes(_ v: UInt64) -> UInt64 {
        ~(((v & 0x7f7f_7f7f_7f7f_7f7f) &+ 0x7f7f_7f7f_7f7f_7f7f) | v) & 0x8080_8080_8080_8080
    }

    /// Whether each of the eight bytes is an ASCII letter or `-`.
    @inline(__always)
    static func lettersOrHyphens(_ w: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        let x = (w | 0x2020_2020_2020_2020) & 0x7f7f_7f7f_7f7f_7f7f  // ASCII lower case
        let atLeastA = (x &+ 0x1f1f_1f1f_1f1f_1f1f) & high          // x ≥ 0x61
        let pastZ = (x &+ 0x0505_0505_0505_0505) & high             // x ≥ 0x7b
        let hyphen = zeroLanes(w ^ 0x2d2d_2d2d_2d2d_2d2d)
        return w & high == 0 && (atLeastA & ~pastZ) | hyphen == high
    }

    /// The reason for a refused name: control bytes shown as `\xNN`, at most 100 bytes.
    static func refusal(name: Span<UInt8>) -> String {
        var out = "'"
        var i = 0
        while i < min(name.count, 100) {
            let b = name[i]
            if b >= 0x20 && b < 0x7f { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += "\\x" + String(b, radix: 16) }
            i &+= 1
        }
        return out + "': the name is not an RFC 9110 token"
    }

    /// The reason for a refused value (its name is a token, so it prints as it is).
    static func refusal(value name: String) -> String { "\(name): the value holds a control character" }
}
