/// A streaming JSON writer into a reused byte buffer (issue 4: a byte writer is ~70× faster
/// than JSONEncoder). Output is deterministic (SPEC §4): numbers in the shortest form that reads
/// back to the same double, integers without `.0`, `-0` as `0`, no locale, no whitespace.
/// Non-finite numbers can never appear: they are written as `null`.
///
/// Commas are placed by one flag: set after a value, cleared after `{`, `[` and a key.
struct JSONWriter {
    var bytes: [UInt8]
    private var needsComma = false

    init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// Takes over a reused buffer (e.g. `response.body`) without copying; give it back with `bytes`.
    init(taking buffer: inout [UInt8]) {
        bytes = []
        swap(&bytes, &buffer)
    }

    @inline(__always) private mutating func comma() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    mutating func objectStart() { comma(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    mutating func objectEnd() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    mutating func arrayStart() { comma(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    mutating func arrayEnd() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// A key known at compile time, written as is (the API's field names need no escaping).
    mutating func key(_ name: StaticString) {
        comma()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Punctuation and keys fused into one literal (`,"y":`), appended with a single copy: the hot
    /// frame/page writers use it so a field costs one append plus its number. The caller owns the
    /// comma state: the literal must be valid at this point of the document.
    /// The literal must end where no comma is due (after `{`, `[` or `:`); the flag is cleared.
    mutating func literal(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = false
    }

    /// Marks that a value was just completed by `literal` calls (the next sibling needs a comma).
    mutating func valueWritten() { needsComma = true }

    /// Writes the comma a sibling needs, if any (before a `literal` run that opens a value).
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// A key from data, escaped. (A distinct label: a literal would otherwise pick this overload.)
    mutating func key(escaping name: String) {
        comma()
        appendEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func null() { comma(); appendLiteral("null"); needsComma = true }

    mutating func bool(_ value: Bool) { comma(); appendLiteral(value ? "true" : "false"); needsComma = true }

    mutating func string(_ value: String) { comma(); appendEscaped(value); needsComma = true }

    /// A literal whose bytes need no escaping (enum raw values, fixed words).
    mutating func string(_ value: StaticString) {
        comma()
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func int(_ value: Int) { comma(); appendInteger(Int64(value)); needsComma = true }

    /// The integer's bytes alone (no comma, flag untouched), after a `literal` key.
    mutating func intValue(_ value: Int) { appendInteger(Int64(value)) }

    /// Shortest round-trip form (the standard library's formatting, the same digits as
    /// `description`: shortest round-trip, locale-free), integral values below 2⁵³ as plain
    /// integers, `-0` as `0`, non-finite as `null`. The digits come through `TextOutputStream`'s
    /// ASCII hook straight into the buffer, so no String is created per number.
    mutating func number(_ value: Double) {
        comma()
        needsComma = true
        numberValue(value)
    }

    /// The number's bytes alone (no comma, flag untouched), after a `literal` key.
    mutating func numberValue(_ value: Double) {
        guard value.isFinite else { appendLiteral("null"); return }
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        if value.magnitude < 9_007_199_254_740_992 {
            let i = Int64(value)  // exact truncation below 2⁵³
            if Double(i) == value { appendInteger(i); return }
        }
        var sink = DigitSink(bytes: bytes)
        bytes = []
        value.write(to: &sink)
        bytes = sink.bytes
        // 2⁵³ ≤ |v| < 1e16 prints as "9007199254740992.0": drop the noise.
        let n = bytes.count
        if n >= 2, bytes[n - 1] == UInt8(ascii: "0"), bytes[n - 2] == UInt8(ascii: ".") {
            bytes.removeLast(2)
        }
    }

    /// Pre-validated JSON value bytes (a number literal), written as they are.
    mutating func rawValue(_ utf8: String.UTF8View) {
        comma(); bytes.append(contentsOf: utf8); needsComma = true
    }

    /// A value whose bytes `body` appends itself (already valid JSON, e.g. a quoted timestamp).
    mutating func rawValue(_ body: (inout [UInt8]) -> Void) {
        comma(); body(&bytes); needsComma = true
    }

    /// A value that may be absent: `null` when nil.
    mutating func number(_ value: Double?) {
        if let value { number(value) } else { null() }
    }

    // MARK: - Convenience fields

    mutating func field(_ name: StaticString, _ value: Double) { key(name); number(value) }
    mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    mutating func field(_ name: StaticString, literal value: StaticString) { key(name); string(value) }

    // MARK: - Bytes

    private mutating func appendLiteral(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let v = value.magnitude
        if v < 10 { bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)); return }
        if v >= 10_000_000_000_000_000 {  // more than 16 digits: the high part, then 16 padded digits
            appendDigits(v / 10_000_000_000_000_000, minimumCount: 1)
            appendDigits(v % 10_000_000_000_000_000, minimumCount: 16)
        } else {
            appendDigits(v, minimumCount: 1)
        }
    }

    /// Up to 16 decimal digits of `v`: pushed least significant first into the nibbles of one
    /// integer, then popped most significant first, one append each (no zero-fill and patch).
    @inline(__always) private mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
        var v = value, stack: UInt64 = 0, count = 0
        repeat {
            stack = stack << 4 | v % 10
            v /= 10
            count += 1
        } while v > 0 || count < minimumCount
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: stack & 0xF))
            stack >>= 4
            count -= 1
        } while count > 0
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendEscaped(_ s: String) { Self.appendEscaped(s, to: &bytes) }

    /// RFC 8259 §7: quote, backslash and C0 controls escaped; everything else as UTF-8.
    static func appendEscaped(_ s: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Fast path: most strings (names, paths) need no escaping at all; checked and copied on
        // the contiguous bytes (the generic UTF-8 view scan cost ~300 Ir per layer name).
        var s = s
        let clean = s.withUTF8 { utf8 in
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if clean {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "f"))
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// The `TextOutputStream` a Double formats itself into: the standard library hands the digits to
/// `_writeASCII` as a byte buffer, so appending them creates no String (`description` allocates
/// one for every number longer than 15 bytes).
private struct DigitSink: TextOutputStream {
    var bytes: [UInt8]
    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
