// Shared geometry value types (docs/model.md, conventions).
// Pure Swift: no Foundation, so any Swift client links this and gets the same numbers (docs/model.md#determinism-and-motion).

/// A size in points. JSON: `{"width": …, "height": …}` (viewport, content, contentSize).
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points, origin top-left. JSON: `{"x","y","width","height"}` (docs/model.md, conventions).
///
/// Frames are the only values `pixelScale` touches (docs/model.md#determinism-and-motion); see
/// ``pixelSnapped(_:)``.
public struct Frame: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A 2-D displacement in points. JSON: `{"x": …, "y": …}` (scroll elements' `translate`, docs/model.md#scroll-elements).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The scroll axis. JSON strings `"horizontal"` / `"vertical"`. Paging and header default to
/// horizontal (docs/model.md, conventions), scroll elements to vertical (docs/model.md#scroll-elements).
public enum Axis: String, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// Page order (docs/model.md#paging). `rtl` mirrors geometry only; offsets and indices stay logical.
public enum Direction: String, Sendable, CaseIterable {
    case ltr
    case rtl
}

/// How `content {width, height}` is fitted into a layer to give `contentFrame` (UIKit's
/// `UIView.ContentMode`; docs/model.md#layers and #stretchy-header). Default ``aspectFill`` (the seed's image views).
///
/// - `fill`: the whole layer. - `aspectFill`: scaled by max(w/cw, h/ch), centred (may overflow).
/// - `aspectFit`: scaled by min(w/cw, h/ch), centred. - `center`: natural size, centred.
public enum ContentMode: String, Sendable, CaseIterable {
    case fill
    case aspectFill
    case aspectFit
    case center
}
