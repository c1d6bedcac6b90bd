/// The `Date` header line, formatted at most once per second per loop (RFC 9110 §6.6.1 allows
/// the origin's best approximation; one second is its resolution anyway). One per event loop,
/// so no locking: the loop refreshes it from its cached tick time.
final class DateCache {
    /// `Server: <name>\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n` (no Server line when the
    /// configuration names no server).
    /// Loop-confined like the rest of the cache: the dynamic exclusivity checks of these four
    /// cost w7 ≈ 140 instructions a request (docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @exclusivity(unchecked) private(set) var line = ByteBuffer(capacity: 64)
    /// `HTTP/1.1 200 OK\r\n` + `line`: the start of most responses, one copy.
    @exclusivity(unchecked) private(set) var okHead = ByteBuffer(capacity: 96)
    /// The last `Content-Type` value written and its line (`Content-Type: …\r\n`): most answers
    /// of a loop repeat one media type, so its line is copied, not written again
    /// (`ResponseSerializer.appendHead`; the value was checked when it was set).
    @exclusivity(unchecked) var contentType = ""
    @exclusivity(unchecked) var contentTypeLine = ByteBuffer()
    private var second: Int64 = .min
    private let serverName: String?

    init(epochSeconds: Int64 = 0, serverName: String? = nil) {
        self.serverName = serverName
        refresh(epochSeconds: epochSeconds)
    }

    /// Writes `okHead` into `out`, borrowed in place (passing the property would copy it: a retain
    /// and release per answer).
    @inline(__always)
    func writeOkHead(to out: inout ByteBuffer) { okHead.withReadableBytes { out.writeBytes($0) } }

    /// Writes `contentTypeLine` into `out`, borrowed in place.
    @inline(__always)
    func writeContentTypeLine(to out: inout ByteBuffer) { contentTypeLine.withReadableBytes { out.writeBytes($0) } }

    /// Keeps `line` (checked) as the line of `contentType`.
    func remember(contentType: String, line: RawSpan) {
        self.contentType = contentType
        contentTypeLine.clear(keepingCapacityUpTo: 256)
        contentTypeLine.writeBytes(line)
    }

    /// Re-formats only when the second changed.
    @inline(__always)
    func refresh(epochSeconds: Int64) {
        if epochSeconds != second { format(epochSeconds) }
    }

    private static let days: [StaticString] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate (RFC 9110 §5.6.7); civil-from-days after H. Hinnant's algorithm.
    private func format(_ t: Int64) {
        second = t
        let dayNumber = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secs = t - dayNumber * 86_400
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = Int(((dayNumber % 7) + 7) % 7)

        line.clear()
        if let serverName {
            line.writeStaticString("Server: ")
            line.writeString(serverName)
            line.writeStaticString("\r\n")
        }
        line.writeStaticString("Date: ")
        line.writeStaticString(Self.days[weekday])
        line.writeStaticString(", ")
        appendTwoDigits(Int(day))
        line.writeByte(0x20)
        line.writeStaticString(Self.months[Int(month) - 1])
        line.writeByte(0x20)
        let y = Int(year)
        appendTwoDigits(y / 100)
        appendTwoDigits(y % 100)
        line.writeByte(0x20)
        appendTwoDigits(Int(secs / 3600))
        line.writeByte(UInt8(ascii: ":"))
        appendTwoDigits(Int(secs / 60 % 60))
        line.writeByte(UInt8(ascii: ":"))
        appendTwoDigits(Int(secs % 60))
        line.writeStaticString(" GMT\r\n")
        okHead.clear()
        okHead.writeStaticString("HTTP/1.1 200 OK\r\n")
        okHead.writeBuffer(line)
    }

    private func appendTwoDigits(_ v: Int) {
        line.writeByte(UInt8(48 + v / 10 % 10))
        line.writeByte(UInt8(48 + v % 10))
    }
}
