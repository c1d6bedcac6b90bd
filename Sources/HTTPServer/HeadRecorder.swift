/// What the engine keeps of a request head while llhttp hands it over (HTTPParser.swift): the
/// target's and each field's bytes in one buffer with their ranges, and the few facts the head
/// policy judges (`RequestHead`). A head may arrive over many reads, so every piece is copied
/// as it comes; the ranges are fixed when a field is complete.
///
/// The fields the engine reads are told apart by the length of their name first (4 `Host`,
/// 6 `Expect`, 12 `Content-Type` and `X-Request-Id`, 16 `Content-Encoding`, 17
/// `Transfer-Encoding`), so the other fields (Content-Length, Accept, User-Agent…) cost no
/// comparison, and each of the six costs one or two.
struct HeadRecorder {
    var head = RequestHead()
    /// The target, then each field's name and value.
    var bytes = ByteBuffer()
    /// The target is `bytes[targetStart..<targetEnd]`: past the scheme and authority of an
    /// absolute-form target (RFC 9112 §3.2.2), so routing sees the origin-form path.
    var targetStart = 0
    var targetEnd = 0
    /// Where `?` is in the target (from `targetStart`), -1 without one (`HTTPRequest.queryStart`),
    /// -2 before the head is complete (`queryOffset` has not looked yet).
    var queryStart = -2
    var fields: [HTTPHeaders.Field] = []
    /// The current message's fields are `fields[..<fieldCount]`: the array is overwritten,
    /// not emptied, per message (`removeAll(keepingCapacity:)` is a non-inlined
    /// `replaceSubrange`, ≈ 66 instructions a request).
    var fieldCount = 0
    /// Where the field being received starts, and its value (-1: not started yet).
    private var nameStart = -1
    private var valueStart = -1

    /// Forgets the previous message; its storage is kept (up to 16 KiB, so a huge head does not
    /// pin its memory on an idle connection).
    @inline(__always)
    mutating func reset() {
        head.reset()
        bytes.clear(keepingCapacityUpTo: 1 << 14)
        targetStart = 0
        targetEnd = 0
        queryStart = -2
        fieldCount = 0
        nameStart = -1
        valueStart = -1
    }

    @inline(__always)
    mutating func appendTarget(_ piece: RawSpan) {
        bytes.writeBytes(piece)
        targetEnd = bytes.writerIndex
    }

    @inline(__always)
    mutating func appendName(_ piece: RawSpan) {
        if nameStart < 0 { nameStart = bytes.writerIndex }
        bytes.writeBytes(piece)
    }

    @inline(__always)
    mutating func appendValue(_ piece: RawSpan) {
        if valueStart < 0 { valueStart = bytes.writerIndex }
        bytes.writeBytes(piece)
    }

    /// The field received since the last one is complete: its value without trailing
    /// whitespace (RFC 9110 §5.5), noted when the head policy reads it, and kept.
    @inline(__always)
    mutating func completeField() {
        let end = bytes.writerIndex
        let nameStart = max(0, self.nameStart)
        var valueStart = self.valueStart < 0 ? end : self.valueStart
        let nameEnd = self.valueStart < 0 ? end : valueStart
        // Byte and word reads of the buffer, no closure over it (`withReadableBytes` retained
        // and released its storage on every field, ≈ 40 instructions a request, bench/callgrind).
        var valueEnd = end
        while valueEnd > valueStart {
            let b = bytes.byte(at: valueEnd &- 1)
            guard b == 0x20 || b == 0x09 else { break }
            valueEnd &-= 1
        }
        valueStart = min(valueStart, valueEnd)
        if let name = ReadField(name: bytes, at: nameStart, count: nameEnd &- nameStart) {
            head.note(name, bytes, valueStart..<valueEnd, at: fieldCount)
        }
        let field = HTTPHeaders.Field(name: nameStart..<nameEnd, value: valueStart..<valueEnd)
        if fieldCount < fields.count {
            fields[fieldCount] = field
        } else {
            fields.append(field)
        }
        fieldCount &+= 1
        self.nameStart = -1
        self.valueStart = -1
    }

    /// Drops the field received since the last one (a trailer field, RFC 9112 §7.1.2: trailers
    /// may not be merged into the header section, RFC 9110 §6.5.1, and nothing here uses them).
    mutating func dropField() {
        if nameStart >= 0 { bytes.moveWriterIndex(to: nameStart) }
        nameStart = -1
        valueStart = -1
    }

    /// Finds where the target's path starts (`RequestTarget.originFormStart`); false for an
    /// absolute-form target without a host.
    mutating func findOriginForm() -> Bool {
        // The origin-form (`/…`), what nearly every request sends, without a closure over the bytes.
        if !(targetEnd > 0 && bytes.byte(at: 0) == UInt8(ascii: "/")) {
            guard let start = RequestTarget.originFormStart(&bytes, end: targetEnd) else { return false }
            targetStart = start
        }
        queryStart = queryOffset()
        return true
    }

    /// Where the target's path ends: at its `?`, or at its end.
    var pathEnd: Int {
        let q = queryStart == -2 ? queryOffset() : queryStart  // -2: the head is not complete yet
        return q >= 0 ? targetStart &+ q : targetEnd
    }

    /// Where the target's `?` is (from `targetStart`), or -1; looked for once, when the head is
    /// complete, for routing and the query's readers alike (`queryStart`): eight bytes at a
    /// time (a byte equal to `?` is a zero byte of the word XOR `?`s, found by the borrow trick,
    /// whose lowest flag is always exact), then byte by byte (≈ 2 instructions a byte, where a
    /// look of a span byte by byte took 6).
    private func queryOffset() -> Int {
        var i = targetStart
        while i &+ 8 <= targetEnd {
            let x = bytes.word(at: i) ^ 0x3F3F_3F3F_3F3F_3F3F
            let found = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
            if found != 0 { return i &+ found.trailingZeroBitCount >> 3 &- targetStart }
            i &+= 8
        }
        while i < targetEnd {
            if bytes.byte(at: i) == UInt8(ascii: "?") { return i &- targetStart }
            i &+= 1
        }
        return -1
    }
}

