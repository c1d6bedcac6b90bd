import CLLHTTP

/// The one type around llhttp (docs/architecture.md#traits-the-code-keeps, trait 2, after swift-nio's `BetterHTTPParser`).
/// `llhttp_t` and `llhttp_settings_t` live at stable heap addresses because llhttp keeps a
/// pointer to the settings. Strict mode: no lenient flag is ever set, so request smuggling
/// shapes (CL+TE, duplicate CL, obs-fold, bare LF, bad chunk sizes) are errors.
///
/// The parser pauses after each message, so the state machine answers requests one at a time
/// and stops exactly where it wants; the head is judged by `HeadPolicy` inside the headers
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

    /// What to do with a complete head: go on, go on after `100 Continue`, or refuse.
    enum Verdict { case accept, acceptAfterContinue, reject(HTTPEngineError) }

    private let parser: UnsafeMutablePointer<llhttp_t>
    private let settings: UnsafeMutablePointer<llhttp_settings_t>

    /// Everything the callbacks touch, at one stable address that llhttp's `data` points to: the
    /// callbacks reach it without retaining any object and without dynamic exclusivity checks.
    private struct Message {
        let limits: HTTPLimits
        /// The target and the fields, and what the head policy reads of them (HeadRecorder.swift).
        var recorder = HeadRecorder()
        var body = ByteBuffer()
        var inMessage = false
        var headersDone = false
        var expectsContinue = false
        var keepAlive = true
        var headerBytes = 0
        /// Chunk-extension bytes of this message so far (`HTTPLimits.maxChunkExtensionBytes`).
        var extensionBytes = 0
        var callbackError: HTTPEngineError?
    }
    private let message: UnsafeMutablePointer<Message>

    /// Lends the complete message (after `messageComplete`) as a request for one call. The
    /// spans are made from the message's stable storage, so nothing is copied.
    func withRequest<R>(_ use: (borrowing HTTPRequest) -> R) -> R {
        let m = message
        return m.pointee.recorder.bytes.withUnsafeReadableBytes { head in
            m.pointee.body.withUnsafeReadableBytes { body in
                m.pointee.recorder.fields.withUnsafeBufferPointer { stored in
                    let fields = UnsafeBufferPointer(rebasing: stored[..<min(m.pointee.recorder.fieldCount, stored.count)])
                    let all = Span<UInt8>(_unsafeBytes: head)
                    return use(HTTPRequest(method: m.pointee.recorder.head.method, versionMinor: m.pointee.recorder.head.versionMinor,
                                           target: all.extracting(m.pointee.recorder.targetStart..<m.pointee.recorder.targetEnd),
                                           headers: HTTPHeaders(bytes: all, fields: Span(_unsafeElements: fields)),
                                           body: Span<UInt8>(_unsafeBytes: body),
                                           contentTypeIsJSON: m.pointee.recorder.head.contentTypeIsJSON))
                }
            }
        }
    }

    /// The request-target's path (up to `?`) for the access record, without a String (`RecordPath`).
    var recordPath: RecordPath {
        let m = message
        return m.pointee.recorder.bytes.withUnsafeReadableBytes { head in
            let limit = min(m.pointee.recorder.targetEnd, head.count)
            let start = min(m.pointee.recorder.targetStart, limit)
            var end = start
            while end < limit && head[end] != UInt8(ascii: "?") { end &+= 1 }
            return RecordPath(Span<UInt8>(_unsafeBytes: UnsafeRawBufferPointer(rebasing: head[start..<end])))
        }
    }

    var method: HTTPMethod { message.pointee.recorder.head.method }
    var versionMinor: Int { message.pointee.recorder.head.versionMinor }
    var upgrade: Bool { message.pointee.recorder.head.upgrade }
    var inMessage: Bool { message.pointee.inMessage }
    /// The current message's headers are complete (its body may still be arriving).
    var headersDone: Bool { message.pointee.headersDone }
    /// The head asked for `100 Continue` and its body has not arrived yet.
    var expectsContinue: Bool {
        get { message.pointee.expectsContinue }
        set { message.pointee.expectsContinue = newValue }
    }
    /// `llhttp_should_keep_alive` as seen in on_message_complete (the flags are reset after it).
    var keepAlive: Bool { message.pointee.keepAlive }

    init(limits: HTTPLimits) {
        message = .allocate(capacity: 1)
        message.initialize(to: Message(limits: limits))
        parser = .allocate(capacity: 1)
        settings = .allocate(capacity: 1)
        llhttp_settings_init(settings)
        settings.pointee.on_message_begin = { p in HTTPParser.messageBegan(HTTPParser.message(p)) }
        settings.pointee.on_url = { p, at, n in HTTPParser.url(HTTPParser.message(p), at, n) }
        settings.pointee.on_header_field = { p, at, n in HTTPParser.field(HTTPParser.message(p), at, n) }
        settings.pointee.on_header_value = { p, at, n in HTTPParser.fieldValue(HTTPParser.message(p), at, n) }
        settings.pointee.on_header_value_complete = { p in HTTPParser.fieldComplete(HTTPParser.message(p)) }
        settings.pointee.on_headers_complete = { p in HTTPParser.headersComplete(HTTPParser.message(p), p.unsafelyUnwrapped) }
        settings.pointee.on_body = { p, at, n in HTTPParser.bodyBytes(HTTPParser.message(p), at, n) }
        settings.pointee.on_message_complete = { p in HTTPParser.messageComplete(HTTPParser.message(p), p.unsafelyUnwrapped) }
        // Called only for chunked bodies that carry extensions: the plain path never reaches them.
        settings.pointee.on_chunk_extension_name = { p, _, n in HTTPParser.chunkExtension(HTTPParser.message(p), n) }
        settings.pointee.on_chunk_extension_value = { p, _, n in HTTPParser.chunkExtension(HTTPParser.message(p), n) }
        llhttp_init(parser, HTTP_REQUEST, settings)
        parser.pointee.data = UnsafeMutableRawPointer(message)
    }

    deinit {
        parser.pointee.data = nil // poisoned: llhttp is never called after this
        message.deinitialize(count: 1)
        message.deallocate()
        parser.deallocate()
        settings.deallocate()
    }

    /// `data` is set in init and cleared only in deinit, after which llhttp is never called.
    @inline(__always)
    private static func message(_ p: UnsafeMutablePointer<llhttp_t>?) -> UnsafeMutablePointer<Message> {
        p.unsafelyUnwrapped.pointee.data.unsafelyUnwrapped.assumingMemoryBound(to: Message.self)
    }

    /// Parses `input` until it is used up or the parser pauses or fails.
    /// The bytes are borrowed for this call only: llhttp's span callbacks copy what they keep.
    func execute(_ input: Span<UInt8>) -> Event {
        input.withUnsafeBytes { execute($0) }
    }

    private func execute(_ input: UnsafeRawBufferPointer) -> Event {
        guard input.count > 0, let base = input.baseAddress else { return .needMore }
        let start = base.assumingMemoryBound(to: CChar.self)
        let err = llhttp_execute(parser, start, input.count)
        switch err {
        case HPE_OK:
            return .needMore
        case HPE_PAUSED, HPE_PAUSED_UPGRADE:
            let consumed = llhttp_get_error_pos(parser).map { $0 - start } ?? input.count
            if err == HPE_PAUSED_UPGRADE { message.pointee.recorder.head.upgrade = true }
            return .messageComplete(consumed: consumed)
        default:
            if let callbackError = message.pointee.callbackError { return .error(callbackError) }
            return .error(Self.engineError(err, reason: llhttp_get_error_reason(parser)))
        }
    }

    /// Continues after a pause.
    func resume() {
        if llhttp_get_errno(parser) == HPE_PAUSED { llhttp_resume(parser) }
    }

    private static func engineError(_ err: llhttp_errno_t, reason: UnsafePointer<CChar>?) -> HTTPEngineError {
        if err == HPE_PAUSED_H2_UPGRADE {
            return HTTPEngineError(kind: .versionNotSupported, detail: "HTTP/2 is not supported")
        }
        let detail = reason.map { String(cString: $0) } ?? "malformed request"
        // "Invalid major version" is a version we do not speak; "Expected CRLF after version" is
        // a malformed line (bare LF), which stays 400.
        if err == HPE_INVALID_VERSION && detail.hasPrefix("Invalid") {
            return HTTPEngineError(kind: .versionNotSupported, detail: detail)
        }
        return HTTPEngineError(kind: .malformed, detail: detail)
    }

    // MARK: callbacks (return 0 to go on, -1 to fail, HPE_PAUSED to pause)

    private static func messageBegan(_ m: UnsafeMutablePointer<Message>) -> Int32 {
        m.pointee.inMessage = true
        m.pointee.headersDone = false
        m.pointee.expectsContinue = false
        m.pointee.headerBytes = 0
        m.pointee.extensionBytes = 0
        // The previous request has been answered and released: reuse its storage (a huge head
        // or body does not pin its memory on an idle connection).
        m.pointee.recorder.reset()
        if !m.pointee.body.isEmpty { m.pointee.body.clear(keepingCapacityUpTo: 1 << 16) }
        return 0
    }

    /// Counts `n` more head bytes; false (and nothing counted past the limit matters) when the
    /// head is now above `maxHeaderBytes`.
    @inline(__always)
    private static func countHeaderBytes(_ m: UnsafeMutablePointer<Message>, _ n: Int) -> Bool {
        m.pointee.headerBytes += n
        return m.pointee.headerBytes <= m.pointee.limits.maxHeaderBytes
    }

    /// The fields' bytes over the limit: a 431.
    private static func headersTooLarge(_ m: UnsafeMutablePointer<Message>) -> Int32 {
        m.pointee.callbackError = HTTPEngineError(kind: .headersTooLarge, detail: "request headers exceed \(m.pointee.limits.maxHeaderBytes) bytes")
        return -1
    }

    private static func url(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        m.pointee.recorder.appendTarget(UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n))
        // The target comes first, so these are its bytes alone: over the limit it is a 414
        // (RFC 9110 §15.5.15), not the 431 of a head whose fields are too large.
        if countHeaderBytes(m, n) { return 0 }
        m.pointee.callbackError = HTTPEngineError(kind: .uriTooLong, detail: "request-target exceeds \(m.pointee.limits.maxHeaderBytes) bytes")
        return -1
    }

    private static func field(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        m.pointee.recorder.appendName(UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n))
        return countHeaderBytes(m, n) ? 0 : headersTooLarge(m)
    }

    private static func fieldValue(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        m.pointee.recorder.appendValue(UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n))
        return countHeaderBytes(m, n) ? 0 : headersTooLarge(m)
    }

    /// A field is complete: kept (a header field) or dropped (a trailer field, RFC 9112 §7.1.2:
    /// its bytes were counted against `maxHeaderBytes` with the head's by the span callbacks, so
    /// trailers are bounded like headers, 431; dropped fields hold no memory). Then its
    /// separator bytes (": " and CRLF) are counted.
    private static func fieldComplete(_ m: UnsafeMutablePointer<Message>) -> Int32 {
        if m.pointee.headersDone {
            m.pointee.recorder.dropField()
        } else {
            if m.pointee.recorder.fieldCount >= m.pointee.limits.maxHeaderCount {
                m.pointee.callbackError = HTTPEngineError(kind: .headersTooLarge, detail: "more than \(m.pointee.limits.maxHeaderCount) header fields")
                return -1
            }
            m.pointee.recorder.completeField()
        }
        return countHeaderBytes(m, 4) ? 0 : headersTooLarge(m)
    }

    /// Chunk-extension bytes (RFC 9112 §7.1.1) are not kept, only counted against their limit.
    private static func chunkExtension(_ m: UnsafeMutablePointer<Message>, _ n: Int) -> Int32 {
        m.pointee.extensionBytes &+= n
        if m.pointee.extensionBytes > m.pointee.limits.maxChunkExtensionBytes {
            m.pointee.callbackError = HTTPEngineError(kind: .bodyTooLarge, detail: "chunk extensions exceed \(m.pointee.limits.maxChunkExtensionBytes) bytes")
            return -1
        }
        return 0
    }

    private static func headersComplete(_ m: UnsafeMutablePointer<Message>, _ parser: UnsafeMutablePointer<llhttp_t>) -> Int32 {
        let p = parser.pointee
        m.pointee.recorder.head.method = Self.method(p.method)
        m.pointee.recorder.head.versionMajor = Int(p.http_major)
        m.pointee.recorder.head.versionMinor = Int(p.http_minor)
        m.pointee.recorder.head.chunked = p.flags & UInt16(F_CHUNKED.rawValue) != 0
        m.pointee.recorder.head.contentLength = p.flags & UInt16(F_CONTENT_LENGTH.rawValue) != 0 ? p.content_length : nil
        m.pointee.recorder.head.upgrade = p.upgrade != 0
        m.pointee.headersDone = true
        guard m.pointee.recorder.findOriginForm() else {
            m.pointee.callbackError = HTTPEngineError(kind: .malformed, detail: "absolute-form target without a host")
            return -1
        }
        switch judge(&m.pointee.recorder.head, m.pointee.limits) {
        case .accept: return 0
        case .acceptAfterContinue:
            m.pointee.expectsContinue = true
            return 0
        case .reject(let error):
            m.pointee.callbackError = error
            return -1
        }
    }

    /// `HeadPolicy.judge` on the head in place. Lent straight from `m.pointee` it would be copied
    /// first (memory behind a pointer may change during the call; the copy retains and releases its
    /// strings, ≈ 100 instructions a request, bench/callgrind); an `inout` access is exclusive, so
    /// the head is lent as it is.
    private static func judge(_ head: inout RequestHead, _ limits: HTTPLimits) -> Verdict {
        HeadPolicy.judge(head, limits)
    }

    private static func bodyBytes(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        if m.pointee.body.readableBytes + n > m.pointee.limits.maxBodyBytes {
            m.pointee.callbackError = HTTPEngineError(kind: .bodyTooLarge, detail: "request body exceeds \(m.pointee.limits.maxBodyBytes) bytes")
            return -1
        }
        m.pointee.body.writeRaw(UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n))
        return 0
    }

    private static func messageComplete(_ m: UnsafeMutablePointer<Message>, _ parser: UnsafeMutablePointer<llhttp_t>) -> Int32 {
        m.pointee.keepAlive = llhttp_should_keep_alive(parser) != 0
        m.pointee.inMessage = false
        m.pointee.expectsContinue = false
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
