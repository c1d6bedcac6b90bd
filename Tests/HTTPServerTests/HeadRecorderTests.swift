import Testing
@testable import HTTPServer

/// The names of the five fields the head policy reads, matched as folded words (HeadRecorder.swift):
/// every spelling in any letter case is its field, and every other token byte in any position
/// (the names llhttp lets through) is not.
@Suite struct HeadRecorderTests {
    private static func field(_ name: String) -> ReadField? {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBytes { ReadField(name: $0.baseAddress!, count: bytes.count) }
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
