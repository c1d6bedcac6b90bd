import HTTPServer
import ParallaxLayout

/// The GET forms of docs/api.md: dotted query parameters (`viewport.width=390&pageCount=5&offset=100`)
/// rewritten as the equivalent JSON body, so GET and POST share one reader and report the same
/// pointers. A value that is a JSON number or `true`/`false`/`null` is written as that literal,
/// anything else as a string (so `offset=abc` is a 422 at `/offset`); `offsets=1,2,3` becomes an
/// array; the array fields `layers` and `elements` take JSON text (`elements=[{"name":"a",…}]`,
/// percent-encoded). Percent-decoding per RFC 3986 §2.1, `+` as space (HTML form encoding).
/// A list field may also be repeated, OpenAPI's default `form` + `explode` style that generated
/// clients send (`offsets=0&offsets=195`, docs/api.md#endpoints): the items are taken in order,
/// each repetition may itself be a comma list. Any other field given twice is one issue, however
/// often it is repeated.
enum QueryParameters {
    indirect enum Node {
        case leaf(String)
        case object([(key: String, node: Node)])
    }

    /// Fields whose query value is a comma-separated list (`offsets=1,2,3`; the keyframes
    /// routes' `properties=frame.x,opacity`, docs/model.md#keyframes).
    static let listFields: Set<String> = [PagingField.offsets.rawValue, HeaderRequestField.offsets.rawValue,
                                          ScrollField.offsets.rawValue, KeyframesField.properties.rawValue]
    /// Fields whose query value is JSON text (arrays of objects have no dotted form).
    static let jsonFields: Set<String> = [PagingField.layers.rawValue, ScrollField.elements.rawValue]

    /// `checkJSON` returns nil for valid JSON text, else a message saying where it breaks.
    static func json(from query: Substring?, checkJSON: ([UInt8]) -> String?) -> Result<ByteBuffer, ValidationError> {
        var root: [(key: String, node: Node)] = []
        var issues: [ValidationIssue] = []
        var repeated: Set<String> = []
        for pair in (query ?? "").utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let eq = pair.firstIndex(of: UInt8(ascii: "="))
            let name = decode(eq.map { pair[..<$0] } ?? pair[...])
            let value = decode(eq.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...])
            let keys = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let pointer = JSONPointer(keys.map { .key($0) }).description
            if keys.contains(where: \.isEmpty) {
                issues.append(ValidationIssue(pointer: pointer, message: "is not a valid parameter name"))
                continue
            }
            if keys.count == 1, jsonFields.contains(keys[0]), let message = checkJSON(Array(value.utf8)) {
                issues.append(ValidationIssue(pointer: pointer, message: message))
                continue
            }
            if keys.count == 1, listFields.contains(keys[0]),
               let i = root.firstIndex(where: { $0.key == keys[0] }), case .leaf(let items) = root[i].node {
                root[i].node = .leaf(items + "," + value)
                continue
            }
            if !insert(&root, keys[...], value), repeated.insert(pointer).inserted {
                issues.append(ValidationIssue(pointer: pointer, message: "appears more than once"))
            }
        }
        if !issues.isEmpty { return .failure(ValidationError(issues: issues)) }
        var json = ByteBuffer()
        JSONWriter.write(into: &json) { write(&$0, root, top: true) }
        return .success(json)
    }

    /// Inserts `value` at `keys`; false when that path is already taken.
    private static func insert(_ members: inout [(key: String, node: Node)], _ keys: ArraySlice<String>, _ value: String) -> Bool {
        guard let first = keys.first else { return false }
        let rest = keys.dropFirst()
        if let i = members.firstIndex(where: { $0.key == first }) {
            guard !rest.isEmpty, case .object(var children) = members[i].node else { return false }
            members[i].node = .leaf("")  // drop the reference so `children` is mutated in place
            let ok = insert(&children, rest, value)
            members[i].node = .object(children)
            return ok
        }
        if rest.isEmpty {
            members.append((first, .leaf(value)))
            return true
        }
        var children: [(key: String, node: Node)] = []
        _ = insert(&children, rest, value)
        members.append((first, .object(children)))
        return true
    }

    private static func write(_ w: inout JSONWriter, _ members: [(key: String, node: Node)], top: Bool) {
        w.objectStart()
        for (key, node) in members {
            w.key(escaping: key)
            switch node {
            case .object(let children): write(&w, children, top: false)
            case .leaf(let value):
                if top && jsonFields.contains(key) {
                    w.rawValue(value)
                } else if top && listFields.contains(key) {
                    w.arrayStart()
                    if !value.isEmpty {
                        for item in value.split(separator: ",", omittingEmptySubsequences: false) { literal(&w, String(item)) }
                    }
                    w.arrayEnd()
                } else {
                    literal(&w, value)
                }
            }
        }
        w.objectEnd()
    }

    private static func literal(_ w: inout JSONWriter, _ value: String) {
        if value == "true" { w.bool(true) } else if value == "false" { w.bool(false) } else if value == "null" { w.null() } else if isJSONNumber(value) {
            w.raw(value)
        } else {
            w.string(value)
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ s: String) -> Bool {
        var it = Array(s.utf8)[...]
        func digits() -> Int {
            var n = 0
            while let c = it.first, c >= 0x30, c <= 0x39 { it = it.dropFirst(); n += 1 }
            return n
        }
        if it.first == UInt8(ascii: "-") { it = it.dropFirst() }
        if it.first == UInt8(ascii: "0") { it = it.dropFirst() } else if digits() == 0 { return false }
        if it.first == UInt8(ascii: ".") {
            it = it.dropFirst()
            if digits() == 0 { return false }
        }
        if it.first == UInt8(ascii: "e") || it.first == UInt8(ascii: "E") {
            it = it.dropFirst()
            if it.first == UInt8(ascii: "+") || it.first == UInt8(ascii: "-") { it = it.dropFirst() }
            if digits() == 0 { return false }
        }
        return it.isEmpty
    }

    /// Percent-decoding; a malformed escape is kept literally.
    static func decode(_ bytes: Substring.UTF8View.SubSequence) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if c == UInt8(ascii: "%"), bytes.distance(from: i, to: bytes.endIndex) >= 3,
                      let hi = hex(bytes[bytes.index(i, offsetBy: 1)]), let lo = hex(bytes[bytes.index(i, offsetBy: 2)]) {
                out.append(hi << 4 | lo)
                i = bytes.index(i, offsetBy: 3)
                continue
            } else {
                out.append(c)
            }
            i = bytes.index(after: i)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}

extension JSONWriter {
    /// Bytes already known to be a valid JSON number.
    mutating func raw(_ number: String) {
        rawValue(number)
    }
}
