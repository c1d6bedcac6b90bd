import FoundationEssentials
import HTTPServer
import Testing
@testable import ParallaxService

/// Determinism (docs/model.md#determinism-and-motion): each `Tests/golden/NAME.request` (first line `METHOD target`, then any
/// request header lines `Name: value`, then the body) must produce exactly the bytes checked in
/// as `NAME.response` (status, content type, extra headers, blank line, body). A gzip answer
/// (docs/api.md) is checked in decoded, after a `# gzip: N bytes, fnv1a H` line that pins the coded
/// bytes (zlib at a fixed level with mtime 0 is deterministic). Regenerate with
/// `PARALLAX_UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff against docs/model.md
/// before committing.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("golden")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".request") }.map { String($0.dropLast(".request".count)) }.sorted()
    }

    static func render(_ requestText: String) -> [UInt8] {
        var lines = requestText.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let firstLine = lines.popFirst() ?? ""
        var headers: [(String, String)] = []
        while let line = lines.first, let colon = line.firstIndex(of: ":"), line[..<colon].allSatisfy({ $0.isLetter || $0 == "-" }),
              line[line.index(after: colon)...].hasPrefix(" ") {
            headers.append((String(line[..<colon]), String(line[line.index(colon, offsetBy: 2)...])))
            lines.removeFirst()
        }
        let body = lines.joined(separator: "\n").trimmingTrailingNewlines()
        let parts = firstLine.split(separator: " ", maxSplits: 1)
        let method: HTTPMethod = switch parts.first {
        case "GET": .get
        case "POST": .post
        case "HEAD": .head
        case "DELETE": .delete
        case "OPTIONS": .options
        default: .other(String(parts.first ?? ""))
        }
        let client = Client()
        let reply = client.call(method, String(parts.last ?? "/"), method == .post ? body : nil, headers: headers)
        var text = "HTTP \(reply.status)\nContent-Type: \(reply.contentType ?? "")\n"
        for h in reply.headers {
            // A made X-Request-Id differs from process to process: checked for its form, then
            // written as `(made)` (docs/operations.md#request-ids).
            let value = h.name == "X-Request-Id" && RequestIDTests.isMade(h.value) ? "(made)" : h.value
            text += "\(h.name): \(value)\n"
        }
        var bytes = reply.bytes
        if reply.header("Content-Encoding") == "gzip" {
            let hash = String(EntityTag.fnv1a(reply.bytes), radix: 16)
            text += "# gzip: \(reply.bytes.count) bytes, fnv1a \(hash)\n"
            bytes = gunzip(reply.bytes) ?? Array("(not valid gzip)".utf8)
        }
        text += "\n"
        return Array(text.utf8) + bytes + [10]
    }

    @Test func thereAreGoldenFiles() { #expect(Self.names.count >= 10) }

    @Test(arguments: names)
    func responseBytesMatchTheCheckedInFile(name: String) throws {
        let request = try String(contentsOf: Self.directory.appendingPathComponent(name + ".request"), encoding: .utf8)
        let actual = Self.render(request)
        let responseURL = Self.directory.appendingPathComponent(name + ".response")
        if ProcessInfo.processInfo.environment["PARALLAX_UPDATE_GOLDEN"] == "1" {
            try Data(actual).write(to: responseURL)
        }
        let expected = try [UInt8](Data(contentsOf: responseURL))
        #expect(actual == expected, "\(name): got\n\(String(decoding: actual, as: UTF8.self))")
        #expect(Self.render(request) == actual, "same request, same bytes")
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
