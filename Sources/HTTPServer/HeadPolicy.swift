/// Request-head policy, separate from parsing (llhttp) and from connection state.
enum HeadPolicy {
    /// Judges a complete head before any body byte is read (called from the parser's headers
    /// callback): version, Host (RFC 9112 §3.2: exactly one on HTTP/1.1, its value valid per RFC 9110 §7.2), Content-Length against the body limit (413 before
    /// the body), Expect (RFC 9110 §10.1.1: 100-continue on HTTP/1.1 only, others 417).
    static func judge(_ head: borrowing HTTPParser.Head, _ limits: borrowing HTTPLimits) -> HTTPParser.Verdict {
        if head.versionMajor != 1 {
            return .reject(HTTPEngineError(kind: .versionNotSupported, detail: "only HTTP/1.0 and HTTP/1.1 are supported"))
        }
        if head.versionMinor >= 1 && head.hostCount != 1 {
            return .reject(HTTPEngineError(kind: .malformed, detail: head.hostCount == 0 ? "HTTP/1.1 request without Host" : "more than one Host header"))
        }
        if head.hostInvalid {
            return .reject(HTTPEngineError(kind: .malformed, detail: "invalid Host value (RFC 9110 §7.2: uri-host [ \":\" port ])"))
        }
        if let length = head.contentLength, length > UInt64(limits.maxBodyBytes) {
            return .reject(HTTPEngineError(kind: .bodyTooLarge, detail: "request body of \(length) bytes exceeds \(limits.maxBodyBytes)"))
        }
        if head.versionMinor >= 1, let expect = head.expect {
            guard asciiCaseInsensitiveEquals(expect, "100-continue") else {
                return .reject(HTTPEngineError(kind: .expectationFailed, detail: "unsupported Expect: \(expect)"))
            }
            if head.chunked || (head.contentLength ?? 0) > 0 { return .acceptAfterContinue }
        }
        return .accept
    }
}
