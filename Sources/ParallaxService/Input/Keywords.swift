import ParallaxLayout

// Enumerations read from JSON strings, matched on the string's bytes inside the parsed document
// by their `NameTable` (built from the cases): no String per keyword and no `init(rawValue:)`
// string switch on a valid request (together ≈ 1 500 instructions a typical paging request,
// docs/PERFORMANCE.md#measured-choices-the-code-keeps). A miss falls back to
// `InputReader.stringKeyword`'s String path, which words the error.

extension InputReader {
    /// A string naming one case of `E` (bytes first, then the String path for the error).
    @inline(__always) mutating func keyword<E: JSONNames>(_ v: JSONValue, _ type: E.Type) -> E? {
        if let key = v.stringKey, let e = E.names[key] { return e }
        return stringKeyword(v, type)
    }
}

extension Axis: JSONNames { static let names = NameTable<Self>() }
extension Direction: JSONNames { static let names = NameTable<Self>() }
extension ContentMode: JSONNames { static let names = NameTable<Self>() }
extension PagingInput.Include: JSONNames { static let names = NameTable<Self>() }
extension PagingInput.Fit: JSONNames { static let names = NameTable<Self>() }
extension PagingInput.Align: JSONNames { static let names = NameTable<Self>() }
extension HeaderInput.Mode: JSONNames { static let names = NameTable<Self>() }
extension KeyframesInput: JSONNames { static let names = NameTable<Self>() }
