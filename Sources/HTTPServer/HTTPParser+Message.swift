import CLLHTTP

/// The message under way (`HTTPParser.Message`), and what a request may make the parser take
/// beside its head and body limits (docs/operations.md#bounded-memory): empty lines before it, a
/// chunked body's framing, its trailer fields, and a big body's buffer, reserved in the
/// process-wide `InputBudget`. `HTTPParser` measures the bytes and calls these.
extension HTTPParser {
    /// Everything the callbacks touch, at one stable address that llhttp's `data` points to: the
    /// callbacks reach it without retaining any object and without dynamic exclusivity checks.
    struct Message {
        let limits: HTTPLimits
        /// Where a body bigger than `InputBudget.ownBytes` reserves its buffer.
        let inputBudget: InputBudget
        /// The target and the fields, and what the head policy reads of them (HeadRecorder.swift).
        var recorder = HeadRecorder()
        var body = ByteBuffer()
        var inMessage = false
        var headersDone = false
        var expectsContinue = false
        var keepAlive = true
        var headerBytes = 0
        /// Chunk-extension bytes of this message so far, their `;` and `=` included
        /// (`HTTPLimits.maxChunkExtensionBytes`).
        var extensionBytes = 0
        /// Trailer fields of this message so far: with the head's, at most `maxHeaderCount`.
        var trailerCount = 0
        /// `body`'s capacity reserved in `inputBudget` (0 while it is at most `ownBytes`).
        var bodyReserved = 0
        /// CR and LF bytes before the next request's first byte (RFC 9112 §2.2).
        var emptyLineBytes = 0
        /// Inside a chunked body: the bytes since its last body byte (or its head) that are
        /// neither chunk extensions nor trailer fields, which have limits of their own: a chunk's
        /// CRLF, its size line (leading zeros included) and the last chunk's end.
        var chunked = false
        var framing = 0
        /// `headerBytes + extensionBytes` when the framing run began (what it does not count).
        var framingBase = 0
        /// Set by a body byte in the slice being parsed: the address where the framing run
        /// begins again.
        var framingStart: Int?
        /// The message began in the input being parsed (its head from its start is there).
        var messageBegunHere = false
        /// Parses again of the input being parsed, a tab after a framing field's value read as a
        /// space each (`HTTPParser.tabsAsSpaces`).
        var tabRetries = 0
        var callbackError: HTTPEngineError?
    }

    /// At most this many CR and LF bytes before a request (four empty lines; RFC 9112 §2.2 asks a
    /// server to ignore at least one): more is a 400, so they cannot keep a connection busy.
    static let maxEmptyLineBytes = 8
    /// A chunked body's framing between two chunks' data (CRLF, the size line with its leading
    /// zeros and whitespace, CRLF), beside its extensions and trailers: more is a 400.
    static let maxChunkFramingBytes = 128
    /// Inside a chunked body the parser runs over at most this many bytes at a time, so the
    /// framing limit is checked every few KiB (llhttp has no callback for a chunk size's digits).
    static let sliceBytes = 4096

    /// llhttp's method as the engine's.
    static func method(_ m: UInt8) -> HTTPMethod {
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

extension HTTPParser.Message {
    /// Between requests: `n` more CR and LF bytes (llhttp skips them without beginning a
    /// message); the 400 once there are more than `maxEmptyLineBytes`.
    mutating func countEmptyLines(_ n: Int) -> HTTPEngineError? {
        emptyLineBytes &+= n
        guard emptyLineBytes > HTTPParser.maxEmptyLineBytes else { return nil }
        return HTTPEngineError(kind: .malformed, detail: "more than \(HTTPParser.maxEmptyLineBytes / 2) empty lines before a request")
    }

    /// The framing run begins again: after a body byte, or at a chunked body's head.
    mutating func framingRestarts() {
        framing = 0
        framingBase = headerBytes &+ extensionBytes
    }

    /// After a slice of a chunked body of `count` bytes, `sinceBody` of them after its last body
    /// byte (nil: none in the slice): the framing run grows by those (by all of them without a
    /// body byte; by none in a slice the head ended in, whose own bytes are not told apart: at
    /// most one read goes unmeasured). The 400 past the limit.
    mutating func countFraming(sinceBody: Int?, framed: Bool, _ count: Int) -> HTTPEngineError? {
        if let sinceBody {
            framing = sinceBody
        } else if framed {
            framing &+= count
        }
        let counted = headerBytes &+ extensionBytes &- framingBase
        guard framing &- counted > HTTPParser.maxChunkFramingBytes else { return nil }
        return HTTPEngineError(kind: .malformed, detail: "chunk framing (a chunk-size line) exceeds \(HTTPParser.maxChunkFramingBytes) bytes")
    }

    /// A chunked body's counters start; a big body's buffer is reserved (its length was judged
    /// by `HeadPolicy`: at most `maxBodyBytes`) before any of its bytes is read. A callback's
    /// result: 0, or -1 with `callbackError` set.
    mutating func bodyBegins(chunked: Bool, length: UInt64) -> Int32 {
        if chunked {
            self.chunked = true
            trailerCount = 0
            framingRestarts()
            return 0
        }
        return reserveBody(toHold: Int(length)) ? 0 : budgetSpent()
    }

    /// Makes `body` able to hold `total` bytes, reserving its new capacity first when that is
    /// over `InputBudget.ownBytes`; false (nothing grown) when the budget refuses it.
    mutating func reserveBody(toHold total: Int) -> Bool {
        let capacity = ByteBuffer.capacity(growingFrom: body.capacity, toHold: total)
        let reserved = capacity > InputBudget.ownBytes ? capacity : 0
        if reserved > bodyReserved {
            guard inputBudget.reserve(reserved &- bodyReserved) else { return false }
            bodyReserved = reserved
        }
        body.reserveWritable(total &- body.readableBytes)
        return true
    }

    /// The 503 of a body the budget refused (-1, the callback's failure).
    mutating func budgetSpent() -> Int32 {
        callbackError = HTTPEngineError(
            kind: .inputBudgetSpent,
            detail: "request bodies being received are over the server's budget (\(inputBudget.limit) bytes); retry shortly")
        return -1
    }

    /// Forgets the body: a buffer of at most `InputBudget.ownBytes` is kept for the next one, a
    /// bigger one freed and its reservation given back.
    mutating func dropBody() {
        if body.capacity > InputBudget.ownBytes {
            body.clear(keepingCapacityUpTo: 0)
        } else {
            body.clear()
        }
        if bodyReserved > 0 {
            inputBudget.release(bodyReserved)
            bodyReserved = 0
        }
    }
}
