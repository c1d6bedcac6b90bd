/// Request header fields in arrival order. Names compare case-insensitively (RFC 9110 §5.1).
/// API kept stable for applications: `subscript(name)`, `contains(_:)`, `count`, iteration,
/// `init(_ pairs:)`. The engine may change the storage (e.g. byte ranges into a reused buffer).
public struct HTTPHeaders: Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }
    public init(_ pairs: [(String, String)]) { fields = pairs.map { (name: $0.0, value: $0.1) } }

    public var count: Int { fields.count }

    public mutating func append(name: String, value: String) { fields.append((name: name, value: value)) }
    public mutating func removeAll() { fields.removeAll(keepingCapacity: true) }

    /// The first value of `name` (case-insensitive), or nil.
    public subscript(_ name: String) -> String? {
        for f in fields where asciiCaseInsensitiveEquals(f.name, name) { return f.value }
        return nil
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

@inline(__always)
func asciiCaseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
    // Lengths first (O(1) for native strings): most fields of a lookup differ in length. Then
    // the contiguous bytes (header names are native or small strings), not the generic iterator.
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a, b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            for i in 0..<x.count where x[i] != y[i] {
                let l = x[i] | 0x20
                if l != y[i] | 0x20 || !(l >= 0x61 && l <= 0x7a) { return false }
            }
            return true
        }
    }
}
