// The libm-free floor, ceil and remainder (Geometry/Numbers.swift) agree with IEEE semantics.
import TestSupport
import Testing
@testable import ParallaxLayout

@Suite struct NumbersTests {
    @Test func floorAndCeilMatchTheStandardLibrary() {
        var r = SplitMix64(seed: 31)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 2.5, -2.5, 1e300, -1e300, 4_503_599_627_370_495.5,
                                -4_503_599_627_370_495.5, .infinity, -.infinity, .ulpOfOne, -.ulpOfOne]
        for _ in 0..<500 { values.append(r.double(-1e6, 1e6)) }
        for v in values {
            #expect(floorD(v) == v.rounded(.down))
            #expect(ceilD(v) == v.rounded(.up))
        }
    }

    @Test func remainderIsExact() {
        #expect(exactRemainder(-195, 1170) == -195)
        #expect(floorMod(-195, 1170) == 975)
        #expect(floorMod(-4, 3) == 2)
        #expect(exactRemainder(1e15 + 0.5, 3) == 1e15.truncatingRemainder(dividingBy: 3) + 0.5)
        var r = SplitMix64(seed: 32)
        for _ in 0..<500 {
            let a = r.double(-1e9, 1e9), n = r.double(1e-3, 1e4)
            #expect(exactRemainder(a, n) == a.truncatingRemainder(dividingBy: n))
        }
        #expect(exactRemainder(.nan, 3).isNaN && exactRemainder(.infinity, 3).isNaN)
    }
}
