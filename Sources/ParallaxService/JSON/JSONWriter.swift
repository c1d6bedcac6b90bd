import HTTPServer

/// The one JSON writer (one way for bytes, no `Encodable`). It writes straight into the engine's `ByteBuffer` — a response body, or the buffer
/// a streamed answer's producer is handed — so there is no second buffer and no copy.
///
/// Output is deterministic (docs/model.md#determinism-and-motion): numbers in the shortest form that reads back to the same
/// double, integers without `.0`, `-0` as `0`, no locale, no whitespace; non-finite numbers can
/// never appear (written as `null`). Integers go through the engine's one integer formatter
/// (`ByteBuffer.writeDecimal`); doubles through `jsonNumber` (JSONNumber.swift).
///
/// Two styles, one writer:
/// - structural calls (`objectStart`, `key`, `number`, …) place commas by one flag: set after a
///   value, cleared after `{`, `[` and a key (problem details, status answers);
/// - fused literals (`literal(",\"y\":")` then `numberValue`) for the hot layout writers, which
///   own their punctuation (Output/Layout/LayoutWriters.swift), so a field costs one literal copy plus
///   its number and a piece of an answer can be written in any call of a streamed producer.
///
/// Use: `response.writeBody { JSONWriter.write(into: &$0) { w in … } }`.
struct JSONWriter {
    private(set) var buffer: ByteBuffer
    private var needsComma = false

    /// Takes over `buffer` (moved, not copied) for the writes of `body`, then hands it back.
    static func write<R>(into buffer: inout ByteBuffer, _ body: (inout JSONWriter) -> R) -> R {
        var w = JSONWriter(buffer: placeholder)
        swap(&w.buffer, &buffer)
        defer { swap(&w.buffer, &buffer) }
        return body(&w)
    }

    private init(buffer: ByteBuffer) { self.buffer = buffer }

    /// What `body` writes, as a String (numbers spelled for CSS and SVG text).
    static func text(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter(buffer: ByteBuffer(capacity: 32))
        body(&w)
        return w.buffer.description
    }

    /// What the caller's variable holds while the writer has its buffer: one shared empty
    /// buffer, never written, so taking a buffer over costs no allocation.
    private static let placeholder = ByteBuffer(capacity: 0)

    /// Bytes written so far into the buffer (a producer's measure of its piece).
    var writerIndex: Int { buffer.writerIndex }

    @inline(__always) private mutating func comma() {
        if needsComma { buffer.writeByte(UInt8(ascii: ",")) }
    }

    /// Starts a piece of a streamed answer whose caller wrote the punctuation before it (a
    /// streamed piece may share the writer with the previous one, or not): no comma is owed.
    mutating func beginPiece() { needsComma = false }

    mutating func objectStart() { comma(); buffer.writeByte(UInt8(ascii: "{")); needsComma = false }
    mutating func objectEnd() { buffer.writeByte(UInt8(ascii: "}")); needsComma = true }
    mutating func arrayStart() { comma(); buffer.writeByte(UInt8(ascii: "[")); needsComma = false }
    mutating func arrayEnd() { buffer.writeByte(UInt8(ascii: "]")); needsComma = true }

    /// A key known at compile time, written as is (the API's field names need no escaping).
    mutating func key(_ name: StaticString) {
        comma()
        buffer.writeByte(UInt8(ascii: "\""))
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
        needsComma = false
    }

    /// Punctuation and keys fused into one literal (`,"y":`), one copy. The caller owns the
    /// punctuation: the literal must be valid at this point of the document. Leaves the comma
    /// flag alone (the fused writers never use it).
    @inline(__always) mutating func literal(_ s: StaticString) { buffer.writeStaticString(s) }

    /// A key from data, escaped. (A distinct label: a literal would otherwise pick this overload.)
    mutating func key(escaping name: String) {
        comma(); stringValue(name); buffer.writeByte(UInt8(ascii: ":")); needsComma = false
    }

    mutating func null() { comma(); buffer.writeStaticString("null"); needsComma = true }

    mutating func bool(_ value: Bool) { comma(); buffer.writeStaticString(value ? "true" : "false"); needsComma = true }

    mutating func string(_ value: String) { comma(); stringValue(value); needsComma = true }

    /// A literal whose bytes need no escaping (enum raw values, fixed words).
    mutating func string(_ value: StaticString) {
        comma()
        buffer.writeByte(UInt8(ascii: "\""))
        buffer.writeStaticString(value)
        buffer.writeByte(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func int(_ value: Int) { comma(); buffer.writeDecimal(value); needsComma = true }

    /// The integer's bytes alone (after a `literal` key).
    @inline(__always) mutating func intValue(_ value: Int) { buffer.writeDecimal(value) }

    mutating func number(_ value: Double) { comma(); numberValue(value); needsComma = true }

    /// Text already known to be one valid JSON value (a checked number literal or JSON text).
    mutating func rawValue(_ json: String) { comma(); buffer.writeString(json); needsComma = true }

    /// A value whose bytes `body` appends itself (already valid JSON, e.g. a quoted timestamp).
    mutating func rawValue(_ body: (inout ByteBuffer) -> Void) {
        comma(); body(&buffer); needsComma = true
    }

    /// Bytes outside any JSON value (a text log line around a quoted string); no comma logic.
    mutating func text(_ body: (inout ByteBuffer) -> Void) { body(&buffer) }

    // MARK: - Convenience fields

    mutating func field(_ name: StaticString, _ value: Double) { key(name); number(value) }
    mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    mutating func field(_ name: StaticString, literal value: StaticString) { key(name); string(value) }

    // MARK: - Numbers (docs/model.md#determinism-and-motion)

    /// The number's bytes alone (after a `literal` key), by the one number formatter
    /// (JSONNumber.swift).
    mutating func numberValue(_ value: Double) {
        buffer.writeReserved(ReservedBytes.maximumNumberLength) { $0.jsonNumber(value) }
    }

    /// Writes a piece of at most `maximum` bytes through one reservation (one capacity check for
    /// all its literals and numbers). The piece owns its punctuation; the comma flag is untouched.
    @inline(__always) mutating func reserved(_ maximum: Int, _ body: (inout ReservedBytes) -> Void) {
        buffer.writeReserved(maximum, body)
    }

    // MARK: - Strings (RFC 8259 §7)

    /// Quote, backslash and C0 controls escaped; everything else as UTF-8. Names and paths need
    /// no escaping: they are checked, then copied in one write.
    mutating func stringValue(_ s: String) {
        buffer.writeByte(UInt8(ascii: "\""))
        let utf8 = s.utf8.span
        var clean = true
        for i in utf8.indices where utf8[i] < 0x20 || utf8[i] == UInt8(ascii: "\"") || utf8[i] == UInt8(ascii: "\\") {
            clean = false
            break
        }
        if clean {
            buffer.writeBytes(utf8)
        } else {
            for i in utf8.indices { escape(utf8[i]) }
        }
        buffer.writeByte(UInt8(ascii: "\""))
    }

    private mutating func escape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case 0x08: buffer.writeStaticString("\\b")
        case 0x0C: buffer.writeStaticString("\\f")
        case 0..<0x20:
            buffer.writeStaticString("\\u00")
            buffer.writeHexadecimal(UInt64(b), minimumDigits: 2)
        default: buffer.writeByte(b)
        }
    }
}
