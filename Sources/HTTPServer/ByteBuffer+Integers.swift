/// The one integer formatter of the code base (there used to be five): decimal for
/// Content-Length, status codes, JSON integers and metrics; hexadecimal for chunk sizes
/// (RFC 9112 §7.1). Digits are stored from the end of the reserved room backwards, so a number
/// costs one capacity check and no temporary.
extension ByteBuffer {
    /// `value` in decimal, with a `-` when negative.
    @inlinable
    public mutating func writeDecimal(_ value: Int) {
        if value < 0 { writeByte(UInt8(ascii: "-")) }
        writeDecimal(UInt64(value.magnitude))
    }

    @inlinable
    public mutating func writeDecimal(_ value: UInt64) {
        if value < 10 {  // the commonest JSON integer: one store, no table
            reserveWritable(1)
            storage.base.storeBytes(of: UInt8(truncatingIfNeeded: 48 &+ value), toByteOffset: _writerIndex, as: UInt8.self)
            _writerIndex &+= 1
            return
        }
        let digits = Self.decimalDigits(value)
        reserveWritable(digits)
        precondition(_writerIndex &+ digits <= storage.capacity)
        Self.storeDecimal(value, digits: digits, at: storage.base, offset: _writerIndex)
        _writerIndex &+= digits
    }

    /// How many decimal digits `value` has (1 for 0): comparisons, no division.
    @inlinable @inline(__always)
    static func decimalDigits(_ value: UInt64) -> Int {
        var n = 1
        var v = value
        if v >= 100_000_000 { n &+= 8; v /= 100_000_000 }
        if v >= 100_000_000 { n &+= 8; v /= 100_000_000 }
        if v >= 10_000 { n &+= 4; v /= 10_000 }
        if v >= 100 { n &+= 2; v /= 100 }
        if v >= 10 { n &+= 1 }
        return n
    }

    /// "00", "01", … "99": the two digits of each pair at offsets 2k and 2k + 1.
    @usableFromInline static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// `value` in lowercase hexadecimal, at least `minimumDigits` digits (zero-padded: a chunk
    /// size written into a fixed-width placeholder; leading zeros are valid, RFC 9112 §7.1).
    @inlinable
    public mutating func writeHexadecimal(_ value: UInt64, minimumDigits: Int = 1) {
        var digits = 1
        var probe = value
        while probe >= 16 { probe >>= 4; digits &+= 1 }
        digits = max(digits, minimumDigits)
        reserveWritable(digits)
        var v = value
        var i = _writerIndex &+ digits
        precondition(i <= storage.capacity)
        while i > _writerIndex {
            i &-= 1
            let d = UInt8(truncatingIfNeeded: v & 15)
            storage.base.storeBytes(of: d < 10 ? 48 &+ d : 87 &+ d, toByteOffset: i, as: UInt8.self)
            v >>= 4
        }
        _writerIndex &+= digits
    }
}

extension ByteBuffer {
    /// Overwrites `digits` bytes at `index` (already written) with `value` in zero-padded
    /// lowercase hexadecimal: the chunk-size placeholder filled in once the chunk is produced.
    public mutating func setHexadecimal(_ value: UInt64, at index: Int, digits: Int) {
        precondition(index >= _readerIndex && index + digits <= _writerIndex, "setHexadecimal outside the written bytes")
        reserveWritable(0)
        var v = value
        var i = index &+ digits
        while i > index {
            i &-= 1
            let d = UInt8(truncatingIfNeeded: v & 15)
            storage.base.storeBytes(of: d < 10 ? 48 &+ d : 87 &+ d, toByteOffset: i, as: UInt8.self)
            v >>= 4
        }
    }
}
