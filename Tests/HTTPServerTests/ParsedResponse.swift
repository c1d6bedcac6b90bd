/// A response read back from bytes (tests only): status line, headers, Content-Length body.
/// Interim `100 Continue` responses are kept as responses of their own.
struct ParsedResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var closes: Bool { header("Connection")?.lowercased() == "close" }

    /// Splits `bytes` into complete responses; `rest` is an incomplete tail. `bodyless` says
    /// which responses (by index) answer HEAD and so carry no body despite Content-Length.
    static func parseAll(_ bytes: [UInt8], bodyless: Set<Int> = []) -> (responses: [ParsedResponse], rest: Int) {
        var responses: [ParsedResponse] = []
        var i = 0
        while true {
            guard let headEnd = find([13, 10, 13, 10], in: bytes, from: i) else { break }
            let head = String(decoding: bytes[i..<headEnd], as: UTF8.self)
            let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
            guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
                  let status = Int(statusLine.dropFirst(9).prefix(3)) else { break }
            var headers: [(String, String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " })))
            }
            var length = 0
            if let cl = headers.first(where: { $0.0.lowercased() == "content-length" }) { length = Int(cl.1) ?? 0 }
            if status == 100 || bodyless.contains(responses.count) { length = 0 }
            let bodyStart = headEnd + 4
            if length == 0 && !bodyless.contains(responses.count),
               headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1 == "chunked" }) {
                guard let (body, end) = dechunk(bytes, from: bodyStart) else { break }
                responses.append(ParsedResponse(status: status, headers: headers, body: body))
                i = end
                continue
            }
            guard bytes.count >= bodyStart + length else { break }
            responses.append(ParsedResponse(status: status, headers: headers, body: Array(bytes[bodyStart..<bodyStart + length])))
            i = bodyStart + length
        }
        return (responses, bytes.count - i)
    }

    /// The body of a chunked message starting at `start` and where it ends (RFC 9112 §7.1),
    /// or nil while incomplete.
    static func dechunk(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
        var body: [UInt8] = []
        var i = start
        while true {
            guard let lineEnd = find([13, 10], in: bytes, from: i),
                  let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16) else { return nil }
            let dataStart = lineEnd + 2
            if size == 0 {
                guard bytes.count >= dataStart + 2 else { return nil }
                return (body, dataStart + 2)
            }
            guard bytes.count >= dataStart + size + 2 else { return nil }
            body += bytes[dataStart..<dataStart + size]
            i = dataStart + size + 2
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
