// The UIKit adapter (docs/native.md#uikit): a page-progress answer's layer tracks on the layer
// views of a paging UIScrollView's pages (child views, the seed's pager) or of a
// UICollectionView's cells, from the scroll view's logical offset: p = o/L − i.
import ParallaxLayout
import ParallaxPlayer
import UIKit

@MainActor
public final class PagerParallax: UIScrollViewDelegate {
    public let answer: KeyframesAnswer
    public let stride: CGFloat
    /// A right-to-left pager (a collection view in a right-to-left layout lays item 0 at the right).
    public let rightToLeft: Bool
    /// Page i's layer views by name, each laid out in its page's coordinates with its size.
    public var pages: [[String: UIView]] = []

    public init(_ answer: KeyframesAnswer, rightToLeft: Bool = false) throws {
        guard answer.input == .pageProgress, let stride = answer.stride else {
            throw PlayerError.malformed("ask for the answer with input=pageProgress")
        }
        self.answer = answer
        self.stride = CGFloat(stride)
        self.rightToLeft = rightToLeft
    }

    /// The offset the service means: page i at rest at i·L, whichever way the pages run.
    public func logicalOffset(_ scrollView: UIScrollView) -> CGFloat {
        if answer.axis == .vertical { return scrollView.contentOffset.y }
        return rightToLeft ? scrollView.contentSize.width - scrollView.bounds.width - scrollView.contentOffset.x
                           : scrollView.contentOffset.x
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let o = logicalOffset(scrollView)
        for (i, layers) in pages.enumerated() { place(layers, page: i, offset: o) }
    }

    /// p of page `index` at the logical offset `o`.
    public func progress(page index: Int, offset o: CGFloat) -> Double { Double(o / stride) - Double(index) }

    /// A page property (`{"page": true}`, e.g. visibleFraction) of page `index` at `o`.
    public func pageValue(_ property: String, page index: Int, offset o: CGFloat) -> CGFloat? {
        answer.track(.anyPage, property).map { CGFloat($0.value(at: progress(page: index, offset: o))) }
    }

    /// Puts each layer view where the answer says: its untransformed frame at (frame.x, frame.y) in
    /// the page, scaled about its centre, faded. A transformed view's `frame` is undefined, so the
    /// position goes through `center` and the size stays in `bounds`.
    public func place(_ layers: [String: UIView], page index: Int, offset o: CGFloat) {
        let p = progress(page: index, offset: o)
        for (name, view) in layers {
            func value(_ property: String) -> CGFloat? {
                answer.track(.anyPageLayer(name: name), property).map { CGFloat($0.value(at: p)) }
            }
            let size = view.bounds.size
            let x = value("frame.x") ?? view.center.x - size.width / 2
            let y = value("frame.y") ?? view.center.y - size.height / 2
            view.center = CGPoint(x: x + size.width / 2, y: y + size.height / 2)
            let s = value("scale") ?? 1
            view.transform = CGAffineTransform(scaleX: s, y: s)
            view.alpha = value("opacity") ?? 1
        }
    }
}
