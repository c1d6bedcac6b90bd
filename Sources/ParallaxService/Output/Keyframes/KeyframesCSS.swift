import HTTPServer
import ParallaxLayout

/// `format: "css"` (docs/model.md#keyframes): one stylesheet for the markup of docs/model.md#keyframes-on-real-pages. Structure (the scroller with
/// overflow on the axis; every box absolutely placed at its place at `from`; pages clip with
/// `overflow: clip`, not `hidden`, which would make each page a scroll container and capture
/// `scroll(nearest)`), then scroll-driven animations on the scroller's anonymous timeline (`StyleNames`)
/// with `animation-range` over the domain, then the reduced-motion variant (`motionScale: 0`) in
/// `@media (prefers-reduced-motion: reduce)`.
///
/// The animations are written as longhands inside `@supports (animation-timeline: scroll())`:
/// the `animation` shorthand resets `animation-timeline` and `animation-range`, and a browser
/// without scroll timelines would run them as 0-length time animations and leave every box at
/// its end; there the boxes stay at rest at their `from` places (docs/model.md#keyframes).
///
/// Written as the socket drains (docs/operations.md#bounded-memory): a cursor over the scenes,
/// one rule (one box's place, animations or `@keyframes`) per piece, so a stylesheet of 10 000
/// boxes never exists whole and each piece is a few µs of work. Fixed (one scene, px) and fluid
/// (three scenes, lengths relative to the scroller, `StyleSpelling`) share every rule.
struct StylesheetAnswer: AnswerCursor {
    /// The scenes at the request's motion and at `motionScale: 0`, parallel (one each when fixed,
    /// the three reference scenes when fluid), each laid out a unit at a time.
    let main: [SceneSource]
    let reduced: [SceneSource]
    let spelling: StyleSpelling
    let snapStop: SnapStop
    let names: StyleNames

    private enum Phase { case preamble, size, place, supportsOpen, animate, supportsClose, keyframes, mediaOpen, mediaClose, tail, done }
    private var phase = Phase.preamble
    /// 0: the main scenes; 1: the reduced ones (inside the media block).
    private var variant = 0
    /// The unit being written in every scene of the variant, and the next unit to lay out: each
    /// phase walks the units again, holding one at a time (docs/operations.md#bounded-memory).
    private var walk = UnitWalk()
    /// The animations named so far in this variant (`StyleNames.animation`).
    private var named = 0

    init(main: [SceneSource], reduced: [SceneSource], spelling: StyleSpelling, snapStop: SnapStop, names: StyleNames) {
        self.main = main
        self.reduced = reduced
        self.spelling = spelling
        self.snapStop = snapStop
        self.names = names
    }

    var estimatedBytes: Int { 2_000 + main[0].boxCount * 900 }
    /// About 1 ms of writing per chunk (docs/operations.md#bounded-memory: a fluid stylesheet lays
    /// out three scenes per unit).
    var chunkBytes: Int { spelling.isFluid ? 4 * 1024 : 8 * 1024 }

    private var scenes: [SceneSource] { variant == 0 ? main : reduced }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        guard let piece = next() else { return false }
        w.text { $0.writeString(piece) }
        return true
    }

    /// The next piece of the stylesheet, nil after the last.
    private mutating func next() -> String? {
        switch phase {
        case .preamble:
            phase = .size
            return KeyframesCSS.preamble(main[0].head, paged: main[0].paged, spelling: spelling, snapStop: snapStop, names: names)
        case .size:
            phase = .place
            walk = UnitWalk()
            return KeyframesCSS.size(scenes.map(\.head), spelling, names)
        case .place:
            guard let i = walk.next(scenes) else { phase = .supportsOpen; return next() }
            return KeyframesCSS.placeRule(walk.unit, i, spelling, names)
        case .supportsOpen:
            phase = .animate
            walk = UnitWalk()
            named = 0
            return "@supports (animation-timeline: scroll()){\n"
        case .animate:
            guard let i = walk.next(scenes) else { phase = .supportsClose; return next() }
            return KeyframesCSS.animatedRule(walk.unit, i, names, reduced: variant == 1, &named, spelling)
        case .supportsClose:
            phase = .keyframes
            walk = UnitWalk()
            named = 0
            return "}\n"
        case .keyframes:
            guard let i = walk.next(scenes) else { phase = variant == 0 ? .mediaOpen : .mediaClose; return next() }
            return KeyframesCSS.keyframesRules(walk.unit, i, names, reduced: variant == 1, &named, spelling)
        case .mediaOpen:
            variant = 1
            phase = .size
            return "@media (prefers-reduced-motion: reduce){\n"
        case .mediaClose:
            phase = .tail
            return "}\n"
        case .tail:
            phase = .done
            // On the root scroller, only the boxes: the rest of the page's animations are the author's.
            let boxes = names.root ? names.boxes(KeyframesCSS.classes) : names.scroller + " *"
            return "@supports not (animation-timeline: scroll()){" + boxes + "{animation:none}}\n"
        case .done:
            return nil
        }
    }
}

