import ParallaxLayout

/// A fluid scroll page's scene at one reference size (docs/web.md#fluid-and-fixed, `FluidScenes`).
///
/// An element's progress (docs/model.md#scroll-elements) is (s + V − top)/(V + length): its range
/// top − V … top + length moves with the scroller's extent V, and is exactly the element's CSS
/// `view()` timeline's `cover` range (cover 0 % where its leading edge enters at the far edge,
/// cover 100 % where its trailing edge leaves at the near edge; the timeline measures the box
/// untransformed, so its own `translate` does not feed back). Its effects are functions of the
/// progress alone, so keyframes placed in progress fit every V:
///
/// - effect ranges (`translate`, `scale`, `opacity`, `rotate`, eased): progress 0 … 1, held outside
///   (they use the clamped progress) — `animation-range: cover 0% cover 100%`;
/// - `speed` k with `center: true`: −100·k·(progress − 0.5), linear in the raw progress at every
///   offset, written over progress −P … 1 + P (P = `speedReach`, far past any page) — two
///   keyframes, exact in between;
/// - `startOffset` and `endOffset` given: progress is (s − start)/(end − start), independent of V
///   and of the element's place, so the element runs on the scroller's timeline in px, as fixed.
///
/// `speed` without `center` has base = the progress at s = 0, (V − top)/(V + length): it depends on
/// V, and on the page's flow for an element without `frame`, so the endpoint refuses it (a 422 at
/// `/elements/i/center`). An element without `frame` (`frameless`) is laid out by the page; its
/// curves are computed for a stand-in frame (its effects do not depend on the frame) and it gets
/// no place rule.
extension KeyframesScene {
    /// How far past its own crossing (in progress, crossings) a `speed` element's linear keyframes
    /// reach: 10 000 crossings of at least the scroller's extent, more than any page scrolls.
    static let speedReach = 10_000.0

    static func fluidScroll(_ input: ScrollInput, frameless: Set<Int>, requested: KeyframeDomain?, styled: Bool,
                            limits: LayoutLimits) throws(ValidationError) -> KeyframesScene {
        let plan = FluidScrollPlan(input, frameless: frameless, requested: requested, styled: styled, limits: limits)
        var scene = plan.head
        var seen = Set<String>()
        for (i, element) in input.elements.enumerated() where seen.insert(element.name).inserted {
            scene.boxes.append(try plan.box(i, element))
        }
        return scene
    }
}

/// What every element of a fluid scroll scene shares (the scroller's timeline domain, the
/// content's extent), and each element's box from it.
struct FluidScrollPlan: Sendable {
    let input: ScrollInput
    let frameless: Set<Int>
    let limits: LayoutLimits
    let horizontal: Bool
    let V: Double
    let asked: KeyframeDomain
    let pxDomain: KeyframeDomain
    let head: KeyframesScene

    init(_ input: ScrollInput, frameless: Set<Int>, requested: KeyframeDomain?, styled: Bool, limits: LayoutLimits) {
        self.input = input
        self.frameless = frameless
        self.limits = limits
        horizontal = (input.axis ?? .vertical) == .horizontal
        V = horizontal ? input.viewport.width : input.viewport.height
        // The scroller's own timeline (elements with startOffset and endOffset) runs over the
        // requested domain, by default [0, the largest top + length of a framed element].
        var framedEnd = 0.0
        for (i, e) in input.elements.enumerated() where !frameless.contains(i) {
            framedEnd = max(framedEnd, horizontal ? e.frame.x + e.frame.width : e.frame.y + e.frame.height)
        }
        asked = requested ?? KeyframeDomain(from: 0, to: max(framedEnd, 1))
        pxDomain = styled ? input.styledDomain(asked, limits: limits) : asked
        let hasFrames = frameless.count < input.elements.count
        let extent = hasFrames ? max(asked.to + V, framedEnd, V + 1) : 0
        let cross = hasFrames ? (horizontal ? input.viewport.height : input.viewport.width) : 0
        head = KeyframesScene(axis: horizontal ? .horizontal : .vertical, domain: pxDomain, rest: KeyframesScene.restOffset(asked),
                              viewport: input.viewport,
                              contentSize: horizontal ? Size(width: extent, height: cross) : Size(width: cross, height: extent),
                              boxes: [])
    }

    /// Element i's box (`element` is `input.elements[i]`).
    func box(_ i: Int, _ element: ScrollInput.Element) throws(ValidationError) -> KeyframesScene.Box {
        let standIn = Frame(x: 0, y: 0, width: 100, height: 100)
        var one = input
        one.offset = nil
        one.offsets = nil
        var e = element
        if frameless.contains(i) { e.frame = standIn }
        one.elements = [e]
        let box: KeyframesScene.Box
        if e.startOffset != nil, e.endOffset != nil {
            let k = try one.keyframes(domain: pxDomain, properties: nil, limits: limits)
            box = KeyframesScene.scroll(one, k, requested: asked, limits: limits).boxes[0]
        } else {
            let top = horizontal ? e.frame.x : e.frame.y
            let length = horizontal ? e.frame.width : e.frame.height
            // The range stays within the offsets a request may name: a speed element's reach
            // shrinks for an astronomically long crossing (|top| + reach·(V + length) near
            // 10^15); a crossing that does not fit at all is refused.
            // With a = top − V and s = V + length the range is [a − reach·s, a + (1 + reach)·s].
            let a = top - V, span = V + length, bound = limits.maxMagnitude
            let room = min((bound + a) / span, (bound - a) / span - 1).rounded(.down)
            guard room >= 0 else {
                throw ValidationError(issues: [ValidationIssue(pointer: ElementField.frame.pointer(in: ScrollField.elements.pointer(at: i)),
                                                               message: "lies too far out for a fluid stylesheet: its crossing of the scroller would end past ±\(KeyframesAnimation.css(limits.maxMagnitude)) px")])
            }
            let reach = e.speed != nil ? min(KeyframesScene.speedReach, room) : 0
            let (p0, p1) = (-reach, 1 + reach)
            let d = KeyframeDomain(from: top - V + p0 * (V + length), to: top - V + p1 * (V + length))
            let k = try one.keyframes(domain: d, properties: nil, limits: limits)
            var b = KeyframesScene.scroll(one, k, requested: d, limits: limits).boxes[0]
            b.view = KeyframesScene.ViewRange(domain: k.domain, progressFrom: p0, progressTo: p1)
            // Resting at its frame, translate animated whole; a constant translate is simply
            // part of its place (the module then writes none, as for a fixed page).
            b.anchorX = b.x.isConstant ? nil : e.frame.x
            b.anchorY = b.y.isConstant ? nil : e.frame.y
            box = b
        }
        var placed = box
        placed.inPageFlow = frameless.contains(i)
        return placed
    }

    /// The scene element by element. The request's own elements are laid out at the same
    /// reference sizes before the first byte, one at a time (a scroll request is its own
    /// `fluidProbe`, which `FluidCheck` checks), so an element that would be refused has been
    /// refused there; one that fails here regardless is left out rather than written wrong.
    var source: SceneSource {
        var seen = Set<String>()
        let first = input.elements.map { seen.insert($0.name).inserted }
        let plan = self
        return SceneSource(head: head, unitCount: input.elements.count, boxCount: seen.count, paged: false) { i in
            guard first[i], let b = try? plan.box(i, plan.input.elements[i]) else { return [] }
            return [b]
        }
    }
}
