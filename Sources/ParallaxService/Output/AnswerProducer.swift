import HTTPServer

/// A large answer written as the socket drains (docs/operations.md#bounded-memory): the engine calls `produce`
/// when the connection's unsent output is below its high-water mark and the process-wide output
/// budget allows, and the cursor writes pieces until about `limit` bytes are out. The length is
/// not known up front, so the engine sends it chunked (RFC 9112 §7.1). The bytes are exactly the
/// ones the same cursor writes into a whole body (tested by StreamingAnswerTests).
struct AnswerProducer<Answer: AnswerCursor>: HTTPBodyProducer {
    private var answer: Answer

    init(_ answer: Answer) { self.answer = answer }

    var contentLength: Int? { nil }

    mutating func produce(into buffer: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        JSONWriter.write(into: &buffer) { w in
            let end = w.writerIndex + max(min(limit, answer.chunkBytes), 1)
            var pieces = 0
            while w.writerIndex < end, pieces < answer.chunkPieces {
                if !answer.writeNext(&w) { return .done }
                pieces += 1
            }
            return .more
        }
    }
}
