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
///
/// Fluid (no `viewport`, docs/web.md#fluid-and-fixed): the header says `"fluid": true` instead of
/// a px domain, lengths are `calc()` strings relative to the scroller (`StyleSpelling`), a range
/// that scales with the scroller is `"normal"` (the whole scroll range), and an element on its
/// own crossing has `"timeline": "view"` (make it `new ViewTimeline({subject: element, axis})`)
/// with `cover` ranges.
///
/// Written as the socket drains, one box's animations per piece (docs/operations.md#bounded-memory).
struct WAAPIAnswer: AnswerCursor {
    let keyframes: Keyframes
    let main: [SceneSource]
    let reduced: [SceneSource]
    let spelling: StyleSpelling
    let names: StyleNames
    /// About how many keyframes linearized tracks add (`KeyframesAnswer.linearKnots`).
    let linearKnots: Double

    private enum Phase { case header, main, reducedOpen, reduced, close, done }
    private var phase = Phase.header
    /// The unit being written (docs/operations.md#bounded-memory: one unit of each scene at a time).
    private var walk = UnitWalk()
    /// Whether the array being written holds an animation already (its comma is owed).
    private var wroteAny = false

    /// `k`: the answer's header (model, axis, domain); its tracks are not read.
    init(_ k: Keyframes, main: [SceneSource], reduced: [SceneSource], spelling: StyleSpelling, names: StyleNames,
         linearKnots: Double = 0) {
        keyframes = k
        self.linearKnots = linearKnots
        self.main = main
        self.reduced = reduced
        self.spelling = spelling
        self.names = names
    }

    var estimatedBytes: Int { 400 + main[0].boxCount * 1_200 + Int(linearKnots) * KeyframesAnswer.bytesPerWAAPIKnot }
    /// About 1 ms of writing per chunk (docs/operations.md#bounded-memory).
    var chunkBytes: Int { spelling.isFluid ? 8 * 1024 : 16 * 1024 }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        switch phase {
        case .header:
            if spelling.isFluid {
                w.objectStart()
                w.key("model"); w.string(keyframes.model.rawValue)
                w.key("axis"); w.string(keyframes.axis.rawValue)
                w.field("fluid", true)
            } else {
                w.keyframesHeader(keyframes)
            }
            w.key("timeline")
            w.objectStart(); w.field("axis", main[0].head.axis == .horizontal ? "x" : "y")
            // The document scrolls: `new ScrollTimeline({source: document.documentElement, axis})`.
            if names.root { w.field("source", literal: "root") }
            w.objectEnd()
            w.key("animations")
            w.arrayStart()
            phase = .main
        case .main:
            guard let i = walk.next(main) else { phase = .reducedOpen; return writeNext(&w) }
            w.waapiAnimations(walk.unit, i, spelling, names, linearized: keyframes.linearized != nil, &wroteAny)
        case .reducedOpen:
            w.literal("],\"reducedMotion\":{\"animations\":[")
            wroteAny = false
            walk = UnitWalk()
            phase = .reduced
        case .reduced:
            guard let i = walk.next(reduced) else { phase = .close; return writeNext(&w) }
            w.waapiAnimations(walk.unit, i, spelling, names, linearized: keyframes.linearized != nil, &wroteAny)
        case .close:
            w.literal("]}}")
            phase = .done
        case .done:
            return false
        }
        return true
    }
}

extension JSONWriter {
    /// Box `i`'s animations, each an object of the `animations` array (a comma first when the
    /// array holds one already).
    /// `linearized`: each animation says its `maxError` (docs/model.md#linearize).
    fileprivate mutating func waapiAnimations(_ scenes: [KeyframesScene], _ i: Int, _ spelling: StyleSpelling, _ names: StyleNames,
                                              linearized: Bool, _ wroteAny: inout Bool) {
        let box = scenes[0].boxes[i]
        guard !box.inFlow else { return }
        let all = scenes.map { KeyframesAnimation.of($0.boxes[i], rest: $0.rest) }
        let (_, rangeStart, rangeEnd) = KeyframesCSS.range(scenes, i, spelling, names)
        let domain = box.view?.domain ?? scenes[0].domain
        for (j, a) in all[0].enumerated() {
            if wroteAny { literal(",") }
            beginPiece()
            wroteAny = true
            objectStart()
            field("selector", names.box(box.selector))
            field("property", a.property)
            if box.view != nil { field("timeline", literal: "view") }
            key("keyframes")
            arrayStart()
            for (k, step) in a.steps.enumerated() {
                objectStart()
                field("offset", min(1, max(0, (step.offset - domain.from) / (domain.to - domain.from))))
                field("easing", step.easing ?? "linear")
                key(escaping: a.property); string(spelling.value(step.unit, all.map { $0[j].steps[k].numbers }))
                objectEnd()
            }
            arrayEnd()
            if linearized { field("maxError", a.maxError) }
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
}
