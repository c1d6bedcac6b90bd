import Testing
@testable import HTTPServer
@Test func builds() { #expect(Bool(true)) }
