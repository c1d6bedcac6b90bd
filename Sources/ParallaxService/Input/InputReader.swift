import ParallaxLayout

/// Maps a parsed JSON document onto ParallaxLayout inputs, reporting every type problem, unknown
/// field (the schema's `additionalProperties: false`) and missing required field as a
/// (JSON pointer, message) issue, so one 422 lists them all (docs/api.md). Value rules (bounds,
/// "exactly one of") belong to ParallaxLayout's `validate`.
///
/// The two lists are simply concatenated (reader's first), never compared: a field the reader
/// reports is left absent (`nil`) or given a placeholder its own value rule accepts (sizes 1,
/// coordinates and offsets 0, `pageCount` 1, a range's missing end equal to the other), so value
/// validation cannot name that field a second time. Value rules about how fields combine ("give
/// only one of offset, page, offsets") are still reported: they are further problems, not echoes.
///
/// The current location is a stack of steps (trivial values: a push or pop copies no String and
/// destroys nothing); a pointer string is built only for an issue.
struct InputReader {
    private(set) var issues: [ValidationIssue] = []
    private var path: [Step] = []
    /// Keys of the objects being read, innermost last: one buffer for the whole document instead
    /// of an array per object (duplicate detection of the fields outside an object's table).
    private var keys: [JSONKey] = []

    /// The two buffers, kept by the caller between documents so a request allocates neither
    /// (a reader leaves both empty: every push has its pop).
    struct Scratch {
        fileprivate var path: [Step] = []
        fileprivate var keys: [JSONKey] = []
        /// Whether the next document was made from a GET's query (QueryParameters): its problems
        /// then speak of the query's parameters (docs/api.md#endpoints).
        var fromQuery = false
        init() {}
    }

    /// See `Scratch.fromQuery`.
    private var fromQuery = false
    /// Set by a route that lets a request leave out the top-level `viewport` and decides itself
    /// what its absence means (the keyframes routes: a fluid stylesheet,
    /// docs/web.md#fluid-and-fixed): `lacksViewport` then says it was left out, and no issue is
    /// recorded. Looked at only where `object` reports a missing field, so a complete request pays
    /// nothing; two Bools beside `fromQuery`, so the reader keeps its size (a String or
    /// StaticString here cost w1 ≈ 130 instructions in copies and destroys, bench/callgrind).
    var mayLackViewport = false
    private(set) var lacksViewport = false
    /// On the same routes, the elements (`/elements/i`) that left out `frame`, each with where
    /// its issue would stand among `issues`: a fluid stylesheet lays such an element out in the
    /// page's flow (docs/web.md#elements-in-your-own-flow), any other answer needs the frame
    /// (`requireFrames`). Empty, and never allocated, on a complete request.
    private(set) var framelessElements: [(element: Int, issueIndex: Int)] = []

