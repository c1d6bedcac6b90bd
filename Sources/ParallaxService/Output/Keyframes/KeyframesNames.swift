/// What one css or waapi answer names, and where its rules apply (docs/web.md#several-on-one-page).
///
/// A page links several answers: a header and its article's elements on one scroller, a hero
/// pager beside a carousel. Each answer's rules must reach only its own boxes and each name it
/// defines must be its own, or one answer's `@keyframes` replaces another's of the same name (the
/// header then plays the elements' opacity and translation, and vanishes).
///
/// - Scoped (`scope: "story"`): every selector is under the element whose `data-parallax` lists
///   the scope (`[data-parallax~="story"]`, a space-separated list, so one scroller may carry a
///   header's scope and its elements' scope), and every name starts `parallax-story_`.
/// - Unscoped: today's markup, and the names start `parallax_`.
///
/// Eight hex digits of the request's digest (`JSONValue.digest`) follow, so two different
/// requests define different names even under one scope (a header and its elements may share
/// one). A scope is `[a-z][a-z0-9-]*`, without `_`, so no scoped name equals an unscoped one or
/// another scope's.
///
/// The answers define no timeline name: the boxes run on the anonymous timeline of their
/// scroller (`scroll(nearest …)`), so two answers on one scroller never compete for its
/// `scroll-timeline` property.
struct StyleNames: Sendable {
    let scope: String?
    /// The start of every name this answer defines.
    let stem: String
    /// The pseudo-element of the scroller that holds the scene's content extent: a scroll page's
    /// `::after`, a header's or a pager's `::before`, so a header and elements on one scroller
    /// each keep their own (the scroll range covers both).
    var extent = "::before"
    /// The document scrolls (`scroller: "root"`, docs/web.md#the-page-scrolls): the scroller is
    /// the root element, the boxes are placed in the document's initial containing block, and
    /// the timeline is `scroll(root)`.
    var root = false

    init(scope: String?, digest: UInt64) {
        self.scope = scope
        let digits: [Character] = Array("0123456789abcdef")
        let hex = String((0..<8).map { digits[Int((digest >> UInt64(60 - 4 * $0)) & 0xf)] })
        stem = (scope.map { "parallax-" + $0 } ?? "parallax") + "_" + hex
    }

    /// `[data-parallax~="story"]`, nil when unscoped.
    var attribute: String? { scope.map { "[data-parallax~=\"" + $0 + "\"]" } }

    /// The scroll container (the viewport): `.parallax-scroller`, or `:root` when the document
    /// scrolls, with the scope's attribute.
    var scroller: String { (root ? ":root" : ".parallax-scroller") + (attribute ?? "") }

    /// How a place rule spells a length that depends on the scroller's size. In a scroller, which
    /// is a size container, in `cqw`/`cqh`. On the root scroller the boxes are absolutely placed in
    /// the initial containing block, which is the viewport less its scrollbars (CSS 2, section 10.1
    /// "Definition of containing block", https://www.w3.org/TR/CSS2/visudet.html#containing-block-details),
    /// so a percentage of it is W (`left`, `width`) or H (`top`, `height`) exactly: a header's and a
    /// scroll page's lengths depend on W only along x and on H only along y (the root cannot be
    /// a size container: size containment would take its height from no content).
    var relative: StyleSpelling.Relative { root ? .percent : .container }

    /// The anonymous timeline of the scroller along `axis` (`x`, `y`, `inline`).
    func timeline(_ axis: String) -> String { "scroll(" + (root ? "root " : "nearest ") + axis + ")" }

    /// A box inside the scroller (`.parallax-header`, `.parallax-page[data-slot="2"] > …`).
    func box(_ selector: String) -> String {
        guard let attribute else { return selector }
        return attribute + " " + selector
    }

    /// A comma-separated list of boxes, each scoped.
    func boxes(_ selectors: [String]) -> String { selectors.map(box).joined(separator: ",") }

    /// The n-th `@keyframes` of the main variant (`parallax-story_3`) or of the reduced-motion one
    /// (`parallax-story_rm3`).
    func animation(_ n: Int, reduced: Bool) -> String { stem + (reduced ? "_rm" : "_") + String(n) }
}
