// ByteBuffer's reserved writer: one capacity check for a whole piece of output, then bounds-checked
// stores into the reservation (w1 −2 500 instructions a request,
// docs/PERFORMANCE.md#measured-choices-the-code-keeps). Part of ByteBuffer (ByteBuffer.swift), so its
// raw pointers stay inside the buffer's own files.

extension ByteBuffer {
    /// Appends what `body` writes through `bytes`, at most `maximum` bytes, after ONE capacity and
    /// uniqueness check: a JSON piece of a dozen fields and numbers pays one check, not one per
    /// field. `body` holds the buffer exclusively (it is `inout` here), so nothing can share the
    /// storage while it writes; every store is still bounds-checked against the reservation.
    @inlinable
    public mutating func writeReserved<R>(_ maximum: Int, _ body: (inout ReservedBytes) -> R) -> R {
        reserveWritable(maximum)
        var bytes = ReservedBytes(base: storage.base, index: _writerIndex, end: _writerIndex &+ maximum)
        let result = body(&bytes)
        _writerIndex = bytes.index
        return result
    }

    /// A counted field line as one 64-byte store after one capacity check, no call to memcpy
    /// (so the room checked is all `HTTPCountedField.capacity` bytes, though only the line's are kept).
    @inlinable @inline(__always)
    public mutating func writeLine(_ line: HTTPCountedField) {
        reserveWritable(HTTPCountedField.capacity)
        storage.base.storeBytes(of: line.bytes, toByteOffset: _writerIndex, as: InlineArray<64, UInt8>.self)
        _writerIndex &+= line.count
    }
}

/// The writable room of a `ByteBuffer` lent by `writeReserved` for one call: stores with a bounds
/// check against the reservation and nothing else (`~Copyable`: it cannot be duplicated).
public struct ReservedBytes: ~Copyable {
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline var index: Int
    @usableFromInline let end: Int

    @inlinable init(base: UnsafeMutableRawPointer, index: Int, end: Int) {
        self.base = base
        self.index = index
        self.end = end
    }

    /// Bytes still free in the reservation.
    @inlinable public var remaining: Int { end &- index }

    @inlinable @inline(__always)
    public mutating func writeByte(_ byte: UInt8) {
        precondition(index < end, "write past the reservation")
        base.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
        index &+= 1
    }

    @inlinable @inline(__always)
    public mutating func writeStaticString(_ literal: StaticString) {
        let n = literal.utf8CodeUnitCount
        precondition(n <= end &- index, "write past the reservation")
        ByteBuffer.copySmall(from: UnsafeRawPointer(literal.utf8Start), to: base + index, count: n)
        index &+= n
    }

    public mutating func writeBytes(_ bytes: Span<UInt8>) {
        precondition(bytes.count <= end &- index, "write past the reservation")
        bytes.withUnsafeBytes { raw in
            if let from = raw.baseAddress { (base + index).copyMemory(from: from, byteCount: raw.count) }
        }
        index &+= bytes.count
    }

    /// `value` in decimal (ByteBuffer+Integers.swift's digit-pair writer).
    @inlinable @inline(__always)
    public mutating func writeDecimal(_ value: UInt64) {
        let digits = ByteBuffer.decimalDigits(value)
        precondition(digits <= end &- index, "write past the reservation")
        ByteBuffer.storeDecimal(value, digits: digits, at: base, offset: index)
        index &+= digits
    }

