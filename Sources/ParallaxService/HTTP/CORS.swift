/// Cross-origin resource sharing (docs/api.md; Fetch standard §3.2 "CORS protocol"): which origins may
/// read the answers from a script, and the answer to a preflight. Pure: the policy is parsed once
/// from `--cors-origins` and every function here maps request header values to response header
/// fields, so the engine port only has to call `allowOrigin` (WebSemantics.addCORS) and `preflight`.
struct CORSPolicy: Sendable, Equatable {
    /// `*`: any origin, answered with the literal `*` (no credentials are ever involved, so the
    /// wildcard is valid, Fetch standard §3.2.5). `list`: exactly these serialized origins, echoed back.
    enum Origins: Sendable, Equatable {
        case any
        case list([String])
    }

    var origins: Origins
    /// The operator's request headers a script may send beyond `allowedHeaders`
    /// (`--cors-allow-headers`: a gateway's `Authorization`, a vendor's tracing header), as given.
    var extraHeaders: [String] = [] {
        didSet { (allowValue, allowed) = Self.allowList(extraHeaders) }
    }
    /// `Access-Control-Allow-Headers` of every preflight, and its names in lower case.
    private(set) var allowValue = CORSPolicy.allowedHeaders
    private var allowed: Set<String> = CORSPolicy.allowList([]).names

    /// The request headers a script may send beyond the CORS-safelisted ones (docs/api.md#cors):
    /// the body's type, the validator, and the ids that tracing front ends add
    /// (docs/operations.md#request-ids, W3C Trace Context).
    static let allowedHeaders = "Content-Type, If-None-Match, traceparent, tracestate, X-Request-Id"
    /// Headers a script may read beyond the safelisted response headers: the validator, so a
    /// page can send it back in `If-None-Match`, and the request's id, so it can report it.
    static let exposedHeaders = "ETag, X-Request-Id"
    /// Seconds a browser may reuse a preflight. Chromium caps the value at 7200 (2 h), so a larger
    /// one would only be a promise nobody keeps.
    static let maxAge = "7200"
    /// Safelisted request headers a script may still list in a preflight (Fetch standard §2.2.2),
    /// echoed when asked for.
    static let echoable: Set<String> = ["accept", "accept-language", "content-language"]

    /// The allow list with `extra` appended (those not already in it), and its names in lower case.
    private static func allowList(_ extra: [String]) -> (String, names: Set<String>) {
        var names = Set(allowedHeaders.split(separator: ",").map { $0.trimmingBlanks().lowercasedASCII() })
        var list = allowedHeaders
        for name in extra where names.insert(name.lowercasedASCII()).inserted { list += ", " + name }
        return (list, names)
    }

    static func == (a: CORSPolicy, b: CORSPolicy) -> Bool { a.origins == b.origins && a.extraHeaders == b.extraHeaders }

    /// `--cors-allow-headers`: a comma-separated list of field names (RFC 9110 §5.1 tokens). `*`
    /// is refused: browsers never let it cover `Authorization`, and naming the headers keeps the
    /// list honest. `none` (the default shown by `--help`) is the empty list.
    static func parseHeaderList(_ text: String) throws(ParseError) -> [String] {
        if text.trimmingBlanks() == "none" { return [] }
        let items = text.split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        for item in items where item == "*" || !item.utf8.allSatisfy(isTokenByte) {
            throw ParseError(description: "'\(item)' is not a header name (letters, digits and !#$%&'*+-.^_`|~; no *)")
        }
        guard items.count <= 32 else { throw ParseError(description: "at most 32 header names") }
        return items
    }

    private static func isTokenByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || "!#$%&'+-.^_`|~".utf8.contains(c)
    }

    static let `default` = CORSPolicy(origins: .any)

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// `*`, or a comma-separated list of origins such as `https://a.example, http://localhost:8080`
    /// (scheme and host compared case-insensitively, so they are stored in lower case; a trailing
    /// `/` is dropped because browsers never send one in `Origin`).
    init(parsing text: String) throws(ParseError) {
        let items = text.split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        if items == ["*"] {
            self.origins = .any
            return
        }
        guard !items.isEmpty else { throw ParseError(description: "must be * or a comma-separated list of origins") }
        var list: [String] = []
        for item in items {
            var origin = item.lowercasedASCII()
            if origin.hasSuffix("/") { origin.removeLast() }
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), !origin.contains("*"),
                  origin.split(separator: "/", omittingEmptySubsequences: false).count == 3 else {
                throw ParseError(description: "'\(item)' is not an origin such as https://app.example or * alone")
            }
            list.append(origin)
        }
        self.origins = .list(list)
    }

    init(origins: Origins) { self.origins = origins }

    /// The `Access-Control-Allow-Origin` value for a request carrying `origin`, or nil when that
    /// origin is not allowed (then the browser hides the answer from the script; the server still
    /// answers, CORS is enforced by the reader).
    func allowOrigin(for origin: String?) -> String? {
        switch origins {
        case .any: return "*"
        case .list(let list):
            guard let origin else { return nil }
            let lowered = origin.lowercasedASCII()
            return list.contains(lowered) ? origin : nil
        }
    }

    /// Whether answers depend on `Origin`: with a list they do, for every request (a matching and
    /// a non-matching origin get different headers), so shared caches must key on it.
    var variesByOrigin: Bool { origins != .any }

    /// The fields of the 204 answer to `OPTIONS` on a known route (Fetch standard §3.2.3): the route's
    /// methods, the allowed headers plus those asked for in `Access-Control-Request-Headers` that
    /// may be echoed, and a max age. A plain `OPTIONS` (no `Origin`) gets the same, which also
    /// tells a person what the route supports; a disallowed origin gets no `Access-Control-*`
    /// field at all, so the browser fails the preflight.
    func preflight(origin: String?, requestHeaders: String?, methods: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [("Allow", methods)]
        var vary: [String] = []
        if variesByOrigin { vary.append("Origin") }
        if requestHeaders != nil { vary.append("Access-Control-Request-Headers") }
        if let allowed = allowOrigin(for: origin) {
            fields.append(("Access-Control-Allow-Origin", allowed))
            fields.append(("Access-Control-Allow-Methods", methods))
            fields.append(("Access-Control-Allow-Headers", allowHeaders(asked: requestHeaders)))
            fields.append(("Access-Control-Max-Age", Self.maxAge))
        }
        if !vary.isEmpty { fields.append(("Vary", vary.joined(separator: ", "))) }
        return fields
    }

    /// The allow list plus each asked safelisted header not already there, in the order asked
    /// (lower case, as browsers send them). A header asked for outside the list is left out, so
    /// the browser refuses the request (Fetch standard §4.8, CORS-preflight fetch step 7.9).
    func allowHeaders(asked: String?) -> String {
        var result = allowValue
        guard let asked else { return result }
        var seen = allowed
        for item in asked.split(separator: ",") {
            let name = item.trimmingBlanks().lowercasedASCII()
            if Self.echoable.contains(name), seen.insert(name).inserted { result += ", " + name }
        }
        return result
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's OWS, RFC 9110 §5.6.3).
    func trimmingBlanks() -> String {
        let bytes = Array(utf8)
        var lo = 0, hi = bytes.count
        while lo < hi && (bytes[lo] == 0x20 || bytes[lo] == 0x09) { lo += 1 }
        while hi > lo && (bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09) { hi -= 1 }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// ASCII letters in lower case, other bytes unchanged (header tokens and origins are ASCII;
    /// Unicode case mapping would be wrong for them).
    func lowercasedASCII() -> String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