/// A walk over parallel scenes' boxes, unit by unit: `unit` holds the current unit of each
/// scene (laid out when the walk reaches it, let go when it moves on).
struct UnitWalk {
    private(set) var unit: [KeyframesScene] = []
    private var nextUnit = 0
    private var box = 0

    /// The index in `unit` of the next box, nil (and nothing held) after the last unit.
    mutating func next(_ sources: [SceneSource]) -> Int? {
        while box >= (unit.first?.boxes.count ?? 0) {
            guard nextUnit < sources[0].unitCount else {
                unit = []
                return nil
            }
            unit = sources.map { $0.scene(unit: nextUnit) }
            nextUnit += 1
            box = 0
        }
        box += 1
        return box - 1
    }
}

/// The stylesheet's rules, each from the parallel scenes of one variant (`StylesheetAnswer`).
enum KeyframesCSS {
    /// The structure rules: the scroller (its size too when fluid, in a zero-specificity
    /// `:where()` so any rule of the author's sizes it instead), the boxes' common rule, snapping,
    /// the body in the page's flow, images. `snapStop: .always` adds `scroll-snap-stop:always` to
    /// the pages' snap rule (a fling stops on the next page); `.normal` is the CSS initial value.
    /// A centred carousel's pages snap by their centres: page i's centre meets the snapport's at
    /// offset i·L for every i, the first and last included, so no scroll padding is needed; a
    /// start-aligned one rests with c = 0, its leading edge at the snapport's (docs/model.md#carousels).
    static func preamble(_ scene: KeyframesScene, paged: Bool, spelling: StyleSpelling, snapStop: SnapStop, names: StyleNames) -> String {
        let fluid = spelling.isFluid
        var css = fluid
            ? "/* Parallax keyframes (docs/model.md#keyframes), fluid (docs/web.md#fluid-and-fixed): " + scene.axis.rawValue
              + " scroll; lengths relative to the scroller (a size container). Markup: .parallax-scroller > … (see /openapi.yaml). */\n"
            : "/* Parallax keyframes (docs/model.md#keyframes): \(scene.axis.rawValue) scroll over ["
              + KeyframesAnimation.css(scene.domain.from, decimals: KeyframesAnimation.Decimals.px) + ", "
              + KeyframesAnimation.css(scene.domain.to, decimals: KeyframesAnimation.Decimals.px)
              + "] px. Markup: .parallax-scroller > … (see /openapi.yaml). */\n"
        let scroller = names.scroller
        if names.root {
            css += rootPreamble
        } else {
            if fluid { css += ":where(" + scroller + "){display:block;width:100%;height:100dvh}\n" }
            css += scroller + "{position:relative;box-sizing:border-box;margin:0;padding:0;border:0;"
            + (scene.rtl ? "direction:rtl;" : "direction:ltr;") + "scrollbar-width:none;overscroll-behavior:none;"
            + (scene.axis == .horizontal ? "overflow-x:scroll;overflow-y:hidden;" : "overflow-x:hidden;overflow-y:scroll;")
            + (paged ? "scroll-snap-type:" + (scene.axis == .horizontal ? "x" : "y") + " mandatory;" : "")
            + (fluid ? "container-type:size" : "") + "}\n"
        }
        css += scroller + names.extent + "{content:\"\";display:block;position:absolute;inset-inline-start:0;top:0;visibility:hidden;pointer-events:none}\n"
        // A fluid scroll page's elements may sit in the author's flow: only the framed ones are
        // absolutely placed (their own place rule says so).
        css += names.boxes([".parallax-page", ".parallax-layer", ".parallax-header", ".parallax-image"] + (fluid ? [] : [".parallax-element"]) + [".parallax-content"])
            + "{position:absolute;box-sizing:border-box;margin:0;padding:0;border:0;transform-origin:50% 50%}\n"
        if paged { css += names.box(".parallax-page") + "{scroll-snap-align:" + (scene.snapsCentred ? "center" : "start") + (snapStop == .always ? ";scroll-snap-stop:always" : "") + "}\n" }
        // The body is the page's own content: in flow, sized by what it holds.
        css += names.box(".parallax-body") + "{position:relative;display:block;box-sizing:border-box}\n"
        css += names.box("img.parallax-content") + "{display:block;max-width:none;max-height:none;object-fit:fill}\n"
        return css
    }

    /// The classes of the boxes a stylesheet may style (docs/model.md#keyframes markup).
    static let classes = [".parallax-page", ".parallax-layer", ".parallax-header", ".parallax-image", ".parallax-element", ".parallax-content"]

