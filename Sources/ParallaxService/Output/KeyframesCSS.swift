import HTTPServer
import ParallaxLayout

/// `format: "css"` (docs/model.md#keyframes): one stylesheet for docs/model.md#keyframes-on-real-pages markup. Structure (the scroller is the
/// W × H viewport with overflow on the axis; every box absolutely placed at its place at `from`;
/// pages clip with `overflow: clip`, not `hidden`, which would make each page a scroll container
/// and capture `scroll(nearest)`), then scroll-driven animations on a named `scroll-timeline` of
/// the scroller with `animation-range` in px over the domain, then the reduced-motion variant
/// (`motionScale: 0`) in `@media (prefers-reduced-motion: reduce)`.
///
/// The animations are written as longhands inside `@supports (animation-timeline: scroll())`:
/// the `animation` shorthand resets `animation-timeline` and `animation-range`, and a browser
/// without scroll timelines would run them as 0-length time animations and leave every box at
/// its end; there the boxes stay at rest at their `from` places (docs/model.md#keyframes).
enum KeyframesCSS {
    /// `snapStop: .always` adds `scroll-snap-stop:always` to the pages' snap rule (a fling stops on
    /// the next page); `.normal` is the CSS initial value and is not written.
    static func write(_ scene: KeyframesScene, reduced: KeyframesScene, snapStop: SnapStop, into out: inout ByteBuffer) {
        var css = ""
        css += "/* Parallax keyframes (docs/model.md#keyframes): \(scene.axis.rawValue) scroll over ["
            + KeyframesAnimation.css(scene.domain.from) + ", " + KeyframesAnimation.css(scene.domain.to)
            + "] px. Markup: .parallax-scroller > … (see /openapi.yaml). */\n"
        let paged = scene.boxes.contains { $0.snaps }
        // Right to left, the timeline runs along the inline axis: 0 at scrollLeft 0, growing as
        // scrollLeft goes negative (CSS Scroll-driven Animations, scroll progress timelines).
        let timeline = scene.axis == .horizontal ? (scene.rtl ? "inline" : "x") : "y"
        css += ".parallax-scroller{position:relative;box-sizing:border-box;margin:0;padding:0;border:0;"
            + (scene.rtl ? "direction:rtl;" : "direction:ltr;") + "scrollbar-width:none;overscroll-behavior:none;"
            + (scene.axis == .horizontal ? "overflow-x:scroll;overflow-y:hidden;" : "overflow-x:hidden;overflow-y:scroll;")
            + (paged ? "scroll-snap-type:" + (scene.axis == .horizontal ? "x" : "y") + " mandatory;" : "")
            + "scroll-timeline:--parallax " + timeline + "}\n"
        css += ".parallax-scroller::before{content:\"\";display:block;position:absolute;inset-inline-start:0;top:0;visibility:hidden;pointer-events:none}\n"
        css += ".parallax-page,.parallax-layer,.parallax-header,.parallax-image,.parallax-element,"
            + ".parallax-content{position:absolute;box-sizing:border-box;margin:0;padding:0;border:0;transform-origin:50% 50%}\n"
        if paged { css += ".parallax-page{scroll-snap-align:start" + (snapStop == .always ? ";scroll-snap-stop:always" : "") + "}\n" }
        // The body is the page's own content: in flow, sized by what it holds.
        css += ".parallax-body{position:relative;display:block;box-sizing:border-box}\n"
        css += "img.parallax-content{display:block;max-width:none;max-height:none;object-fit:fill}\n"
        css += body(scene, prefix: "parallax-")
        css += "@media (prefers-reduced-motion: reduce){\n" + body(reduced, prefix: "parallax-rm-") + "}\n"
        css += "@supports not (animation-timeline: scroll()){.parallax-scroller *{animation:none}}\n"
        out.writeString(css)
    }

    /// The size and place rules, the animation rules and their `@keyframes`, for one scene.
    private static func body(_ scene: KeyframesScene, prefix: String) -> String {
        var css = ".parallax-scroller{width:" + px(scene.viewport.width) + ";height:" + px(scene.viewport.height) + "}\n"
        css += ".parallax-scroller::before{width:" + px(scene.contentSize.width) + ";height:" + px(scene.contentSize.height) + "}\n"
        var animated = ""
        var keyframes = ""
        var count = 0
        for box in scene.boxes {
            css += box.selector + "{" + place(box, scene.rest) + "}\n"
            if box.inFlow { continue }
            let animations = KeyframesAnimation.of(box, rest: scene.rest)
            guard !animations.isEmpty else {
                animated += box.selector + "{animation:none}\n"
                continue
            }
            var names: [String] = []
            for a in animations {
                count += 1
                let name = prefix + String(count)
                names.append(name)
                keyframes += "@keyframes " + name + "{" + frames(a, scene.domain) + "}\n"
            }
            animated += box.selector + "{animation-name:" + names.joined(separator: ",")
                + ";animation-duration:auto;animation-timing-function:linear;animation-fill-mode:both"
                + ";animation-timeline:--parallax;animation-range-start:" + px(scene.domain.from)
                + ";animation-range-end:" + px(scene.domain.to) + "}\n"
        }
        return css + "@supports (animation-timeline: scroll()){\n" + animated + "}\n" + keyframes
    }

    /// The box at its resting place (the requested domain's `from`), every effect at its value
    /// there. A box in the page's flow gets only its top margin.
    private static func place(_ box: KeyframesScene.Box, _ rest: Double) -> String {
        if box.inFlow { return "margin-top:" + px(box.y.value(at: rest)) }
        var s = "left:" + px(box.x.value(at: rest)) + ";top:" + px(box.y.value(at: rest)) + ";width:" + px(box.width.value(at: rest))
            + ";height:" + px(box.height.value(at: rest)) + ";translate:none"
        if let v = box.scale { s += ";scale:" + KeyframesAnimation.css(v.value(at: rest)) }
        if let v = box.rotate { s += ";rotate:" + KeyframesAnimation.css(v.value(at: rest)) + "deg" }
        if let v = box.opacity { s += ";opacity:" + KeyframesAnimation.css(v.value(at: rest)) }
        if box.clips { s += ";overflow:clip" }
        if box.raised { s += ";z-index:1" }
        return s
    }

    /// Keyframe selectors are the offsets' exact fractions of the domain × 100, written in the
    /// shortest round-trip form (a 1624 px domain needs more than the 2–3 digits a person writes).
    private static func frames(_ a: KeyframesAnimation, _ domain: KeyframeDomain) -> String {
        let span = domain.to - domain.from
        var s = ""
        for step in a.steps {
            let percent = min(100, max(0, (step.offset - domain.from) / span * 100))
            s += KeyframesAnimation.css(percent) + "%{" + a.property + ":" + step.value
            if let e = step.easing { s += ";animation-timing-function:" + e }
            s += "}"
        }
        return s
    }

    static func px(_ v: Double) -> String { KeyframesAnimation.css(v) + "px" }
}
