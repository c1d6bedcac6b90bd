/// Renders an `HTTPResponse` into wire bytes (RFC 9112 §4, §6, §7.1). The engine owns the
/// framing headers: `Server`, `Date`, `Content-Length` (whenever the length is known, so
/// keep-alive never depends on close delimiting) or `Transfer-Encoding: chunked` (a streamed
/// body of unknown length), and `Connection`. Every field was checked when it was set
/// (`FieldCheck`); a response that holds a refused one is written without its fields (content
/// type and extra fields): the connection machine asks the responder for the refusal's 500
/// instead of a request's answer, so only an error answer, rendered unfit, goes out so.
enum ResponseSerializer {
    static let continueLine: StaticString = "HTTP/1.1 100 Continue\r\n\r\n"

    /// How the body is delimited.
    enum Framing: Equatable {
        /// `Content-Length: n`.
        case length(Int)
        /// `Transfer-Encoding: chunked` (only HTTP/1.1 peers; RFC 9112 §7).
        case chunked
        /// 1xx, 204, 304: no content (RFC 9110 §6.4.1).
        case none
    }

    /// The framing of a body from `producer` under `status` for a peer speaking
    /// HTTP/1.`versionMinor` (a complete body's is `append`'s). A streamed body of unknown length
    /// to an HTTP/1.0 peer is delimited by closing the connection (RFC 9112 §6.3).
    static func framing(_ status: HTTPStatus, _ producer: any HTTPBodyProducer, versionMinor: Int) -> (Framing, mustClose: Bool) {
        if status.isBodiless { return (.none, false) }
        if let length = producer.contentLength { return (.length(length), false) }
        return versionMinor >= 1 ? (.chunked, false) : (.none, true)
    }

    /// Appends the status line and header section. `headOnly` (HEAD, RFC 9110 §9.3.2) still
    /// announces the GET length. `head` supplies the loop's cached `Server` and `Date` lines, and
    /// the last Content-Type line.
    static func appendHead(_ response: borrowing HTTPResponse, framing: Framing, close: Bool, keepAliveHeader: Bool,
                           head: DateCache, to out: inout ByteBuffer) {
        let status = response.status
        if status == .ok {
            head.writeOkHead(to: &out)
        } else {
            out.writeStaticString("HTTP/1.1 ")
            out.writeDecimal(status.code)
            out.writeByte(0x20)
            out.writeStaticString(status.reasonPhrase)
            out.writeStaticString("\r\n")
            out.writeBuffer(head.line)
        }
        // Checked when they were set (`HTTPResponse.contentType`, `appendField`, `HTTPFieldLines`).
        if response.refusedField == nil {
            if let type = response.contentType {
                if type == head.contentType && !head.contentTypeLine.isEmpty {
                    head.writeContentTypeLine(to: &out)
                } else {
                    let lineStart = out.writerIndex
                    out.writeStaticString("Content-Type: ")
                    out.writeString(type)
                    out.writeStaticString("\r\n")
                    head.remember(contentType: type, line: written(out, from: lineStart))
                }
            }
            out.writeBuffer(response.fieldLines)
        }
        switch framing {
        case .length(let n):
            out.writeStaticString("Content-Length: ")
            out.writeDecimal(n)
            out.writeStaticString("\r\n")
        case .chunked:
            out.writeStaticString("Transfer-Encoding: chunked\r\n")
        case .none:
            // 204 and 304 carry no body and no Content-Length: a 304's would have to be the 200's
            // length (RFC 9110 §8.6), which the application no longer has, and 0 would tell a
            // cache the stored body is empty. Both end at the blank line (RFC 9112 §6.3).
            break
        }
        if close {
            out.writeStaticString("Connection: close\r\n\r\n")
        } else if keepAliveHeader {
            out.writeStaticString("Connection: keep-alive\r\n\r\n")
        } else {
            out.writeStaticString("\r\n")
        }
    }

    /// The bytes of `out` from `start` to its end.
    @_lifetime(borrow out)
    @inline(__always)
    private static func written(_ out: borrowing ByteBuffer, from start: Int) -> RawSpan {
        let span = out.readableBytesSpan
        return span.bytes.extracting((start &- out.readerIndex)..<span.count)
    }

    /// Appends a response with a complete body (`.bytes`): its length, or none for a bodiless
    /// status.
    static func append(_ response: borrowing HTTPResponse, headOnly: Bool, close: Bool, keepAliveHeader: Bool,
                       head: DateCache, to out: inout ByteBuffer) {
        let bodiless = response.status.isBodiless
        appendHead(response, framing: bodiless ? .none : .length(response.completeLength),
                   close: close, keepAliveHeader: keepAliveHeader, head: head, to: &out)
        if !headOnly && !bodiless { response.writeCompleteBody(to: &out) }
    }

    /// Width of the chunk-size placeholder written before a produced piece: 8 hex digits
    /// frame up to 4 GiB per chunk, far more than any piece.
    static let chunkSizeDigits = 8

    /// The last-chunk and the empty trailer section (RFC 9112 §7.1).
    static let lastChunk: StaticString = "0\r\n\r\n"
}