    /// The root scroller's own rules (docs/web.md#the-page-scrolls): none on `html` itself (its
    /// overflow, scrollbar and overscroll stay the page's and the platform's, so a pulled header
    /// stretches only where the platform overscrolls the document), and the boxes placed in the
    /// initial containing block: the root and the body must not be positioned.
    private static let rootPreamble = "/* The document scrolls: boxes in the initial containing block; html and body not positioned. */\n"

    /// The scroller's size (fixed only: a fluid scroller takes the page's) and its content's
    /// extent, the `::before` box, which sets the scroll range (percentages of the scroller when
    /// fluid: a pager's (N − 1)·(W + S) + W is `calc(N·100% + (N − 1)·S px)`). A length whose
    /// percentage is not a whole number of scroller extents (a centred 0.8 carousel's 420 %)
    /// Chromium multiplies in float and truncates to 1/64 px (420 % of 390 px is 1637.98 px),
    /// which cuts the scroll range a px short (docs/model.md#carousels: it is exactly
    /// [0, (N − 1)·L]); so it is written 1/128 px long: truncated to 1/64 px, or rounded to
    /// Firefox's 1/60 px, that is the intended length again, and no box moves with it.
    static func size(_ scenes: [KeyframesScene], _ spelling: StyleSpelling, _ names: StyleNames) -> String {
        var css = ""
        if !spelling.isFluid, !names.root {
            css += names.scroller + "{width:" + px(scenes[0].viewport.width) + ";height:" + px(scenes[0].viewport.height) + "}\n"
        }
        // On the root scroller the range box is placed in the initial containing block, the
        // viewport: a percentage of it is the scroller's extent there too (`StyleNames.relative`).
        let extent = { (values: [Double]) -> String in
            let whole = spelling.coefficients(values).map { k in [k.w / 100, k.h / 100, k.m].allSatisfy { $0 == $0.rounded() } } ?? true
            return spelling.length(whole ? values : values.map { $0 + 1.0 / 128 }, .percent)
        }
        return css + names.scroller + names.extent + "{width:" + extent(scenes.map(\.contentSize.width))
            + ";height:" + extent(scenes.map(\.contentSize.height)) + "}\n"
    }

    /// The box at its resting place (the requested domain's `from`), every effect at its value
    /// there. A box in the page's flow gets only its top margin; a fluid scroll element laid out
    /// by the page no place at all; one on its own `view()` timeline rests without effects (its
    /// effects at offset 0 depend on the scroller's height).
    static func placeRule(_ scenes: [KeyframesScene], _ i: Int, _ spelling: StyleSpelling, _ names: StyleNames) -> String {
        let box = scenes[0].boxes[i]
        let at = { (f: (KeyframesScene.Box) -> Curve?) in scenes.map { f($0.boxes[i])?.value(at: $0.rest) ?? 0 } }
        let length = { (values: [Double]) in spelling.length(values, names.relative) }
        var s: String
        if box.inFlow {
            s = "margin-top:" + length(at { $0.y })
        } else if box.inPageFlow {
            s = "transform-origin:50% 50%"
        } else {
            s = spelling.isFluid && box.selector.hasPrefix(".parallax-element") ? "position:absolute;box-sizing:border-box;margin:0;padding:0;border:0;transform-origin:50% 50%;" : ""
            s += "left:" + length(box.anchorX.map { v in scenes.map { _ in v } } ?? at { $0.x })
                + ";top:" + length(box.anchorY.map { v in scenes.map { _ in v } } ?? at { $0.y })
                + ";width:" + length(at { $0.width }) + ";height:" + length(at { $0.height }) + ";translate:none"
            if box.view == nil {
                if box.scale != nil { s += ";scale:" + spelling.number(at { $0.scale }) }
                if box.scaleY != nil { s += " " + spelling.number(at { $0.scaleY }) }
                if box.rotate != nil { s += ";rotate:" + spelling.number(at { $0.rotate }) + "deg" }
                if box.opacity != nil { s += ";opacity:" + spelling.number(at { $0.opacity }) }
            }
            if box.clips { s += ";overflow:clip" }
            if box.raised { s += ";z-index:1" }
        }
        let selector = names.box(box.selector)
        var css = selector + "{" + s + "}\n"
        if let c = box.content { css += selector + " > img.parallax-content{" + fitted(c) + "}\n" }
        return css
    }

    /// An image fitted by the browser into its box (fluid): `object-fit` is the contentMode
    /// (docs/model.md#paging `contentFrame`: fill, aspect fill = cover, aspect fit = contain,
    /// centred); `center` keeps the image's natural size, centred by `calc(50% − size/2)`.
    private static func fitted(_ c: KeyframesScene.FittedContent) -> String {
        switch c.mode {
        case .center:
            return "left:calc(50% - " + px(c.size.width / 2) + ");top:calc(50% - " + px(c.size.height / 2) + ");width:"
                + px(c.size.width) + ";height:" + px(c.size.height) + ";object-fit:fill"
        case .fill, .aspectFill, .aspectFit:
            let fit = c.mode == .fill ? "fill" : c.mode == .aspectFill ? "cover" : "contain"
            return "left:0;top:0;width:100%;height:100%;object-fit:" + fit + ";object-position:50% 50%"
        }
    }

