#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer

/// The log lines' timestamp (docs/operations.md#logs): RFC 3339 UTC with milliseconds, from the
/// wall clock, written digit by digit into the line's buffer (no formatter, no allocation).
enum Timestamp {
    static func append(_ out: inout ByteBuffer) {
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
