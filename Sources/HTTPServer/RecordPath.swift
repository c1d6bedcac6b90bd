/// A request path for the access record without a String per request: up to 16 bytes in two
/// words (the first eight, and the last eight overlapping them), longer paths as a String.
struct RecordPath: Sendable {
    private var count = 0
    private var first: UInt64 = 0
    private var last: UInt64 = 0
    private var long: String?

    init() {}

    init(_ string: String) {
        long = string
    }

    init(_ bytes: Span<UInt8>) {
        let n = bytes.count
        if n > 16 {
            long = String(copying: bytes)
            return
        }
        count = n
        let raw = bytes.bytes
        if n >= 8 {
            first = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: 0, as: UInt64.self))
            last = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
        } else {
            var i = 0
            while i < n {
                first |= UInt64(bytes[i]) &<< UInt64(8 &* i)
                i &+= 1
            }
        }
    }

    var string: String {
        if let long { return long }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for i in 0..<count {
            let word = i < 8 ? first : last
            let shift = i < 8 ? i : i - (count - 8)
            bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * shift)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
