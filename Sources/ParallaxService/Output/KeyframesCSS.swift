import HTTPServer
import ParallaxLayout

/// `format: "css"` (SPEC §8): one stylesheet for the §8 markup. Structure (the scroller is the
/// W × H viewport with overflow on the axis; every box absolutely placed at its place at `from`;
/// pages clip with `overflow: clip`, not `hidden`, which would make each page a scroll container
/// and capture `scroll(nearest)`), then scroll-driven animations on a named `scroll-timeline` of
/// the scroller with `animation-range` in px over the domain, then the reduced-motion variant
/// (`motionScale: 0`) in `@media (prefers-reduced-motion: reduce)`.
///
/// The animations are written as longhands inside `@supports (animation-timeline: scroll())`:
/// the `animation` shorthand resets `animation-timeline` and `animation-range`, and a browser
/// without scroll timelines would run them as 0-length time animations and leave every box at
/// its end; there the boxes stay at rest at their `from` places (SPEC §8).
enum KeyframesCSS {
    static func write(_ scene: KeyframesScene, reduced: KeyframesScene, into out: inout ByteBuffer) {
        var css = ""
        css += "/* Parallax keyframes (SPEC §8): \(scene.axis.rawValue) scroll over ["
            + KeyframesAnimation.css(scene.domain.from) + ", " + KeyframesAnimation.css(scene.domain.to)
            + "] px. Markup: .parallax-scroller > … (see /openapi.yaml). */\n"
        css += ".parallax-scroller{position:relative;box-sizing:border-box;margin:0;padding:0;border:0;"
            + "direction:ltr;scrollbar-width:none;overscroll-behavior:none;"
            + (scene.axis == .horizontal ? "overflow-x:scroll;overflow-y:hidden;scroll-timeline:--parallax x}\n"
                                         : "overflow-x:hidden;overflow-y:scroll;scroll-timeline:--parallax y}\n")
        css += ".parallax-scroller::before{content:\"\";display:block;position:absolute;left:0;top:0;visibility:hidden;pointer-events:none}\n"
        css += ".parallax-page,.parallax-layer,.parallax-header,.parallax-image,.parallax-body,.parallax-element,"
            + ".parallax-content{position:absolute;box-sizing:border-box;margin:0;padding:0;border:0;transform-origin:50% 50%}\n"
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
            css += box.selector + "{" + place(box) + "}\n"
            let animations = KeyframesAnimation.of(box)
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

    /// The box at its `from` place, every effect at its `from` value.
    private static func place(_ box: KeyframesScene.Box) -> String {
        var s = "left:" + px(box.x.first) + ";top:" + px(box.y.first) + ";width:" + px(box.width.first)
            + ";height:" + px(box.height.first) + ";translate:none"
        if let v = box.scale { s += ";scale:" + KeyframesAnimation.css(v.first) }
        if let v = box.rotate { s += ";rotate:" + KeyframesAnimation.css(v.first) + "deg" }
        if let v = box.opacity { s += ";opacity:" + KeyframesAnimation.css(v.first) }
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
