/// Errors the engine answers by itself, before or instead of calling `respond`.
/// The application only chooses how they look (e.g. RFC 9457 problem details); the status
/// follows from the kind, so the two cannot disagree.
public struct HTTPEngineError: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// llhttp rejected the bytes, or HTTP/1.1 without Host.
        case malformed
        case headersTooLarge
        case bodyTooLarge
        /// Headers or body too slow.
        case requestTimeout
        /// Draining or over capacity.
        case unavailable
        /// A request body that does not fit in the process-wide budget of buffered bodies
        /// (`InputBudget`): 503 with `Retry-After`, before the body is read when its length is
        /// known.
        case inputBudgetSpent
        /// An Expect other than 100-continue.
        case expectationFailed
        case versionNotSupported
        /// The request-target alone is over the head limit (RFC 9110 §15.5.15).
        case uriTooLong
        /// A transfer coding other than chunked (RFC 9112 §6.1: 501).
        case notImplemented
        /// A content-coded body (the engine decodes none, RFC 9110 §15.5.16), or, for a request
        /// waiting for `100 Continue`, a body whose Content-Type is not JSON (RFC 9110 §10.1.1).
        case unsupportedMediaType
        /// The application's response named a header field the engine refused to send: a name
        /// that is not an RFC 9110 §5.1 token, or a value with a control character other than
        /// HTAB (RFC 9110 §5.5): CR and LF could split the response. Nothing of it went out.
        case responseHeaderRefused
    }
    public var kind: Kind
    /// A sentence for the client, e.g. "invalid header value char at byte 37".
    public var detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var status: HTTPStatus {
        switch kind {
        case .malformed: .badRequest
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .requestTimeout: .requestTimeout
        case .unavailable, .inputBudgetSpent: .serviceUnavailable
        case .expectationFailed: .expectationFailed
        case .versionNotSupported: .httpVersionNotSupported
        case .uriTooLong: .uriTooLong
        case .notImplemented: .notImplemented
        case .unsupportedMediaType: .unsupportedMediaType
        case .responseHeaderRefused: .internalServerError
        }
    }
}
