import Testing
@testable import ParallaxService

/// docs/web.md#numbers: a stylesheet writes its numbers to the decimals no browser can tell from
/// the exact ones (1/1000 px, 1e-6 of a unitless number or of 1 % of the scroller), so the noise of
/// binary arithmetic (`opacity:0.19999999999999996`) never reaches it.
@Suite struct StylesheetNumberTests {
    let client = Client()

    @Test func roundingIsHalfAwayFromZeroInTheShortestSpelling() {
        #expect(KeyframesAnimation.css(0.19999999999999996, decimals: 6) == "0.2")
        #expect(KeyframesAnimation.css(389.99999999999994, decimals: 3) == "390")
        #expect(KeyframesAnimation.css(-12.3456, decimals: 3) == "-12.346")
        #expect(KeyframesAnimation.css(0.0005, decimals: 3) == "0.001")
        #expect(KeyframesAnimation.css(-0.0000001, decimals: 6) == "0")
        #expect(KeyframesAnimation.css(1624, decimals: 3) == "1624")
        #expect(KeyframesAnimation.css(1e300, decimals: 6) == KeyframesAnimation.css(1e300))
    }

    /// 1/1000 px of a domain L px long is 0.1/L %: the decimals of that step.
    @Test(arguments: [(1.0, 1), (99.0, 3), (812.0, 4), (1624.0, 5), (1_000_700.0, 8), (1e15, 12)])
    func keyframeSelectorsGetTheDecimalsOfAThousandthOfAPixel(length: Double, decimals: Int) {
        #expect(KeyframesAnimation.percentDecimals(domainLength: length) == decimals)
        var step = 1.0
        for _ in 0..<decimals { step /= 10 }
        #expect(step * length <= 0.1 || decimals == 12)
    }

    @Test func aPagerStylesheetCarriesNoBinaryNoise() throws {
        let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"layers":[{"name":"caption","travel":-60,"opacity":{"min":0.2},"scale":{"min":0.7}}],"format":"css"}"#)
        #expect(r.status == 200)
        #expect(r.body.contains("opacity:0.2"))
        #expect(!r.body.contains("0.19999999999999996"))
        // No number of a declaration or a keyframe selector has more decimals than allowed.
        var i = r.body.startIndex
        var longest = 0
        while i < r.body.endIndex {
            if r.body[i] == ".", let next = r.body.index(i, offsetBy: 1, limitedBy: r.body.endIndex), next < r.body.endIndex,
               r.body[next].isNumber, i > r.body.startIndex, r.body[r.body.index(before: i)].isNumber {
                let digits = r.body[next...].prefix { $0.isNumber }
                let unit = r.body[digits.endIndex...].prefix { $0.isLetter || $0 == "%" }
                if unit == "px" { #expect(digits.count <= 3, "\(digits)px") }
                longest = max(longest, digits.count)
                i = digits.endIndex
            } else {
                i = r.body.index(after: i)
            }
        }
        #expect(longest <= 6)
    }
}
