import HTTPServer
import Testing
@testable import ParallaxService

/// RFC 9110 §8.8.3 / §13.1.2 for docs/api.md: the tag is a fixed function of the request, and
/// `If-None-Match` is parsed as the RFC says (lists, `*`, weak comparison, commas inside tags).
@Suite struct EntityTagTests {
    @Test func fnv1aMatchesItsPublishedVectors() {
        #expect(EntityTag.fnv1a([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(EntityTag.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(EntityTag.fnv1a(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    /// The word-at-a-time hash: every length from 0 to 40 (whole words, tails, both) and every
    /// single-bit change of a 40-byte input gives a different value, and so does moving bytes
    /// between the parts (each part carries its length).
    @Test func wordHashSeesEveryByteAndEveryLength() {
        func hash(_ parts: [[UInt8]]) -> UInt64 {
            var h = WordHash()
            for p in parts { h.combine(p.span) }
            return h.finish()
        }
        let base = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var seen = Set<UInt64>()
        for n in 0...40 { seen.insert(hash([Array(base[..<n])])) }
        for n in 1...40 { seen.insert(hash([Array(repeating: 0, count: n)])) }  // zeros: the length decides
        #expect(seen.count == 81)
        var flips = Set<UInt64>()
        for bit in 0..<(40 * 8) {
            var b = base
            b[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            flips.insert(hash([b]))
        }
        #expect(flips.count == 320 && !flips.contains(hash([base])))
        #expect(hash([Array("ab".utf8), Array("c".utf8)]) != hash([Array("a".utf8), Array("bc".utf8)]))
    }

    @Test func theTagIsFixedAndDependsOnEveryInput() {
        let base = EntityTag.strong(route: "/v1/paging", representation: Array("a=1".utf8), isQuery: true)
        // The same on every run and machine: pinned here (change only with answerVersion).
        #expect(base == EntityTag.strong(route: "/v1/paging", representation: Array("a=1".utf8), isQuery: true))
        #expect(base.count == 18 && base.hasPrefix("\"") && base.hasSuffix("\""))
        let others = [
            EntityTag.strong(route: "/v1/header", representation: Array("a=1".utf8), isQuery: true),
            EntityTag.strong(route: "/v1/paging", representation: Array("a=2".utf8), isQuery: true),
            EntityTag.strong(route: "/v1/paging", representation: Array("a=1".utf8), isQuery: false),
            EntityTag.strong(route: "/v1/paging", representation: Array("a=1".utf8), isQuery: true, variant: "text/css"),
            EntityTag.strong(route: "/v1/paging", representation: Array("a=1".utf8), isQuery: true, version: "1.0.1"),
        ]
        #expect(Set(others + [base]).count == 6)
        let gz = EntityTag.strong(route: "/v1/paging", representation: Array("a=1".utf8), isQuery: true, coding: "gzip")
        #expect(gz == String(base.dropLast()) + "-gzip\"")
    }

    @Test func aPinnedTagGuardsAgainstAccidentalChanges() {
        // Any change to the hash input layout changes every tag in every cache: do it on purpose.
        #expect(EntityTag.strong(route: "/v1/paging", representation: Array("pageCount=5".utf8), isQuery: true,
                                 variant: "application/json", version: "1.0.0") == pinned)
    }
    let pinned = "\"40d2fc1938357c5c\""

