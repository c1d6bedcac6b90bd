/// A streamed body on its way out (RFC 9112 §6.1, §7.1): asks the producer for one piece at a
/// time and frames it. Chunked: an 8-digit chunk-size placeholder is written first and filled in
/// once the piece's length is known, so the piece is produced straight into the outbox (no
/// second copy); an empty piece leaves nothing behind; the last-chunk and empty trailer section
/// end the body. With a Content-Length the pieces go out as they are, and the count is checked
/// at the end: a producer that broke its announced length broke the framing, so the connection
/// must close after it.
struct BodyStream {
    var producer: any HTTPBodyProducer
    let chunked: Bool
    /// The announced Content-Length, checked when the producer is done.
    let expectedLength: Int?
    /// Close after the body (an HTTP/1.0 peer with unknown length, or the response asked to).
    let close: Bool
    private(set) var produced = 0
    /// The head, held back while the producer prepares (`HTTPBodyProducer.prepares`); nil once
    /// it is in the outbox (or for a producer that does not prepare).
    var heldHead: ByteBuffer?
    /// A HEAD request's answer: once prepared, the head alone.
    var headOnly = false
    /// A refusal's framing: `Connection: keep-alive` for an HTTP/1.0 peer, as the held head's.
    var keepAliveHeader = false

    init(producer: any HTTPBodyProducer, chunked: Bool, expectedLength: Int?, close: Bool) {
        self.producer = producer
        self.chunked = chunked
        self.expectedLength = expectedLength
        self.close = close
    }

    /// The connection must close once the body is out.
    var closesConnection: Bool { close || (expectedLength.map { $0 != produced } ?? false) }

    /// Appends one framed piece of about `limit` bytes to `outbox` (and the end of the body when
    /// the producer is done).
    mutating func appendPiece(to outbox: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
        let placeholder = outbox.writerIndex
        if chunked {
            outbox.writeHexadecimal(0, minimumDigits: ResponseSerializer.chunkSizeDigits)
            outbox.writeStaticString("\r\n")
        }
        let start = outbox.writerIndex
        let progress = producer.produce(into: &outbox, limit: limit)
        let n = outbox.writerIndex - start
        produced += n
        if chunked {
            if n == 0 {
                outbox.moveWriterIndex(to: placeholder)
            } else {
                outbox.setHexadecimal(UInt64(n), at: placeholder, digits: ResponseSerializer.chunkSizeDigits)
                outbox.writeStaticString("\r\n")
            }
            if progress == .done { outbox.writeStaticString(ResponseSerializer.lastChunk) }
        }
        return progress
    }
}
