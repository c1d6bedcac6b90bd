/// Strong entity tags (RFC 9110 §8.8.3) and `If-None-Match` (§13.1.2) for SPEC §9.
///
/// Every answer is a pure function of the route, the request's representation (POST body or GET
/// query), the negotiated variant (content coding, media type) and the server's version, so the
/// tag is a hash of exactly those, computed before any answer byte exists: a streamed answer can
/// send it in its head. The hash is 64-bit FNV-1a with its standard basis: no seed, so the same on
/// every run and machine. 64 bits suffice because a cache only compares tags of one URL (GET) and a
/// collision needs two different requests to one route that hash alike (2⁻⁶⁴ per pair).
enum EntityTag {
    /// The version of the answers' bytes: part of every tag, so a deploy that changes any answer
    /// invalidates every cached one. Bump it with `info.version` in openapi.yaml (a test ties them).
    static let answerVersion = "1.0.0"

    /// FNV-1a (64-bit) over `bytes`, continuing from `hash`.
    @inline(__always)
    static func fnv1a(_ bytes: Span<UInt8>, _ hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var h = hash
        for i in bytes.indices { h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// The same over any bytes, element by element (tests and small inputs).
    static func fnv1a<C: Collection>(_ bytes: C, _ hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where C.Element == UInt8 {
        var h = hash
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// The quoted strong tag, e.g. `"7c3f0a52d4e19b86"` for identity and `"7c3f0a52d4e19b86-gzip"`
    /// for the gzip representation of the same answer (one per representation, SPEC §9).
    /// - Parameters:
    ///   - route: the route's pattern (`Route.label`), so equal bodies to two routes differ.
    ///   - representation: the POST body bytes, or the GET query's bytes (HEAD hashes like GET).
    ///   - isQuery: whether `representation` is a query (a body `a=1` and a query `a=1` differ).
    ///   - variant: what else selected the answer's form, e.g. the media type negotiated from
    ///     `Accept` (empty when nothing did).
    ///   - coding: `"gzip"` or `""` for identity.
    static func strong(route: StaticString, representation: some Collection<UInt8>, isQuery: Bool,
                       variant: String = "", coding: String = "", version: String = answerVersion) -> String {
        let h = fnv1a(representation, hashBefore(route: route, isQuery: isQuery, version: version))
        return tag(h, variant: variant, coding: coding)
    }

    /// The same with the representation as a span (a request's body or query as the engine lent it).
    static func strong(route: StaticString, span representation: Span<UInt8>, isQuery: Bool,
                       variant: String = "", coding: String = "", version: String = answerVersion) -> String {
        tag(fnv1a(representation, hashBefore(route: route, isQuery: isQuery, version: version)),
            variant: variant, coding: coding)
    }

    /// The hash of what precedes the representation: version, route, and its kind.
    private static func hashBefore(route: StaticString, isQuery: Bool, version: String) -> UInt64 {
        var h = fnv1a(version.utf8)
        h = fnv1a(CollectionOfOne(0), h)
        h = route.withUTF8Buffer { fnv1a($0, h) }  // a StaticString's bytes
        return fnv1a(CollectionOfOne(isQuery ? 1 : 2), h)
    }

    /// Ends the hash with the variant and spells the quoted tag.
    private static func tag(_ representationHash: UInt64, variant: String, coding: String) -> String {
        var h = fnv1a(CollectionOfOne(0), representationHash)
        h = fnv1a(variant.utf8, h)
        let suffix = coding.isEmpty ? 0 : coding.utf8.count + 1
        let hash = h
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

    /// Whether `If-None-Match` (all its field lines joined with `,`) matches `current`, a strong tag
    /// of the representation that would be sent (RFC 9110 §13.1.2): `*` matches any; otherwise
    /// any member that is equal by the weak comparison (§8.8.3.2: `W/` ignored, opaque tags
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
