import CLLHTTP

/// The message under way (`HTTPParser.Message`), and what a request may make the parser take
/// beside its head and body limits (docs/operations.md#bounded-memory): empty lines before it, a
/// chunked body's framing, its trailer fields, and a big body's buffer, reserved in the
/// process-wide `InputBudget`. `HTTPParser` measures the bytes and calls these.
extension HTTPParser {
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

    /// `HeadPolicy.judge` on the head in place. Lent straight from `m.pointee` it would be copied
    /// first (memory behind a pointer may change during the call; the copy retains and releases its
    /// strings, ≈ 100 instructions a request, bench/callgrind); an `inout` access is exclusive, so
    /// the head is lent as it is.
    static func judge(_ head: inout RequestHead, _ limits: HTTPLimits) -> Verdict {
        HeadPolicy.judge(head, limits)
    }

    /// The head of a message llhttp refused for a tab after a framing field's value, with that
    /// line-ending whitespace as spaces (`tabsAsSpaces`): `Content-Length` is refused at the tab
    /// itself, `Transfer-Encoding` at the head's end ("chunked\t" is not chunked), so then each of
    /// its lines. False when the refusal was not that.
    static func spaceTabs(in bytes: inout [UInt8], refusedAt at: Int, contentLength: Bool) -> Bool {
        guard contentLength else {
            return spaceTrailingTabs(ofFieldsNamed: Array("transfer-encoding:".utf8), in: &bytes, before: at)
        }
        guard bytes[at] == 9 else { return false }
        var end = at
        while end < bytes.count && (bytes[end] == 9 || bytes[end] == 32) { bytes[end] = 32; end &+= 1 }
        return end < bytes.count && bytes[end] == 13
    }

    /// Turns the tabs in the whitespace that ends each field line named `name` (lower case, with
    /// its colon) before `limit` into spaces; false when there were none.
    static func spaceTrailingTabs(ofFieldsNamed name: [UInt8], in bytes: inout [UInt8], before limit: Int) -> Bool {
        var changed = false
        var line = 0
        while line < limit {
            var end = line
            while end < limit && bytes[end] != 13 { end &+= 1 }
            if end &- line > name.count && (0..<name.count).allSatisfy({ bytes[line &+ $0] | 0x20 == name[$0] | 0x20 }) {
                var i = end
                while i > line && (bytes[i &- 1] == 9 || bytes[i &- 1] == 32) {
                    i &-= 1
                    if bytes[i] == 9 { bytes[i] = 32; changed = true }
                }
            }
            line = end &+ 2  // past CR LF
        }
        return changed
    }

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
