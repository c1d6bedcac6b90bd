import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// A pager's json and keytimes answers are written slot by slot (`SlotTracksAnswer`), never
/// holding every track; their bytes are exactly those of the whole tracks (`TracksAnswer` over
/// `PagingInput.keyframes`), for every shape of request.
@Suite struct KeyframesStreamTests {
    static let requests: [PagingInput] = {
        let v = Size(width: 390, height: 844)
        return [
            PagingInput(viewport: v, pageCount: 1),
            PagingInput(viewport: v, pageCount: 5, layers: [.init(name: "bg", travel: 120, opacity: .init(min: 0.5)),
                                                            .init(name: "fg", rate: -0.25, scale: .init(min: 0.8))]),
            PagingInput(viewport: v, pageCount: 40, pageSpacing: 16, infinite: true, layers: [.init(name: "a", travel: 30, content: Size(width: 800, height: 600))]),
            PagingInput(viewport: v, pageCount: 7, axis: .vertical, direction: .rtl, layers: [.init(name: "x", travel: -40, fit: .cover)]),
        ]
    }()
    static let domains: [KeyframeDomain?] = [nil, KeyframeDomain(from: -500, to: 1234.5), KeyframeDomain(from: 3000, to: 3001)]

    func bytes(_ cursor: some AnswerCursor) -> [UInt8] {
        var c = cursor
        var buffer = ByteBuffer()
        JSONWriter.write(into: &buffer) { w in while c.writeNext(&w) {} }
        return buffer.withUnsafeReadableBytes { Array($0) }
    }

    @Test(arguments: 0..<4)
    func slotBySlotIsTheWholeAnswerByteForByte(_ index: Int) throws {
        let input = Self.requests[index]
        for domain in Self.domains {
            for properties in [nil, ["progress", "opacity"]] as [[String]?] {
                for keyTimes in [false, true] {
                    guard let whole = try? input.keyframes(domain: domain, properties: properties) else { continue }
                    let stream = try input.keyframeStream(domain: domain, properties: properties)
                    #expect(bytes(SlotTracksAnswer(stream, keyTimes: keyTimes)) == bytes(TracksAnswer(whole, keyTimes: keyTimes)))
                }
            }
        }
    }

    @Test func scrollElementsStreamElementByElementWithTheSameBytes() throws {
        func e(_ i: Int, _ change: (inout ScrollInput.Element) -> Void = { _ in }) -> ScrollInput.Element {
            var el = ScrollInput.Element(name: "e\(i)", frame: Frame(x: 0, y: Double(i) * 300, width: 100, height: 80))
            change(&el)
            return el
        }
        let v = Size(width: 390, height: 844)
        let inputs = [
            ScrollInput(viewport: v, elements: [e(0) { $0.speed = 1 }, e(1) { $0.opacity = .init(from: 0, to: 1); $0.easing = .easeInOut },
                                                e(2) { $0.translate = .init(from: -40, to: 40); $0.rotate = .init(from: 0, to: 90) }, e(3)]),
        ]
        for input in inputs {
            for domain in [nil, KeyframeDomain(from: -200, to: 700)] as [KeyframeDomain?] {
                for keyTimes in [false, true] {
                    let whole = try input.keyframes(domain: domain, properties: nil)
                    let stream = try input.keyframeStream(domain: domain, properties: nil)
                    #expect(bytes(SlotTracksAnswer(stream, keyTimes: keyTimes)) == bytes(TracksAnswer(whole, keyTimes: keyTimes)))
                }
            }
        }
    }

    @Test func theStreamRefusesWhatTheWholeRefuses() {
        var input = Self.requests[1]
        input.offset = 3
        #expect(throws: ValidationError.self) { try input.keyframeStream(domain: nil, properties: nil) }
        let a = (try? input.keyframes(domain: nil, properties: nil)) == nil
        #expect(a)
    }

    /// 10 000 slots of 32 layers: about 5 million knots if built whole; the stream's first piece
    /// is out after one slot is laid out.
    @Test func aLongPagerStartsAtOnce() throws {
        let layers = (0..<32).map { PagingInput.Layer(name: "l\($0)", travel: Double($0), opacity: .init(min: 0.5)) }
        let input = PagingInput(viewport: Size(width: 390, height: 844), pageCount: 10_000, layers: layers)
        var cursor = SlotTracksAnswer(try input.keyframeStream(domain: nil, properties: nil), keyTimes: false)
        #expect(cursor.estimatedBytes > 100_000_000)
        var buffer = ByteBuffer()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            JSONWriter.write(into: &buffer) { w in for _ in 0..<200 { _ = cursor.writeNext(&w) } }
        }
        #expect(buffer.readableBytes > 10_000)
        #expect(elapsed < .milliseconds(500))
    }
}
