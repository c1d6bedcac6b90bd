/// Whether a request's `Content-Type` names JSON (docs/api.md: anything else is a 415):
/// `application/json` with or without parameters, or any `application/*+json` (RFC 6839 §3.1).
/// Type and subtype are case-insensitive (RFC 9110 §8.3.1), blanks are ignored.
///
/// One pass over the header's bytes as the engine lent them, no String: the media type (before
/// `;`) must start with `application/`, and what follows is `json` or ends in `+json` (the last
/// five bytes are kept in an integer). ASCII case folding is exact here: no non-ASCII character
/// folds to a letter of `application` or `json`, so non-ASCII bytes simply never match.
///
/// In the engine because `HeadPolicy` needs it too: a request that waits for `100 Continue` is
/// answered 415 from its head when its body would be refused (RFC 9110 §10.1.1).
public enum MediaType {
    private static let prefix: [UInt8] = Array("application/".utf8)
    /// `json` and `+json` as big-endian integers of their bytes.
    private static let json: UInt64 = 0x6a73_6f6e
    private static let plusJSON: UInt64 = 0x2b_6a73_6f6e

    /// `application/json` exactly, as two little-endian words ("applicat", "ion/json").
    private static let exact: (UInt64, UInt64) = (0x7461_6369_6c70_7061, 0x6e6f_736a_2f6e_6f69)

    public static func isJSON(_ value: Span<UInt8>) -> Bool {
        // What nearly every client sends, compared as two words before the general scan.
        if value.count == 16 {
            let raw = value.bytes
            if UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: 0, as: UInt64.self)) == exact.0
                && UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: 8, as: UInt64.self)) == exact.1 {
                return true
            }
        }
        let prefix = Self.prefix.span
        var matched = 0, after = 0
        var tail: UInt64 = 0
        for i in value.indices {
            var b = value[i]
            if b == UInt8(ascii: ";") { break }
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { continue }
            if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { b |= 0x20 }
            if matched < prefix.count {
                guard b == prefix[matched] else { return false }
                matched &+= 1
            } else {
                tail = tail << 8 | UInt64(b)
                after &+= 1
            }
        }
        guard matched == prefix.count else { return false }
        return (after == 4 && tail == json) || (after >= 5 && tail & 0xff_ffff_ffff == plusJSON)
    }
}
