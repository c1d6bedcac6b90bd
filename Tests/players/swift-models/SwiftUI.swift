// A model of the SwiftUI API the SwiftUI adapter uses (docs/testing.md#adapters), written from its
// documentation: SwiftUI exists on Apple platforms only. The model is compiled as a module named
// SwiftUI, so the adapter's source compiles unchanged against it.
//
// - GeometryProxy.frame(in: .scrollView(axis:)): the view's frame in the scroll view's visible
//   coordinates (developer.apple.com/documentation/swiftui/coordinatespaceprotocol/scrollview(axis:)):
//   a page laid out at content position c + i·L is at c + i·L − o when the content is scrolled by o.
// - View.visualEffect(_:): the closure gets an empty effect and the view's layout geometry and
//   returns the effects to draw with; offset, opacity and scaleEffect compose as drawn.
// - UnitCurve.bezier(startControlPoint:endControlPoint:).value(at:): the curve's output at x
//   (as CSS cubic-bezier solves it).
@_exported import CoreGraphics

public enum Axis: Sendable, Hashable { case horizontal, vertical }

public struct UnitPoint: Sendable, Hashable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

public enum CoordinateSpace: Sendable, Hashable {
    case scrollView(axis: Axis)
    case global
}

public struct GeometryProxy: Sendable {
    /// The model's layout: the view's frame in each coordinate space (set by the test's layout).
    public let frames: [CoordinateSpace: CGRect]
    public let size: CGSize
    public init(frames: [CoordinateSpace: CGRect], size: CGSize) { self.frames = frames; self.size = size }
    public func frame(in space: CoordinateSpace) -> CGRect { frames[space] ?? CGRect(x: 0, y: 0, width: 0, height: 0) }
}

/// What the model draws: the composed effects.
public struct DrawnEffect: Sendable, Hashable {
    public var offset = CGSize(width: 0, height: 0)
    public var opacity: Double = 1
    public var scale: CGFloat = 1
}

public protocol VisualEffect: Sendable {
    var drawn: DrawnEffect { get }
}

public struct EmptyVisualEffect: VisualEffect {
    public var drawn: DrawnEffect { DrawnEffect() }
}

public struct ComposedEffect: VisualEffect {
    public let drawn: DrawnEffect
}

extension VisualEffect {
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some VisualEffect {
        var d = drawn
        d.offset = CGSize(width: d.offset.width + x, height: d.offset.height + y)
        return ComposedEffect(drawn: d)
    }
    public func opacity(_ value: Double) -> some VisualEffect {
        var d = drawn
        d.opacity *= value
        return ComposedEffect(drawn: d)
    }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some VisualEffect {
        var d = drawn
        d.scale *= s
        return ComposedEffect(drawn: d)
    }
}

public protocol View {
    /// The model's draw pass: the effects the view is drawn with at this geometry.
    func draw(_ proxy: GeometryProxy) -> DrawnEffect
}

extension View {
    public func draw(_ proxy: GeometryProxy) -> DrawnEffect { DrawnEffect() }
}

public struct Color: View, Sendable {
    public init() {}
}

public struct VisualEffectView<Content: View, Effect: VisualEffect>: View {
    let content: Content
    let effect: @Sendable (EmptyVisualEffect, GeometryProxy) -> Effect
    public func draw(_ proxy: GeometryProxy) -> DrawnEffect { effect(EmptyVisualEffect(), proxy).drawn }
}

extension View {
    public func visualEffect<E: VisualEffect>(_ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> E) -> VisualEffectView<Self, E> {
        VisualEffectView(content: self, effect: effect)
    }
}

public struct UnitCurve: Sendable, Hashable {
    let p1: UnitPoint, p2: UnitPoint
    public static let linear = UnitCurve(p1: UnitPoint(x: 0, y: 0), p2: UnitPoint(x: 1, y: 1))
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(p1: startControlPoint, p2: endControlPoint)
    }
    /// y at x, x(t) = x solved by bisection to the spacing of doubles.
    public func value(at progress: Double) -> Double {
        let x = min(1, max(0, progress))
        func b(_ a: Double, _ c: Double, _ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * c + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 {
            let m = (lo + hi) / 2
            if b(p1.x, p2.x, m) < x { lo = m } else { hi = m }
        }
        return b(p1.y, p2.y, (lo + hi) / 2)
    }
}
