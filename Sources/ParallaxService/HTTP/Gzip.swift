import CZlib
import HTTPServer

/// A streaming gzip compressor (RFC 1952 over zlib's deflate) for docs/api.md's `Content-Encoding:
/// gzip`. Fed in pieces (`compress` per chunk of a streamed answer, then `finish`), and reused
/// from answer to answer: `finish` resets the stream (`deflateReset` keeps the ~256 KiB of state
/// allocated), so one compressor per event loop serves every whole answer without allocation.
/// A streamed answer (docs/operations.md#bounded-memory) takes its own, as the `HTTPContentCoder` of its
/// `CodedBodyProducer`, freed when the answer ends.
///
/// Deterministic: fixed level, window and strategy, and zlib's gzip header has mtime 0 and no
/// name, so equal input gives equal bytes (the tests compare them run to run).
final class Gzip: HTTPContentCoder {
    /// zlib's level. The service is CPU-bound, so the fastest one: on the 10 000-page answer
    /// level 6 saves ~16 % more bytes than level 1 for about three times the CPU (figures and
    /// how to re-measure them: README "Performance", bench/gzip).
    static let defaultLevel: Int32 = 1

    private let stream: UnsafeMutablePointer<z_stream>
    /// Whether deflateInit2 succeeded; if it ever fails (out of memory) every call is a no-op and
    /// `isUsable` says so, so the caller sends identity instead of a broken body.
    let isUsable: Bool

    var contentCoding: StaticString { "gzip" }

    init(level: Int32 = Gzip.defaultLevel) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        isUsable = parallax_deflate_init_gzip(stream, level) == Z_OK
    }

    deinit {
        if isUsable { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `bytes` and appends what deflate emits so far to `out` (possibly nothing:
    /// deflate buffers until it has a block).
    func compress(_ bytes: UnsafeRawBufferPointer, into out: inout ByteBuffer) {
        guard isUsable, !bytes.isEmpty, let base = bytes.baseAddress else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        drain(Z_NO_FLUSH, into: &out)
    }

    func compress(_ input: Span<UInt8>, into output: inout ByteBuffer) {
        input.withUnsafeBytes { compress($0, into: &output) }
    }

    func compress(_ bytes: ByteBuffer, into out: inout ByteBuffer) {
        bytes.withUnsafeReadableBytes { compress($0, into: &out) }
    }

    func compress(_ bytes: [UInt8], into out: inout ByteBuffer) {
        bytes.withUnsafeBytes { compress($0, into: &out) }
    }

    /// Ends the gzip member (last block, CRC-32, length) into `out` and resets for the next answer.
    func finish(into out: inout ByteBuffer) {
        guard isUsable else { return }
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        drain(Z_FINISH, into: &out)
        deflateReset(stream)
    }

    /// Discards a half-compressed answer (e.g. a streamed answer aborted mid-way).
    func reset() {
        if isUsable { deflateReset(stream) }
    }

    /// Runs deflate until it has consumed the input (`Z_NO_FLUSH`) or ended the stream
    /// (`Z_FINISH`), writing straight into `out`'s spare capacity, 16 KiB at a time.
    private func drain(_ flush: Int32, into out: inout ByteBuffer) {
        let chunk = 16_384
        while true {
            var produced = 0
            var status: Int32 = Z_OK
            out.withUnsafeWritableBytes(minimum: chunk) { buffer in
                stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(chunk)
                status = deflate(stream, flush)
                produced = chunk - Int(stream.pointee.avail_out)
                return produced
            }
            if status == Z_STREAM_END || status == Z_STREAM_ERROR { return }
            // Z_OK / Z_BUF_ERROR: more output pending only if deflate filled the whole chunk.
            if flush == Z_NO_FLUSH && stream.pointee.avail_in == 0 && produced < chunk { return }
            if flush == Z_FINISH && status == Z_BUF_ERROR && produced == 0 { return }
        }
    }
}

/// gunzip for tests and tools: the whole of `bytes` (one or more gzip members, or zlib) inflated,
/// or nil when they are not valid.
func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
    var s = z_stream()
    guard parallax_inflate_init_auto(&s) == Z_OK else { return nil }
    defer { inflateEnd(&s) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
        s.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        s.avail_in = uInt(input.count)
        while true {
            let status = chunk.withUnsafeMutableBufferPointer { c -> Int32 in
                s.next_out = c.baseAddress
                s.avail_out = uInt(c.count)
                return inflate(&s, Z_NO_FLUSH)
            }
            out.append(contentsOf: chunk[0..<(chunk.count - Int(s.avail_out))])
            switch status {
            case Z_STREAM_END:
                if s.avail_in == 0 { return out }
                guard inflateReset(&s) == Z_OK else { return nil }
            case Z_OK: continue
            default: return nil
            }
        }
    }
}
