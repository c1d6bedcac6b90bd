/// A response status with its reason phrase: the one table of reason phrases (RFC 9110 §15).
/// Clients must ignore the phrase, but people read it, and problem details use it as `title`.
/// A status is three digits (RFC 9110 §15: 100…999 on the wire, RFC 9112 §4), checked where it
/// is made: a code from data goes through the failable `init?(code:)`, and a literal outside the
/// range stops the program at once (it is a mistake in the program, not in a request).
public struct HTTPStatus: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The three-digit code, always in 100…999.
    public let code: Int

    /// Nil when `code` is not three digits.
    @inlinable public init?(code: Int) {
        guard (100...999).contains(code) else { return nil }
        self.code = code
    }

    @inlinable public init(integerLiteral code: Int) {
        precondition((100...999).contains(code), "an HTTP status is three digits (RFC 9110 §15), not \(code)")
        self.code = code
    }

    public static let `continue`: HTTPStatus = 100
    public static let ok: HTTPStatus = 200
    public static let noContent: HTTPStatus = 204
    public static let notModified: HTTPStatus = 304
    public static let badRequest: HTTPStatus = 400
    public static let notFound: HTTPStatus = 404
    public static let methodNotAllowed: HTTPStatus = 405
    public static let requestTimeout: HTTPStatus = 408
    public static let preconditionFailed: HTTPStatus = 412
    public static let contentTooLarge: HTTPStatus = 413
    public static let uriTooLong: HTTPStatus = 414
    public static let unsupportedMediaType: HTTPStatus = 415
    public static let expectationFailed: HTTPStatus = 417
    public static let unprocessableContent: HTTPStatus = 422
    public static let requestHeaderFieldsTooLarge: HTTPStatus = 431
    public static let internalServerError: HTTPStatus = 500
    public static let notImplemented: HTTPStatus = 501
    public static let serviceUnavailable: HTTPStatus = 503
    public static let httpVersionNotSupported: HTTPStatus = 505

    /// 204 and 304 never carry content (RFC 9110 §6.4.1).
    public var isBodiless: Bool { code == 204 || code == 304 || (100...199).contains(code) }

    public var description: String { "\(code)" }

    /// The RFC 9110 §15 reason phrase, "Unknown" for codes it does not name.
    public var reasonPhrase: StaticString {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }
}
