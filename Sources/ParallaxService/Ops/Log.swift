import HTTPServer

/// How log lines are written (docs/operations.md#logs, `--log-format json|text`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// One JSON object per line (JSON lines), for log pipelines.
    case json
    /// A short human line.
    case text
}

/// The service's one log writer (docs/operations.md#logs): start-up, signals, stop, errors of the
/// service's own making and the access log all go through `JSONWriter` to stdout, each line in
/// one write(2), so lines from different event loops never interleave and no Foundation or stdio
/// buffer sits between a line and the container's log collector. Every JSON line has one shape:
/// `time` (RFC 3339 UTC, milliseconds), `level`, `event`, then the event's own fields.
public enum Log {
    /// Standard output: where a container runtime collects a service's logs.
    static let fileDescriptor: Int32 = 1

    /// `{"time":"…","level":"info","event":"listening","msg":"…"}`, or `info: …` with
    /// `--log-format text`. A text message holding a control character (it may carry request
    /// bytes) is written as a JSON string, so no byte a client sent can end the line and forge the
    /// next one.
    public static func line(_ format: LogFormat, _ level: StaticString, _ event: StaticString, _ message: String) {
        var line = ByteBuffer(capacity: 160)
        JSONWriter.write(into: &line) { w in
            switch format {
            case .json:
                start(&w, level: level, event: event)
                w.field("msg", message)
                w.objectEnd()
            case .text:
                w.text { $0.writeStaticString(level); $0.writeStaticString(": ") }
                if message.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                    w.stringValue(message)
                } else {
                    w.text { $0.writeString(message) }
                }
            }
        }
        line.writeByte(10)
        write(&line)
    }

    /// Opens a JSON line: `{"time":"…","level":"…","event":"…"`; the caller adds its fields and
    /// closes the object.
    static func start(_ w: inout JSONWriter, level: StaticString, event: StaticString) {
        w.objectStart()
        w.key("time")
        w.rawValue { out in
            out.writeByte(UInt8(ascii: "\"")); Timestamp.append(&out); out.writeByte(UInt8(ascii: "\""))
        }
        w.field("level", literal: level)
        w.field("event", literal: event)
    }

    /// Writes one finished line (newline included) with a single write(2).
    static func write(_ line: inout ByteBuffer) {
        _ = line.write(toFileDescriptor: fileDescriptor)
    }
}
