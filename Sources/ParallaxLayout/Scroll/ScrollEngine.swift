// Scroll elements, docs/model.md#scroll-elements (anchors Rellax, react-scroll-parallax, simpleParallax).

/// A validated scroll request, ready to lay out any offset.
public struct ScrollEngine: Sendable {
    public let input: ScrollInput
    /// Offsets to lay out: `[offset ?? 0]`, or `offsets` for a timeline.
    public let frameOffsets: [Double]
    public let isTimeline: Bool

    let axis: Axis
    /// V, the viewport extent along the axis.
    let extent: Double
    let motion: Double
    /// Per element, its `effects` laid over offsets, in order; empty when no element has any
    /// (so a request without effects allocates nothing for them).
    let curves: [[EffectCurve]]

    public init(_ input: ScrollInput, limits: LayoutLimits = .standard) throws(ValidationError) {
        let issues = input.validate(limits: limits)
        if !issues.isEmpty { throw ValidationError(issues: issues) }
        self.input = input
        frameOffsets = input.offsets ?? [input.offset ?? 0]
        isTimeline = input.offsets != nil
        axis = input.axis ?? .vertical
        extent = axis == .vertical ? input.viewport.height : input.viewport.width
        motion = input.motionScale ?? 1
        if input.elements.contains(where: { !($0.effects ?? []).isEmpty }) {
            let (axis, extent) = (axis, extent)
            curves = input.elements.map { e in
                (e.effects ?? []).map { EffectCurve(effect: $0, range: $0.range.map(ProgressRange.init)
                                                        ?? Self.progressRange(e, axis: axis, extent: extent)) }
            }
        } else {
            curves = []
        }
    }

    /// Element i's range in offsets and the divisor its progress uses: progress 0 at `start`,
    /// 1 at `end` (docs/model.md#scroll-elements).
    func progressRange(_ i: Int) -> ProgressRange { Self.progressRange(input.elements[i], axis: axis, extent: extent) }

    /// (s + V − top)/(V + length) is measured from the nearer end of the range, start = top − V or
    /// end = top + length (each rounded once), dividing by V + length (never 0: end − start can
    /// cancel to 0 when |top| ≫ V + length); `startOffset`/`endOffset` divide by end − start.
    static func progressRange(_ e: ScrollInput.Element, axis: Axis, extent V: Double) -> ProgressRange {
        let vertical = axis == .vertical
        let top = vertical ? e.frame.y : e.frame.x
        let length = vertical ? e.frame.height : e.frame.width
        let start = e.startOffset ?? (top - V), end = e.endOffset ?? (top + length)
        return ProgressRange(start: start, end: end,
                             span: e.startOffset == nil && e.endOffset == nil ? V + length : end - start)
    }

    public func layout() -> ScrollResult {
        if !isTimeline { return .single(layout(offset: frameOffsets[0])) }
        return .timeline(frameOffsets.map { layout(offset: $0) })
    }

    /// Every element at scroll position s, in request order.
    public func layout(offset s: Double) -> ScrollLayout {
        var out: [ElementLayout] = []
        out.reserveCapacity(input.elements.count)
        for i in input.elements.indices { out.append(element(i, offset: s)) }
        return ScrollLayout(elements: out)
    }

