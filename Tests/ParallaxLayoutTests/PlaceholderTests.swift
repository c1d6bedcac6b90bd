import Testing
@testable import ParallaxLayout
@Test func builds() { #expect(Bool(true)) }
