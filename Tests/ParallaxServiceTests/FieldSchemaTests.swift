// The field names declared once (ParallaxLayout's FieldNames.swift) are the contract's: each request
// schema of openapi.yaml lists exactly the fields its enum declares, and a keyframes request's
// schema is its model's fields less those of one moment (each model's `takeMoment`) with the
// keyframes fields added. A field added to one and not the other fails here.
import FoundationEssentials
import Testing
@testable import ParallaxLayout
@testable import ParallaxService

@Suite struct FieldSchemaTests {
    /// The names under `properties:` of schema `name` (the schema's own, not those of a nested
    /// `allOf`/`if` clause), read from openapi.yaml's layout: schemas at four spaces, their
    /// `properties:` at six, the fields at eight.
    static func properties(_ name: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let lines = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "    \(name):"[...]), "schema \(name)")
        var names: Set<String> = [], inProperties = false
        for line in lines[(start + 1)...] {
            let indent = line.prefix { $0 == " " }.count
            if indent <= 4, !line.isEmpty { break }
            if line == "      properties:" { inProperties = true; continue }
            guard inProperties else { continue }
            if indent == 8, let colon = line.firstIndex(of: ":") {
                names.insert(String(line[line.index(line.startIndex, offsetBy: 8)..<colon]))
            } else if indent == 6 {
                inProperties = false
            }
        }
        return names
    }

    func names<F: FieldNames>(_: F.Type) -> Set<String> { Set(F.allCases.map(\.rawValue)) }

    @Test func everyObjectSchemaListsItsDeclaredFields() throws {
        #expect(try Self.properties("PagingRequest") == names(PagingField.self).union(names(PictureField.self)))
        #expect(try Self.properties("HeaderRequest") == names(HeaderRequestField.self).union(names(PictureField.self)))
        #expect(try Self.properties("ScrollRequest") == names(ScrollField.self).union(names(PictureField.self)))
        #expect(try Self.properties("Layer") == names(LayerField.self))
        #expect(try Self.properties("MinEffect") == names(MinEffectField.self))
        #expect(try Self.properties("ScaleEffect") == names(MinEffectField.self))
        #expect(try Self.properties("Element") == names(ElementField.self))
        #expect(try Self.properties("KeyframesElement") == names(ElementField.self))
        #expect(try Self.properties("Effect") == names(EffectField.self))
        #expect(try Self.properties("EffectRange") == names(EffectRangeField.self))
        #expect(try Self.properties("CubicBezierEasing") == names(EasingField.self))
        #expect(try Self.properties("Size") == names(SizeField.self))
        #expect(try Self.properties("ElementFrame") == names(FrameField.self))
        #expect(try Self.properties("KeyframeDomain") == names(RangeField.self))
    }

    /// A keyframes request is its model's request less the fields of one moment, plus the keyframes
    /// fields (`input` and `snapStop` for a pager only). The moment fields are found by asking
    /// `takeMoment` of a request that gives every one of them.
    @Test func aKeyframesSchemaIsItsModelLessItsMomentFieldsPlusTheKeyframesFields() throws {
        func moments<M: MomentFields>(_ full: M) -> Set<String> {
            Set(M.Field.allCases.filter { field in
                var request = full
                return request.takeMoment(field)
            }.map(\.rawValue))
        }
        let pager = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 5, offset: 1, page: 1, offsets: [1],
                                velocity: 1, previousOffset: 1, pixelScale: 2)
        let header = HeaderInput(viewport: Size(width: 390, height: 844), header: HeaderInput.Header(height: 300),
                                 offset: 1, offsets: [1], pixelScale: 2)
        let scroll = ScrollInput(viewport: Size(width: 390, height: 844), offset: 1, offsets: [1], elements: [], pixelScale: 2)
        #expect(moments(pager) == ["offset", "page", "offsets", "previousOffset", "velocity", "pixelScale"])
        #expect(moments(header) == ["offset", "offsets", "pixelScale"] && moments(scroll) == moments(header))

        let keyframes = names(KeyframesField.self)
        let pagerOnly: Set = [KeyframesField.input.rawValue, KeyframesField.snapStop.rawValue]
        #expect(try Self.properties("PagingKeyframesRequest")
                == names(PagingField.self).subtracting(moments(pager)).union(keyframes))
        #expect(try Self.properties("HeaderKeyframesRequest")
                == names(HeaderRequestField.self).subtracting(moments(header)).union(keyframes.subtracting(pagerOnly)))
        #expect(try Self.properties("ScrollKeyframesRequest")
                == names(ScrollField.self).subtracting(moments(scroll)).union(keyframes.subtracting(pagerOnly)))
    }
}
