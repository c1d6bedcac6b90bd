// A model of the UIKit API the UIKit adapter uses (docs/testing.md#adapters), written from its
// documentation: UIKit exists on Apple platforms only. Compiled as a module named UIKit.
//
// - UIView: `frame` is derived from `center`, `bounds.size` and `transform` (the transform about
//   the centre, developer.apple.com/documentation/uikit/uiview/frame: undefined for a
//   non-identity transform, so the model reports it only through center and bounds); `alpha`.
// - UIScrollView: `contentOffset` (the bounds' origin), `contentSize`; setting the offset calls the
//   delegate's scrollViewDidScroll(_:). A right-to-left collection view lays item 0 at the content's
//   right end, so the logical offset is contentSize.width − bounds.width − contentOffset.x.
@_exported import CoreGraphics

@MainActor
open class UIView {
    public var center = CGPoint(x: 0, y: 0)
    public var bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
    public var transform = CGAffineTransform.identity
    public var alpha: CGFloat = 1
    public private(set) var subviews: [UIView] = []
    public init(frame: CGRect) {
        bounds = CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
        center = CGPoint(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    }
    public func addSubview(_ view: UIView) { subviews.append(view) }
}

@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

@MainActor
open class UIScrollView: UIView {
    public weak var delegate: (any UIScrollViewDelegate)?
    public var contentSize = CGSize(width: 0, height: 0)
    public var contentOffset = CGPoint(x: 0, y: 0) {
        didSet { delegate?.scrollViewDidScroll(self) }
    }
}
