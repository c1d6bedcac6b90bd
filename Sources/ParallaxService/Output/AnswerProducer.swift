import HTTPServer

/// A large answer written as the socket drains (docs/operations.md#bounded-memory): the engine calls `produce`
/// when the connection's unsent output is below its high-water mark and the process-wide output
/// budget allows, and the cursor writes pieces until about `limit` bytes are out. The length is
/// not known up front, so the engine sends it chunked (RFC 9112 §7.1). The bytes are exactly the
/// ones the same cursor writes into a whole body (tested by StreamingAnswerTests).
struct AnswerProducer<Answer: AnswerCursor>: HTTPBodyProducer {
    private var answer: Answer
    /// The cursor's chunk bounds, read once: asked of the cursor inside the piece loop, each
    /// read copied the whole cursor (one copy per piece, +1.5 M instructions on bench w6).
    private let chunkBytes: Int
    private let chunkPieces: Int

    /// What a refusal in the answer's place echoes of the request, and the finishing step that
    /// makes it a problem like any other (`WebSemantics.finish(_:_:_:)`).
    private let echo: RequestEcho
    private let web: WebSemantics

    init(_ answer: Answer, refusal echo: RequestEcho, finishedBy web: WebSemantics) {
        self.answer = answer
        self.echo = echo
        self.web = web
        chunkBytes = answer.chunkBytes
        chunkPieces = answer.chunkPieces
    }

    var prepares: Bool { answer.prepares }

    /// The cursor's check, a step a call; a refusal is answered as the problem it is
    /// (HTTPBodyProducer.prepare: before any byte of the 200).
    mutating func prepare() -> Preparation<HTTPResponse> {
        answer.prepare().refusing { error in
            var response = HTTPResponse()
            web.finish(.invalid(error.issues), echo, &response)
            return response
        }
    }

    var contentLength: Int? { nil }
    /// The stylesheets ask for small chunks (`chunkBytes`): each is written before the next is made.
    var writesEachChunk: Bool { chunkBytes != .max }

    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        let end = max(min(limit, chunkBytes), 1), most = chunkPieces
        return JSONWriter.write(into: &buffer) { w in
            let end = w.writerIndex + end
            // Only the stylesheets bound the pieces of a chunk; the layout answers (10 000 pages on
            // bench w6) then pay no count per piece.
            if most == .max {
                while w.writerIndex < end {
                    if !answer.writeNext(&w) { return .done }
                }
                return .more
            }
            var pieces = 0
            while w.writerIndex < end, pieces < most {
                if !answer.writeNext(&w) { return .done }
                pieces += 1
            }
            return .more
        }
    }
}
