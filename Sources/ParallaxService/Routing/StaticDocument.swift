import HTTPServer

/// A document served unchanged (the contract, the demo page, a problem type's description; a
/// static script is one more): its bytes, their gzip form and the entity tag of each made once
/// at start-up (docs/api.md#caching), so a request copies, hashes and compresses nothing; the
/// response shares the prepared buffer (`HTTPResponse.send`). The tags hash the bytes, so editing
/// a document changes its tag even without a version bump (EntityTag.swift).
final class StaticDocument: Sendable {
    let contentType: String
    let identity: ByteBuffer
    let identityTag: String
    /// Nil below `WebSemantics.minimumGzipBytes` (the frame would cost more than it saves) or
    /// when zlib could not start.
    let gzip: ByteBuffer?
    let gzipTag: String

    /// `path` is the route's, part of the tag like a computed answer's route.
    init(path: StaticString, contentType: String, text: String) {
        self.contentType = contentType
        let bytes = ByteBuffer(string: text)
        identity = bytes
        identityTag = bytes.withReadableBytes { EntityTag.strong(route: path, span: $0, isQuery: false, variant: contentType, coding: "") }
        gzipTag = bytes.withReadableBytes { EntityTag.strong(route: path, span: $0, isQuery: false, variant: contentType, coding: "gzip") }
        let coder = Gzip()
        if bytes.readableBytes >= WebSemantics.minimumGzipBytes && coder.isUsable {
            var coded = ByteBuffer()
            coder.compress(bytes, into: &coded)
            coder.finish(into: &coded)
            gzip = coded
        } else {
            gzip = nil
        }
    }

    /// The coding to send: gzip when the document has that form and the request accepts it.
    func coding(acceptEncoding: String?) -> ContentCoding {
        guard gzip != nil, let acceptEncoding else { return .identity }
        return ContentNegotiation.coding(acceptEncoding: acceptEncoding)
    }

    func tag(_ coding: ContentCoding) -> String { coding == .gzip ? gzipTag : identityTag }

    func bytes(_ coding: ContentCoding) -> ByteBuffer {
        if coding == .gzip, let gzip { return gzip }
        return identity
    }
}
