// Shared geometry value types (SPEC "Conventions for every model").
// Pure Swift: no Foundation, so any Swift client links this and gets the same numbers (SPEC §4).

/// A size in points. JSON: `{"width": …, "height": …}` (viewport, content, contentSize).
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points, origin top-left. JSON: `{"x","y","width","height"}` (SPEC conventions).
///
/// Frames are the only values `pixelScale` touches (SPEC §1 "Exact readings", §4); see
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

/// A 2-D displacement in points. JSON: `{"x": …, "y": …}` (scroll elements' `translate`, SPEC §3).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The scroll axis. JSON strings `"horizontal"` / `"vertical"`. Paging and header default to
/// horizontal (SPEC conventions), scroll elements to vertical (SPEC §3).
public enum Axis: String, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// Page order (SPEC §1). `rtl` mirrors geometry only; offsets and indices stay logical.
public enum Direction: String, Sendable, CaseIterable {
    case ltr
    case rtl
}

/// How `content {width, height}` is fitted into a layer to give `contentFrame` (UIKit's
/// `UIView.ContentMode`; SPEC §1 layers and §2). Default ``aspectFill`` (the seed's image views).
///
/// - `fill`: the whole layer. - `aspectFill`: scaled by max(w/cw, h/ch), centred (may overflow).
/// - `aspectFit`: scaled by min(w/cw, h/ch), centred. - `center`: natural size, centred.
public enum ContentMode: String, Sendable, CaseIterable {
    case fill
    case aspectFill
    case aspectFit
    case center
}
