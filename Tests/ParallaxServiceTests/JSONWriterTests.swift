import TestSupport
import Testing
import HTTPServer
@testable import ParallaxService

@Suite struct JSONWriterTests {
    private func written(_ body: (inout JSONWriter) -> Void) -> String {
        var buffer = ByteBuffer()
        JSONWriter.write(into: &buffer, body)
        return buffer.description
    }

    @Test(arguments: [
        (406.0, "406"), (-0.0, "0"), (0.0, "0"), (-12.0, "-12"), (0.5, "0.5"), (0.1, "0.1"),
        (0.47948717948717945, "0.47948717948717945"), (1e16, "1e+16"), (1e-7, "1e-07"),
        (9007199254740992.0, "9007199254740992"), (1.5e300, "1.5e+300"), (Double.leastNonzeroMagnitude, "5e-324"),
        (-9007199254740991.0, "-9007199254740991"), (2.0 / 3.0, "0.6666666666666666"),
    ])
    func numbersAreShortestRoundTrip(value: Double, expected: String) {
        #expect(written { $0.number(value) } == expected)
        #expect(Double(expected) == value)
    }

    /// The written-out tables of `longDecimal` are the powers they name.
    @Test func thePowerTablesAreThePowers() {
        var five: UInt64 = 1, ten: UInt64 = 1
        for k in 0...19 {
            #expect(ReservedBytes.powersOfFive[k] == five && ReservedBytes.powersOfTen[k] == ten, "k = \(k)")
            if k < 19 { five *= 5; ten *= 10 }
        }
        #expect(ReservedBytes.powersOfFive.count == 20 && ReservedBytes.powersOfTen.count == 20)
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(written { w in
            w.arrayStart(); w.number(.infinity); w.number(-.infinity); w.number(.nan); w.arrayEnd()
        } == "[null,null,null]")
    }

    @Test func stringsAreEscapedPerRFC8259() {
        #expect(written { $0.string("a\"b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}é/") }
                == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001fé/\"")
    }

    @Test func commasSeparateMembersAndElements() {
        let s = written { w in
            w.objectStart()
            w.field("a", 1.0)
            w.key("b"); w.arrayStart(); w.int(1); w.objectStart(); w.objectEnd(); w.arrayStart(); w.arrayEnd(); w.arrayEnd()
            w.field("c", true)
            w.key("d"); w.null()
            w.key(escaping: "we\"ird"); w.string("x")
            w.objectEnd()
        }
        #expect(s == #"{"a":1,"b":[1,{},[]],"c":true,"d":null,"we\"ird":"x"}"#)
    }

    @Test func pointerEscapesTildeAndSlash() {
        #expect(JSONPointer().description == "")
        #expect(JSONPointer([.key("a/b"), .key("m~n"), .index(3)]).description == "/a~1b/m~0n/3")
    }

    /// The reference form of docs/model.md#determinism-and-motion: integral values below 2⁵³ as integers, `-0` as `0`,
    /// non-finite as `null`, else the standard library's shortest round-trip `description`
    /// without a trailing `.0`.
    private func reference(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v.magnitude < 9_007_199_254_740_992, v == v.rounded(.towardZero) { return String(Int64(v)) }
        let d = v.description
        return d.hasSuffix(".0") ? String(d.dropLast(2)) : d
    }

    /// The writer's fast paths (decimals of up to 15 significant digits between 10⁻⁴ and 10¹⁵,
    /// integers) print every number exactly as the reference form does.
    @Test func fastNumberPathsMatchTheReferenceForm() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 0.0001, -0.0001, 0.001, 0.00015, 1e-5, 0.00001, 123.25, 2.675, 0.1, 0.7,
            99_999_999_999.9999, -99_999_999_999.9999, 1e11 + 0.5, 1e11 - 0.25, 0.47948717948717945,
            1.0 / 3.0, 9007199254740992, 9007199254740993.5, 1e16, 1.5e300, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, .nan, 4503599627370495.5,
        ]
        var rng = SplitMix64(seed: 0x5EED)
        for k in 1...4 {
            let p = [1.0, 10, 100, 1000, 10000][k]
            for _ in 0..<3000 {
                let m = Int64(bitPattern: rng.next()) % 100_000_000_000_000
                values.append(Double(m) / p)
                values.append(Double(m % 100_000) / p)
            }
        }
        var power = 1.0
        for _ in 0...16 {  // integers at every digit count, and their neighbours
            values += [power, power - 1, power + 1, -power, 1 - power]
            power *= 10
        }
        for _ in 0..<3000 {
            values.append(Double(Int64(bitPattern: rng.next()) % 9_007_199_254_740_992))
            values.append(Double(Int64(bitPattern: rng.next()) % 100_000))
            values.append(Double(bitPattern: rng.next()))
            values.append(Double(Int64(bitPattern: rng.next()) % 1_000_000) / 997)
        }
        // Decimals of 1 to 19 fraction digits and up to 17 significant digits, each side of the
        // 15-digit limit of the fast path; and every binade between 10⁻⁵ and 10¹⁶, at random.
        for k in 1...19 {
            var p = 1.0
            for _ in 0..<k { p *= 10 }
            for digits: UInt64 in [1_000, 1_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000, 100_000_000_000_000_000] {
                for _ in 0..<400 {
                    let m = rng.next() % digits
                    values.append(Double(m) / p)
                    values.append(-Double(m) / p)
                    values.append((Double(m) / p).nextUp)
                    values.append((Double(m) / p).nextDown)
                }
            }
        }
        for exponent in -17...53 {
            let base = Double(sign: .plus, exponent: exponent, significand: 1)
            for _ in 0..<300 {
                values.append(base * (1 + Double(rng.next() % (1 << 52)) / 4_503_599_627_370_496))
            }
        }
        values += [1e-4, 1e-4.nextDown, 1e-4.nextUp, 1e15, 1e15.nextDown, 1e15 - 0.5, 999_999_999_999_999.9,
                   0.1 + 0.2, 123_456_789_012.345, 0.000123456789012345, 0.00012345678901234]
        // The 16- and 17-digit path (`longDecimal`): every binade of its range, densely, at random;
        // quotients like the layout's (visibleFraction = 187 / 390); and each value's neighbours,
        // where the two candidate decimals sit closest to the rounding interval's edges.
        for exponent in -14...49 {
            let base = Double(sign: .plus, exponent: exponent, significand: 1)
            for _ in 0..<1_500 {
                let v = base * (1 + Double(rng.next() % (1 << 52)) / 4_503_599_627_370_496)
                values += [v, -v, v.nextUp, v.nextDown]
            }
        }
        for _ in 0..<20_000 {
            let a = Double(rng.next() % 100_000), b = Double(1 + rng.next() % 10_000)
            values += [a / b, -a / b, (a / b).nextUp, a / 3 / b]
        }
        for v in values {
            let out = written { $0.number(v) }
            if out != reference(v) { Issue.record("\(v): \(out) != \(reference(v))") }
        }
    }
}

