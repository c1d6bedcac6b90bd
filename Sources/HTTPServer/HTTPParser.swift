import CLLHTTP

/// The one type around llhttp (docs/architecture.md#traits-the-code-keeps, trait 2, after swift-nio's `BetterHTTPParser`).
/// `llhttp_t` and `llhttp_settings_t` live at stable heap addresses because llhttp keeps a
/// pointer to the settings. Strict, but for what RFC 9112 allows: HTTP/1.x versions (§2.3: 1.2 as
/// 1.1; `HeadPolicy` answers other majors 505), BWS before a chunk extension (RFC 9112 §7.1.1).
/// Smuggling shapes (CL+TE, duplicate CL, obs-fold, bare LF, bad chunk sizes) are errors.
///
/// The parser pauses after each message, so the state machine answers requests one at a time
/// and stops exactly where it wants; the head is judged by `HeadPolicy` inside the headers
/// callback, before any body byte is consumed.
final class HTTPParser {
    private let parser: UnsafeMutablePointer<llhttp_t>
    private let settings: UnsafeMutablePointer<llhttp_settings_t>

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
                                           contentTypeIsJSON: m.pointee.recorder.head.contentTypeIsJSON,
                                           requestIDField: m.pointee.recorder.head.requestIDField, queryStart: m.pointee.recorder.queryStart))
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
            let end = max(start, min(m.pointee.recorder.pathEnd, limit))
            return RecordPath(Span<UInt8>(_unsafeBytes: UnsafeRawBufferPointer(rebasing: head[start..<end])))
        }
    }

    var method: HTTPMethod { message.pointee.recorder.head.method }
    var versionMinor: Int { message.pointee.recorder.head.versionMinor }
    var upgrade: Bool { message.pointee.recorder.head.upgrade }
    var inMessage: Bool { message.pointee.inMessage }
    /// Empty lines came before the next request (its header timeout runs from the first).
    var sawEmptyLines: Bool { message.pointee.emptyLineBytes > 0 }
    /// The current message's headers are complete (false between messages).
    var inBody: Bool { message.pointee.inMessage && message.pointee.headersDone }
    /// The head asked for `100 Continue` and its body has not arrived yet.
    var expectsContinue: Bool {
        get { message.pointee.expectsContinue }
        set { message.pointee.expectsContinue = newValue }
    }
    /// `llhttp_should_keep_alive` as seen in on_message_complete (the flags are reset after it).
    var keepAlive: Bool { message.pointee.keepAlive }

    /// `inputBudget`: the process-wide budget of big request bodies (a budget of its own when nil).
    init(limits: HTTPLimits, inputBudget: InputBudget? = nil) {
        message = .allocate(capacity: 1)
        message.initialize(to: Message(limits: limits, inputBudget: inputBudget ?? InputBudget(limit: limits.maxInputBytes)))
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
        llhttp_set_lenient_version(parser, 1)
        llhttp_set_lenient_spaces_after_chunk_size(parser, 1)
        parser.pointee.data = UnsafeMutableRawPointer(message)
    }

    deinit {
        parser.pointee.data = nil // poisoned: llhttp is never called after this
        if message.pointee.bodyReserved > 0 { message.pointee.inputBudget.release(message.pointee.bodyReserved) }
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
        // A request begins with a letter: only a byte up to CR may be an empty line's. Inside
        // a chunked body the parser runs in slices, its framing counted after each.
        if _slowPath(base.load(as: UInt8.self) <= 13 || message.pointee.chunked) { return executeWatched(input) }
        let start = base.assumingMemoryBound(to: CChar.self)
        return event(llhttp_execute(parser, start, input.count), start: start, end: input.count, count: input.count)
    }

    /// What llhttp's `err` means for the `count` bytes from `start`; `end`: the offset parsed up to.
    @inline(__always)
    private func event(_ err: llhttp_errno_t, start: UnsafePointer<CChar>, end: Int, count: Int) -> Event {
        switch err {
        case HPE_OK:
            message.pointee.messageBegunHere = false  // the next input continues it
            return .needMore
        case HPE_PAUSED, HPE_PAUSED_UPGRADE:
            // llhttp_get_error_pos, read in place (a call per request saved, bench/callgrind w7).
            let consumed = parser.pointee.error_pos.map { $0 - start } ?? end
            if err == HPE_PAUSED_UPGRADE { message.pointee.recorder.head.upgrade = true }
            return .messageComplete(consumed: consumed)
        default:
            if let callbackError = message.pointee.callbackError { return .error(callbackError) }
            if let again = tabsAsSpaces(err, start: start, count: count) { return again }
            return .error(Self.engineError(err, reason: llhttp_get_error_reason(parser)))
        }
    }

    /// RFC 9110 §5.5: llhttp refuses a tab after a framing field's value (nodejs/node#62192). When
    /// the message began in this input, a copy with it as a space is parsed again (`spaceTabs`).
    @inline(never)
    private func tabsAsSpaces(_ err: llhttp_errno_t, start: UnsafePointer<CChar>, count: Int) -> Event? {
        let m = message
        guard err == HPE_INVALID_CONTENT_LENGTH || err == HPE_INVALID_TRANSFER_ENCODING,
              m.pointee.messageBegunHere, m.pointee.tabRetries < 4,
              let at = parser.pointee.error_pos.map({ $0 - start }), at >= 0, at < count else { return nil }
        var bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
        guard Self.spaceTabs(in: &bytes, refusedAt: at, contentLength: err == HPE_INVALID_CONTENT_LENGTH) else { return nil }
        llhttp_reset(parser)
        m.pointee.inMessage = false
        m.pointee.emptyLineBytes = 0
        m.pointee.tabRetries &+= 1
        defer { m.pointee.tabRetries &-= 1 }
        return bytes.withUnsafeBytes { execute($0) }
    }

    /// `execute` when the input may begin with empty lines, or continues a chunked body: then in
    /// slices, the framing measured after each (`countFraming`).
    @inline(never)
    private func executeWatched(_ input: UnsafeRawBufferPointer) -> Event {
        let m = message
        if !m.pointee.inMessage {
            var n = 0
            while n < input.count && (input[n] == 13 || input[n] == 10) { n &+= 1 }
            if n > 0, let refused = m.pointee.countEmptyLines(n) { return .error(refused) }
        }
        let start = input.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: CChar.self)
        var offset = 0
        while true {
            let count = m.pointee.chunked ? min(input.count &- offset, Self.sliceBytes) : input.count &- offset
            let framed = m.pointee.chunked  // the head ended before this slice
            m.pointee.framingStart = nil
            let err = llhttp_execute(parser, start + offset, count)
            offset &+= count
            guard err == HPE_OK else { return event(err, start: start, end: offset, count: input.count) }
            if m.pointee.chunked,
               let refused = m.pointee.countFraming(sinceBody: m.pointee.framingStart.map { Int(bitPattern: start + offset) &- $0 },
                                                    framed: framed, count) {
                return .error(refused)
            }
            if offset == input.count {
                m.pointee.messageBegunHere = false
                return .needMore
            }
        }
    }

    /// Continues after a pause: what llhttp_resume does (`error` back to 0 when it is
    /// HPE_PAUSED), in place: two calls a request saved (bench/callgrind w7).
    func resume() {
        if parser.pointee.error == Int32(HPE_PAUSED.rawValue) { parser.pointee.error = 0 }
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
        m.pointee.messageBegunHere = true
        m.pointee.headersDone = false
        m.pointee.expectsContinue = false
        m.pointee.headerBytes = 0
        m.pointee.extensionBytes = 0
        m.pointee.emptyLineBytes = 0
        // The previous request has been answered and released: reuse its storage (a huge head
        // or body does not pin its memory on an idle connection).
        m.pointee.recorder.reset()
        if !m.pointee.body.isEmpty { m.pointee.dropBody() }  // (a reservation went back when answered)
        return 0
    }

    /// The request is answered: a big body's memory and reservation are given back now, not when
    /// the connection's next request begins (an idle connection holds no reservation).
    @inline(__always)
    func releaseBody() {
        if _slowPath(message.pointee.bodyReserved > 0) { message.pointee.dropBody() }
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
        m.pointee.recorder.appendTarget(RawSpan(_unsafeBytes: UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n)))
        // The target comes first, so these are its bytes alone: over the limit it is a 414
        // (RFC 9110 §15.5.15), not the 431 of a head whose fields are too large.
        if countHeaderBytes(m, n) { return 0 }
        m.pointee.callbackError = HTTPEngineError(kind: .uriTooLong, detail: "request-target exceeds \(m.pointee.limits.maxHeaderBytes) bytes")
        return -1
    }

    private static func field(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        m.pointee.recorder.appendName(RawSpan(_unsafeBytes: UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n)))
        return countHeaderBytes(m, n) ? 0 : headersTooLarge(m)
    }

    private static func fieldValue(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        m.pointee.recorder.appendValue(RawSpan(_unsafeBytes: UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n)))
        return countHeaderBytes(m, n) ? 0 : headersTooLarge(m)
    }

    /// A field is complete: kept (a header field) or dropped (a trailer field, RFC 9112 §7.1.2:
    /// its bytes were counted against `maxHeaderBytes` with the head's by the span callbacks, so
    /// trailers are bounded like headers, 431; dropped fields hold no memory). Then its
    /// separator bytes (": " and CRLF) are counted.
    private static func fieldComplete(_ m: UnsafeMutablePointer<Message>) -> Int32 {
        if m.pointee.headersDone {
            m.pointee.recorder.dropField()
            m.pointee.trailerCount &+= 1
            if m.pointee.recorder.fieldCount &+ m.pointee.trailerCount > m.pointee.limits.maxHeaderCount {
                m.pointee.callbackError = HTTPEngineError(kind: .headersTooLarge, detail: "more than \(m.pointee.limits.maxHeaderCount) header and trailer fields")
                return -1
            }
        } else {
            if m.pointee.recorder.fieldCount >= m.pointee.limits.maxHeaderCount {
                m.pointee.callbackError = HTTPEngineError(kind: .headersTooLarge, detail: "more than \(m.pointee.limits.maxHeaderCount) header fields")
                return -1
            }
            m.pointee.recorder.completeField()
        }
        return countHeaderBytes(m, 4) ? 0 : headersTooLarge(m)
    }

    /// Chunk-extension bytes (RFC 9112 §7.1.1) are not kept, only counted against their limit,
    /// with the `;` before a name and the `=` before a value (one call each: `1;;;;` counts too).
    private static func chunkExtension(_ m: UnsafeMutablePointer<Message>, _ n: Int) -> Int32 {
        m.pointee.extensionBytes &+= n &+ 1
        if m.pointee.extensionBytes > m.pointee.limits.maxChunkExtensionBytes {
            m.pointee.callbackError = HTTPEngineError(kind: .bodyTooLarge, detail: "chunk extensions exceed \(m.pointee.limits.maxChunkExtensionBytes) bytes")
            return -1
        }
        return 0
    }

    private static func headersComplete(_ m: UnsafeMutablePointer<Message>, _ parser: UnsafeMutablePointer<llhttp_t>) -> Int32 {
        let p = parser.pointee
        let chunked = p.flags & UInt16(F_CHUNKED.rawValue) != 0
        let hasLength = p.flags & UInt16(F_CONTENT_LENGTH.rawValue) != 0
        m.pointee.recorder.head.method = Self.method(p.method)
        m.pointee.recorder.head.versionMajor = Int(p.http_major)
        // RFC 9112 §2.3: a higher minor version of HTTP/1 is processed as 1.1 (the engine reads
        // the minor only as 0 or at least 1).
        m.pointee.recorder.head.versionMinor = Int(p.http_minor)
        m.pointee.recorder.head.chunked = chunked
        m.pointee.recorder.head.contentLength = hasLength ? p.content_length : nil
        m.pointee.recorder.head.upgrade = p.upgrade != 0
        m.pointee.headersDone = true
        guard m.pointee.recorder.findOriginForm() else {
            m.pointee.callbackError = HTTPEngineError(kind: .malformed, detail: "absolute-form target without a host")
            return -1
        }
        switch judge(&m.pointee.recorder.head, m.pointee.limits) {
        case .accept: break
        case .acceptAfterContinue:
            m.pointee.expectsContinue = true
        case .reject(let error):
            m.pointee.callbackError = error
            return -1
        }
        // (llhttp's content_length is 0 for a message without Content-Length.)
        if _slowPath(chunked || p.content_length > UInt64(InputBudget.ownBytes)) {
            return m.pointee.bodyBegins(chunked: chunked, length: p.content_length)
        }
        return 0
    }

    private static func bodyBytes(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int) -> Int32 {
        let total = m.pointee.body.readableBytes &+ n
        if total > m.pointee.limits.maxBodyBytes {
            m.pointee.callbackError = HTTPEngineError(kind: .bodyTooLarge, detail: "request body exceeds \(m.pointee.limits.maxBodyBytes) bytes")
            return -1
        }
        if _slowPath(total > InputBudget.ownBytes || m.pointee.chunked) { return watchedBodyBytes(m, at, n, total: total) }
        m.pointee.body.writeRaw(UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n))
        return 0
    }

    /// Body bytes past `InputBudget.ownBytes` (the buffer reserved before it grows), or of a
    /// chunked body (the framing run begins again after them).
    private static func watchedBodyBytes(_ m: UnsafeMutablePointer<Message>, _ at: UnsafePointer<CChar>?, _ n: Int,
                                         total: Int) -> Int32 {
        if total > m.pointee.body.capacity && total > InputBudget.ownBytes {
            guard m.pointee.reserveBody(toHold: total) else { return m.pointee.budgetSpent() }
        }
        m.pointee.body.writeRaw(UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : n))
        if m.pointee.chunked, let at {
            m.pointee.framingStart = Int(bitPattern: UnsafeRawPointer(at) + n)
            m.pointee.framingRestarts()
        }
        return 0
    }

    private static func messageComplete(_ m: UnsafeMutablePointer<Message>, _ parser: UnsafeMutablePointer<llhttp_t>) -> Int32 {
        m.pointee.keepAlive = llhttp_should_keep_alive(parser) != 0
        m.pointee.inMessage = false
        m.pointee.chunked = false
        m.pointee.expectsContinue = false
        return Int32(HPE_PAUSED.rawValue)
    }
}
