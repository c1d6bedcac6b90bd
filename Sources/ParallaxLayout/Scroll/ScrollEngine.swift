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

    public init(_ input: ScrollInput, limits: LayoutLimits = .standard) throws(ValidationError) {
        let issues = input.validate(limits: limits)
        if !issues.isEmpty { throw ValidationError(issues: issues) }
        self.input = input
        frameOffsets = input.offsets ?? [input.offset ?? 0]
        isTimeline = input.offsets != nil
        axis = input.axis ?? .vertical
        extent = axis == .vertical ? input.viewport.height : input.viewport.width
        motion = input.motionScale ?? 1
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
    /// - viewportFrame: frame moved by −s along the axis and by translate, before scale;
    ///   `visible` when it overlaps the viewport with positive area.
    public func element(_ i: Int, offset s: Double) -> ElementLayout {
        let e = input.elements[i]
        let vertical = axis == .vertical
        let top = vertical ? e.frame.y : e.frame.x
        let length = vertical ? e.frame.height : e.frame.width
        let V = extent
        // (s + V − top)/(V + length), measured from the nearer end of the range, start = top − V
        // or end = top + length (each rounded once): progress is then exactly 0 at s = start and
        // exactly 1 at s = end, and 1 − progress keeps its relative precision near the end. That
        // matters at a curve's vertical tangent (x1 = 0 or x2 = 1), where one ulp of progress moves
        // y by ~1e-8 (docs/model.md#keyframes compares keyframes with these answers to 1e-9). The divisor stays
        // V + length (never 0: end − start can cancel to 0 when |top| ≫ V + length).
        let start = e.startOffset ?? (top - V)
        let end = e.endOffset ?? (top + length)
        let span = e.startOffset == nil && e.endOffset == nil ? V + length : end - start
        func progress(at s: Double) -> Double {
            let fromStart = s - start, toEnd = end - s
            return abs(fromStart) <= abs(toEnd) ? fromStart / span : 1 - toEnd / span
        }
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
        if motion != 1 {
            shift *= motion
            rotate *= motion
            scale = 1 + (scale - 1) * motion
            opacity = 1 + (opacity - 1) * motion
        }
        let translate = vertical ? Point(x: 0, y: nz(shift)) : Point(x: nz(shift), y: 0)
        var frame = e.frame
        if vertical { frame.y = frame.y - s + shift } else { frame.x = frame.x - s + shift }
        let visible = frame.overlaps(viewport: input.viewport)
        frame = Frame(x: nz(frame.x), y: nz(frame.y), width: nz(frame.width), height: nz(frame.height))
        return ElementLayout(
            name: e.name, progress: nz(raw), progressClamped: nz(clamped), translate: translate,
            scale: nz(scale), opacity: nz(opacity), rotate: nz(rotate),
            viewportFrame: frame.snapped(input.pixelScale), visible: visible)
    }
}
