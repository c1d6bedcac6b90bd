// The Core Graphics types the SwiftUI and UIKit models share (docs/testing.md#adapters): on Apple
// platforms they come from CoreGraphics; CGFloat is Double there on 64-bit devices.

public typealias CGFloat = Double

public struct CGPoint: Sendable, Hashable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
}

public struct CGSize: Sendable, Hashable {
    public var width: CGFloat, height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
}

public struct CGRect: Sendable, Hashable {
    public var origin: CGPoint, size: CGSize
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y)
        size = CGSize(width: width, height: height)
    }
    public var minX: CGFloat { origin.x }
    public var minY: CGFloat { origin.y }
    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }
}

public struct CGAffineTransform: Sendable, Hashable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
}
