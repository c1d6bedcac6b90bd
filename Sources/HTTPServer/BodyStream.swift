/// A streamed body on its way out (RFC 9112 §6.1, §7.1): asks the producer for one piece at a
/// time and frames it. Chunked: an 8-digit chunk-size placeholder is written first and filled in
/// once the piece's length is known, so the piece is produced straight into the outbox (no
/// second copy); an empty piece leaves nothing behind; the last-chunk and empty trailer section
/// end the body. With a Content-Length the pieces go out as they are, and the count is checked
/// at the end: a producer that broke its announced length broke the framing, so the connection
/// must close after it.
///
/// A class: `ResponseOutput.State.streaming` holds one reference (one allocation per streamed
/// answer), matching the state copies a pointer, and each batch works on the stream in place.
/// Held as a value, the stream went back into an `indirect` case after every batch, a new box
/// each time (one allocation per 256 KiB of a JSON answer); held inline, the state's copies
/// went through value witnesses (+750 instructions on every request, bench w7). Loop-confined
/// like the connection that owns it, and a producer is handed the outbox, never its stream, so
/// the accesses are not checked at run time.
final class BodyStream {
    private(set) var producer: any HTTPBodyProducer
    let chunked: Bool
    /// The announced Content-Length, checked when the producer is done.
    let expectedLength: Int?
    /// Close after the body (an HTTP/1.0 peer with unknown length, or the response asked to).
    let close: Bool
    private(set) var produced = 0
    /// One slice of the producer's preparation (`HTTPBodyProducer.prepare`).
    func prepare() -> Preparation<HTTPResponse> { producer.prepare() }

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
    func appendPiece(to outbox: inout ByteBuffer, limit: Int) -> HTTPBodyProgress {
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
