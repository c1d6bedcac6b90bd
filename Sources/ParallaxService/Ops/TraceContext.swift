import HTTPServer

/// A W3C Trace Context received (https://www.w3.org/TR/trace-context/, docs/operations.md#tracing):
/// the `traceparent` of the caller's span and its `tracestate`, kept for the access record so a
/// request can be followed from the browser to this line. Never an error: a field that breaks
/// the rules is ignored (section 3.2.2.4 "the vendor MUST ignore the traceparent"), and `tracestate`
/// is read only with a valid `traceparent` (section 3.3.1).
struct TraceContext: Sendable, Equatable {
    /// 32 lowercase hex digits, not all zero.
    var traceId: String
    /// 16 lowercase hex digits, not all zero: the caller's span.
    var parentId: String
    /// The trace flags byte (bit 0: sampled).
    var flags: UInt8
    /// The list of vendors' entries as received, when it keeps the rules (section 3.3.1.3), else nil.
    var tracestate: String?

    /// The most `tracestate` list members (section 3.3.1.1) and the most bytes of it kept; a longer
    /// one is dropped whole rather than cut (a cut entry would be another vendor's data).
    static let maxMembers = 32
    static let maxStateBytes = 512

    /// The context of `traceparent` and `tracestate` (each field's lines joined with `, `,
    /// RFC 9110 section 5.3), or nil when `traceparent` is absent, repeated or malformed.
    static func parse(traceparent: String?, tracestate: String?) -> TraceContext? {
        // section 3.2.1: one traceparent; a second line (joined by a comma, which no valid value
        // holds) leaves the parent unknown.
        guard let traceparent, var context = parseParent(Array(traceparent.utf8)) else { return nil }
        context.tracestate = tracestate.flatMap(checkedState)
        return context
    }

    /// `version-traceid-parentid-flags` (section 3.2.2): lowercase hex throughout; version `ff` is
    /// invalid; version 00 is exactly 55 bytes; a later version may append `-…` past byte 55,
    /// whose first four fields are read as version 00's (section 3.2.4).
    static func parseParent(_ b: [UInt8]) -> TraceContext? {
        guard b.count >= 55, isHex(b, 0..<2), b[2] == 0x2D, isHex(b, 3..<35), b[35] == 0x2D,
              isHex(b, 36..<52), b[52] == 0x2D, isHex(b, 53..<55) else { return nil }
        let version = hexValue(b, 0..<2)
        if version == 0xFF { return nil }
        if version == 0 ? b.count != 55 : (b.count > 55 && b[55] != 0x2D) { return nil }
        guard !allZero(b, 3..<35), !allZero(b, 36..<52) else { return nil }
        return TraceContext(traceId: String(decoding: b[3..<35], as: UTF8.self),
                            parentId: String(decoding: b[36..<52], as: UTF8.self),
                            flags: UInt8(truncatingIfNeeded: hexValue(b, 53..<55)), tracestate: nil)
    }

    /// `tracestate` when every list member is `key=value` by section 3.3.1.3 (empty members allowed),
    /// at most `maxMembers`, each key once, at most `maxStateBytes`; else nil.
    static func checkedState(_ text: String) -> String? {
        guard text.utf8.count <= maxStateBytes else { return nil }
        var keys: Set<Substring> = []
        for member in text.split(separator: ",", omittingEmptySubsequences: false) {
            let m = member.trimmingBlanks()
            if m.isEmpty { continue }
            guard let eq = m.firstIndex(of: "=") else { return nil }
            let key = m[..<eq], value = m[m.index(after: eq)...]
            guard isKey(key), isValue(value), keys.insert(Substring(key)).inserted else { return nil }
        }
        guard !keys.isEmpty, keys.count <= maxMembers else { return nil }
        return text
    }

    /// `lcalpha 0*255(lcalpha / DIGIT / "_" / "-" / "*" / "/")`, or `tenant@system` with a
    /// tenant of up to 241 and a system of up to 14 such characters (section 3.3.1.3.1).
    static func isKey(_ key: Substring) -> Bool {
        let parts = key.split(separator: "@", omittingEmptySubsequences: false)
        func chars(_ s: Substring, first: (UInt8) -> Bool, max: Int) -> Bool {
            let u = Array(s.utf8)
            guard let f = u.first, u.count <= max, first(f) else { return false }
            return u.allSatisfy { isLowerAlpha($0) || isDigit($0) || "_-*/".utf8.contains($0) }
        }
        switch parts.count {
        case 1: return chars(parts[0], first: isLowerAlpha, max: 256)
        case 2: return chars(parts[0], first: { isLowerAlpha($0) || isDigit($0) }, max: 241)
            && chars(parts[1], first: isLowerAlpha, max: 14)
        default: return false
        }
    }

    /// `0*255(chr) nblk-chr`, chr printable ASCII but `,` and `=` (section 3.3.1.3.2).
    static func isValue(_ value: Substring) -> Bool {
        let u = Array(value.utf8)
        guard let last = u.last, u.count <= 256, last != 0x20 else { return false }
        return u.allSatisfy { $0 >= 0x20 && $0 <= 0x7E && $0 != 0x2C && $0 != 0x3D }
    }

    private static func isLowerAlpha(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func isHex(_ b: [UInt8], _ r: Range<Int>) -> Bool {
        b[r].allSatisfy { isDigit($0) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    private static func allZero(_ b: [UInt8], _ r: Range<Int>) -> Bool { b[r].allSatisfy { $0 == 0x30 } }

    private static func hexValue(_ b: [UInt8], _ r: Range<Int>) -> Int {
        b[r].reduce(0) { $0 * 16 + Int(isDigit($1) ? $1 - 0x30 : $1 - 0x57) }
    }
}
