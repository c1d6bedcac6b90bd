import Testing
@testable import ParallaxService
@Test func builds() { #expect(Bool(true)) }
