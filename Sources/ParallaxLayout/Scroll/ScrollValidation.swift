// Scroll value rules (docs/model.md#scroll-elements, docs/api.md#the-rules-of-the-fields).

extension ScrollInput {
    /// Every value problem: viewport sizes > 0; at most maxElements elements, element × frame
    /// count ≤ maxElementsPerResponse; per element: frame x, y within ±maxMagnitude, width and
    /// height sizes (minSize…maxMagnitude, as the viewport's),
    /// `speed` not together with `translate`, effect values finite, opacity values in 0…1,
    /// cubicBezier x1 and x2 in 0…1 (CSS), the progress range end − start ≥ minSize; `offset` /
    /// `offsets` finite (not both; 1…maxOffsets); `motionScale` 0…1; `pixelScale` > 0.
    public func validate(limits: LayoutLimits = .standard) -> [ValidationIssue] {
        typealias F = ScrollField
        var c = Checker(limits: limits)
        let viewportOK = c.size(viewport, F.viewport.pointer())
        if offset != nil, offsets != nil { c.add(F.offsets.pointer(), "give only one of offset, offsets") }
        if let s = offset { c.number(s, F.offset.pointer()) }
        var frames = 1
        if let list = offsets {
            _ = c.offsets(list, F.offsets.pointer())
            frames = max(list.count, 1)
        }
        c.motionAndPixels(F.self, motionScale: motionScale, pixelScale: pixelScale)
        if elements.count > limits.maxElements {
            c.add(F.elements.pointer(), "at most \(limits.maxElements) elements")
            return c.issues
        }
        if elements.count * frames > limits.maxElementsPerResponse {
            c.add(F.offsets.pointer(), "at most \(limits.maxElementsPerResponse) element layouts per response (elements × offsets)")
        }
        let V = (axis ?? .vertical) == .vertical ? viewport.height : viewport.width
        for (i, e) in elements.enumerated() {
            e.check(&c, F.elements.pointer(at: i), axis: axis ?? .vertical, extent: viewportOK ? V : nil)
        }
        c.names(elements.count, { elements[$0].name }, given: { _ in true }, field: ElementField.name) {
            F.elements.pointer(at: $0)
        }
        return c.issues
    }
}

extension ScrollInput.Element {
    func check(_ c: inout Checker, _ p: @autoclosure () -> String, axis: Axis, extent: Double?) {
        typealias F = ElementField
        func inFrame(_ field: FrameField) -> String { field.pointer(in: F.frame.pointer(in: p())) }
        let xOK = c.number(frame.x, inFrame(.x))
        let yOK = c.number(frame.y, inFrame(.y))
        let wOK = c.size(frame.width, inFrame(.width))
        let hOK = c.size(frame.height, inFrame(.height))
        if speed != nil, translate != nil { c.add(F.speed.pointer(in: p()), "give speed or translate, not both") }
        if let k = speed { c.number(k, F.speed.pointer(in: p())) }
        for (field, range) in [(F.translate, translate), (F.scale, scale), (F.rotate, rotate)] {
            guard let range else { continue }
            c.number(range.from, field.pointer(in: p(), at: 0))
            c.number(range.to, field.pointer(in: p(), at: 1))
        }
        if let opacity {
            c.unit(opacity.from, F.opacity.pointer(in: p(), at: 0))
            c.unit(opacity.to, F.opacity.pointer(in: p(), at: 1))
        }
        easing?.check(&c, F.easing.pointer(in: p()))
        checkEffects(&c, p(), axis: axis)
        guard startOffset != nil || endOffset != nil else { return }
        // The progress range [start, end] must be at least minSize long (it divides). Each end the
        // client gave is within ±maxMagnitude; the rule between the two is stated at endOffset when
        // given, else at startOffset, naming the default of the other end (docs/model.md#scroll-elements).
        let vertical = axis == .vertical
        let top = vertical ? frame.y : frame.x
        let length = vertical ? frame.height : frame.width
        let frameOK = vertical ? (yOK && hOK) : (xOK && wOK)
        let m = c.limits.maxMagnitude, gap = c.limits.minSize
        let (t, l, v) = vertical ? ("frame.y", "frame.height", "viewport.height") : ("frame.x", "frame.width", "viewport.width")
        if let end = endOffset {
            let startOK = startOffset.map { c.number($0, F.startOffset.pointer(in: p())) } ?? (frameOK && extent != nil)
            let start = startOffset ?? (top - (extent ?? 0))
            let startName = startOffset != nil ? "startOffset" : "the default start \(t) - \(v)"
            // While the start is itself invalid, the rule names it without a value.
            let startText = startOK ? "\(startName) (\(c.fmt(start)))" : startName
            if !(c.coordinates.contains(end) && (!startOK || end - start >= gap)) {
                c.add(F.endOffset.pointer(in: p()), "must be at least \(c.fmt(gap)) above \(startText) and at most \(c.fmt(m))")
            }
        } else if let start = startOffset {
            let end = top + length
            let endText = frameOK ? "the default end \(t) + \(l) (\(c.fmt(end)))" : "the default end \(t) + \(l)"
            if !(c.coordinates.contains(start) && (!frameOK || end - start >= gap)) {
                c.add(F.startOffset.pointer(in: p()), "must be at least \(c.fmt(-m)) and at least \(c.fmt(gap)) below \(endText)")
            }
        }
    }
}