    /// A reader over `scratch`'s buffers (moved in, no copy); give them back with `release`.
    init(reusing scratch: inout Scratch) {
        fromQuery = scratch.fromQuery
        swap(&path, &scratch.path)
        swap(&keys, &scratch.keys)
        path.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    mutating func release(into scratch: inout Scratch) {
        swap(&path, &scratch.path)
        swap(&keys, &scratch.keys)
    }

    /// One step of the location: a member of the document or an array index.
    fileprivate enum Step {
        case member(JSONKey), index(Int)

        var token: JSONPointer.Token {
            switch self {
            case .member(let k): .member(k)
            case .index(let i): .index(i)
            }
        }
    }

    var pointer: String { JSONPointer(path.map(\.token)).description }

    mutating func fail(_ message: String) {
        issues.append(ValidationIssue(pointer: pointer, message: message))
    }

    /// The `frame` of each element in `framelessElements` is required after all (an answer that
    /// is not a fluid stylesheet): its issue, where the reader met it.
    mutating func requireFrames() {
        for (element, index) in framelessElements.reversed() {
            issues.insert(ValidationIssue(pointer: ElementField.frame.pointer(in: ScrollField.elements.pointer(at: element)), message: "is required"), at: index)
        }
        framelessElements.removeAll()
    }

    /// Reports `message` one level down, at the field `name` the document lacks (also a route's
    /// own message for a missing field, e.g. the keyframes route's `viewport`).
    mutating func fail(missing name: String, _ message: String) {
        issues.append(ValidationIssue(pointer: JSONPointer(path.map(\.token) + [.key(name)]).description, message: message))
    }

    /// Runs `body` one level down, at array index `index`.
    mutating func at<R>(_ index: Int, _ body: (inout InputReader) -> R) -> R {
        path.append(.index(index))
        defer { path.removeLast() }
        return body(&self)
    }

    /// What `object` hands its `member` reader: a field of the object's table, or a key outside
    /// it (a route's own fields, e.g. the keyframes request's `domain`, else unknown).
    enum Member<F> {
        case field(F)
        case other(JSONKey)
    }

    /// Iterates an object's members with the path at each member. A key is first looked up in
    /// `F`'s table (the object's schema, docs/architecture.md#reading-a-request): a field seen
    /// before is reported once per repeat without reading it again, by a bit of a mask; else
    /// `member` reads it, switching over the case (one closure, as the optimizer inlines it). A
    /// key outside the table is handed over as `.other`; `member` returns false for a key it does
    /// not know (reported as unknown), and the keys it accepts are remembered in the key buffer
    /// for the same repeat check. Then each required field missing is reported, in the table's
    /// order. Returns false when `value` is not an object.
    @discardableResult @inline(__always)
    mutating func object<F: JSONNames>(_ value: JSONValue, _: F.Type,
                                       member: (inout InputReader, Member<F>, JSONValue) -> Bool) -> Bool {
        guard value.kind == .object else {
            fail("must be an object, not \(value.kindName)")
            return false
        }
        let fields = F.names
        var seen: UInt64 = 0
        let start = keys.count
        value.forEachMemberKey { key, v in
            path.append(.member(key))
            defer { path.removeLast() }
            if let i = fields.index(of: key) {
                let bit: UInt64 = 1 << UInt64(i)
                if seen & bit != 0 {
                    fail("appears more than once")
                    return
                }
                seen |= bit
                if !member(&self, .field(fields.name(at: i)), v) { fail("unknown field") }
                return
            }
            // Only known extra fields are remembered, so the scan stays short however many
            // unknown keys a hostile body holds.
            if keys.count > start && keys[start...].contains(key) {
                fail("appears more than once")
                return
            }
            if member(&self, .other(key), v) { keys.append(key) } else { fail("unknown field") }
        }
        if keys.count > start { keys.removeSubrange(start...) }
        if fields.requiredMask & ~seen != 0 { reportMissing(fields, seen: seen) }
        return true
    }

    /// Each required field of `fields` not `seen`, in the table's order; out of line, as only a
    /// faulty request (or a fluid stylesheet's) comes here, so `object`, inlined in every reader,
    /// stays short.
    @inline(never)
    private mutating func reportMissing<F: JSONNames>(_ fields: NameTable<F>, seen: UInt64) {
        for i in fields.required where seen & (1 << UInt64(i)) == 0 {
            let field = fields.name(at: i)
            if mayLackViewport, path.isEmpty, (field as? any RequestFields)?.isViewport == true {
                lacksViewport = true
                continue
            }
            if mayLackViewport, field as? ElementField == .frame, path.count == 2, case .index(let element) = path[1],
               JSONPointer([path[0].token]).description == ScrollField.elements.pointer() {
                framelessElements.append((element, issues.count))
                continue
            }
            fail(missing: field.rawValue, "is required")
        }
    }

    // MARK: - Scalars

    @inline(__always)
    mutating func number(_ v: JSONValue) -> Double? {
        switch v.number {
        case .finite(let d)?: return d
        // A literal beyond a double (1e999) reads as infinity: every number has a value rule, which
        // refuses it with the field's whole rule ("must be between -1e15 and 1e15").
        case .overflow?: return .infinity
        case nil:
            if fromQuery, let text = v.string {
                fail("\(parameter) must be a number such as \(Self.example(path.last)), got \(Self.quoted(text))")
            } else {
                fail("must be a number, not \(v.kindName)")
            }
            return nil
        }
    }

    mutating func bool(_ v: JSONValue) -> Bool? {
        if let b = v.bool { return b }
        if fromQuery, let text = v.string {
            fail("\(parameter) must be true or false, got \(Self.quoted(text))")
        } else {
            fail("must be a boolean, not \(v.kindName)")
        }
        return nil
    }

    // MARK: - The query's words (docs/api.md#endpoints)

    /// The field as the query names it: `viewport.width`, `offsets` for an item of `offsets=1,x`.
    private var parameter: String {
        var name = ""
        for step in path {
            guard case .member(let key) = step else { continue }
            if !name.isEmpty { name += "." }
            name += key.description
        }
        return name
    }

    /// A number a person would write for the field, to show the form expected.
    private static func example(_ step: Step?) -> String {
        guard case .member(let key)? = step else { return "100" }
        switch key.description {
        case "width": return "390"
        case "height": return "844"
        case "pageCount": return "5"
        case "pageSpacing": return "16"
        case "motionScale", "rate", "speed": return "0.5"
        case "pixelScale": return "3"
        default: return "100"
        }
    }

    /// The value as sent, in JSON quotes (escaped, so no byte of it can end the message), cut
    /// at 64 characters.
    private static func quoted(_ text: String) -> String {
        let cut = text.count > 64 ? String(text.prefix(64)) + "…" : text
        return JSONWriter.text { $0.stringValue(cut) }
    }

    mutating func string(_ v: JSONValue) -> String? {
        if let s = v.string { return s }
        fail("must be a string, not \(v.kindName)")
        return nil
    }

    /// `keyword` through a String: the path for its errors.
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

    /// An array of objects (a paging request's `layers`, a scroll request's `elements`), each
    /// read by `read` at its index in its place in the array, which starts as `placeholder`
    /// (so an invalid element keeps the later indices aligned): an element returned and
    /// appended was copied twice (≈ 130 instructions a layer, bench/callgrind).
    @inline(__always)
    mutating func objects<Element>(_ v: JSONValue, placeholder: @autoclosure () -> Element,
                                   _ read: (inout InputReader, JSONValue, inout Element) -> Void) -> [Element]? {
        guard v.kind == .array else { fail("must be an array, not \(v.kindName)"); return nil }
        var out: [Element] = []
        out.reserveCapacity(v.count)
        v.forEachElement { i, e in
            out.append(placeholder())
            let last = out.count &- 1
            at(i) { read(&$0, e, &out[last]) }
        }
        return out
    }

    /// `[from, to]`: exactly two numbers (docs/model.md#scroll-elements effect ranges).
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
        let seen = object(v, SizeField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .width: w = r.number(e)
            case .height: h = r.number(e)
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
        let seen = object(v, FrameField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .x: x = r.number(e)
            case .y: y = r.number(e)
            case .width: w = r.number(e)
            case .height: h = r.number(e)
            }
            return true
        }
        guard seen else { return nil }
        return Frame(x: x ?? 0, y: y ?? 0, width: w ?? 1, height: h ?? 1)
    }

    /// `{from, to}`, both required (a page range, a keyframes domain); the callers give the
    /// missing end its placeholder.
    mutating func fromTo(_ v: JSONValue) -> (from: Double?, to: Double?)? {
        var from: Double?, to: Double?
        let seen = object(v, RangeField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            switch field {
            case .from: from = r.number(e)
            case .to: to = r.number(e)
            }
            return true
        }
        return seen ? (from, to) : nil
    }
}

// The name tables of the fields declared in ParallaxLayout (FieldNames.swift); `required`
// are the fields an object must have, reported missing in this order.
extension SizeField: JSONNames { static let names = NameTable<Self>(required: [.width, .height]) }
extension FrameField: JSONNames { static let names = NameTable<Self>(required: [.x, .y, .width, .height]) }
extension RangeField: JSONNames { static let names = NameTable<Self>(required: [.from, .to]) }