    @Test(arguments: [
        // RFC 9110 §13.1.2 examples and list forms
        (#""xyzzy""#, true), (#""xyzzy", "r2d2xxxx", "c3piozzzz""#, true), (#""r2d2xxxx", "xyzzy""#, true),
        ("*", true), (" * ", true), (#"W/"xyzzy""#, true), (#"W/"other", "xyzzy""#, true),
        (#""r2d2xxxx""#, false), ("", false), (#"xyzzy"#, false), (#""xyzzy"#, false), (#"w/"xyzzy""#, false),
        (#""xyz,zy""#, false), (#""a,b", "xyzzy""#, true), (#"garbage, "xyzzy""#, true), (#"*x, "nope""#, false),
        (#""xyzzy" junk"#, false), (#", ,"xyzzy",,"#, true), (#"*, "other""#, true),
    ])
    func ifNoneMatch(field: String, matches: Bool) {
        #expect(EntityTag.ifNoneMatch(field, matches: #""xyzzy""#) == matches, "\(field)")
    }

    @Test func commasInsideATagAreNotSeparators() {
        #expect(EntityTag.ifNoneMatch(#""a,b""#, matches: #""a,b""#))
        #expect(!EntityTag.ifNoneMatch(#""a,b""#, matches: #""a""#))
    }
}

/// RFC 9110 §12.5.3 Accept-Encoding with q-values.
@Suite struct ContentNegotiationTests {
    @Test(arguments: [
        (nil, ContentCoding.identity), ("gzip", .gzip), ("GZIP", .gzip), ("x-gzip", .gzip), ("gzip, deflate, br", .gzip),
        ("deflate, br", .identity), ("*", .gzip), ("gzip;q=0", .identity), ("gzip; q=0.000", .identity),
        ("*;q=0.5, gzip;q=0", .identity), ("gzip;q=0.5, identity", .identity), ("gzip;q=1, identity;q=0.5", .gzip),
        ("identity;q=0, *", .gzip), ("*;q=0", .identity), ("identity", .identity), ("", .identity),
        ("gzip;q=2", .identity), ("gzip;q=0.1234", .identity), ("gzip;q=abc, *", .gzip), ("gzip;Q=0.001", .gzip), ("gzip;q=0.8", .gzip),
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", .gzip), ("gzip;level=9", .gzip),
    ] as [(String?, ContentCoding)])
    func coding(field: String?, expected: ContentCoding) {
        #expect(ContentNegotiation.coding(acceptEncoding: field) == expected, "\(field ?? "nil")")
    }

    @Test func qValues() {
        #expect(ContentNegotiation.qValue("1") == 1000)
        #expect(ContentNegotiation.qValue("1.000") == 1000)
        #expect(ContentNegotiation.qValue("0.5") == 500)
        #expect(ContentNegotiation.qValue("0.25") == 250)
        #expect(ContentNegotiation.qValue("0.") == 0)
        #expect(ContentNegotiation.qValue("1.5") == nil)
        #expect(ContentNegotiation.qValue(".5") == nil)
        #expect(ContentNegotiation.qValue("0.0001") == nil)
    }
}

/// The streaming compressor: round trips, in pieces, reused, deterministic.
@Suite struct GzipTests {
    static let sample = Array((0..<5000).map { "{\"page\":\($0),\"x\":\($0 * 406)}," }.joined().utf8)

    @Test func roundTripsInOneGoAndInPieces() {
        let gzip = Gzip()
        var whole = ByteBuffer()
        gzip.compress(Self.sample, into: &whole)
        gzip.finish(into: &whole)
        #expect(whole.bytes.starts(with: [0x1f, 0x8b, 8]))  // gzip magic, deflate
        #expect(whole.bytes[4..<8].allSatisfy { $0 == 0 })  // mtime 0: deterministic
        #expect(gunzip(whole.bytes) == Self.sample)
        #expect(whole.readableBytes * 3 < Self.sample.count)
        var pieces = ByteBuffer()
        var i = 0
        while i < Self.sample.count {
            let end = min(i + 777, Self.sample.count)
            gzip.compress(Array(Self.sample[i..<end]), into: &pieces)
            i = end
        }
        gzip.finish(into: &pieces)
        #expect(gunzip(pieces.bytes) == Self.sample)
        // Reused after finish: the same input gives the same bytes.
        var again = ByteBuffer()
        gzip.compress(Self.sample, into: &again)
        gzip.finish(into: &again)
        #expect(again == whole)
    }

    @Test func emptyAndLargeInputs() {
        let gzip = Gzip()
        var empty = ByteBuffer()
        gzip.finish(into: &empty)
        #expect(gunzip(empty.bytes) == [])
        let big = [UInt8]((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
        var out = ByteBuffer()
        gzip.compress(big, into: &out)
        gzip.finish(into: &out)
        #expect(gunzip(out.bytes) == big)
    }

    @Test func resetDropsAHalfAnswer() {
        let gzip = Gzip()
        var junk = ByteBuffer()
        gzip.compress(Array(repeating: 7, count: 100_000), into: &junk)
        gzip.reset()
        var out = ByteBuffer()
        gzip.compress(Self.sample, into: &out)
        gzip.finish(into: &out)
        #expect(gunzip(out.bytes) == Self.sample)
    }

    @Test func gunzipRejectsGarbage() {
        #expect(gunzip([1, 2, 3, 4]) == nil)
    }
}

/// The header parsers take whatever a client sends: random bytes (biased towards the syntax's
/// own characters) never trap and keep their invariants.
@Suite struct WebParserRobustnessTests {
    @Test func randomFieldsNeverTrap() throws {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array(#"",;=*/ W\gzipqxidentity0.1-"#.utf8) + [0x09, 0x80, 0xff, 0x00]
        for _ in 0..<20_000 {
            let n = Int.random(in: 0..<40, using: &rng)
            let bytes = (0..<n).map { _ in Bool.random(using: &rng) ? alphabet.randomElement(using: &rng) ?? 0x20 : UInt8.random(in: 0...255, using: &rng) }
            let text = String(decoding: bytes, as: UTF8.self)
            _ = EntityTag.ifNoneMatch(text, matches: #""0123456789abcdef""#)
            _ = ContentNegotiation.coding(acceptEncoding: text)
            _ = CORSPolicy.default.allowHeaders(asked: text)
            _ = TraceContext.parse(traceparent: text, tracestate: text)
            _ = RequestIDs.isSane(text.utf8.span)
            if let p = try? CORSPolicy(parsing: text), case .list(let list) = p.origins {
                #expect(!list.isEmpty)
            }
            // A field that lists the tag itself always matches, whatever junk comes first (bytes,
            // not Characters: a quote followed by a combining mark is one Character).
            let unquoted = String(decoding: bytes.filter { $0 != 0x22 }, as: UTF8.self)
            #expect(EntityTag.ifNoneMatch(unquoted + #", "0123456789abcdef""#, matches: #""0123456789abcdef""#), "\(bytes)")
        }
    }
}

/// `MediaType.isJSON`'s two-word fast path for exactly `application/json` agrees with the scan on
/// every other 16-byte value: case, a `+json` suffix, one byte changed anywhere.
@Suite struct MediaTypeTests {
    @Test func sixteenByteValuesMatchOnlyWhatTheScanAccepts() {
        func isJSON(_ s: String) -> Bool { MediaType.isJSON(Array(s.utf8).span) }
        #expect(isJSON("application/json") && isJSON("Application/JSON") && isJSON("application/json ")
                && isJSON("application/a+json"))
        let exact = Array("application/json".utf8)
        for i in exact.indices {
            var b = exact
            b[i] = UInt8(ascii: "x")
            let accepted = MediaType.isJSON(b.span)
            #expect(!accepted, "\(String(decoding: b, as: UTF8.self))")
        }
        #expect(!isJSON("application/jsox") && !isJSON("applicationxjson") && !isJSON("text/plain; json"))
    }
}
