import ParallaxLayout

/// Enumerations read from JSON strings, matched on the string's bytes inside the parsed document:
/// no String per keyword and no `init(rawValue:)` string switch on a valid request (together
/// ≈ 300 instructions a keyword, four of them in a typical paging request: callgrind, docs/PERFORMANCE.md).
/// A miss falls back to `InputReader.keyword`'s String path, which words the error.
protocol JSONKeyword: RawRepresentable, CaseIterable where RawValue == String {
    /// The case whose raw value is exactly the string `value`, or nil (not a string, no match).
    static func match(_ value: JSONValue) -> Self?
}

extension InputReader {
    /// A string naming one case of `E` (bytes first, then the generic path for the error).
    mutating func keyword<E: JSONKeyword>(_ v: JSONValue, _ type: E.Type) -> E? {
        if let e = E.match(v) { return e }
        return stringKeyword(v, type)
    }
}

extension Axis: JSONKeyword {
    static func match(_ v: JSONValue) -> Axis? {
        switch v { case "horizontal": .horizontal; case "vertical": .vertical; default: nil }
    }
}

extension Direction: JSONKeyword {
    static func match(_ v: JSONValue) -> Direction? {
        switch v { case "ltr": .ltr; case "rtl": .rtl; default: nil }
    }
}

extension PagingInput.Include: JSONKeyword {
    static func match(_ v: JSONValue) -> PagingInput.Include? {
        switch v { case "visible": .visible; case "all": .all; default: nil }
    }
}

extension PagingInput.Fit: JSONKeyword {
    static func match(_ v: JSONValue) -> PagingInput.Fit? {
        switch v { case "page": .page; case "cover": .cover; default: nil }
    }
}

extension ContentMode: JSONKeyword {
    static func match(_ v: JSONValue) -> ContentMode? {
        switch v {
        case "fill": .fill
        case "aspectFill": .aspectFill
        case "aspectFit": .aspectFit
        case "center": .center
        default: nil
        }
    }
}
