import CLLHTTP

/// Bytes handed from the transport to the parser, valid only during the call that receives them
/// (the per-loop read buffer is reused by the next read). Opaque outside the C wrapper types.
struct InputBytes {
    let base: UnsafeRawPointer?
    let count: Int

    init(base: UnsafeRawPointer?, count: Int) {
        self.base = base
        self.count = count
    }

    func dropping(first n: Int) -> InputBytes {
        InputBytes(base: base.map { $0 + n }, count: count - n)
    }

    /// Copies the bytes, e.g. to keep unparsed input while reading is paused.
    func append(to array: inout [UInt8]) {
        guard let base, count > 0 else { return }
        array.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
    }
}

extension Array where Element == UInt8 {
    /// Lends the array's bytes as `InputBytes` for the duration of `body`.
    func withInputBytes<R>(_ body: (InputBytes) throws -> R) rethrows -> R {
        try withUnsafeBytes { try body(InputBytes(base: $0.baseAddress, count: $0.count)) }
    }
}

/// The one type around llhttp (STYLE.md trait 2, after swift-nio's `BetterHTTPParser`).
/// `llhttp_t` and `llhttp_settings_t` live at stable heap addresses because llhttp keeps a
/// pointer to the settings. Strict mode: no lenient flag is ever set, so request smuggling
/// shapes (CL+TE, duplicate CL, obs-fold, bare LF, bad chunk sizes) are errors.
///
/// The parser pauses after each message, so the state machine answers requests one at a time
/// and stops exactly where it wants; the head is judged by `judgeHead` inside the headers
/// callback, before any body byte is consumed.
final class HTTPParser {
    enum Event {
        /// All given bytes were consumed; more are needed.
        case needMore
        /// A whole message; `consumed` bytes were used. Take the request then `resume()`.
        case messageComplete(consumed: Int)
        /// The bytes are not acceptable HTTP/1.x; parsing must stop.
        case error(HTTPEngineError)
    }

    /// What `headersComplete` knows about the message.
    struct Head {
        var method: HTTPMethod = .get
        var versionMajor = 1
        var versionMinor = 1
        var contentLength: UInt64? = nil
        var chunked = false
        var upgrade = false
    }

    /// What to do with a complete head: go on, go on after `100 Continue`, or refuse.
    enum Verdict { case accept, acceptAfterContinue, reject(HTTPEngineError) }

    private let parser: UnsafeMutablePointer<llhttp_t>
    private let settings: UnsafeMutablePointer<llhttp_settings_t>

    let limits: HTTPLimits
    private(set) var head = Head()
    /// The request being accumulated; the state machine takes it at `messageComplete`.
    var target: [UInt8] = []
    var headers = HTTPHeaders()
    var body: [UInt8] = []
    private(set) var inMessage = false
    /// The current message's headers are complete (its body may still be arriving).
    private(set) var headersDone = false
    /// The head asked for `100 Continue` and its body has not arrived yet.
    var expectsContinue = false
    /// Policy for a complete head (limits, Host, Expect), supplied by the state machine.
    var judgeHead: (Head, HTTPHeaders, HTTPLimits) -> Verdict = { _, _, _ in .accept }
    /// `llhttp_should_keep_alive` as seen in on_message_complete (the flags are reset after it).
    private(set) var keepAlive = true
    private var name: [UInt8] = []
    private var value: [UInt8] = []
    private var headerBytes = 0
    private var callbackError: HTTPEngineError?

    init(limits: HTTPLimits) {
        self.limits = limits
        parser = .allocate(capacity: 1)
        settings = .allocate(capacity: 1)
        llhttp_settings_init(settings)
        settings.pointee.on_message_begin = { p in HTTPParser.from(p).messageBegan() }
        settings.pointee.on_url = { p, at, n in HTTPParser.from(p).url(at, n) }
        settings.pointee.on_header_field = { p, at, n in HTTPParser.from(p).field(at, n) }
        settings.pointee.on_header_value = { p, at, n in HTTPParser.from(p).fieldValue(at, n) }
        settings.pointee.on_header_value_complete = { p in HTTPParser.from(p).fieldComplete() }
        settings.pointee.on_headers_complete = { p in HTTPParser.from(p).headersComplete() }
        settings.pointee.on_body = { p, at, n in HTTPParser.from(p).bodyBytes(at, n) }
        settings.pointee.on_message_complete = { p in HTTPParser.from(p).messageComplete() }
        llhttp_init(parser, HTTP_REQUEST, settings)
        parser.pointee.data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        parser.pointee.data = nil
        parser.deallocate()
        settings.deallocate()
    }

    private static func from(_ p: UnsafeMutablePointer<llhttp_t>?) -> HTTPParser {
        // `data` is set in init and cleared only in deinit, after which llhttp is never called.
        Unmanaged<HTTPParser>.fromOpaque(UnsafeRawPointer(p.unsafelyUnwrapped.pointee.data)).takeUnretainedValue()
    }

