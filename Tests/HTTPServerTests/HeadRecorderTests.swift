import Testing
@testable import HTTPServer

/// The names of the six fields the head policy reads, matched as folded words (HeadRecorder.swift):
/// every spelling in any letter case is its field, and every other token byte in any position
/// (the names llhttp lets through) is not.
@Suite struct HeadRecorderTests {
    private static func field(_ name: String) -> ReadField? {
        // Behind other bytes, as a name lies in the recorder's buffer.
        var buffer = ByteBuffer()
        buffer.writeString("GET /x" + name + "…")
        return ReadField(name: buffer, at: 6, count: name.utf8.count)
    }

    @Test(arguments: ReadField.allCases)
    func eachNameIsItsFieldInAnyCase(_ field: ReadField) {
        #expect(Self.field(field.name) == field)
        #expect(Self.field(field.name.lowercased()) == field)
        #expect(Self.field(field.name.uppercased()) == field)
    }

    /// RFC 9110 §5.6.2's tchar, the bytes a name may hold.
    private static let tchars = Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    @Test(arguments: ReadField.allCases)
    func anyOtherByteAnywhereIsNoneOfThem(_ field: ReadField) {
        let name = Array(field.name.lowercased().utf8)
        for position in name.indices {
            for byte in Self.tchars where byte | 0x20 != name[position] {
                var changed = name
                changed[position] = byte
                #expect(Self.field(String(decoding: changed, as: UTF8.self)) == nil, "\(field.name) with byte \(byte) at \(position)")
            }
        }
    }

    @Test func otherLengthsAreNoneOfThem() {
        for name in ["Hos", "Hostt", "Content-Length", "Accept", "Content-Types", "Transfer-Encodings"] {
            #expect(Self.field(name) == nil, "\(name)")
        }
    }
}

/// The parser finds the target's `?` once (`HeadRecorder.queryOffset`, eight bytes at a time, then
/// byte by byte): at every position of targets of every length up to three words, in origin and
/// absolute form, the path and the query the application sees are the target's split at its first `?`.
@Suite struct QueryStartTests {
    @Test func theFirstQuestionMarkSplitsPathAndQuery() {
        var targets: [String] = []
        for length in 2...26 {
            let path = "/q" + String(repeating: "p", count: length - 2)
            targets.append(path)
            for q in 2..<length {
                var t = Array(path)
                t[q] = "?"
                targets.append(String(t) + "a?b")
            }
        }
        #expect(targets.count == 325)
        for target in targets {
            for form in [target, "http://example.com" + target] {
                var h = MachineHarness()
                h.send("GET \(form) HTTP/1.1\r\nHost: example.com\r\n\r\n")
                let split = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
                let want = split.map { "\($0.0) query=\($0.1)" } ?? "\(target) no query"
                guard h.bodies == [want] else {
                    Issue.record("\(form): \(h.bodies) lacks \(want)")
                    return
                }
            }
        }
    }
}
