// The SwiftUI adapter (docs/native.md#swiftui): a page-progress answer's layer tracks on the pages
// of a paging ScrollView through visualEffect, with p from the page's scroll geometry:
// p = (c − minX)/L, minX the layer's (laid out at its page's leading edge) frame in the scroll
// view's coordinates, c the lead and L the stride. UnitCurve plays an eased segment with
// SwiftUI's own curve where an app animates one itself.
import ParallaxLayout
import ParallaxPlayer
import SwiftUI

/// The pager as the service sees it: its axis, lead c and stride L (points).
public struct PageGeometry: Sendable {
    public let axis: SwiftUI.Axis
    public let lead: CGFloat, stride: CGFloat

    public init(_ answer: KeyframesAnswer, lead: CGFloat) throws {
        guard answer.input == .pageProgress, let stride = answer.stride else {
            throw PlayerError.malformed("ask for the answer with input=pageProgress")
        }
        axis = answer.axis == ParallaxLayout.Axis.vertical ? .vertical : .horizontal
        self.lead = lead
        self.stride = CGFloat(stride)
    }

    /// p of the page laid out where `proxy` says (a view at its page's leading edge).
    public func progress(_ proxy: GeometryProxy) -> Double {
        let frame = proxy.frame(in: .scrollView(axis: axis))
        return Double((lead - (axis == .horizontal ? frame.minX : frame.minY)) / stride)
    }
}

/// The tracks of one layer of every page (`{"layer": name}` in a page-progress answer).
public struct LayerEffect: Sendable {
    public let x, y, opacity, scale: PlayerTrack?
    public let geometry: PageGeometry

    public init(_ answer: KeyframesAnswer, layer: String, lead: CGFloat) throws {
        geometry = try PageGeometry(answer, lead: lead)
        x = answer.track(.anyPageLayer(name: layer), "frame.x")
        y = answer.track(.anyPageLayer(name: layer), "frame.y")
        opacity = answer.track(.anyPageLayer(name: layer), "opacity")
        scale = answer.track(.anyPageLayer(name: layer), "scale")
    }
}

extension View {
    /// Draws the layer where the answer puts it: offset by frame.x/y from its page's top-leading
    /// corner, faded by opacity, scaled about its centre.
    public func parallax(_ e: LayerEffect) -> some View {
        visualEffect { content, proxy in
            let p = e.geometry.progress(proxy)
            return content
                .offset(x: CGFloat(e.x?.value(at: p) ?? 0), y: CGFloat(e.y?.value(at: p) ?? 0))
                .opacity(e.opacity?.value(at: p) ?? 1)
                .scaleEffect(CGFloat(e.scale?.value(at: p) ?? 1))
        }
    }
}

extension UnitCurve {
    /// A segment's easing as SwiftUI's curve: CSS cubic-bezier(x1, y1, x2, y2) has the control
    /// points (x1, y1) and (x2, y2).
    public init(_ easing: SegmentEasing) {
        switch easing {
        case .linear: self = .linear
        case let .cubicBezier(x1, y1, x2, y2):
            self = .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
        }
    }
}