    /// The box's animation names, timeline and range (`animation:none` when it has none).
    static func animatedRule(_ scenes: [KeyframesScene], _ i: Int, _ names: StyleNames, reduced: Bool, _ named: inout Int,
                             _ spelling: StyleSpelling) -> String {
        let box = scenes[0].boxes[i]
        if box.inFlow { return "" }
        let animations = KeyframesAnimation.of(box, rest: scenes[0].rest)
        guard !animations.isEmpty else { return names.box(box.selector) + "{animation:none}\n" }
        var list: [String] = []
        for _ in animations {
            named += 1
            list.append(names.animation(named, reduced: reduced))
        }
        let (timeline, start, end) = range(scenes, i, spelling, names)
        return names.box(box.selector) + "{animation-name:" + list.joined(separator: ",")
            + ";animation-duration:auto;animation-timing-function:linear;animation-fill-mode:both"
            + ";animation-timeline:" + timeline + ";animation-range-start:" + start + ";animation-range-end:" + end + "}\n"
    }

    /// The timeline and range a box's animations run over: the scroller's offsets over the
    /// scene's domain (px; fluid, a domain that scales with the scroller is [0, its scroll range],
    /// the timeline's `normal` range, `FluidScenes` checks it), or the box's own crossing
    /// (`view()`, its range in `cover` percentages = 100 × progress).
    ///
    /// The scroller's timeline is its anonymous one, `scroll(nearest …)` (every box's nearest
    /// scroll container is the scroller: pages and images clip with `overflow: clip`, which is
    /// not a scroll container), so no answer names a timeline (`StyleNames`). Right to left it
    /// runs along the inline axis: 0 at scrollLeft 0, growing as scrollLeft goes negative (CSS
    /// Scroll-driven Animations, scroll progress timelines).
    static func range(_ scenes: [KeyframesScene], _ i: Int, _ spelling: StyleSpelling,
                      _ names: StyleNames) -> (timeline: String, start: String, end: String) {
        let base = scenes[0]
        if let v = base.boxes[i].view {
            return ("view(" + (base.axis == .horizontal ? "x" : "y") + ")",
                    "cover " + KeyframesAnimation.css(v.progressFrom * 100, decimals: KeyframesAnimation.Decimals.unitless) + "%",
                    "cover " + KeyframesAnimation.css(v.progressTo * 100, decimals: KeyframesAnimation.Decimals.unitless) + "%")
        }
        let timeline = names.timeline(base.axis == .horizontal ? (base.rtl ? "inline" : "x") : "y")
        if spelling.isFluid, scenes.contains(where: { $0.domain != base.domain }) { return (timeline, "normal", "normal") }
        return (timeline, px(base.domain.from), px(base.domain.to))
    }

    /// The box's `@keyframes`, one per animation, named as `animatedRule` named them.
    static func keyframesRules(_ scenes: [KeyframesScene], _ i: Int, _ names: StyleNames, reduced: Bool, _ named: inout Int,
                               _ spelling: StyleSpelling) -> String {
        let box = scenes[0].boxes[i]
        if box.inFlow { return "" }
        let all = scenes.map { KeyframesAnimation.of($0.boxes[i], rest: $0.rest) }
        var css = ""
        for (j, a) in all[0].enumerated() {
            named += 1
            css += "@keyframes " + names.animation(named, reduced: reduced) + "{"
            let domain = box.view?.domain ?? scenes[0].domain
            let decimals = KeyframesAnimation.percentDecimals(domainLength: domain.to - domain.from)
            for (k, step) in a.steps.enumerated() {
                css += KeyframesAnimation.css(percent(step.offset, domain), decimals: decimals) + "%{" + a.property + ":"
                    + spelling.value(step.unit, all.map { $0[j].steps[k].numbers })
                if let e = step.easing { css += ";animation-timing-function:" + e }
                css += "}"
            }
            css += "}\n"
        }
        return css
    }

    /// Keyframe selectors are the offsets' fractions of the domain × 100, written to the decimals
    /// that place them to 1/1000 px (a 1624 px domain needs 5, more than the 2–3 a person writes).
    static func percent(_ offset: Double, _ domain: KeyframeDomain) -> Double {
        min(100, max(0, (offset - domain.from) / (domain.to - domain.from) * 100))
    }

    static func px(_ v: Double) -> String { StyleSpelling.px(v) }
}