    /// `value` (0 ≤ value < 1 000, the commonest JSON integers: sizes and offsets) in decimal:
    /// one or two table loads, no division loop.
    @inlinable @inline(__always)
    public mutating func writeDecimal(below1000 value: Int) {
        precondition(value >= 0 && value < 1000 && end &- index >= 3, "write past the reservation")
        ByteBuffer.digitPairs.withUTF8Buffer { pairs in
            if value < 10 {
                base.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ value), toByteOffset: index, as: UInt8.self)
                index &+= 1
            } else if value < 100 {
                base.storeBytes(of: pairs[value &* 2], toByteOffset: index, as: UInt8.self)
                base.storeBytes(of: pairs[value &* 2 &+ 1], toByteOffset: index &+ 1, as: UInt8.self)
                index &+= 2
            } else {
                let high = value / 100, low = (value &- high &* 100) &* 2
                base.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ high), toByteOffset: index, as: UInt8.self)
                base.storeBytes(of: pairs[low], toByteOffset: index &+ 1, as: UInt8.self)
                base.storeBytes(of: pairs[low &+ 1], toByteOffset: index &+ 2, as: UInt8.self)
                index &+= 3
            }
        }
    }

    @inlinable @inline(__always)
    public mutating func writeDecimal(_ value: Int) {
        if value < 0 { writeByte(UInt8(ascii: "-")) }
        writeDecimal(UInt64(value.magnitude))
    }
}

extension ReservedBytes {
    /// `value` in decimal, zero-padded to exactly `width` digits (a fraction's digits: 5 → "05").
    @inlinable
    public mutating func writeDecimal(_ value: UInt64, width: Int) {
        let digits = ByteBuffer.decimalDigits(value)
        precondition(digits <= width && width <= end &- index, "write past the reservation")
        (base + index).initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "0"), count: width &- digits)
        ByteBuffer.storeDecimal(value, digits: digits, at: base, offset: index &+ width &- digits)
        index &+= width
    }

    /// The standard library's shortest round-trip text of `value` (its `description`, locale-free),
    /// without a trailing ".0" when `droppingPointZero`. The digits come through `_writeASCII`
    /// straight into the reservation: no String, no second buffer. At most 24 bytes
    /// ("-2.2250738585072014e-308").
    public mutating func writeShortest(_ value: Double, droppingPointZero: Bool) {
        var text = ReservedText(base: base, index: index, end: end)
        value.write(to: &text)
        var n = text.index
        if droppingPointZero, n &- index >= 2, base.load(fromByteOffset: n &- 1, as: UInt8.self) == UInt8(ascii: "0"),
           base.load(fromByteOffset: n &- 2, as: UInt8.self) == UInt8(ascii: ".") {
            n &-= 2
        }
        index = n
    }
}

/// `writeShortest`'s stream: the standard library hands a number's digits to `_writeASCII` from its
/// own stack buffer; they are copied once, bounds-checked, into the reservation.
private struct ReservedText: TextOutputStream {
    let base: UnsafeMutableRawPointer
    var index: Int
    let end: Int

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        precondition(buffer.count <= end &- index, "write past the reservation")
        if let from = buffer.baseAddress { (base + index).copyMemory(from: from, byteCount: buffer.count) }
        index &+= buffer.count
    }
}

extension ByteBuffer {
    /// Stores the `digits` decimal digits of `value` ending at `offset + digits`, two at a time
    /// from a 200-byte table of "00"…"99" in the binary's constants. The caller checked the room.
    @inlinable @inline(__always)
    static func storeDecimal(_ value: UInt64, digits: Int, at base: UnsafeMutableRawPointer, offset: Int) {
        var i = offset &+ digits
        var v = value
        digitPairs.withUTF8Buffer { pairs in
            while v >= 100 {
                let pair = Int(truncatingIfNeeded: v % 100) &* 2
                v /= 100
                i &-= 2
                base.storeBytes(of: pairs[pair], toByteOffset: i, as: UInt8.self)
                base.storeBytes(of: pairs[pair &+ 1], toByteOffset: i &+ 1, as: UInt8.self)
            }
            if v >= 10 {
                let pair = Int(truncatingIfNeeded: v) &* 2
                base.storeBytes(of: pairs[pair], toByteOffset: i &- 2, as: UInt8.self)
                base.storeBytes(of: pairs[pair &+ 1], toByteOffset: i &- 1, as: UInt8.self)
            } else {
                base.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ v), toByteOffset: i &- 1, as: UInt8.self)
            }
        }
    }
}
