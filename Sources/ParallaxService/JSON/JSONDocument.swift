import CYYJSON

/// A syntax error in a request body: RFC 8259 violated at `position` (a byte offset into the
/// body), reported as a 400 problem that says where (docs/api.md).
struct JSONSyntaxError: Error, Equatable {
    var position: Int
    var message: String
}

/// The one type that touches yyjson's pointers (docs/architecture.md#traits-the-code-keeps, trait 2). A parser lives on one event
/// loop and reuses a yyjson dynamic allocator, so a request costs no malloc once the loop is warm.
/// Values handed to `parse`'s closure are valid only inside it: the document is freed after.
final class JSONParser {
    private let allocator: UnsafeMutablePointer<yyjson_alc>?

    init() { allocator = yyjson_alc_dyn_new() }
    deinit { if let allocator { yyjson_alc_dyn_free(allocator) } }

    /// Parses `bytes` as strict RFC 8259 JSON. Numbers too big for a double (`1e999`) are kept
    /// as raw text (YYJSON_READ_BIGNUM_AS_RAW) so the reader reports them as 422, not 400.
    /// `bytes` is a request body lent by the engine (or a rewritten GET query).
    func parse<R>(_ bytes: Span<UInt8>, _ body: (JSONValue) -> R) -> Result<R, JSONSyntaxError> {
        var error = yyjson_read_err()
        let flags: yyjson_read_flag = YYJSON_READ_BIGNUM_AS_RAW
        let doc: UnsafeMutablePointer<yyjson_doc>? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            // Without YYJSON_READ_INSITU yyjson never writes to the input.
            let chars = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
            return yyjson_read_opts(chars, buffer.count, flags, allocator, &error)
        }
        guard let doc else {
            if bytes.isEmpty { return .failure(JSONSyntaxError(position: 0, message: "empty body")) }
            let message = error.msg.map { String(cString: $0) } ?? "invalid JSON"
            return .failure(JSONSyntaxError(position: Int(error.pos), message: message))
        }
        defer { yyjson_doc_free(doc) }
        guard let root = yyjson_doc_get_root(doc) else {
            return .failure(JSONSyntaxError(position: 0, message: "empty document"))
        }
        return .success(body(JSONValue(root)))
    }
}

/// A read-only view of one JSON value inside a parsed document (non-copying).
struct JSONValue {
    private let val: UnsafeMutablePointer<yyjson_val>

    fileprivate init(_ val: UnsafeMutablePointer<yyjson_val>) { self.val = val }

    enum Kind: Equatable { case null, bool, number, string, array, object }

    var kind: Kind {
        switch yyjson_get_type(val) {
        case UInt8(YYJSON_TYPE_NULL): return .null
        case UInt8(YYJSON_TYPE_BOOL): return .bool
        case UInt8(YYJSON_TYPE_NUM), UInt8(YYJSON_TYPE_RAW): return .number
        case UInt8(YYJSON_TYPE_STR): return .string
        case UInt8(YYJSON_TYPE_ARR): return .array
        default: return .object
        }
    }

    /// The JSON kind as a word for messages ("must be a number, not a string").
    var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    var bool: Bool? { yyjson_is_bool(val) ? yyjson_get_bool(val) : nil }

    /// A JSON number as a double: `.overflow` for literals beyond ±Double.greatestFiniteMagnitude
    /// (docs/api.md: 422). Integers beyond 64 bits that still fit a double read as that double.
    enum Number: Equatable { case finite(Double), overflow }

    var number: Number? {
        if yyjson_is_real(val) { return .finite(yyjson_get_real(val)) }
        if yyjson_is_uint(val) { return .finite(Double(yyjson_get_uint(val))) }
        if yyjson_is_sint(val) { return .finite(Double(yyjson_get_sint(val))) }
        if yyjson_is_raw(val), let raw = yyjson_get_raw(val) {
            let text = String(cString: raw)
            if let d = Double(text), d.isFinite { return .finite(d) }
            return .overflow
        }
        return nil
    }