    /// Element `i` at scroll position s.
    ///
    /// - progress = (s + V − top)/(V + length), or (s − start)/(end − start) when `startOffset` /
    ///   `endOffset` is given (the other end defaulting to top − V, resp. top + length, which is the
    ///   same range); `progressClamped` = clamp(progress, 0, 1).
    /// - effect ranges: from + (to − from)·ease(progressClamped).
    /// - `speed` k (Rellax): translate = −100·k·(progress − base), raw progress, base = progress at
    ///   s = 0, or 0.5 with `center`.
    /// - motionScale m (docs/model.md#determinism-and-motion): translate and rotate × m; scale and opacity moved toward 1 by m.
    /// - effects (docs/model.md#effects): each property's stops at its own clamped progress;
    ///   `translate.x` on a vertical page (`translate.y` on a horizontal one) moves across the axis.
    /// - viewportFrame: frame moved by −s along the axis and by translate, before scale;
    ///   `visible` when it overlaps the viewport with positive area.
    public func element(_ i: Int, offset s: Double) -> ElementLayout {
        let e = input.elements[i]
        let vertical = axis == .vertical
        // Progress measured from the nearer end of the range (progressRange): exactly 0 at s =
        // start and exactly 1 at s = end, and 1 − progress keeps its relative precision near the
        // end. That matters at a curve's vertical tangent (x1 = 0 or x2 = 1), where one ulp of
        // progress moves y by ~1e-8 (docs/model.md#keyframes compares keyframes with these
        // answers to 1e-9).
        let range = Self.progressRange(e, axis: axis, extent: extent)
        func progress(at s: Double) -> Double { Self.progress(at: s, start: range.start, end: range.end, span: range.span) }
        let raw = progress(at: s)
        let clamped = clamp(raw, 0, 1)
        let eased = (e.easing ?? .linear)(clamped)
        func effect(_ range: ScrollInput.EffectRange?, _ none: Double) -> Double {
            guard let range else { return none }
            return range.from + (range.to - range.from) * eased
        }
        var shift: Double
        if let k = e.speed {
            let base = (e.center ?? false) ? 0.5 : progress(at: 0)
            shift = -100 * k * (raw - base)
        } else {
            shift = effect(e.translate, 0)
        }
        var rotate = effect(e.rotate, 0)
        var scale = effect(e.scale, 1)
        var opacity = effect(e.opacity, 1)
        // Multi-stop effects (docs/model.md#effects), each on its own range or the element's; a
        // property is given once in either form (validated), so each value is set at most once.
        var across = 0.0
        var scaleX: Double?, scaleY: Double?
        if !curves.isEmpty, !curves[i].isEmpty {
            for curve in curves[i] {
                let v = curve.value(at: s)
                switch curve.effect.property {
                case .translateX: if vertical { across = v } else { shift = v }
                case .translateY: if vertical { shift = v } else { across = v }
                case .scale: scale = v
                case .scaleX: scaleX = v
                case .scaleY: scaleY = v
                case .opacity: opacity = v
                case .rotate: rotate = v
                }
            }
            if e.hasAxisScale { (scaleX, scaleY) = (scaleX ?? 1, scaleY ?? 1) }
        }
        if motion != 1 {
            shift *= motion
            across *= motion
            rotate *= motion
            scale = 1 + (scale - 1) * motion
            opacity = 1 + (opacity - 1) * motion
            scaleX = scaleX.map { 1 + ($0 - 1) * motion }
            scaleY = scaleY.map { 1 + ($0 - 1) * motion }
        }
        let translate = vertical ? Point(x: nz(across), y: nz(shift)) : Point(x: nz(shift), y: nz(across))
        var frame = e.frame
        if vertical { frame.y = frame.y - s + shift } else { frame.x = frame.x - s + shift }
        if across != 0 {
            if vertical { frame.x += across } else { frame.y += across }
        }
        let visible = frame.overlaps(viewport: input.viewport)
        frame = Frame(x: nz(frame.x), y: nz(frame.y), width: nz(frame.width), height: nz(frame.height))
        return ElementLayout(
            name: e.name, progress: nz(raw), progressClamped: nz(clamped), translate: translate,
            scale: nz(scale), opacity: nz(opacity), rotate: nz(rotate),
            viewportFrame: frame.snapped(input.pixelScale), visible: visible,
            scaleX: scaleX.map(nz), scaleY: scaleY.map(nz))
    }

    /// (s − start)/span measured from the nearer end of [start, end] (see `element`), so progress
    /// is exactly 0 at start and 1 at end.
    static func progress(at s: Double, start: Double, end: Double, span: Double) -> Double {
        let fromStart = s - start, toEnd = end - s
        return abs(fromStart) <= abs(toEnd) ? fromStart / span : 1 - toEnd / span
    }
}
