/// Renders an `HTTPResponse` into wire bytes (RFC 9112 §4, §6). The engine owns the framing
/// headers: `Server`, `Date`, `Content-Length` (always, so keep-alive never depends on close
/// delimiting) and `Connection`.
enum ResponseSerializer {
    static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends the response to `out`. `headOnly` drops the body but keeps its Content-Length
    /// (HEAD, RFC 9110 §9.3.2). `head` supplies the loop's cached status line + `Server` +
    /// `Date` lines. Returns the number of bytes appended.
    @discardableResult
    static func append(_ response: HTTPResponse, headOnly: Bool, close: Bool, keepAliveHeader: Bool,
                       head: DateCache, to out: inout [UInt8]) -> Int {
        let start = out.count
        let status = (100...999).contains(response.status) ? response.status : 500
        if status == 200 {
            out.append(contentsOf: head.okHead)
        } else {
            put("HTTP/1.1 ", &out)
            appendDecimal(status, to: &out)
            out.append(0x20)
            put(reason(status), &out)
            put("\r\nServer: parallax\r\n", &out)
            out.append(contentsOf: head.line)
        }
        if let type = response.contentType {
            put("Content-Type: ", &out)
            append(type, &out)
            put("\r\n", &out)
        }
        for (name, value) in response.headers {
            append(name, &out)
            put(": ", &out)
            append(value, &out)
            put("\r\n", &out)
        }
        // 204 and 304 carry no body and no Content-Length: a 304's would have to be the 200's
        // length (RFC 9110 §8.6), which the application no longer has, and 0 would tell a cache
        // the stored body is empty. Both end at the blank line (RFC 9112 §6.3).
        let bodiless = status == 204 || status == 304
        if !bodiless {
            put("Content-Length: ", &out)
            appendDecimal(bodiless ? 0 : response.body.count, to: &out)
            // The line's CRLF fused with what ends the head: one copy instead of two.
            if close {
                put("\r\nConnection: close\r\n\r\n", &out)
            } else if keepAliveHeader {
                put("\r\nConnection: keep-alive\r\n\r\n", &out)
            } else {
                put("\r\n\r\n", &out)
            }
        } else if close {
            put("Connection: close\r\n\r\n", &out)
        } else if keepAliveHeader {
            put("Connection: keep-alive\r\n\r\n", &out)
        } else {
            put("\r\n", &out)
        }
        if !headOnly && !bodiless { out.append(contentsOf: response.body) }
        return out.count - start
    }

    /// Literal bytes, copied straight from the binary's constant data.
    @inline(__always)
    static func put(_ literal: StaticString, _ out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// A string's UTF-8, copied in one go when it is stored contiguously (native strings are).
    @inline(__always)
    static func append(_ string: String, _ out: inout [UInt8]) {
        if string.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: string.utf8)
        }
    }

    /// The digits go into a stack buffer first and are copied with one append (one uniqueness
    /// and capacity check instead of one per digit).
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var v = UInt64(max(0, value)), i = 20
        repeat {
            i -= 1
            digits[i] = UInt8(48 + v % 10)
            v /= 10
        } while v > 0
        digits.span.extracting(i..<20).withUnsafeBufferPointer { out.append(contentsOf: $0) }
    }

    /// Reason phrases (RFC 9110 §15); clients must ignore them, but people read them.
    static func reason(_ status: Int) -> StaticString {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 412: return "Precondition Failed"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 417: return "Expectation Failed"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Unknown"
        }
    }
}
