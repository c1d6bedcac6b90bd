/// Header field lines prepared once (at start-up, say: CORS, Cache-Control, Vary) and checked
/// then like every field (`FieldCheck`); `HTTPResponse.append(_:)` copies them
/// as one block. Lines holding a refused field keep the refusal instead of bytes, and a response
/// they are added to is answered with 500 like any other refused field.
public struct HTTPFieldLines: Sendable {
    let bytes: ByteBuffer
    let refused: String?

    public init(_ fields: [(name: String, value: String)]) {
        var response = HTTPResponse()
        for (name, value) in fields { response.appendField(name, value) }
        self.bytes = response.fieldLines
        self.refused = response.refusedField
    }

    /// The fields, for tests.
    public var fields: [(name: String, value: String)] {
        var response = HTTPResponse()
        response.append(self)
        return response.headers
    }
}

/// A field line whose value ends with a decimal counter, `Name: start` then the counter's digits
/// and CRLF, held by value and counted in place: each answer's made request id costs a carry over
/// its last digits and one store of the line (`HTTPResponse.appendField(_:)`), not a check of its
/// bytes nor a division per digit (bench/callgrind w7). Checked once, when made, like every field
/// (`FieldCheck`). The counter starts at 0. A class, owned by one event loop's responder: the
/// line is counted and written where it lies (a struct of 64 bytes was copied on each pass,
/// ≈ 16 instructions).
public final class HTTPCountedField {
    /// The longest line: a start of up to 41 bytes, 20 digits (`UInt64.max`), CRLF, and room for
    /// the one digit more a counter past `UInt64.max` would never need.
    public static let capacity = 64
    /// Counted and written by one loop only: checked accesses cost w7 ≈ 430 instructions a
    /// request (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @exclusivity(unchecked) @usableFromInline var bytes: InlineArray<64, UInt8>
    /// Bytes of the line, its CRLF included.
    @exclusivity(unchecked) @usableFromInline var count: Int
    @usableFromInline let digitsStart: Int
    @exclusivity(unchecked) @usableFromInline var value: UInt64 = 0
    /// The counter the line ends with.
    public var counter: UInt64 { value }

    /// nil when `Name: start` is longer than 41 bytes, or not a valid field (`FieldCheck`).
    public init?(name: String, valueStart: String) {
        let start = Array("\(name): \(valueStart)".utf8)
        guard start.count <= Self.capacity - 23 else { return nil }
        var response = HTTPResponse()
        response.appendField(name, valueStart + "0")
        guard response.refusedField == nil else { return nil }
        bytes = InlineArray(repeating: 0)
        for (i, b) in start.enumerated() { bytes[i] = b }
        digitsStart = start.count
        bytes[digitsStart] = UInt8(ascii: "0")
        bytes[digitsStart + 1] = UInt8(ascii: "\r")
        bytes[digitsStart + 2] = UInt8(ascii: "\n")
        count = digitsStart + 3
    }

    /// The counter plus one, its digits carried in place (inlined where it counts).
    @inlinable @inline(__always)
    public func increment() {
        value &+= 1
        var i = count &- 3
        while i >= digitsStart && bytes[i] == UInt8(ascii: "9") {
            bytes[i] = UInt8(ascii: "0")
            i &-= 1
        }
        if i >= digitsStart {
            bytes[i] &+= 1
            return
        }
        // Every digit was a 9: a 1, then one zero more than there were nines.
        bytes[digitsStart] = UInt8(ascii: "1")
        bytes[count &- 2] = UInt8(ascii: "0")
        bytes[count &- 1] = UInt8(ascii: "\r")
        bytes[count] = UInt8(ascii: "\n")
        count &+= 1
    }
}
