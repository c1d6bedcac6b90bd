import Testing
@testable import ParallaxService

@Suite struct JSONWriterTests {
    private func written(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        body(&w)
        return String(decoding: w.bytes, as: UTF8.self)
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
        #expect(JSONPointer().appending("a/b").appending("m~n").appending(3).description == "/a~1b/m~0n/3")
    }
}
