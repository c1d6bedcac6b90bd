/// Request-head policy, separate from parsing (llhttp) and from connection state.
enum HeadPolicy {
    /// Judges a complete head before any body byte is read (called from the parser's headers
    /// callback): version, Host (RFC 9112 §3.2: exactly one on HTTP/1.1, its value valid per RFC 9110 §7.2), a transfer coding other than chunked (501,
    /// RFC 9112 §6.1), Content-Length against the body limit (413 before the body), a content-coded
    /// body (415, RFC 9110 §15.5.16: this engine decodes no coding), Expect (RFC 9110 §10.1.1:
    /// 100-continue on HTTP/1.1 only, others 417; a final status the head already determines is
    /// sent instead of 100, so a POST whose Content-Type is missing or not JSON, which the service
    /// refuses (docs/api.md#errors), is 415 before its body is sent).
    static func judge(_ head: borrowing RequestHead, _ limits: borrowing HTTPLimits) -> HTTPParser.Verdict {
        if head.versionMajor != 1 {
            return .reject(HTTPEngineError(kind: .versionNotSupported, detail: "only HTTP/1.0 and HTTP/1.1 are supported"))
        }
        if head.versionMinor >= 1 && head.hostCount != 1 {
            return .reject(HTTPEngineError(kind: .malformed, detail: head.hostCount == 0 ? "HTTP/1.1 request without Host" : "more than one Host header"))
        }
        if head.hostInvalid {
            return .reject(HTTPEngineError(kind: .malformed, detail: "invalid Host value (RFC 9110 §7.2: uri-host [ \":\" port ])"))
        }
        // llhttp has already refused a Transfer-Encoding whose last coding is not chunked (400,
        // RFC 9112 §6.3); what reaches here with another coding is chunked over one we lack.
        if head.chunked, let coding = head.transferCoding {
            return .reject(HTTPEngineError(kind: .notImplemented, detail: "unsupported Transfer-Encoding: \(coding) (only chunked)"))
        }
        if let length = head.contentLength, length > UInt64(limits.maxBodyBytes) {
            return .reject(HTTPEngineError(kind: .bodyTooLarge, detail: "request body of \(length) bytes exceeds \(limits.maxBodyBytes)"))
        }
        let hasBody = head.chunked || (head.contentLength ?? 0) > 0
        if hasBody, let coding = head.contentCoding {
            return .reject(HTTPEngineError(kind: .unsupportedMediaType, detail: "unsupported Content-Encoding: \(coding) (send the body uncoded)"))
        }
        if head.versionMinor >= 1, let expect = head.expect {
            guard asciiCaseInsensitiveEquals(expect, "100-continue") else {
                return .reject(HTTPEngineError(kind: .expectationFailed, detail: "unsupported Expect: \(expect)"))
            }
            guard hasBody else { return .accept }
            if head.method == .post && head.contentTypeIsJSON != true {
                return .reject(HTTPEngineError(kind: .unsupportedMediaType,
                                               detail: head.contentTypeIsJSON == nil ? "a POST body needs Content-Type: application/json"
                                                   : "Content-Type must be application/json"))
            }
            return .acceptAfterContinue
        }
        return .accept
    }
}
