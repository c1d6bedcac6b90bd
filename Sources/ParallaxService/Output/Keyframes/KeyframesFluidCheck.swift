import ParallaxLayout
import HTTPServer

/// `FluidScenes`' check (docs/web.md#fluid-and-fixed): the probe's scenes at the check sizes
/// against what the references' spelling says there, for both motions, box by box as the scenes'
/// units are laid out (`SceneSource`), so it holds one unit of each scene at a time, never a
/// whole scene, and each number is compared as it is made (docs/operations.md#bounded-memory).
/// It runs in steps (`step`) of at most one scene made or one unit laid out, so a request's
/// check shares the loop with every other connection (the engine holds the head back until it
/// is decided, `HTTPBodyProducer.prepare`). The boxes are compared in the writers' order; a
/// box's numbers are the ones `KeyframesCSS` writes for it.
struct FluidCheck {
    /// The probe's scene at one size, at the request's motion or (`reduced`) at `motionScale: 0`.
    typealias Make = (FluidScenes.Reference, _ reduced: Bool) throws(ValidationError) -> SceneSource

    private let make: Make
    private let references: [FluidScenes.Reference]
    private let checks: [FluidScenes.Reference]
    let spelling: StyleSpelling
    /// 0: the request's motion, 1: reduced motion, 2: done.
    private var motion = 0
    /// The scenes made so far for this motion: the references', then the check sizes'.
    private var sources: [SceneSource] = []
    /// A check size whose scene could not be made: refused after the sizes before it, as if
    /// each were checked in turn.
    private var unmade: ValidationError?
    private var comparing = false
    private var cursors: [BoxCursor] = []
    /// Why each check size is refused (nil: not, so far).
    private var failed: [String?] = []
    /// The current row: the next box of each scene, fetched one scene per step.
    private var row: [KeyframesScene.Box?] = []

    init(references: [FluidScenes.Reference], checks: [FluidScenes.Reference], spelling: StyleSpelling,
         make: @escaping Make) {
        self.references = references
        self.checks = checks
        self.spelling = spelling
        self.make = make
    }

    /// One step: a scene made, or boxes compared until one scene's next unit was laid out.
    mutating func step() -> Preparation<ValidationError> {
        guard motion < 2 else { return .ready }
        if !comparing {
            let i = sources.count
            do throws(ValidationError) {
                if i < references.count {
                    sources.append(try make(references[i], motion == 1))
                } else if i - references.count < checks.count, unmade == nil {
                    do throws(ValidationError) { sources.append(try make(checks[i - references.count], motion == 1)) } catch {
                        unmade = error
                    }
                }
            } catch { return .refused(error) }
            if sources.count < references.count + checks.count && unmade == nil { return .more }
            startComparing()
            return .more
        }
        var laidOut = false
        while !laidOut {
            // Fill the row one scene at a time (a failed check size's scene is no longer read).
            let k = row.count
            if k < cursors.count {
                let open = k < references.count || failed[k - references.count] == nil
                let unit = cursors[k].unit
                row.append(open ? cursors[k].next() : nil)
                laidOut = cursors[k].unit != unit
                continue
            }
            if let end = compareRow() { return end }
            row.removeAll(keepingCapacity: true)
        }
        return .more
    }

    private mutating func startComparing() {
        comparing = true
        let refs = Array(sources.prefix(references.count))
        let made = sources.count - references.count
        failed = (0..<made).map { j in headRefusal(refs.map(\.head), sources[references.count + j].head, at: checks[j].size) }
        cursors = sources.map(BoxCursor.init)
        row = []
    }

    /// Compares the row; the motion's outcome once it is decided, else nil.
    private mutating func compareRow() -> Preparation<ValidationError>? {
        let n = references.count
        let refBoxes = row.prefix(n)
        var ended = false
        if refBoxes.allSatisfy({ $0 == nil }) {
            // The references end together; a check scene with more boxes changes the markup.
            for j in failed.indices where failed[j] == nil && row[n + j] != nil { failed[j] = "its markup or keyframes change" }
            ended = true
        } else {
            let heads = sources.prefix(n).map(\.head)
            let numbers = refBoxes.enumerated().compactMap { k, b in b.map { BoxNumbers($0, heads[k]) } }
            for j in failed.indices where failed[j] == nil {
                guard numbers.count == n, let box = row[n + j] else {
                    failed[j] = "its markup or keyframes change"
                    continue
                }
                failed[j] = boxRefusal(numbers, BoxNumbers(box, sources[n + j].head), selector: box.selector, at: checks[j].size)
            }
        }
        // The earliest size that failed is the one named: later boxes cannot make it earlier.
        if !ended, let first = failed.first, first == nil { return nil }
        if let j = failed.firstIndex(where: { $0 != nil }), let why = failed[j] {
            return .refused(FluidScenes.refuse(why, at: checks[j].size))
        }
        if let unmade { return .refused(unmade) }
        motion += 1
        sources = []
        comparing = false
        return motion < 2 ? .more : .ready
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
    /// How many units have been laid out.
    private(set) var unit = 0
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
            if box.scaleY != nil { scalar(rest(box.scaleY), Label(name: "scale")) }
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
                case .number, .numberPair, .degrees: for n in step.numbers { scalar(n, Label(name: a.property)) }
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
