import HTTPServer

/// Strong entity tags (RFC 9110 §8.8.3) and `If-None-Match` (§13.1.2) for docs/api.md.
///
/// Every answer is a pure function of the route, the request's representation (POST body or GET
/// query), the negotiated variant (content coding, media type) and the server's version, so the
/// tag is a hash of exactly those, computed before any answer byte exists: a streamed answer can
/// send it in its head. The hash reads 8 bytes at a time (`WordHash`, ≈ 1 instruction a byte where
/// FNV-1a took 3 a byte): fixed constants, no seed, so the same on every run and machine. 64 bits
/// suffice because a cache only compares tags of one URL (GET) and a collision needs two different
/// requests to one route that hash alike (≈ 2⁻⁶⁴ per pair).
enum EntityTag {
    /// The version of the answers' bytes: part of every tag, so a deploy that changes any answer
    /// invalidates every cached one. Bump it with `info.version` in openapi.yaml (a test ties them).
    static let answerVersion = "1.0.0"

    /// FNV-1a (64-bit) over any bytes, continuing from `hash`: the goldens' pin of a gzip body's
    /// bytes (GoldenTests), not the tags.
    static func fnv1a<C: Collection>(_ bytes: C, _ hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where C.Element == UInt8 {
        var h = hash
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// The quoted strong tag, e.g. `"7c3f0a52d4e19b86"` for identity and `"7c3f0a52d4e19b86-gzip"`
    /// for the gzip representation of the same answer (one per representation, docs/api.md).
    /// - Parameters:
    ///   - route: the route's pattern (`Route.label`), so equal bodies to two routes differ.
    ///   - representation: the POST body bytes, or the GET query's bytes (HEAD hashes like GET).
    ///   - isQuery: whether `representation` is a query (a body `a=1` and a query `a=1` differ).
    ///   - variant: what else selected the answer's form, e.g. the media type negotiated from
    ///     `Accept` (empty when nothing did).
    ///   - coding: `"gzip"` or `""` for identity.
    static func strong(route: StaticString, representation: some Collection<UInt8>, isQuery: Bool,
                       variant: String = "", coding: String = "", version: String = answerVersion) -> String {
        let bytes = Array(representation)
        return strong(route: route, span: bytes.span, isQuery: isQuery, variant: variant, coding: coding, version: version)
    }

    /// The same with the representation as a span (a request's body or query as the engine lent it).
    static func strong(route: StaticString, span representation: Span<UInt8>, isQuery: Bool,
                       variant: String = "", coding: String = "", version: String = answerVersion) -> String {
        tag(hash(route: route, representation: representation, isQuery: isQuery, variant: variant, version: version),
            coding: coding)
    }

    /// The hash of version, route, kind, representation and variant: each part with its length,
    /// so no two different lists of parts run together into the same bytes.
    static func hash(route: StaticString, representation: Span<UInt8>, isQuery: Bool,
                     variant: String, version: String) -> UInt64 {
        var h = WordHash()
        // The Strings' bytes read in place (`withUTF8` on a copy retained and released each).
        h.combine(version.utf8.span)
        route.withUTF8Buffer { h.combine($0.span) }
        h.combine(isQuery ? 1 : 2)
        h.combine(representation)
        h.combine(variant.utf8.span)
        return h.finish()
    }

    /// Spells the quoted tag: 16 lowercase hex digits, then `-coding` when coded.
    static func tag(_ hash: UInt64, coding: String) -> String {
        let suffix = coding.isEmpty ? 0 : coding.utf8.count + 1
        return String(unsafeUninitializedCapacity: 18 + suffix) { out in
            let digits: StaticString = "0123456789abcdef"
            out[0] = 0x22
            digits.withUTF8Buffer { d in
                for i in 0..<16 { out[1 + i] = d[Int((hash >> UInt64(60 - 4 * i)) & 0xf)] }
            }
            var n = 17
            if suffix > 0 {
                out[n] = 0x2D
                n += 1
                for b in coding.utf8 { out[n] = b; n += 1 }
            }
            out[n] = 0x22
            return n + 1
        }
    }

    /// Writes the quoted tag of `tag(_:coding:)` into `out` (a response head: no String).
    @inline(__always)
    static func write(_ hash: UInt64, coding: String, into out: inout ByteBuffer) {
        let n = coding.isEmpty ? 18 : 19 &+ coding.utf8.count
        out.writeReserved(n) { r in
            r.writeByte(0x22)
            var i: UInt64 = 0
            while i < 16 {
                let d = UInt8(truncatingIfNeeded: (hash &>> (60 &- 4 &* i)) & 0xf)
                r.writeByte(d < 10 ? 0x30 &+ d : 0x57 &+ d)
                i &+= 1
            }
            if !coding.isEmpty {
                r.writeByte(0x2D)
                r.writeBytes(coding.utf8.span)
            }
            r.writeByte(0x22)
        }
    }

    /// Whether `If-None-Match` (all its field lines joined with `,`) matches `current`, a strong tag
    /// of the representation that would be sent (RFC 9110 §13.1.2): `*` matches any; otherwise
    /// any member that is equal by the weak comparison (RFC 9110 §8.8.3.2: `W/` ignored, opaque tags
    /// compared byte for byte). Members that are not entity-tags are skipped, so a malformed
    /// field never matches by accident; an opaque tag may contain commas, so the field is
    /// scanned, not split.
    static func ifNoneMatch(_ field: String, matches current: String) -> Bool {
        let currentOpaque = Array(current.utf8)
        let bytes = Array(field.utf8)
        var i = 0
        func skipBlanks() { while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 } }
        while i < bytes.count {
            skipBlanks()
            if i < bytes.count && bytes[i] == 0x2C { i += 1; continue }
            guard i < bytes.count else { break }
            if bytes[i] == 0x2A {  // `*`
                i += 1; skipBlanks()
                if i == bytes.count || bytes[i] == 0x2C { return true }
                skipMember(bytes, &i); continue
            }
            if i + 1 < bytes.count && bytes[i] == 0x57 && bytes[i + 1] == 0x2F { i += 2 }  // `W/`
            guard i < bytes.count, bytes[i] == 0x22 else { skipMember(bytes, &i); continue }
            let start = i
            i += 1
            while i < bytes.count && bytes[i] != 0x22 && isETagChar(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == 0x22 else { skipMember(bytes, &i); continue }
            i += 1
            let opaque = bytes[start..<i]
            skipBlanks()
            guard i == bytes.count || bytes[i] == 0x2C else { skipMember(bytes, &i); continue }
            if opaque.elementsEqual(currentOpaque) { return true }
        }
        return false
    }

    /// etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3).
    @inline(__always) private static func isETagChar(_ b: UInt8) -> Bool {
        b == 0x21 || (b >= 0x23 && b <= 0x7E) || b >= 0x80
    }

    /// Past a malformed member: to the next comma outside quotes, or the end.
    private static func skipMember(_ bytes: [UInt8], _ i: inout Int) {
        var quoted = false
        while i < bytes.count {
            if bytes[i] == 0x22 { quoted.toggle() } else if bytes[i] == 0x2C && !quoted { return }
            i += 1
        }
    }
}

/// A 64-bit hash that reads its input 8 bytes at a time (little-endian words, the last one
/// zero-padded): each word is multiplied by an odd constant, folded into the state, which is
/// rotated and multiplied again; each part ends with its length; `finish` avalanches the state
/// (the 64-bit finaliser of MurmurHash3), so every input bit reaches every output bit. Not
/// cryptographic, like FNV-1a before it: a tag only has to change when the request does.
struct WordHash {
    private var state: UInt64 = 0x243f_6a88_85a3_08d3  // π's first 64 fraction bits: any fixed value

    @inline(__always) private mutating func mix(_ word: UInt64) {
        state = ((state ^ (word &* 0x9e37_79b9_7f4a_7c15)).rotated(by: 29)) &* 0xbf58_476d_1ce4_e5b9
    }

    /// One part: its bytes word by word, then its length.
    mutating func combine(_ bytes: Span<UInt8>) {
        let raw = bytes.bytes
        let count = raw.byteCount
        var i = 0
        while count &- i >= 8 {
            mix(UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i &+= 8
        }
        if i < count {
            if count >= 8 {  // the last word ends at the end: its top bytes are the tail
                let end = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                mix(end &>> UInt64(8 &* (8 &- (count &- i))))
            } else {
                var last: UInt64 = 0
                var shift: UInt64 = 0
                while i < count {
                    last |= UInt64(bytes[i]) &<< shift
                    shift &+= 8
                    i &+= 1
                }
                mix(last)
            }
        }
        mix(UInt64(count))
    }

    /// A part that is one small number (a kind tag).
    mutating func combine(_ value: UInt64) { mix(value) }

    func finish() -> UInt64 {
        var h = state
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}

extension UInt64 {
    @inline(__always) fileprivate func rotated(by n: UInt64) -> UInt64 { (self &<< n) | (self &>> (64 &- n)) }
}