    /// Parses `input` until it is used up or the parser pauses or fails.
    func execute(_ input: InputBytes) -> Event {
        guard input.count > 0, let base = input.base else { return .needMore }
        let start = base.assumingMemoryBound(to: CChar.self)
        let err = llhttp_execute(parser, start, input.count)
        switch err {
        case HPE_OK:
            return .needMore
        case HPE_PAUSED, HPE_PAUSED_UPGRADE:
            let consumed = llhttp_get_error_pos(parser).map { $0 - start } ?? input.count
            if err == HPE_PAUSED_UPGRADE { head.upgrade = true }
            return .messageComplete(consumed: consumed)
        default:
            if let callbackError { return .error(callbackError) }
            return .error(Self.engineError(err, reason: llhttp_get_error_reason(parser)))
        }
    }

    /// Continues after a pause.
    func resume() {
        if llhttp_get_errno(parser) == HPE_PAUSED { llhttp_resume(parser) }
    }

    private static func engineError(_ err: llhttp_errno_t, reason: UnsafePointer<CChar>?) -> HTTPEngineError {
        if err == HPE_PAUSED_H2_UPGRADE {
            return HTTPEngineError(kind: .versionNotSupported, status: 505, detail: "HTTP/2 is not supported")
        }
        let detail = reason.map { String(cString: $0) } ?? "malformed request"
        // "Invalid major version" is a version we do not speak; "Expected CRLF after version" is
        // a malformed line (bare LF), which stays 400.
        if err == HPE_INVALID_VERSION && detail.hasPrefix("Invalid") {
            return HTTPEngineError(kind: .versionNotSupported, status: 505, detail: detail)
        }
        return HTTPEngineError(kind: .malformed, status: 400, detail: detail)
    }

    // MARK: callbacks (return 0 to go on, -1 to fail, HPE_PAUSED to pause)

    private func messageBegan() -> Int32 {
        inMessage = true
        headersDone = false
        expectsContinue = false
        headerBytes = 0
        head = Head()
        // The previous request has been answered and released: reuse its storage.
        target.removeAll(keepingCapacity: true)
        headers.removeAll()
        body.removeAll(keepingCapacity: true)
        return 0
    }

    private func countHeaderBytes(_ n: Int) -> Int32 {
        headerBytes += n
        if headerBytes > limits.maxHeaderBytes {
            callbackError = HTTPEngineError(kind: .headersTooLarge, status: 431,
                                         detail: "request headers exceed \(limits.maxHeaderBytes) bytes")
            return -1
        }
        return 0
    }

    private func url(_ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        if let at { target.append(contentsOf: UnsafeRawBufferPointer(start: at, count: n)) }
        return countHeaderBytes(n)
    }

    private func field(_ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        if let at { name.append(contentsOf: UnsafeRawBufferPointer(start: at, count: n)) }
        return countHeaderBytes(n)
    }

    private func fieldValue(_ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        if let at { value.append(contentsOf: UnsafeRawBufferPointer(start: at, count: n)) }
        return countHeaderBytes(n)
    }

    private func fieldComplete() -> Int32 {
        if headers.count >= limits.maxHeaderCount {
            callbackError = HTTPEngineError(kind: .headersTooLarge, status: 431,
                                         detail: "more than \(limits.maxHeaderCount) header fields")
            return -1
        }
        // Trailing whitespace is not part of a field value (RFC 9110 §5.5).
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        headers.append(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        name.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        return countHeaderBytes(4) // ": " and CRLF
    }

    private func headersComplete() -> Int32 {
        let p = parser.pointee
        head.method = Self.method(p.method)
        head.versionMajor = Int(p.http_major)
        head.versionMinor = Int(p.http_minor)
        head.chunked = p.flags & UInt16(F_CHUNKED.rawValue) != 0
        head.contentLength = p.flags & UInt16(F_CONTENT_LENGTH.rawValue) != 0 ? p.content_length : nil
        head.upgrade = p.upgrade != 0
        headersDone = true
        switch judgeHead(head, headers, limits) {
        case .accept: return 0
        case .acceptAfterContinue:
            expectsContinue = true
            return 0
        case .reject(let error):
            callbackError = error
            return -1
        }
    }

    private func bodyBytes(_ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        if body.count + n > limits.maxBodyBytes {
            callbackError = HTTPEngineError(kind: .bodyTooLarge, status: 413,
                                         detail: "request body exceeds \(limits.maxBodyBytes) bytes")
            return -1
        }
        if let at { body.append(contentsOf: UnsafeRawBufferPointer(start: at, count: n)) }
        return 0
    }

    private func messageComplete() -> Int32 {
        keepAlive = llhttp_should_keep_alive(parser) != 0
        inMessage = false
        expectsContinue = false
        return Int32(HPE_PAUSED.rawValue)
    }

    private static func method(_ m: UInt8) -> HTTPMethod {
        switch llhttp_method_t(UInt32(m)) {
        case HTTP_GET: return .get
        case HTTP_HEAD: return .head
        case HTTP_POST: return .post
        case HTTP_PUT: return .put
        case HTTP_DELETE: return .delete
        case HTTP_OPTIONS: return .options
        case HTTP_PATCH: return .patch
        default:
            return .other(llhttp_method_name(llhttp_method_t(UInt32(m))).map { String(cString: $0) } ?? "?")
        }
    }
}
