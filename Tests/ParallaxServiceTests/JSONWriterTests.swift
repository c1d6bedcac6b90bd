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

    /// The reference form of SPEC §4: integral values below 2⁵³ as integers, `-0` as `0`,
    /// non-finite as `null`, else the standard library's shortest round-trip `description`
    /// without a trailing `.0`.
    private func reference(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v.magnitude < 9_007_199_254_740_992, v == v.rounded(.towardZero) { return String(Int64(v)) }
        let d = v.description
        return d.hasSuffix(".0") ? String(d.dropLast(2)) : d
    }

    /// The writer's fast paths (short decimals near 10⁻⁴ … 10¹¹ with 1–4 decimals, integers)
    /// print every number exactly as the reference form does.
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
        for v in values {
            let out = written { $0.number(v) }
            if out != reference(v) { Issue.record("\(v): \(out) != \(reference(v))") }
        }
    }
}

