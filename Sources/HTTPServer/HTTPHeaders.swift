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
    // Lengths first (O(1) for native strings): most fields of a lookup differ in length.
    guard a.utf8.count == b.utf8.count else { return false }
    var ia = a.utf8.makeIterator(), ib = b.utf8.makeIterator()
    while true {
        switch (ia.next(), ib.next()) {
        case (nil, nil): return true
        case let (x?, y?):
            if x == y { continue }
            if (x | 0x20) != (y | 0x20) || !((x | 0x20) >= 0x61 && (x | 0x20) <= 0x7a) { return false }
        default: return false
        }
    }
}
