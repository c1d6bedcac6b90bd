import ParallaxLayout

/// `FluidScenes`' check (docs/web.md#fluid-and-fixed): the scenes at the check sizes against what
/// the references' spelling says there, box by box as the scenes' units are laid out
/// (`SceneSource`), so it holds one unit of each scene at a time, never a whole scene, and each
/// number is compared as it is made (docs/operations.md#bounded-memory). The boxes are compared
/// in the writers' order; a box's numbers are the ones `KeyframesCSS` writes for it.
struct FluidCheck {
    let references: [SceneSource]
    let spelling: StyleSpelling

    /// Why the scene at `checks[index]` is refused, and which size that is: the first of the
    /// check sizes that fails (in their order), at its first failing box.
    struct Refusal {
        var index: Int
        var why: String
    }

    /// The first size of `checks` where the markup is not the spelling's, or nil when every one
    /// is (the references agree among themselves by construction: the spelling is made of them).
    func firstRefusal(_ checks: [(size: Size, source: SceneSource)]) -> Refusal? {
        var failed = [String?](repeating: nil, count: checks.count)
        // The heads: the content's extent and the animations' domain.
        let refHeads = references.map(\.head)
        for (j, c) in checks.enumerated() {
            failed[j] = headRefusal(refHeads, c.source.head, at: c.size)
        }
        var refs = references.map(BoxCursor.init)
        var others = checks.map { BoxCursor($0.source) }
        while failed.contains(where: { $0 == nil }) {
            let refBoxes = refs.indices.map { refs[$0].next() }
            let open = checks.indices.filter { failed[$0] == nil }
            let otherBoxes = open.map { (j: $0, box: others[$0].next()) }
            if refBoxes.allSatisfy({ $0 == nil }) {
                // The references end together; a check scene with more boxes changes the markup.
                for o in otherBoxes where o.box != nil { failed[o.j] = "its markup or keyframes change" }
                break
            }
            let numbers = refBoxes.indices.compactMap { k in refBoxes[k].map { BoxNumbers($0, refHeads[k]) } }
            for o in otherBoxes {
                guard numbers.count == refBoxes.count, let box = o.box else {
                    failed[o.j] = "its markup or keyframes change"
                    continue
                }
                failed[o.j] = boxRefusal(numbers, BoxNumbers(box, checks[o.j].source.head), selector: box.selector,
                                         at: checks[o.j].size)
            }
            // The earliest size that failed is the one named: later boxes cannot make it earlier.
            if failed[0] != nil { break }
        }
        guard let j = failed.firstIndex(where: { $0 != nil }), let why = failed[j] else { return nil }
        return Refusal(index: j, why: why)
    }

    private func headRefusal(_ refs: [KeyframesScene], _ other: KeyframesScene, at size: Size) -> String? {
        for (v, pick, label) in [(other.contentSize.width, { (s: KeyframesScene) in s.contentSize.width }, "content width"),
                                 (other.contentSize.height, { (s: KeyframesScene) in s.contentSize.height }, "content height")] {
            let predicted = spelling.evaluate(refs.map(pick), at: size)
            if abs(predicted - v) > 1e-6 * max(1, abs(v)) { return "a length bends (" + label + ")" }
        }
        // A range that scales with the scroller is written `normal`: it must be [0, the scroll range].
        for scene in refs + [other] where refs.contains(where: { $0.domain != refs[0].domain }) {
            let along = scene.axis == .horizontal ? scene.viewport.width : scene.viewport.height
            let extent = scene.axis == .horizontal ? scene.contentSize.width : scene.contentSize.height
            if scene.domain.from != 0 || abs(scene.domain.to - (extent - along)) > 1e-9 * max(1, extent) {
                return "its domain is not the scroll range"
            }
        }
        return nil
    }

