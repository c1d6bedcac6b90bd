#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import ParallaxService

/// Lifecycle log lines on stdout (one JSON object per line, or plain text).
enum Log {
    static func line(_ format: LogFormat, _ level: String, _ message: String) {
        switch format {
        case .json:
            var escaped = ""
            for c in message.unicodeScalars {
                switch c {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case _ where c.value < 0x20: escaped += "\\u00" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16)
                default: escaped.unicodeScalars.append(c)
                }
            }
            print(#"{"level":"\#(level)","msg":"\#(escaped)"}"#)
        case .text:
            print("\(level): \(message)")
        }
        fflush(nil)
    }
}
