/// A body written as the socket drains instead of built whole (docs/operations.md#bounded-memory): the
/// engine calls `produce` whenever the connection's unsent output is below its high-water mark
/// and the process-wide output budget is not spent, so a slow or hostile reader holds at most
/// the high-water mark plus one produced piece, however large the answer.
///
/// Framing is the engine's: `Content-Length` when `contentLength` is known, chunked transfer
/// coding otherwise (RFC 9112 §7.1). For HEAD `produce` is never called (`prepare` is). Conforming types
/// should be concrete structs or classes: the engine holds one existential per streamed answer
/// and calls it once per piece, the producer's inner loops stay specialised.
public protocol HTTPBodyProducer {
    /// The exact body length when known before the first byte, else nil (chunked).
    var contentLength: Int? { get }

    /// Appends about `limit` bytes (a little more is fine, e.g. to finish a JSON value; much
    /// more defeats the memory bound) to `buffer`, and says whether the body is complete.
    /// Called on the loop's thread; never after it returned `.done`.
    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress

    /// True when one call may take long enough that the engine should write after each one (a
    /// slow writer, e.g. a stylesheet laying out units); false (the default): the engine asks for
    /// chunks until the connection's high-water mark, then writes them at once, which costs the
    /// cheap writers (JSON) one write per 256 KiB instead of one per chunk.
    var writesEachChunk: Bool { get }

    /// True when the answer is decided only after work that may take many slices of the loop
    /// (a stylesheet's check of its sizes, docs/operations.md#bounded-memory): the engine holds
    /// the head back and calls `prepare` until it says how to answer; false (the default): the
    /// head goes out at once and `prepare` is never called.
    var prepares: Bool { get }

    /// One slice of that work (about a millisecond; the engine writes nothing meanwhile and goes
    /// on at its next turn): `.more` to be called again, `.ready` to send the head as framed and
    /// then the body, or `.refused` with the complete response to send instead (a problem), the
    /// producer then never called again. Called on the loop's thread, also for HEAD.
    mutating func prepare() -> Preparation<HTTPResponse>
}

extension HTTPBodyProducer {
    public var writesEachChunk: Bool { false }
    public var prepares: Bool { false }
    public mutating func prepare() -> Preparation<HTTPResponse> { .ready }
}

/// What a preparation decided after one step: the one outcome from an application's check (a
/// fluid stylesheet's, refusing with its issues) through its answer's cursor to the engine
/// (`HTTPBodyProducer.prepare`, refusing with the complete response to send instead).
public enum Preparation<Refusal> {
    /// Not yet: call again (the engine: at the loop's next slice).
    case more
    /// Decided: write the answer (the engine: the head as framed, then the body).
    case ready
    /// Decided: answer this instead (the engine: a complete response, not streamed).
    case refused(Refusal)

    /// The same decision with its refusal turned into `T` (the issues into a problem response).
    @inlinable
    public func refusing<T>(_ transform: (Refusal) -> T) -> Preparation<T> {
        switch self {
        case .more: .more
        case .ready: .ready
        case .refused(let r): .refused(transform(r))
        }
    }

    /// Runs `step` until it decides, at once: the refusal, or nil once ready. The one loop for
    /// what is decided whole (an answer small enough to be written whole, tests, the fuzz
    /// targets); the engine runs the same steps a slice at a time (`ResponseOutput.produce`).
    @inlinable
    public static func decide(_ step: () -> Preparation) -> Refusal? {
        while true {
            switch step() {
            case .more: continue
            case .ready: return nil
            case .refused(let r): return r
            }
        }
    }
}

public enum HTTPBodyProgress: Sendable, Equatable {
    /// More is to come: call again when the socket has drained.
    case more
    /// The body is complete.
    case done
}

/// A content coding (RFC 9110 §8.4.1), e.g. a streaming gzip compressor: bytes in, coded bytes
/// out, and a trailer at the end. It sits between a producer and the engine's chunk framing.
public protocol HTTPContentCoder {
    /// The `Content-Encoding` token, e.g. `gzip`; the application sets that header.
    var contentCoding: StaticString { get }
    /// Codes `input` and appends what is ready to `output` (it may keep some back).
    mutating func compress(_ input: Span<UInt8>, into output: inout ByteBuffer)
    /// Appends everything held back plus the trailer; called once, after the last input.
    mutating func finish(into output: inout ByteBuffer)
}

/// A producer whose output goes through a content coder: the coded length is unknown up front,
/// so the engine sends it chunked. Generic over both, so nothing in between is an existential.
public struct CodedBodyProducer<Producer: HTTPBodyProducer, Coder: HTTPContentCoder>: HTTPBodyProducer {
    public var producer: Producer
    public var coder: Coder
    private var plain = ByteBuffer()

    public init(_ producer: Producer, coder: Coder) {
        self.producer = producer
        self.coder = coder
    }

    public var contentLength: Int? { nil }
    /// Always: the engine's chunk bound counts coded bytes, and a call codes `limit` plain bytes,
    /// so filling to the high-water mark would code ten to twenty times that much in one call (a
    /// 10 000-page JSON answer: 256 KiB of gzip is ~5 MB of JSON, 50–100 ms of the loop).
    public var writesEachChunk: Bool { true }
    public var prepares: Bool { producer.prepares }
    /// A refusal is sent as the inner producer made it, not coded (its head has no coding).
    public mutating func prepare() -> Preparation<HTTPResponse> { producer.prepare() }

    public mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        plain.clear(keepingCapacityUpTo: 4 * max(limit, 1 << 14))
        let progress = producer.produce(into: &plain, limit: limit)
        let input = plain // a second reference for the call; `plain` is not written meanwhile
        coder.compress(input.readableBytesSpan, into: &buffer)
        if progress == .done { coder.finish(into: &buffer) }
        return progress
    }
}