    /// The string's UTF-8 content (yyjson already validated it).
    var string: String? {
        guard yyjson_is_str(val), let p = yyjson_get_str(val) else { return nil }
        let raw = UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
        return String(decoding: UnsafeBufferPointer(start: raw, count: yyjson_get_len(val)), as: UTF8.self)
    }

    /// A string value's bytes as a `JSONKey`, so a keyword is matched like a key (`NameTable`);
    /// nil for any other kind.
    @inline(__always) var stringKey: JSONKey? { yyjson_is_str(val) ? JSONKey(val) : nil }

    /// Number of elements or members.
    var count: Int { yyjson_is_ctn(val) ? yyjson_get_len(val) : 0 }

    /// Calls `body` for each member with its key as raw bytes (no String per key: the readers
    /// match keys against literals with `JSONKey ~= StaticString`).
    func forEachMemberKey(_ body: (JSONKey, JSONValue) -> Void) {
        var iter = yyjson_obj_iter()
        guard yyjson_obj_iter_init(val, &iter) else { return }
        while let key = yyjson_obj_iter_next(&iter) {
            guard let v = yyjson_obj_iter_get_val(key) else { continue }
            body(JSONKey(key), JSONValue(v))
        }
    }

    /// FNV-1a (64-bit) over the value's structure: kinds, keys, strings and numbers as parsed, an
    /// object's members in any order (each member digested alone, the digests added), so the GET
    /// and POST forms of one request, or two texts of it (whitespace, `1.0` and `1`), digest alike.
    /// What an unscoped stylesheet derives its names from (docs/web.md#several-on-one-page);
    /// `skipping` leaves out top-level members that do not change the stylesheet's names' content.
    func digest(skipping: (JSONKey) -> Bool = { _ in false }) -> UInt64 {
        digest(basis: 0xcbf2_9ce4_8422_2325, skipping: skipping)
    }

    private static let kinds: [Kind] = [.null, .bool, .number, .string, .array, .object]

    private func digest(basis: UInt64, skipping: (JSONKey) -> Bool) -> UInt64 {
        var h = basis
        func mix(_ b: UInt8) { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        func mix64(_ x: UInt64) { for i in 0..<8 { mix(UInt8(truncatingIfNeeded: x >> UInt64(8 * i))) } }
        func bytes(_ v: UnsafeMutablePointer<yyjson_val>) {
            let n = yyjson_get_len(v)
            mix64(UInt64(n))
            guard let p = yyjson_get_str(v) else { return }
            UnsafeRawPointer(p).withMemoryRebound(to: UInt8.self, capacity: n) { for i in 0..<n { mix($0[i]) } }
        }
        let kind = self.kind
        mix(Self.kinds.firstIndex(of: kind).map { UInt8($0) } ?? 0)
        switch kind {
        case .null: mix(0)
        case .bool: mix(bool == true ? 2 : 1)
        case .number:
            switch number {
            case .finite(let d)?: mix64((d == 0 ? 0 : d).bitPattern)
            case .overflow?, nil: if let raw = yyjson_get_raw(val) { for b in String(cString: raw).utf8 { mix(b) } }
            }
        case .string: bytes(val)
        case .array:
            mix64(UInt64(count))
            forEachElement { _, e in mix64(e.digest(basis: h, skipping: { _ in false })) }
        case .object:
            var sum: UInt64 = 0
            var iter = yyjson_obj_iter()
            guard yyjson_obj_iter_init(val, &iter) else { return h }
            while let key = yyjson_obj_iter_next(&iter) {
                guard let v = yyjson_obj_iter_get_val(key), !skipping(JSONKey(key)) else { continue }
                var m = JSONValue(key).digest(basis: 0xcbf2_9ce4_8422_2325, skipping: { _ in false })
                m = JSONValue(v).digest(basis: m, skipping: { _ in false })
                sum &+= m
            }
            mix64(sum)
        }
        return h
    }

    /// Calls `body` for each element with its index.
    func forEachElement(_ body: (Int, JSONValue) -> Void) {
        var iter = yyjson_arr_iter()
        guard yyjson_arr_iter_init(val, &iter) else { return }
        var i = 0
        while let v = yyjson_arr_iter_next(&iter) {
            body(i, JSONValue(v))
            i += 1
        }
    }
}

/// An object member's key inside a parsed document, compared as bytes. Reading a request matches
/// each key against the schema's field names; a String per key cost ~8 500 instructions a paging
/// request (docs/PERFORMANCE.md#measured-choices-the-code-keeps). The first 16 bytes are loaded once, as two
/// little-endian words, so a comparison with a literal is a length and two word compares against
/// constants the compiler folds from the literal (every field name of the API has ≤ 16 bytes;
/// longer keys compare the rest with memcmp). Valid only inside `JSONParser.parse`'s closure.
struct JSONKey: Equatable, CustomStringConvertible {
    private let val: UnsafeMutablePointer<yyjson_val>
    /// Length in bytes, and bytes 0–7 and 8–15 (zero-padded).
    let length: Int
    let word0: UInt64
    let word1: UInt64

