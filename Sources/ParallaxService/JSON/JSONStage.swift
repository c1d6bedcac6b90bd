/// The hot writers' output (frames, pages, the paging summary: issue 5), staged in a 1 KiB buffer
/// on the stack and copied into the response array in one append per KiB.
///
/// Why: `Array.append` checks uniqueness and capacity on every call (≈ 50 instructions plus a
/// `memcpy` call for a literal, ≈ 13 per digit), which made the writer a third of a paging
/// request. Stores into an `InlineArray` cost a bounds check each and nothing else. Safe code only:
/// every store is bounds-checked, and the invariant that keeps them in bounds is local — each
/// write first makes `room` for its largest possible size (a literal's length, 24 bytes for a
/// number: `-1.7976931348623157e+308`), flushing the stage into `bytes` when it is short.
///
/// Usage: `var s = JSONStage(taking: &bytes)`, writes, then `s.finish(into: &bytes)`. The array is
/// moved in and out (no copy), so its capacity is reused from request to request.
struct JSONStage: TextOutputStream {
    private static let capacity = 1024
    /// The longest number we write: shortest round-trip doubles are at most 24 bytes.
    private static let maxNumber = 24

    private var bytes: [UInt8]
    private var buffer = InlineArray<1024, UInt8>(repeating: 0)
    private var count = 0

    init(taking array: inout [UInt8]) {
        bytes = []
        swap(&bytes, &array)
    }

    /// Copies what is staged into the array and hands the array back.
    mutating func finish(into array: inout [UInt8]) {
        flush()
        swap(&bytes, &array)
    }

    @inline(__always) private mutating func room(_ n: Int) {
        if count &+ n > Self.capacity { flush() }
    }

    private mutating func flush() {
        guard count > 0 else { return }
        let n = count
        buffer.span.extracting(0..<n).withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        count = 0
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        room(1)
        buffer[count] = b
        count &+= 1
    }

    /// A literal of punctuation and keys (`,"width":`), byte by byte into the stage.
    @inline(__always) mutating func literal(_ s: StaticString) {
        s.withUTF8Buffer { src in
            if src.count > Self.capacity { flush(); bytes.append(contentsOf: src); return }
            room(src.count)
            for b in src {
                buffer[count] = b
                count &+= 1
            }
        }
    }

    /// A string from data, escaped (RFC 8259 §7) by the writer's routine straight into the array.
    mutating func string(_ s: String) {
        flush()
        JSONWriter.appendEscaped(s, to: &bytes)
    }

    /// Same output as `JSONWriter.numberValue`: integral values below 2⁵³ as integers, `-0` as
    /// `0`, non-finite as `null`, anything else in the standard library's shortest round-trip form.
    mutating func number(_ value: Double) {
        guard value.isFinite else { literal("null"); return }
        room(Self.maxNumber)
        if value == 0 { buffer[count] = UInt8(ascii: "0"); count &+= 1; return }
        if value.magnitude < 9_007_199_254_740_992 {
            let i = Int64(value)  // exact truncation below 2⁵³
            if Double(i) == value { integerDigits(i); return }
        }
        if shortDecimal(value) { return }
        let start = count
        value.write(to: &self)  // digits arrive through `_writeASCII`, in room made above
        // 2⁵³ ≤ |v| < 1e16 prints as "9007199254740992.0": drop the noise.
        if count - start >= 2, buffer[count - 1] == UInt8(ascii: "0"), buffer[count - 2] == UInt8(ascii: ".") {
            count -= 2
        }
    }

    mutating func integer(_ value: Int) {
        room(Self.maxNumber)
        integerDigits(Int64(value))
    }

    /// Decimal digits of `value` (room already made: at most 20 bytes), into their final places
    /// right to left, two digits per division by 100.
    @inline(__always) private mutating func integerDigits(_ value: Int64) {
        if value < 0 { buffer[count] = UInt8(ascii: "-"); count &+= 1 }
        var v = value.magnitude
        var i = count &+ Self.digitCount(v)
        count = i
        while v >= 100 {
            let r = UInt8(truncatingIfNeeded: v % 100)
            v /= 100
            let tens = r / 10
            buffer[i &- 1] = UInt8(ascii: "0") &+ (r &- tens &* 10)
            buffer[i &- 2] = UInt8(ascii: "0") &+ tens
            i &-= 2
        }
        let r = UInt8(truncatingIfNeeded: v)
        if r >= 10 {
            let tens = r / 10
            buffer[i &- 1] = UInt8(ascii: "0") &+ (r &- tens &* 10)
            buffer[i &- 2] = UInt8(ascii: "0") &+ tens
        } else {
            buffer[i &- 1] = UInt8(ascii: "0") &+ r
        }
    }

    /// Number of decimal digits of `v` (1 for 0), by comparisons: no division.
    @inline(__always) private static func digitCount(_ v: UInt64) -> Int {
        if v < 10 { return 1 }
        if v < 100 { return 2 }
        if v < 1000 { return 3 }
        if v < 10000 { return 4 }
        var n = 5, p: UInt64 = 100_000
        while n < 20, v >= p { n &+= 1; p &*= 10 }
        return n
    }

    /// A value with at most 4 decimals and 15 significant digits, written from its digits
    /// without the general shortest-form search (≈ 600 instructions): `0.5`, `-12.25`.
    /// Why it is the same text: m / 10ᵏ is exact in its operands, so `m / p == value` means the
    /// decimal m·10⁻ᵏ reads back as `value`; two different decimals of at most 15 significant
    /// digits never read back as the same double, so it is the unique shortest form, and the
    /// smallest such k leaves no trailing zero. |value| ≥ 10⁻⁴ here, where `description` uses no
    /// exponent (checked against `description` by JSONWriterTests).
    @inline(__always) private mutating func shortDecimal(_ value: Double) -> Bool {
        guard value.magnitude < 1e11 else { return false }
        var p = 10.0, k = 1
        while k <= 4 {
            let m = (value * p).rounded()
            if m / p == value {
                decimalDigits(Int64(m), decimals: k)
                return true
            }
            p *= 10
            k &+= 1
        }
        return false
    }

    /// `m` with a decimal point `decimals` digits from the right (room already made).
    @inline(__always) private mutating func decimalDigits(_ m: Int64, decimals: Int) {
        if m < 0 { buffer[count] = UInt8(ascii: "-"); count &+= 1 }
        var v = m.magnitude, n = 1, t = v
        while t >= 10 { t /= 10; n &+= 1 }
        let width = Swift.max(n, decimals &+ 1) &+ 1
        var i = count &+ width
        count = i
        for _ in 0..<decimals {
            i &-= 1
            buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        }
        i &-= 1
        buffer[i] = UInt8(ascii: ".")
        repeat {
            i &-= 1
            buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        } while i > count &- width
    }

    // TextOutputStream: how `Double.write(to:)` hands over its digits (no String per number).
    mutating func write(_ string: String) {
        for b in string.utf8 { byte(b) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for b in buffer { byte(b) }
    }
}
