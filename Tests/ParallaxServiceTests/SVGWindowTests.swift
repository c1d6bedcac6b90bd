import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// The picture of a long answer (`include: "all"`, a wide `range`) lays out only the 24 pages
/// nearest the viewport, and draws exactly what laying out every page and keeping the nearest 24
/// drew (docs/operations.md#bounded-memory).
@Suite struct SVGWindowTests {
    func whole(_ input: PagingInput) throws -> ByteBuffer {
        guard case .single(var layout) = try input.layout() else { return ByteBuffer() }
        let total = layout.pages.count
        layout.pages = WholeSVGPaging.nearest(layout.pages)
        return WholeSVGPaging.draw(layout, viewport: input.viewport, pageCount: Int(input.pageCount), infinite: input.infinite ?? false,
                              rtl: input.direction == .rtl, omitted: total - layout.pages.count)
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
            var picture = SVGPicture(try SVGPaging(input, limits: .standard))
            var drawn = ByteBuffer()
            JSONWriter.write(into: &drawn) { w in while picture.writeNext(&w) {} }
            #expect(try drawn == whole(input))
        }
    }
}
