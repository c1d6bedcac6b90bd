import ParallaxLayout

/// Maps a parsed JSON document onto ParallaxLayout inputs, reporting every type problem, unknown
/// field (the schema's `additionalProperties: false`) and missing required field as a
/// (JSON pointer, message) issue, so one 422 lists them all (SPEC §6). Value rules (bounds,
/// "exactly one of") belong to ParallaxLayout's `validate`.
///
/// The two lists are simply concatenated (reader's first), never compared: a field the reader
/// reports is left absent (`nil`) or given a placeholder its own value rule accepts (sizes 1,
/// coordinates and offsets 0, `pageCount` 1, a range's missing end equal to the other), so value
/// validation cannot name that field a second time. Value rules about how fields combine ("give
/// only one of offset, page, offsets") are still reported: they are further problems, not echoes.
///
/// The current location is a stack of pointer tokens; a pointer string is built only for an issue.
struct InputReader {
    private(set) var issues: [ValidationIssue] = []
    private var path: [JSONPointer.Token] = []
    /// Keys of the objects being read, innermost last: one buffer for the whole document instead
    /// of an array per object (duplicate detection).
    private var keys: [JSONKey] = []

    /// The two buffers, kept by the caller between documents so a request allocates neither
    /// (a reader leaves both empty: every push has its pop).
    struct Scratch {
        fileprivate var path: [JSONPointer.Token] = []
        fileprivate var keys: [JSONKey] = []
        init() {}
    }

    /// A reader over `scratch`'s buffers (moved in, no copy); give them back with `release`.
    init(reusing scratch: inout Scratch) {
        swap(&path, &scratch.path)
        swap(&keys, &scratch.keys)
        path.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    mutating func release(into scratch: inout Scratch) {
        swap(&path, &scratch.path)
        swap(&keys, &scratch.keys)
    }

    var pointer: String { JSONPointer(path).description }

    mutating func fail(_ message: String) {
        issues.append(ValidationIssue(pointer: pointer, message: message))
    }

    /// Runs `body` one level down, at `key`.
    mutating func at<R>(_ key: String, _ body: (inout InputReader) -> R) -> R {
        path.append(.key(key))
        defer { path.removeLast() }
        return body(&self)
    }

    /// Runs `body` one level down, at array index `index`.
    mutating func at<R>(_ index: Int, _ body: (inout InputReader) -> R) -> R {
        path.append(.index(index))
        defer { path.removeLast() }
        return body(&self)
    }

    /// Iterates an object's members with the path at each member. `member` returns false for a
    /// field it does not know (reported as unknown); a repeated field is reported once per repeat;
    /// then each of `required` missing is reported. Returns false when `value` is not an object.
    /// (The required names are checked here, against the key buffer, so no array of the keys
    /// seen is built per object.)
    @discardableResult
    mutating func object(_ value: JSONValue, required: StaticString..., member: (inout InputReader, JSONKey, JSONValue) -> Bool) -> Bool {
        guard value.kind == .object else {
            fail("must be an object, not \(value.kindName)")
            return false
        }
        let start = keys.count
        defer { keys.removeSubrange(start...) }
        value.forEachMemberKey { key, v in
            path.append(.member(key))
            defer { path.removeLast() }
            // Only known fields are remembered, so the scan stays short however many unknown
            // keys a hostile body holds.
            if keys[start...].contains(key) {
                fail("appears more than once")
                return
            }
            if member(&self, key, v) { keys.append(key) } else { fail("unknown field") }
        }
        for name in required where !keys[start...].contains(where: { $0 == name }) {
            at(name.description) { $0.fail("is required") }
        }
        return true
    }

    // MARK: - Scalars

    mutating func number(_ v: JSONValue) -> Double? {
        switch v.number {
        case .finite(let d)?: return d
        // A literal beyond a double (1e999) reads as infinity: every number has a value rule, which
        // refuses it with the field's whole rule ("must be between -1e15 and 1e15").
        case .overflow?: return .infinity
        case nil: fail("must be a number, not \(v.kindName)"); return nil
        }
    }

    mutating func bool(_ v: JSONValue) -> Bool? {
        if let b = v.bool { return b }
        fail("must be a boolean, not \(v.kindName)")
        return nil
    }

    mutating func string(_ v: JSONValue) -> String? {
        if let s = v.string { return s }
        fail("must be a string, not \(v.kindName)")
        return nil
    }

    /// A string naming one case of `E`, e.g. `axis`.
    mutating func keyword<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ type: E.Type) -> E? where E.RawValue == String {
        stringKeyword(v, type)
    }

    /// `keyword` through a String: the path for enums without a byte matcher, and for errors.
    mutating func stringKeyword<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _: E.Type) -> E? where E.RawValue == String {
        guard let s = string(v) else { return nil }
        if let e = E(rawValue: s) { return e }
        fail("must be one of " + E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        return nil
    }

    /// An array of numbers (`offsets`).
    mutating func numbers(_ v: JSONValue) -> [Double]? {
        guard v.kind == .array else { fail("must be an array, not \(v.kindName)"); return nil }
        var out: [Double] = []
        out.reserveCapacity(v.count)
        v.forEachElement { i, e in
            out.append(at(i) { $0.number(e) } ?? 0)
        }
        return out
    }

    /// `[from, to]`: exactly two numbers (SPEC §3 effect ranges).
    mutating func pair(_ v: JSONValue) -> (Double, Double)? {
        guard v.kind == .array, v.count == 2 else {
            fail(v.kind == .array ? "must have exactly 2 numbers [from, to]" : "must be an array [from, to], not \(v.kindName)")
            return nil
        }
        var values: [Double?] = []
        v.forEachElement { i, e in values.append(at(i) { $0.number(e) }) }
        guard let a = values[0], let b = values[1] else { return nil }
        return (a, b)
    }

    // MARK: - Shared objects

    /// `{width, height}`, both required numbers.
    mutating func size(_ v: JSONValue) -> Size? {
        var w: Double?, h: Double?
        let seen = object(v, required: "width", "height") { r, key, e in
            switch key {
            case "width": w = r.number(e)
            case "height": h = r.number(e)
            default: return false
            }
            return true
        }
        // A bad or missing side becomes a placeholder (already reported), so value validation
        // still checks the other one.
        guard seen else { return nil }
        return Size(width: w ?? 1, height: h ?? 1)
    }

    /// `{x, y, width, height}`, all required numbers.
    mutating func frame(_ v: JSONValue) -> Frame? {
        var x: Double?, y: Double?, w: Double?, h: Double?
        let seen = object(v, required: "x", "y", "width", "height") { r, key, e in
            switch key {
            case "x": x = r.number(e)
            case "y": y = r.number(e)
            case "width": w = r.number(e)
            case "height": h = r.number(e)
            default: return false
            }
            return true
        }
        guard seen else { return nil }
        return Frame(x: x ?? 0, y: y ?? 0, width: w ?? 1, height: h ?? 1)
    }
}
