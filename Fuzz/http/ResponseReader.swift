#if canImport(Glibc)
import Glibc
#endif

/// A strict reader of the engine's output (RFC 9112 §4, §6): every byte must belong to a
/// well-formed response; any deviation aborts through `check`.
struct ResponseReader {
    struct Response {
        var status: Int
        var closes: Bool
        var contentLength: Int?
        /// Framed with `Transfer-Encoding: chunked` (a streamed answer, docs/operations.md#bounded-memory).
        var chunked = false
        /// Neither length nor chunked: the body runs to the end of the output, which the
        /// connection's close delimits (a streamed answer to an HTTP/1.0 peer, RFC 9112 §6.3).
        var closeDelimited = false
        /// Header fields with lower-cased names, in order.
        var fields: [(name: String, value: String)] = []
        var body: [UInt8] = []

        func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }
    }

    /// Final responses in order; interim `100 Continue` lines are checked and skipped.
    /// `headOnly[i]` says the i-th final response answers HEAD (Content-Length without body).
    /// `cutShortAllowed`: the connection was dropped by a write-stall timeout (the peer stopped
    /// reading), so the last body may end early: a streamed answer's head and first pieces can be
    /// written before the stall (docs/operations.md#bounded-memory). Anything malformed before the cut still fails.
    static func readAll(_ bytes: [UInt8], headOnly: [Bool], cutShortAllowed: Bool = false) -> [Response] {
        var responses: [Response] = []
        var i = 0
        while i < bytes.count {
            guard let headEnd = find(bytes, from: i) else {
                check(false, "trailing bytes that are not a response head at \(i)")
                return responses
            }
            let lines = split(Array(bytes[i..<headEnd]))
            check(!lines.isEmpty, "empty head")
            let status = statusLine(lines[0])
            var length: Int?
            var closes = false
            var chunked = false
            var names = Set<String>()
            var fields: [(name: String, value: String)] = []
            for line in lines.dropFirst() {
                let (name, value) = field(line)
                let lower = name.lowercased()
                fields.append((name: lower, value: value))
                if lower == "content-length" {
                    check(length == nil, "two Content-Length fields")
                    check(!value.isEmpty && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }, "Content-Length \(value)")
                    length = Int(value)
                }
                if lower == "connection" && value.lowercased() == "close" { closes = true }
                if lower == "transfer-encoding" {
                    check(value == "chunked", "Transfer-Encoding \(value)")
                    chunked = true
                }
                check(lower == "set-cookie" || names.insert(lower).inserted, "field \(name) twice")
            }
            var bodyStart = headEnd + 4
            if status == 100 {
                check(length == nil, "100 Continue with Content-Length")
                i = bodyStart
                continue
            }
            check(names.contains("date"), "response without Date")
            // 204 and 304 have no body and no Content-Length (RFC 9110 §8.6, §15.4.5).
            let bodiless = status == 204 || status == 304
            check(!bodiless || length == nil, "\(status) with Content-Length")
            check(!(chunked && (bodiless || length != nil)), "\(status) chunked with Content-Length or without a body")
            if chunked {
                let index = responses.count
                check(index < headOnly.count, "more responses written than made")
                var body: [UInt8] = []
                if index < headOnly.count && !headOnly[index] {
                    switch dechunk(bytes, from: bodyStart) {
                    case .complete(let decoded, let end):
                        body = decoded
                        bodyStart = end
                    case .cutShort:
                        check(cutShortAllowed, "chunked body cut short")
                        return responses
                    case .malformed:
                        check(false, "malformed chunked body")
                        return responses
                    }
                }
                responses.append(Response(status: status, closes: closes, contentLength: nil, chunked: true,
                                          fields: fields, body: body))
                i = bodyStart
                continue
            }
            if !bodiless && length == nil {
                // Only as the last response, and only one that says it closes.
                check(closes, "final response \(status) without Content-Length, chunked coding or Connection: close")
                let index = responses.count
                check(index < headOnly.count, "more responses written than made")
                let body = index < headOnly.count && !headOnly[index] ? Array(bytes[bodyStart...]) : []
                check(headOnly.indices.contains(index) && (!headOnly[index] || bodyStart == bytes.count),
                      "bytes after a bodiless close-delimited response")
                responses.append(Response(status: status, closes: true, contentLength: nil, closeDelimited: true,
                                          fields: fields, body: body))
                return responses
            }
            guard let length = bodiless ? 0 : length else { return responses }
            let index = responses.count
            check(index < headOnly.count, "more responses written than made")
            var body: [UInt8] = []
            if index < headOnly.count && !headOnly[index] {
                if bytes.count - bodyStart < length {
                    check(cutShortAllowed, "body shorter than Content-Length \(length)")
                    return responses
                }
                body = Array(bytes[bodyStart..<min(bytes.count, bodyStart + length)])
                bodyStart += length
            }
            responses.append(Response(status: status, closes: closes, contentLength: bodiless ? nil : length,
                                      fields: fields, body: body))
            i = bodyStart
        }
        return responses
    }

    enum Chunked {
        case complete([UInt8], end: Int)
        /// Well-formed as far as the bytes go, but they end first.
        case cutShort
        case malformed
    }

    /// A chunked body (RFC 9112 §7.1) from `start`: `hex CRLF data CRLF`… `0 CRLF CRLF` with no
    /// extensions or trailers (the engine writes none). Returns the data and the index after it.
    private static func dechunk(_ bytes: [UInt8], from start: Int) -> Chunked {
        var body: [UInt8] = []
        var i = start
        /// CRLF at `at`: true, or why not.
        func crlf(_ at: Int) -> Chunked? {
            if at >= bytes.count { return .cutShort }
            if bytes[at] != 13 { return .malformed }
            if at + 1 >= bytes.count { return .cutShort }
            return bytes[at + 1] == 10 ? nil : .malformed
        }
        while true {
            var size = 0
            var digits = 0
            while i < bytes.count, let d = hexValue(bytes[i]) {
                size = size * 16 + d
                digits += 1
                guard digits <= 8 else { return .malformed }
                i += 1
            }
            if i >= bytes.count { return .cutShort }
            guard digits > 0 else { return .malformed }
            if let bad = crlf(i) { return bad }
            i += 2
            if size == 0 {
                if let bad = crlf(i) { return bad }
                return .complete(body, end: i + 2)
            }
            if bytes.count - i < size { return .cutShort }
            body += bytes[i..<(i + size)]
            i += size
            if let bad = crlf(i) { return bad }
            i += 2
        }
    }

    private static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 48...57: Int(b - 48)
        case 97...102: Int(b - 87)
        case 65...70: Int(b - 55)
        default: nil
        }
    }

    /// `HTTP/1.1 NNN Reason`: a three-digit status in 100…599 and a printable reason.
    private static func statusLine(_ line: [UInt8]) -> Int {
        let prefix = Array("HTTP/1.1 ".utf8)
        check(line.count >= 12 && Array(line[0..<9]) == prefix, "status line \(String(decoding: line, as: UTF8.self))")
        let digits = line[9..<12]
        check(digits.allSatisfy { $0 >= 48 && $0 <= 57 }, "status code")
        check(line.count == 12 || line[12] == 32, "no space after the status code")
        check(line.dropFirst(12).allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) }, "reason phrase bytes")
        let status = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        check(status >= 100 && status <= 599, "status \(status)")
        return status
    }

    /// `name: value` with a token name (RFC 9110 §5.1) and a value free of CR, LF and NUL.
    private static func field(_ line: [UInt8]) -> (String, String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            check(false, "header line without a name: \(String(decoding: line, as: UTF8.self))")
            return ("", "")
        }
        let name = line[..<colon]
        check(name.allSatisfy(isTokenByte), "header name \(String(decoding: name, as: UTF8.self))")
        let value = line[(colon + 1)...].drop { $0 == 32 || $0 == 9 }
        check(value.allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) }, "control bytes in the value of \(String(decoding: name, as: UTF8.self))")
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    private static func isTokenByte(_ b: UInt8) -> Bool {
        if (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) { return true }
        return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
    }

    /// Lines of a head split at CRLF; a bare CR or LF inside a line is an error.
    private static func split(_ head: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        var j = 0
        while j < head.count {
            if head[j] == 13 && j + 1 < head.count && head[j + 1] == 10 {
                lines.append(line)
                line = []
                j += 2
                continue
            }
            check(head[j] != 13 && head[j] != 10, "bare CR or LF in a response head")
            line.append(head[j])
            j += 1
        }
        lines.append(line)
        return lines
    }

    private static func find(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + 3 < bytes.count {
            if bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }
}