    private func boxRefusal(_ refs: [BoxNumbers], _ got: BoxNumbers, selector: String, at size: Size) -> String? {
        guard refs.allSatisfy({ $0.shape == got.shape }), got.lengths.count == refs[0].lengths.count,
              got.scalars.count == refs[0].scalars.count else { return "its markup or keyframes change" }
        for (k, v) in got.scalars.enumerated() where refs.contains(where: { abs($0.scalars[k] - v) > 1e-9 * max(1, abs(v)) }) {
            return "a keyframe's place or a scalar changes (" + got.scalarLabels[k].text(selector) + ")"
        }
        var values = [Double](repeating: 0, count: refs.count)
        for (k, v) in got.lengths.enumerated() {
            for r in refs.indices { values[r] = refs[r].lengths[k] }
            let predicted = spelling.evaluate(values, at: size)
            if abs(predicted - v) > 1e-6 * max(1, abs(v)) { return "a length bends (" + got.lengthLabels[k].text(selector) + ")" }
        }
        return nil
    }
}

/// A scene's boxes one at a time, laying out its next unit when the last one's boxes are used.
private struct BoxCursor {
    let source: SceneSource
    var unit = 0
    var boxes: [KeyframesScene.Box] = []
    var index = 0

    init(_ source: SceneSource) { self.source = source }

    mutating func next() -> KeyframesScene.Box? {
        while index == boxes.count {
            guard unit < source.unitCount else { return nil }
            boxes = source.units(unit)
            unit += 1
            index = 0
        }
        index += 1
        return boxes[index - 1]
    }
}

/// Every number a stylesheet writes for one box, in the writer's order (`KeyframesCSS`): lengths
/// (spelled relative to the scroller when fluid), scalars (written as they are) and the shape
/// (selector, properties, easings) that must not change with the size. A number's label (what
/// the refusal names) is made only when it is refused.
private struct BoxNumbers {
    enum Shape: Equatable {
        case box(selector: String, inFlow: Bool, inPageFlow: Bool, view: Bool)
        case animation(property: String, steps: Int)
        case easing(String)
    }

    /// What a number is: `name` of the box (a place, a size, an animation's property), or the
    /// place of one of that property's keyframes.
    struct Label {
        var name: String
        var keyframe = false

        func text(_ selector: String) -> String { selector + " " + name + (keyframe ? " keyframe" : "") }
    }

    var shape: [Shape] = []
    var lengths: [Double] = []
    var lengthLabels: [Label] = []
    var scalars: [Double] = []
    var scalarLabels: [Label] = []

    init(_ box: KeyframesScene.Box, _ scene: KeyframesScene) {
        shape.append(.box(selector: box.selector, inFlow: box.inFlow, inPageFlow: box.inPageFlow, view: box.view != nil))
        let rest = { (c: Curve?) in c?.value(at: scene.rest) ?? 0 }
        if box.inFlow {
            length(rest(box.y), Label(name: "margin-top"))
            return
        }
        if !box.inPageFlow {
            length(box.anchorX ?? rest(box.x), Label(name: "left"))
            length(box.anchorY ?? rest(box.y), Label(name: "top"))
            length(rest(box.width), Label(name: "width"))
            length(rest(box.height), Label(name: "height"))
        }
        if let v = box.view {
            scalar(v.progressFrom, Label(name: "range"))
            scalar(v.progressTo, Label(name: "range"))
        } else {
            scalar(rest(box.scale), Label(name: "scale"))
            scalar(rest(box.rotate), Label(name: "rotate"))
            scalar(rest(box.opacity), Label(name: "opacity"))
            length(scene.domain.from, Label(name: "range"))
            length(scene.domain.to, Label(name: "range"))
        }
        let domain = box.view?.domain ?? scene.domain
        for a in KeyframesAnimation.of(box, rest: scene.rest) {
            shape.append(.animation(property: a.property, steps: a.steps.count))
            for step in a.steps {
                shape.append(.easing(step.easing ?? ""))
                scalar(KeyframesCSS.percent(step.offset, domain), Label(name: a.property, keyframe: true))
                switch step.unit {
                case .translate, .length: for n in step.numbers { length(n, Label(name: a.property)) }
                case .number, .degrees: for n in step.numbers { scalar(n, Label(name: a.property)) }
                }
            }
        }
    }

    private mutating func length(_ v: Double, _ label: Label) {
        lengths.append(v)
        lengthLabels.append(label)
    }

    private mutating func scalar(_ v: Double, _ label: Label) {
        scalars.append(v)
        scalarLabels.append(label)
    }
}