/// What the head policy (`HeadPolicy.judge`) knows about a message: llhttp's facts, set when
/// the head is complete, and the facts read off the six fields `HeadRecorder` notes.
struct RequestHead {
    var method: HTTPMethod = .get
    var versionMajor = 1
    var versionMinor = 1
    var contentLength: UInt64? = nil
    var chunked = false
    var upgrade = false
    /// `Host` fields seen (RFC 9112 §3.2 wants exactly one on HTTP/1.1).
    var hostCount = 0
    /// A `Host` value that is not `uri-host [ ":" port ]` (RFC 9110 §7.2; HostField.swift).
    var hostInvalid = false
    /// The first `Expect` value, if any.
    var expect: String?
    /// Whether the first `Content-Type` names JSON (`MediaType.isJSON`); nil without one.
    var contentTypeIsJSON: Bool?
    /// A `Content-Encoding` value naming a coding other than identity (RFC 9110 §8.4).
    var contentCoding: String?
    /// A `Transfer-Encoding` value naming a coding other than chunked (RFC 9112 §6.1).
    var transferCoding: String?
    /// The index of the `X-Request-Id` field (`HTTPRequest.requestIDField`): -1 without one, -2
    /// when there are several.
    var requestIDField = -1

    /// Back to a new message's facts. Field by field, the strings only when set: assigning a
    /// new `RequestHead` destroyed the old one's three strings on every request (an outlined
    /// destroy and three releases, bench/callgrind).
    @inline(__always)
    mutating func reset() {
        method = .get
        versionMajor = 1
        versionMinor = 1
        contentLength = nil
        chunked = false
        upgrade = false
        hostCount = 0
        hostInvalid = false
        if expect != nil { expect = nil }
        contentTypeIsJSON = nil
        if contentCoding != nil { contentCoding = nil }
        if transferCoding != nil { transferCoding = nil }
        requestIDField = -1
    }

    /// Notes one field the policy reads.
    @inline(__always)
    fileprivate mutating func note(_ name: ReadField, _ bytes: borrowing ByteBuffer, _ range: Range<Int>, at index: Int) {
        let value = bytes.readableBytesSpan.extracting(range)
        switch name {
        case .host:
            hostCount &+= 1
            if !HostField.isValid(value) { hostInvalid = true }
        case .expect:
            if expect == nil { expect = String(copying: value) }
        case .contentType:
            if contentTypeIsJSON == nil { contentTypeIsJSON = MediaType.isJSON(value) }
        case .contentEncoding:
            if contentCoding == nil { contentCoding = RequestTarget.coding(otherThan: "identity", in: value) }
        case .transferEncoding:
            if transferCoding == nil { transferCoding = RequestTarget.coding(otherThan: "chunked", in: value) }
        case .requestID:
            requestIDField = requestIDField == -1 ? index : -2
        }
    }
}

/// The six fields `RequestHead` reads, told from a name by its length and then its bytes as
/// one to three words, ASCII letters folded to lower case (`| 0x20` on every byte). The folding
/// is exact here because llhttp has checked the name is a token (RFC 9110 §5.6.2): the only
/// `tchar`s that `| 0x20` changes are the capital letters, `^` and `_`, and the names hold
/// neither of the last two. Words overlap where a name is not a multiple of their size.
enum ReadField: CaseIterable {
    case host, expect, contentType, contentEncoding, transferEncoding, requestID

    /// The field name, as the RFCs spell it.
    var name: String {
        switch self {
        case .host: "Host"
        case .expect: "Expect"
        case .contentType: "Content-Type"
        case .contentEncoding: "Content-Encoding"
        case .transferEncoding: "Transfer-Encoding"
        case .requestID: "X-Request-Id"
        }
    }

    /// The field named by the `count` bytes at `start` of `bytes`, or nil (most names: no
    /// comparison but their length).
    @inline(__always)
    init?(name bytes: borrowing ByteBuffer, at start: Int, count: Int) {
        func word(_ offset: Int) -> UInt64 { bytes.word(at: start &+ offset) | 0x2020_2020_2020_2020 }
        func half(_ offset: Int) -> UInt32 { bytes.halfWord(at: start &+ offset) | 0x2020_2020 }
        switch count {
        case 4 where half(0) == 0x7473_6f68:  // "host"
            self = .host
        case 6 where half(0) == 0x6570_7865 && half(2) == 0x7463_6570:  // "expe", "pect"
            self = .expect
        case 12 where word(0) == 0x2d74_6e65_746e_6f63 && word(4) == 0x6570_7974_2d74_6e65:  // "content-", "ent-type"
            self = .contentType
        case 12 where word(0) == 0x7365_7571_6572_2d78 && word(4) == 0x6469_2d74_7365_7571:  // "x-reques", "quest-id"
            self = .requestID
        case 16 where word(0) == 0x2d74_6e65_746e_6f63 && word(8) == 0x676e_6964_6f63_6e65:  // "content-", "encoding"
            self = .contentEncoding
        case 17 where word(0) == 0x7265_6673_6e61_7274 && word(8) == 0x6e69_646f_636e_652d
            && word(9) == 0x676e_6964_6f63_6e65:  // "transfer", "-encodin", "encoding"
            self = .transferEncoding
        default:
            return nil
        }
    }
}
