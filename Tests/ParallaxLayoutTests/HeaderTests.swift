// Stretchy header, docs/model.md#stretchy-header.
import Testing
@testable import ParallaxLayout

@Suite struct HeaderTests {
    func header(_ y: Double, min: Double? = nil, stretch: Bool? = nil, mode: HeaderInput.Mode? = nil,
                content: Size? = nil, contentMode: ContentMode? = nil, motion: Double? = nil,
                pixelScale: Double? = nil) throws -> HeaderLayout {
        let input = HeaderInput(viewport: Size(width: 320, height: 568), header: .init(height: 150, minHeight: min),
                                offset: y, stretch: stretch, mode: mode, content: content, contentMode: contentMode,
                                motionScale: motion, pixelScale: pixelScale)
        guard case let .single(layout) = try input.layout() else { throw TestFailure("single") }
        return layout
    }

    @Test func progressCollapsedAndStretchedFollowTheHeight() throws {
        let rest = try header(0)
        #expect(rest.progress == 1 && !rest.collapsed && !rest.stretched && rest.contentTop == 150)
        let pulled = try header(-75)
        #expect(pulled.progress == 1.5 && pulled.stretched)
        let gone = try header(400)
        #expect(gone.progress == 0 && gone.collapsed && gone.header.height == 0 && gone.contentTop == -250)
    }

    @Test func minHeightPinsTheCollapsedHeader() throws {
        let l = try header(130, min: 44)
        #expect(l.header == Frame(x: 0, y: 0, width: 320, height: 44))
        #expect(l.collapsed && l.progress == 0)
        let half = try header(53, min: 44)
        #expect(half.header.height == 97 && half.progress == 0.5)
        let all = HeaderInput(viewport: Size(width: 320, height: 568), header: .init(height: 60, minHeight: 60), offset: 10)
        guard case let .single(pinned) = try all.layout() else { throw TestFailure("single") }
        #expect(pinned.progress == 0 && pinned.collapsed)
    }

    @Test func withoutStretchThePulledHeaderRidesDownWithTheContent() throws {
        let l = try header(-40, stretch: false)
        #expect(l.header == Frame(x: 0, y: 40, width: 320, height: 150))
        #expect(!l.stretched && l.progress == 1 && l.contentTop == 190)
        #expect(try header(60, stretch: false).header == Frame(x: 0, y: 0, width: 320, height: 90))
    }

    @Test(arguments: [(HeaderInput.Mode.fill, Frame(x: 0, y: 0, width: 320, height: 90)),
                      (.top, Frame(x: 0, y: 0, width: 320, height: 150)),
                      (.center, Frame(x: 0, y: -30, width: 320, height: 150)),
                      (.bottom, Frame(x: 0, y: -60, width: 320, height: 150))])
    func imageModesWhileCollapsing(mode: HeaderInput.Mode, image: Frame) throws {
        #expect(try header(60, mode: mode).image == image)
    }

    @Test(arguments: [(HeaderInput.Mode.fill, Frame(x: 0, y: 0, width: 320, height: 190)),
                      (.top, Frame(x: 0, y: 0, width: 320, height: 150)),
                      (.center, Frame(x: 0, y: 20, width: 320, height: 150)),
                      (.bottom, Frame(x: 0, y: 40, width: 320, height: 150))])
    func imageModesWhileStretched(mode: HeaderInput.Mode, image: Frame) throws {
        #expect(try header(-40, mode: mode).image == image)
    }

    @Test(arguments: [(ContentMode.aspectFill, Frame(x: -15, y: 0, width: 350, height: 175)),
                      (.aspectFit, Frame(x: 0, y: 7.5, width: 320, height: 160)),
                      (.fill, Frame(x: 0, y: 0, width: 320, height: 175)),
                      (.center, Frame(x: -40, y: -12.5, width: 400, height: 200))])
    func contentFramesFitTheImage(mode: ContentMode, frame: Frame) throws {
        let l = try header(-25, content: Size(width: 400, height: 200), contentMode: mode)
        #expect(l.contentFrame == frame)
        #expect(try header(0).contentFrame == nil)
    }

    @Test func motionScaleZeroMovesTheImageRigidlyWithTheContent() throws {
        let pulled = try header(-40, motion: 0)
        #expect(pulled.header.height == 190)  // the header itself still follows the offset
        #expect(pulled.image == Frame(x: 0, y: 40, width: 320, height: 150))
        let half = try header(-40, mode: .top, motion: 0.5)
        #expect(half.image == Frame(x: 0, y: 20, width: 320, height: 150))
        #expect(try header(-40, mode: .bottom, motion: 0.3).image == Frame(x: 0, y: 40, width: 320, height: 150))
    }

    @Test func pixelScaleSnapsHeaderAndImage() throws {
        let l = try header(-10.3, mode: .center, pixelScale: 2)
        #expect(l.header == Frame(x: 0, y: 0, width: 320, height: 160.5))
        #expect(l.image == Frame(x: 0, y: 5, width: 320, height: 150))
        #expect(l.contentTop == 160.3)
    }

    @Test func offsetsGiveOneFramePerOffset() throws {
        let input = HeaderInput(viewport: Size(width: 320, height: 568), header: .init(height: 150),
                                offsets: [-40, 0, 60, 150])
        guard case let .timeline(frames) = try input.layout() else { throw TestFailure("timeline") }
        #expect(frames.map(\.header.height) == [190, 150, 90, 0])
    }
}
