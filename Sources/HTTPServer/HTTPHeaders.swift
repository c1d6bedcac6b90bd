/// A request's header fields in arrival order, as byte ranges into one buffer (no String per
/// field). Names compare case-insensitively (RFC 9110 §5.1); values have no surrounding blanks
/// (RFC 9110 §5.5). A view that lives as long as the `HTTPRequest` it belongs to.
public struct HTTPHeaders: ~Escapable {
    /// One field: where its name and its value lie in the head buffer.
    public struct Field: Sendable, Equatable {
        var nameStart: Int32, nameEnd: Int32, valueStart: Int32, valueEnd: Int32

        init(name: Range<Int>, value: Range<Int>) {
            nameStart = Int32(truncatingIfNeeded: name.lowerBound)
            nameEnd = Int32(truncatingIfNeeded: name.upperBound)
            valueStart = Int32(truncatingIfNeeded: value.lowerBound)
            valueEnd = Int32(truncatingIfNeeded: value.upperBound)
        }
        var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }
        var value: Range<Int> { Int(valueStart)..<Int(valueEnd) }
    }

    let bytes: Span<UInt8>
    let fields: Span<Field>
    /// Bit `n % 64` is set when some field's name is `n` bytes long: a lookup of a name whose
    /// length no field has (most lookups: a request carries a few of the fields a service reads)
    /// answers nil without a scan.
    @usableFromInline let nameLengths: UInt64

    @_lifetime(copy bytes, copy fields)
    init(bytes: Span<UInt8>, fields: Span<Field>) {
        self.bytes = bytes
        self.fields = fields
        var lengths: UInt64 = 0
        var i = 0
        while i < fields.count {
            lengths |= 1 &<< UInt64(truncatingIfNeeded: (fields[i].nameEnd &- fields[i].nameStart) & 63)
            i &+= 1
        }
        self.nameLengths = lengths
    }

    /// Whether some field's name may have `n` bytes (false: certainly none). Inlined into the
    /// callers of other modules with the lookups below, so a lookup of a field the request lacks
    /// costs a few instructions where it is made, not a call (≈ 35 instructions for
    /// `X-Request-Id` on a request without one, bench/callgrind w7).
    @inlinable @inline(__always)
    func mayHaveName(ofLength n: Int32) -> Bool {
        nameLengths & (1 &<< UInt64(truncatingIfNeeded: n & 63)) != 0
    }

    public var count: Int { fields.count }

    /// The name of field `i` (0 ..< count), as sent.
    @_lifetime(copy self)
    public func name(at i: Int) -> Span<UInt8> { bytes.extracting(fields[i].name) }

    /// The value of field `i`.
    @_lifetime(copy self)
    public func value(at i: Int) -> Span<UInt8> { bytes.extracting(fields[i].value) }

    /// The index of the first field named `name` (compared ASCII case-insensitively), or nil.
    @inlinable @inline(__always)
    public func firstIndex(of name: StaticString) -> Int? {
        mayHaveName(ofLength: Int32(truncatingIfNeeded: name.utf8CodeUnitCount)) ? scanFirst(name) : nil
    }

    @usableFromInline
    func scanFirst(_ name: StaticString) -> Int? { index(of: name, from: 0) }

    /// The index of the first field named `name` at `start` or after it, or nil: the one scan
    /// the lookups share.
    func index(of name: StaticString, from start: Int) -> Int? {
        let n = Int32(truncatingIfNeeded: name.utf8CodeUnitCount)
        var i = start
        while i < fields.count {
            // Lengths first, from the stored range: most fields differ there.
            let f = fields[i]
            if f.nameEnd &- f.nameStart == n && Self.sameName(bytes.extracting(f.name), name) { return i }
            i &+= 1
        }
        return nil
    }

    public func contains(_ name: StaticString) -> Bool { firstIndex(of: name) != nil }

    /// The index of the one field named `name`, or nil when there is none or more than one (a
    /// field that is not a list, such as `X-Request-Id`, sent twice is ambiguous).
    @inlinable @inline(__always)
    public func soleIndex(of name: StaticString) -> Int? {
        mayHaveName(ofLength: Int32(truncatingIfNeeded: name.utf8CodeUnitCount)) ? scanSole(name) : nil
    }

    @usableFromInline
    func scanSole(_ name: StaticString) -> Int? {
        guard let first = index(of: name, from: 0) else { return nil }
        return index(of: name, from: first &+ 1) == nil ? first : nil
    }

    /// The first value of `name` as a String (allocates: for rare fields and tests).
    @inlinable @inline(__always)
    public subscript(_ name: StaticString) -> String? {
        mayHaveName(ofLength: Int32(truncatingIfNeeded: name.utf8CodeUnitCount)) ? scanString(name) : nil
    }

    @usableFromInline
    func scanString(_ name: StaticString) -> String? {
        guard let i = scanFirst(name) else { return nil }
        return String(copying: value(at: i))
    }

    /// Every field line named `name` joined with `, ` (RFC 9110 §5.3: a list field may be split
    /// over lines), or nil when there is none. Allocates: for list fields such as
    /// `Accept-Encoding` or `If-None-Match`.
    @inlinable @inline(__always)
    public func joined(_ name: StaticString) -> String? {
        mayHaveName(ofLength: Int32(truncatingIfNeeded: name.utf8CodeUnitCount)) ? scanJoined(name) : nil
    }

    @usableFromInline
    func scanJoined(_ name: StaticString) -> String? {
        var result: String?
        var next = index(of: name, from: 0)
        while let i = next {
            let v = String(copying: value(at: i))
            result = result.map { $0 + ", " + v } ?? v
            next = index(of: name, from: i &+ 1)
        }
        return result
    }

    /// ASCII case-insensitive equality of a name with a literal (RFC 9110 §5.1).
    @inline(__always)
    static func sameName(_ a: Span<UInt8>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { b in
            guard a.count == b.count else { return false }
            var i = 0
            while i < a.count {
                let x = a[i], y = b[i]
                if x != y {
                    let l = x | 0x20
                    if l != y | 0x20 || !(l >= 0x61 && l <= 0x7a) { return false }
                }
                i &+= 1
            }
            return true
        }
    }
}

/// ASCII case-insensitive equality of two byte sequences (header names and tokens).
@inline(__always)
func asciiCaseInsensitiveEquals(_ a: Span<UInt8>, _ b: StaticString) -> Bool {
    HTTPHeaders.sameName(a, b)
}

/// The same for a String (an `Expect` value kept for the head policy).
func asciiCaseInsensitiveEquals(_ a: String, _ b: StaticString) -> Bool {
    var a = a
    return a.withUTF8 { x in
        b.withUTF8Buffer { y in
            guard x.count == y.count else { return false }
            for i in 0..<x.count where x[i] != y[i] {
                let l = x[i] | 0x20
                if l != y[i] | 0x20 || !(l >= 0x61 && l <= 0x7a) { return false }
            }
            return true
        }
    }
}
