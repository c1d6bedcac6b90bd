#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer

/// The access log (docs/operations.md#logs): one line per response, in the log's format and on its
/// stream (Log.swift), built in a buffer reused by its event loop, so the hot path allocates
/// nothing for it.
struct AccessLog {
    let format: LogFormat
    private var line = ByteBuffer(capacity: 256)

    init(format: LogFormat) {
        self.format = format
    }

    mutating func write(_ r: HTTPRequestRecord) {
        Self.render(r, format: format, into: &line)
        Log.write(&line)
        line.clear()
    }

    /// Appends one log line, newline included.
    static func render(_ r: HTTPRequestRecord, format: LogFormat, into line: inout ByteBuffer) {
        JSONWriter.write(into: &line) { render(r, format: format, &$0) }
        line.writeByte(10)
    }

    private static func render(_ r: HTTPRequestRecord, format: LogFormat, _ w: inout JSONWriter) {
        let millis = Double(r.durationNanoseconds / 1000) / 1000
        switch format {
        case .json:
            w.objectStart()
            w.key("time")
            w.rawValue { out in
                out.writeByte(UInt8(ascii: "\"")); Self.appendTimestamp(&out); out.writeByte(UInt8(ascii: "\""))
            }
            w.field("remote", r.remoteAddress)
            w.field("method", r.method.name)
            w.field("path", r.path)
            w.field("status", r.status)
            w.field("bytesIn", r.bytesIn)
            w.field("bytesOut", r.bytesOut)
            w.field("durationMs", millis)
            w.objectEnd()
        case .text:
            w.text { out in
                Self.appendTimestamp(&out)
                out.writeByte(UInt8(ascii: " "))
                out.writeString(r.remoteAddress)
                out.writeByte(UInt8(ascii: " "))
            }
            // The path is client-controlled: quote it as a JSON string so it cannot forge lines.
            w.stringValue(r.method.name + " " + r.path)
            w.text { $0.writeString(" \(r.status) in=\(r.bytesIn) out=\(r.bytesOut) \(millis)ms") }
        }
    }

    /// RFC 3339 UTC with milliseconds, from the wall clock.
    private static func appendTimestamp(_ out: inout ByteBuffer) {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var t = time_t(ts.tv_sec)
        var tm = tm()
        gmtime_r(&t, &tm)
        func digits(_ v: Int, _ n: Int) {
            var div = 1
            for _ in 1..<n { div *= 10 }
            var v = v
            for _ in 0..<n {
                out.writeByte(UInt8(ascii: "0") &+ UInt8((v / div) % 10))
                v %= div
                div /= 10
            }
        }
        digits(Int(tm.tm_year) + 1900, 4); out.writeByte(UInt8(ascii: "-"))
        digits(Int(tm.tm_mon) + 1, 2); out.writeByte(UInt8(ascii: "-"))
        digits(Int(tm.tm_mday), 2); out.writeByte(UInt8(ascii: "T"))
        digits(Int(tm.tm_hour), 2); out.writeByte(UInt8(ascii: ":"))
        digits(Int(tm.tm_min), 2); out.writeByte(UInt8(ascii: ":"))
        digits(Int(tm.tm_sec), 2); out.writeByte(UInt8(ascii: "."))
        digits(Int(ts.tv_nsec) / 1_000_000, 3); out.writeByte(UInt8(ascii: "Z"))
    }
}

extension HTTPMethod {
    /// The method token as sent.
    var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .patch: "PATCH"
        case .other(let s): s
        }
    }
}
