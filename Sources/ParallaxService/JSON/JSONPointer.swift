/// A JSON Pointer (RFC 6901) under construction while a reader walks a document. Tokens are
/// kept unescaped and joined only when an issue is reported, so a valid request never builds one.
struct JSONPointer: Equatable, CustomStringConvertible {
    /// `member` is a key still inside the parsed document (turned into text only for an issue).
    enum Token: Equatable { case key(String), member(JSONKey), index(Int) }
    private(set) var tokens: [Token] = []

    init(_ tokens: [Token] = []) { self.tokens = tokens }

    /// `""` for the whole document, else `/a/0/b`, with `~` → `~0` and `/` → `~1` (RFC 6901 §3).
    var description: String {
        var out = ""
        for t in tokens {
            out.append("/")
            switch t {
            case .index(let i): out.append(String(i))
            case .key(let k): Self.appendEscaped(k, to: &out)
            case .member(let k): Self.appendEscaped(k.description, to: &out)
            }
        }
        return out
    }

    private static func appendEscaped(_ key: String, to out: inout String) {
        for c in key.unicodeScalars {
            switch c {
            case "~": out.append("~0")
            case "/": out.append("~1")
            default: out.unicodeScalars.append(c)
            }
        }
    }
}