    fileprivate init(_ val: UnsafeMutablePointer<yyjson_val>) {
        self.val = val
        let n = yyjson_get_len(val)
        length = n
        (word0, word1) = Self.load(yyjson_get_str(val).map(UnsafeRawPointer.init), n)
    }

    /// Bytes 0–7 and 8–15 of the `n` bytes at `p` as little-endian words, zero-padded, with
    /// loads that stay inside the `n` bytes: from 8 bytes on, a word at 0 and one ending at the
    /// key's end, shifted (two loads instead of a memcpy call per key).
    @inline(__always) private static func load(_ p: UnsafeRawPointer?, _ n: Int) -> (UInt64, UInt64) {
        guard let p, n > 0 else { return (0, 0) }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        if n >= 16 { return (word(0), word(8)) }
        if n > 8 { return (word(0), word(n - 8) >> UInt64(8 * (16 - n))) }
        if n == 8 { return (word(0), 0) }
        if n >= 4 {  // bytes 0–3, then the top n − 4 bytes of the 4 ending at the key's end
            let lo = UInt64(UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))
            let hi = UInt64(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
            return (lo | (hi >> UInt64(8 * (8 - n))) << 32, 0)
        }
        var w: UInt64 = 0
        for i in 0..<n { w |= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) << UInt64(8 * i) }
        return (w, 0)
    }

    private var bytes: UnsafeRawBufferPointer {
        guard let p = yyjson_get_str(val) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: p, count: yyjson_get_len(val))
    }

    /// The key as text (for JSON pointers in issues).
    var description: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always) static func == (a: JSONKey, b: JSONKey) -> Bool {
        a.length == b.length && a.word0 == b.word0 && a.word1 == b.word1
            && (a.length <= 16 || yyjson_equals_strn(a.val, yyjson_get_str(b.val), b.length))
    }

    /// Length, then the two words; `name`'s words are constants after inlining.
    @inline(__always) static func == (key: JSONKey, name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard key.length == n else { return false }
        if n <= 16 { return key.word0 == word(name, from: 0) && key.word1 == word(name, from: 8) }
        return name.utf8Start.withMemoryRebound(to: CChar.self, capacity: n) { yyjson_equals_strn(key.val, $0, n) }
    }

    /// Lets `switch key { case "viewport": … }` compare bytes with the literal.
    @inline(__always) static func ~= (name: StaticString, key: JSONKey) -> Bool { key == name }

    /// Bytes `from ..< from + 8` of `s` as a little-endian word, zero-padded (as `word0`/`word1`).
    @inline(__always) static func word(_ s: StaticString, from: Int) -> UInt64 {
        var w: UInt64 = 0
        var i = from
        let end = min(s.utf8CodeUnitCount, from + 8)
        while i < end {
            w |= UInt64(s.utf8Start[i]) << UInt64(8 * (i - from))
            i += 1
        }
        return w
    }
}
