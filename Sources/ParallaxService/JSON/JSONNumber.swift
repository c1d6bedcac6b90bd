import HTTPServer

/// The one number formatter of the JSON writer (docs/api.md): integral values below 2⁵³ as
/// integers, `-0` as `0`, non-finite as `null`, anything else in the shortest form that reads back
/// to the same double — the standard library's `description` without a trailing `.0`. Written into
/// a reservation (`ByteBuffer.writeReserved`) so a piece of many numbers pays one capacity check.
extension ReservedBytes {
    /// The most bytes one number takes ("-2.2250738585072014e-308").
    static var maximumNumberLength: Int { 24 }

    @inline(__always) mutating func jsonNumber(_ value: Double) {
        if value >= 0 && value < 1000 {  // most layout numbers: 0, 8, 390, 844
            let i = Int(value)
            if Double(i) == value { writeDecimal(below1000: i); return }  // -0 is ≥ 0: "0"
        }
        let magnitude = value.magnitude
        if magnitude < 9_007_199_254_740_992 {  // NaN compares false: falls through to null
            let i = Int64(value)  // exact truncation below 2⁵³
            if Double(i) == value {
                if i < 0 { writeByte(UInt8(ascii: "-")) }  // -0 truncates to 0: written as "0"
                writeDecimal(UInt64(i.magnitude))
                return
            }
            if shortDecimal(value, magnitude) { return }
        }
        guard value.isFinite else { writeStaticString("null"); return }
        // 2⁵³ ≤ |v| < 1e16 prints as "9007199254740992.0": the ".0" is noise.
        writeShortest(value, droppingPointZero: true)
    }

    /// A value of at most 15 significant digits with no exponent in `description` (10⁻⁴ ≤ |value|
    /// < 10¹⁵), written from its digits without the general shortest-form search: `0.5`,
    /// `-12.25`, `130.33333333333`. Why it is the same text as `description`: take the most
    /// decimals k that keep 15 significant digits (|value|·10ᵏ < 10¹⁵) and m = round(|value|·10ᵏ);
    /// if m / 10ᵏ == |value| (exact operands, one correctly rounded division), the decimal m·10⁻ᵏ
    /// reads back as the value. Two different decimals of at most 15 significant digits never read
    /// back as the same double, so every such decimal that does is this one: with its trailing
    /// zeros dropped it is the unique shortest form. And when one exists, |value|·10ᵏ is within
    /// 0.2 of its m (half an ulp of the value times 10ᵏ, plus the product's rounding), so rounding
    /// finds it. (Checked against `description` by JSONWriterTests.)
    @inline(__always) private mutating func shortDecimal(_ value: Double, _ magnitude: Double) -> Bool {
        guard magnitude >= 1e-4, magnitude < 1e15 else { return false }
        var p = 1e19, k = 19  // p = 10ᵏ, exact in a double for every k here
        while magnitude * p >= 1e15 { p /= 10; k &-= 1 }
        let rounded = Int64(magnitude * p + 0.5)
        guard Double(rounded) / p == magnitude else { return longDecimal(value, magnitude, decimals15: k) }
        var m = UInt64(rounded), scale = UInt64(p)
        // Drop trailing zeros (the value is not integral, so at least one decimal stays).
        if m % 100_000_000 == 0 { m /= 100_000_000; scale /= 100_000_000; k &-= 8 }
        if m % 10_000 == 0 { m /= 10_000; scale /= 10_000; k &-= 4 }
        if m % 100 == 0 { m /= 100; scale /= 100; k &-= 2 }
        if m % 10 == 0 { m /= 10; scale /= 10; k &-= 1 }
        let whole = m / scale
        if value < 0 { writeByte(UInt8(ascii: "-")) }
        writeDecimal(whole)
        writeByte(UInt8(ascii: "."))
        writeDecimal(m &- whole &* scale, width: k)  // k digits: 0.05 → "05"
        return true
    }

