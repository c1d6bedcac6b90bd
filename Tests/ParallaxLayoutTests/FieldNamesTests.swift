// The field names declared once (FieldNames.swift): the pointers the rules build from them, and the
// fields of one moment a keyframes request refuses (docs/model.md#keyframes), taken from one switch
// per model.
import Testing
@testable import ParallaxLayout

@Suite struct FieldNamesTests {
    @Test func aPointerIsTheFieldInItsParentOrAnEntryOfItsArray() {
        #expect(PagingField.pageCount.pointer() == "/pageCount")
        #expect(PagingField.layers.pointer(at: 0) == "/layers/0")
        #expect(LayerField.rate.pointer(in: PagingField.layers.pointer(at: 12)) == "/layers/12/rate")
        #expect(ElementField.translate.pointer(in: "/elements/3", at: 1) == "/elements/3/translate/1")
        #expect(EasingField.cubicBezier.pointer(in: "/elements/0/easing", at: 2) == "/elements/0/easing/cubicBezier/2")
        // Every declared name is a plain name: nothing to escape in a pointer (RFC 6901).
        func plain<F: FieldNames>(_: F.Type) -> Bool {
            F.allCases.allSatisfy { !$0.rawValue.isEmpty && !$0.rawValue.contains("/") && !$0.rawValue.contains("~") }
        }
        // The fields every model's request has are named alike in each (a fluid stylesheet's
        // refusal names `viewport` whatever its model).
        func shared<F: RequestFields>(_: F.Type) -> [String] { [F.viewport, F.motionScale, F.pixelScale].map(\.rawValue) }
        #expect(shared(PagingField.self) == ["viewport", "motionScale", "pixelScale"])
        #expect(shared(HeaderRequestField.self) == shared(PagingField.self) && shared(ScrollField.self) == shared(PagingField.self))
        #expect(plain(PagingField.self) && plain(LayerField.self) && plain(HeaderRequestField.self)
                && plain(ScrollField.self) && plain(ElementField.self) && plain(EffectField.self)
                && plain(KeyframesField.self) && plain(PictureField.self))
    }

    /// A pager with every field of one moment given: each is refused, at its pointer, in the
    /// schema's order, after the model's own rules; and the request left for the engine has none.
    @Test func aPagersMomentFieldsAreRefusedInTheSchemasOrder() {
        var input = specExample()
        input.page = 1
        input.offsets = [1]
        input.previousOffset = 0
        input.velocity = 10
        input.pixelScale = 2
        input.currentPage = 1
        input.decelerationRate = 0.9
        let (plain, given) = input.splitMoments()
        #expect(given == [.offset, .page, .offsets, .velocity, .previousOffset, .pixelScale])
        #expect(plain.offset == nil && plain.page == nil && plain.offsets == nil && plain.previousOffset == nil
                && plain.velocity == nil && plain.pixelScale == nil)
        // What is not of one moment stays.
        #expect(plain.currentPage == 1 && plain.decelerationRate == 0.9 && plain.layers == input.layers)
        do {
            _ = try input.keyframes(domain: nil, properties: nil)
            Issue.record("a keyframes request with moment fields was answered")
        } catch {
            let refused = error.issues.filter { $0.message.hasPrefix("not allowed in a keyframes request") }
            #expect(refused.pointers == ["/offset", "/page", "/offsets", "/velocity", "/previousOffset", "/pixelScale"])
        }
        // A request without them gives none, and an empty list (nothing to refuse).
        #expect(plain.splitMoments().given.isEmpty && plain.splitMoments().0 == plain)
    }

    @Test func aHeadersAndScrollElementsMomentFieldsAreTheirOffsetsAndPixelScale() {
        let header = HeaderInput(viewport: Size(width: 390, height: 844), header: HeaderInput.Header(height: 300),
                                 offset: -40, offsets: [0, 10], motionScale: 0.5, pixelScale: 3)
        #expect(header.splitMoments().given == [.offset, .offsets, .pixelScale])
        #expect(header.splitMoments().0.motionScale == 0.5)
        let scroll = ScrollInput(viewport: Size(width: 390, height: 844), offset: 10, offsets: [1],
                                 elements: [ScrollInput.Element(name: "a", frame: Frame(x: 0, y: 900, width: 390, height: 200), speed: 0.5)],
                                 motionScale: 1, pixelScale: 2)
        #expect(scroll.splitMoments().given == [.offset, .offsets, .pixelScale])
        for (refusal, pointers) in [
            (refusals { () throws(ValidationError) in _ = try header.keyframes(domain: nil, properties: nil) }, ["/offset", "/offsets", "/pixelScale"]),
            (refusals { () throws(ValidationError) in _ = try scroll.keyframes(domain: nil, properties: nil) }, ["/offset", "/offsets", "/pixelScale"]),
        ] {
            #expect(refusal == pointers)
        }
    }

    private func refusals(_ body: () throws(ValidationError) -> Void) -> [String] {
        do {
            try body()
            return []
        } catch {
            return error.issues.filter { $0.message.hasPrefix("not allowed in a keyframes request") }.pointers
        }
    }
}
