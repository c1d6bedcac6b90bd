import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// The picture of a long answer (`include: "all"`, a wide `range`) lays out only the 24 pages
/// nearest the viewport, and draws exactly the pages that laying out every page and keeping the
/// nearest 24 (smallest |progress|, the lower slot on a tie) would keep, in slot order
/// (docs/operations.md#bounded-memory).
@Suite struct SVGWindowTests {
    /// The slots the whole answer's nearest 24 pages hold, and how many pages are left out.
    func nearestOfTheWholeAnswer(_ input: PagingInput) throws -> (slots: [Int], omitted: Int) {
        guard case .single(let layout) = try input.layout() else { return ([], 0) }
        let kept = layout.pages.indices.sorted {
            (abs(layout.pages[$0].progress), $0) < (abs(layout.pages[$1].progress), $1)
        }.prefix(SVGPaging.maxPages).sorted()
        return (kept.map { layout.pages[$0].slot }, layout.pages.count - kept.count)
    }

    /// The slots of the page labels the picture draws ("page i · slot k"), in order.
    func drawnSlots(_ input: PagingInput) throws -> (slots: [Int], svg: String) {
        var picture = try input.picture(limits: .standard)
        var buffer = ByteBuffer()
        JSONWriter.write(into: &buffer) { w in while picture.writeNext(&w) {} }
        let svg = String(decoding: buffer.bytes, as: UTF8.self)
        let slots = svg.split(separator: "\n").compactMap { line -> Int? in
            guard line.contains("font-weight=\"650\""), let r = line.firstRange(of: " · slot ") else { return nil }
            return Int(line[r.upperBound...].prefix { $0 == "-" || $0.isNumber })
        }
        return (slots, svg)
    }

    @Test(arguments: [0.0, 195, 390, 585, 1170.5, 3900, 11_505, 38_610, 1e6])
    func theWindowDrawsWhatTheWholeAnswerDrew(_ offset: Double) throws {
        let layers: [PagingInput.Layer] = [.init(name: "bg", travel: 60), .init(name: "fg", rate: -0.3, opacity: .init(min: 0.2))]
        let v = Size(width: 390, height: 844)
        let cases = [
            PagingInput(viewport: v, pageCount: 100, offset: offset, layers: layers, include: .all),
            PagingInput(viewport: v, pageCount: 30, direction: .rtl, offset: offset, layers: layers, include: .all),
            PagingInput(viewport: v, pageCount: 100, offset: offset, layers: layers, range: .init(from: 5, to: 60)),
            PagingInput(viewport: v, pageCount: 10, infinite: true, offset: offset, layers: layers, range: .init(from: -20, to: 40)),
        ]
        for input in cases {
            let expected = try nearestOfTheWholeAnswer(input)
            let drawn = try drawnSlots(input)
            #expect(drawn.slots == expected.slots, "\(input)")
            #expect(expected.omitted > 0 && drawn.svg.contains("\(expected.omitted) more pages of the answer not drawn"))
        }
    }
}
