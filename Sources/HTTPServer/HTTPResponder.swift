// The contract between the engine and an application (the service, tests).
// The engine owns sockets, parsing, limits, timeouts and writing; the application only turns
// a complete request into a response. One responder instance lives on each event loop and is
// only ever called from that loop's thread, so it may keep reusable buffers without locks.
//
// The shape of the API (docs/architecture.md), one way for bytes:
//
//     read buffer ──▶ HTTPParser ──▶ HTTPRequest (~Escapable: method, version, and the target,
//                                    header fields and body as Spans over the connection's
//                                    buffers, valid only inside `respond`)
//                                 ──▶ HTTPResponder.respond(to:into:)
//                                 ──▶ HTTPResponse: status (HTTPStatus, which owns the reason
//                                     phrase), content type, extra headers (checked before the
//                                     wire), and a `body` that is exactly one of
//                                       • `.bytes`, a complete ByteBuffer (Content-Length),
//                                         written in place with `writeBody`, or
//                                       • `.stream`, set by `stream(producer)`, an HTTPBodyProducer the engine
//                                         calls as the socket drains ("append up to N bytes
//                                         to this ByteBuffer; are you done?"): Content-Length
//                                         when the producer knows its length, chunked transfer
//                                         coding otherwise; HEAD drops the body in both cases.
//                                         A content coding (gzip) sits between producer and
//                                         chunk framing as `CodedBodyProducer<P, C: HTTPContentCoder>`.
//                                         A producer that `prepares` decides first, in slices,
//                                         before its head is written: that head, or a complete
//                                         response in its place (`Preparation`).
//                                 ──▶ the connection's outbox (ByteBuffer) ──▶ socket.
//
// Memory: a connection holds at most `writeHighWaterMark` plus one produced chunk of unsent
// output; all connections together stop taking new requests while `maxOutputBytes` of unsent
// output exist (HTTPLimits).

/// One per event loop, called only on that loop's thread.
public protocol HTTPResponder: AnyObject {
    /// Turn a complete request into a response. `response` arrives reset, with a reused body buffer.
    /// HEAD arrives as `.head`: answer it as GET; the engine sends the headers (with the GET
    /// Content-Length) and drops the body. Engine-level errors never reach this method.
    func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse)
    /// Render an engine-level error. The engine closes the connection afterwards when it must.
    func respond(to error: HTTPEngineError, into response: inout HTTPResponse)
    /// After each response is queued (including engine errors). Keep it cheap.
    func record(_ record: HTTPRequestRecord)
    /// The record of an answer whose head waited while it prepared, given back once decided with
    /// the `HTTPResponse.note` its `respond` left (other records come right after their
    /// `respond`). Apart from `record(_:)` so that every other record stays a plain value: a
    /// reference in it made each request's record copied and destroyed through value witnesses
    /// (≈ 330 instructions, bench/callgrind w7).
    func record(_ record: HTTPRequestRecord, note: (any AnyObject & Sendable)?)
    func connectionOpened()
    func connectionClosed()
}

extension HTTPResponder {
    public func respond(to error: HTTPEngineError, into response: inout HTTPResponse) {
        response.status = error.status
        response.contentType = "text/plain; charset=utf-8"
        response.writeBody { body in
            body.writeString(error.detail)
            body.writeByte(UInt8(ascii: "\n"))
        }
    }
    public func record(_ record: HTTPRequestRecord) {}
    public func record(_ record: HTTPRequestRecord, note: (any AnyObject & Sendable)?) { self.record(record) }
    public func connectionOpened() {}
    public func connectionClosed() {}
}
