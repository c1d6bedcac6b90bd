// Names of layers and elements (docs/api.md#limits): at most `maxNameBytes` UTF-8 bytes, and
// unique, a duplicate reported at the later entry's pointer.
import Testing
@testable import ParallaxLayout

@Suite struct NameRuleTests {
    let paging = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 5)
    let scroll = ScrollInput(viewport: Size(width: 390, height: 844), elements: [])
    func element(_ name: String) -> ScrollInput.Element {
        ScrollInput.Element(name: name, frame: Frame(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func aLayerNameAtTheLimitIsAcceptedOneByteMoreIsNot() {
        var input = paging
        input.layers = [.init(name: String(repeating: "a", count: 256))]
        #expect(input.validate().isEmpty)
        input.layers = [.init(name: String(repeating: "a", count: 257))]
        let issues = input.validate()
        #expect(issues.pointers == ["/layers/0/name"])
        #expect(issues.first?.message == "must be at most 256 bytes (UTF-8), not 257 (--max-name-bytes)")
    }

    @Test func theLimitCountsUTF8BytesNotCharacters() {
        var input = paging
        input.layers = [.init(name: String(repeating: "é", count: 129))]  // 258 bytes, 129 characters
        #expect(input.validate().pointers == ["/layers/0/name"])
        #expect(input.validate(limits: LayoutLimits(maxNameBytes: 258)).isEmpty)
    }

    @Test func aDuplicateLayerNameIsReportedAtTheSecond() {
        var input = paging
        input.layers = [.init(name: "sky", travel: 1), .init(name: "hills"), .init(name: "sky", travel: 2)]
        let issues = input.validate()
        #expect(issues.pointers == ["/layers/2/name"])
        #expect(issues.first?.message == "must differ from the name of /layers/0/name: names are unique")
    }

    @Test func twoUnnamedLayersShareTheDefaultName() {
        var input = paging
        input.layers = [.init(travel: 1), .init(travel: 2)]
        let issues = input.validate()
        #expect(issues.pointers == ["/layers/1"])
        #expect(issues.first?.message == "must differ from the name of /layers/0 (its default name \"background\"): names are unique")
        input.layers = [.init(travel: 1), .init(name: "background")]
        #expect(input.validate().pointers == ["/layers/1/name"])
    }

    @Test func elementNamesAreBoundedAndUniqueInFewAndMany() {
        var input = scroll
        input.elements = [element("a"), element(String(repeating: "n", count: 300)), element("a")]
        #expect(input.validate().pointers == ["/elements/1/name", "/elements/2/name"])
        // Past 32 entries the rule is checked through a dictionary: the same answer.
        input.elements = (0..<100).map { element("e\($0)") } + [element("e7"), element("e99")]
        let issues = input.validate()
        #expect(issues.pointers == ["/elements/100/name", "/elements/101/name"])
        #expect(issues.first?.message == "must differ from the name of /elements/7/name: names are unique")
    }
}