    /// A value between 10⁻⁴ and 10¹⁵ that needs 16 or 17 significant digits (no decimal of 15 or
    /// fewer reads back as it: `shortDecimal` found none), written from exact integer arithmetic
    /// instead of the standard library's general search (≈ 530 instructions each).
    ///
    /// The value is f·2ᵉ (f the 53-bit significand). For n = 16, then 17 digits, with k the
    /// decimals that give n significant digits, v·10ᵏ = f·5ᵏ / 2ˢ (s = −(e + k)) is exact in 128
    /// bits; m is it rounded to the nearest integer. The decimal m·10⁻ᵏ reads back as the value
    /// when it lies inside the value's rounding interval, half an ulp (2ᵉ⁻¹) each side: with d the
    /// distance from f·5ᵏ to m·2ˢ, that is 2d < 5ᵏ. The first n that passes is the shortest, and
    /// m, the nearest decimal of that length, is the one `description` prints (the closest of the
    /// shortest). The cases this does not decide go to the standard library: a tie in either
    /// rounding, a power of two (its interval is narrower below), m outside n digits or with a
    /// trailing zero, or a scale beyond the tables. (Checked against `description` by
    /// JSONWriterTests.) Not inlined: in line, its registers made every number's prologue longer.
    @inline(never) private mutating func longDecimal(_ value: Double, _ magnitude: Double, decimals15: Int) -> Bool {
        guard magnitude.significandBitPattern != 0 else { return false }  // a power of two
        let f = UInt128(magnitude.significandBitPattern | (1 << 52))
        let e = Int(magnitude.exponent) &- 52
        var k = decimals15 &+ 1, lowest: UInt64 = 1_000_000_000_000_000  // 10^(n−1), n = 16
        while k <= decimals15 &+ 2 {
            guard k <= 19 else { return false }
            let s = -(e &+ k)
            guard s >= 1 && s <= 120 else { return false }
            let pow5 = Self.powersOfFive[k]
            let exact = f &* UInt128(pow5)  // < 2⁵³ · 5¹⁹ < 2⁹⁸
            let one: UInt128 = 1 << UInt128(s)
            let rest = exact & (one &- 1), half = one >> 1
            guard rest != half else { return false }  // v·10ᵏ halfway between two integers
            let up = rest > half
            let m = UInt64(truncatingIfNeeded: exact >> UInt128(s)) &+ (up ? 1 : 0)
            let distance = up ? one &- rest : rest
            let twice = distance << 1
            if twice < UInt128(pow5) {
                guard m >= lowest && m < lowest &* 10, m % 10 != 0 else { return false }
                let scale = Self.powersOfTen[k]
                let whole = m / scale
                if value < 0 { writeByte(UInt8(ascii: "-")) }
                writeDecimal(whole)
                writeByte(UInt8(ascii: "."))
                writeDecimal(m &- whole &* scale, width: k)
                return true
            }
            guard twice != UInt128(pow5) else { return false }  // on the interval's edge: a tie when read
            k &+= 1
            lowest &*= 10
        }
        return false
    }

    /// 5⁰ … 5¹⁹ and 10⁰ … 10¹⁹ (`longDecimal`).
    /// Written out: an array of literals is laid out by the compiler, so reading it costs no lazy
    /// initializer's check (≈ 11 instructions each read, bench/callgrind w1); the tests check them.
    static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625,
        3125, 15625, 78125, 390625, 1953125,
        9765625, 48828125, 244140625, 1220703125, 6103515625,
        30517578125, 152587890625, 762939453125, 3814697265625, 19073486328125,
    ]
    static let powersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000,
        100000, 1000000, 10000000, 100000000, 1000000000,
        10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000,
        1000000000000000, 10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
    ]

    /// Punctuation and keys fused into one literal (`,"y":`); the caller owns the punctuation.
    @inline(__always) mutating func literal(_ s: StaticString) { writeStaticString(s) }

    @inline(__always) mutating func jsonInt(_ value: Int) {
        if value >= 0 && value < 1000 { writeDecimal(below1000: value) } else { writeDecimal(value) }
    }
}
