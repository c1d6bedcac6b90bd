/// Renders an `HTTPResponse` into wire bytes (RFC 9112 §4, §6). The engine owns the framing
/// headers: `Server`, `Date`, `Content-Length` (always, so keep-alive never depends on close
/// delimiting) and `Connection`.
enum ResponseSerializer {
    static let serverLine: [UInt8] = Array("Server: parallax\r\n".utf8)
    static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends the response to `out`. `headOnly` drops the body but keeps its Content-Length
    /// (HEAD, RFC 9110 §9.3.2). Returns the number of bytes appended.
    @discardableResult
    static func append(_ response: HTTPResponse, headOnly: Bool, close: Bool, keepAliveHeader: Bool,
                       date: [UInt8], to out: inout [UInt8]) -> Int {
        let start = out.count
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        let status = (100...999).contains(response.status) ? response.status : 500
        appendDecimal(status, to: &out)
        out.append(0x20)
        reason(status).withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: "\r\n".utf8)
        out.append(contentsOf: serverLine)
        out.append(contentsOf: date)
        if let type = response.contentType {
            out.append(contentsOf: "Content-Type: ".utf8)
            out.append(contentsOf: type.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        for (name, value) in response.headers {
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: value.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        // 204 and 304 carry no body and (204) no Content-Length (RFC 9110 §8.6, §15.3.5).
        let bodiless = status == 204 || status == 304
        if !bodiless || status == 304 {
            out.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(bodiless ? 0 : response.body.count, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        if close {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if keepAliveHeader {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        out.append(contentsOf: "\r\n".utf8)
        if !headOnly && !bodiless { out.append(contentsOf: response.body) }
        return out.count - start
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        let value = max(0, value)
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var n = value
        while divisor > 0 {
            out.append(UInt8(48 + n / divisor))
            n %= divisor
            divisor /= 10
        }
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
