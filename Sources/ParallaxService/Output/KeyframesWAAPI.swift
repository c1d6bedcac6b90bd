import ParallaxLayout

/// `format: "waapi"` (docs/model.md#keyframes): the `css` answer's animations as data for the Web Animations API,
/// one entry per animated box and CSS property:
///
/// ```js
/// const timeline = new ScrollTimeline({source: scroller, axis: answer.timeline.axis});
/// for (const a of answer.animations)
///   scroller.querySelector(a.selector).animate(a.keyframes, {...a.options, timeline});
/// ```
/// Keyframe `offset`s are fractions of the domain; `options.rangeStart`/`rangeEnd` are the domain's
/// ends in px (CSS `<length>` strings, which Chromium's `animate()` accepts for scroll timelines),
/// `fill: "both"` holds the end values outside it. The boxes' sizes and resting places are the
/// `css` answer's structure rules (load it and the script's animations run over it; its own
/// scroll-driven animations then should be switched off, e.g. `animation: none`).
/// `reducedMotion` holds the same for `motionScale: 0`, for `prefers-reduced-motion: reduce`.
extension JSONWriter {
    mutating func waapi(_ k: Keyframes, scene: KeyframesScene, reduced: KeyframesScene) {
        keyframesHeader(k)
        key("timeline")
        objectStart(); field("axis", scene.axis == .horizontal ? "x" : "y"); objectEnd()
        key("animations"); waapiAnimations(scene)
        key("reducedMotion")
        objectStart(); key("animations"); waapiAnimations(reduced); objectEnd()
        objectEnd()
    }

    private mutating func waapiAnimations(_ scene: KeyframesScene) {
        let span = scene.domain.to - scene.domain.from
        let rangeStart = KeyframesCSS.px(scene.domain.from), rangeEnd = KeyframesCSS.px(scene.domain.to)
        arrayStart()
        for box in scene.boxes where !box.inFlow {
            for a in KeyframesAnimation.of(box, rest: scene.rest) {
                objectStart()
                field("selector", box.selector)
                field("property", a.property)
                key("keyframes")
                arrayStart()
                for step in a.steps {
                    objectStart()
                    field("offset", min(1, max(0, (step.offset - scene.domain.from) / span)))
                    field("easing", step.easing ?? "linear")
                    key(escaping: a.property); string(step.value)
                    objectEnd()
                }
                arrayEnd()
                key("options")
                objectStart()
                field("rangeStart", rangeStart)
                field("rangeEnd", rangeEnd)
                field("fill", literal: "both")
                field("easing", literal: "linear")
                objectEnd()
                objectEnd()
            }
        }
        arrayEnd()
    }
}
