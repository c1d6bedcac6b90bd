/// An answer whose head waits for its producer's decision (`HTTPBodyProducer.prepares`: a
/// stylesheet's check of its sizes, docs/operations.md#bounded-memory), held by
/// `ResponseOutput.State.preparing`: the head framed and held back, what a refusal in its place
/// is framed with, and the access record parked until the decision says which status went out
/// and how many bytes. A class for the reason `BodyStream` is one: the state's matches copy a
/// pointer. Loop-confined like the connection that owns it.
final class PreparedAnswer {
    let stream: BodyStream
    /// The head as framed, sent once the producer is ready.
    let head: ByteBuffer
    /// A HEAD request's answer: once prepared, the head alone.
    let headOnly: Bool
    /// A refusal's framing: `Connection: keep-alive` for an HTTP/1.0 peer, as the held head's.
    let keepAliveHeader: Bool
    /// The access record as framed, when the answer began, and whom it goes to.
    private var parked: (record: HTTPRequestRecord, note: (any AnyObject & Sendable)?, started: UInt64, responder: any HTTPResponder)?

    init(stream: BodyStream, head: ByteBuffer, headOnly: Bool, keepAliveHeader: Bool) {
        self.stream = stream
        self.head = head
        self.headOnly = headOnly
        self.keepAliveHeader = keepAliveHeader
    }

    /// Holds the record until the decision (`decided`) or the connection's close (`closedUndecided`).
    func park(_ record: HTTPRequestRecord, note: (any AnyObject & Sendable)?, started: UInt64, for responder: any HTTPResponder) {
        parked = (record, note, started, responder)
    }

    /// The producer decided: the record with the status sent (`refused`'s when it refused, else
    /// the framed one), the bytes framed then, and the time until then.
    func decided(refused status: HTTPStatus?, bytesOut: Int, now: UInt64) {
        guard let (record, note, started, responder) = parked else { return }
        parked = nil
        var r = record
        r.status = status?.code ?? r.status
        r.bytesOut = bytesOut
        r.durationNanoseconds = now >= started ? now &- started : 0
        responder.record(r, note: note)
    }

    /// Closed before its producer decided: recorded as framed (as a stream cut short is).
    func closedUndecided() {
        guard let (record, note, _, responder) = parked else { return }
        parked = nil
        responder.record(record, note: note)
    }
}
