// Paging value rules (docs/model.md#paging, docs/api.md#the-rules-of-the-fields). Type errors and unknown fields are the JSON reader's job.

/// Slot arithmetic stays exact in a double while |P| ≤ 2^52 (infinite mode has no clamp).
let maxInfinitePosition = 4_503_599_627_370_496.0

extension PagingInput {
    /// Every value problem, as (JSON pointer, message); empty when the request can be laid out.
    ///
    /// Rules: sizes finite and > 0; `pageCount` an integer 1…maxPageCount; `pageSpacing` ≥ 0;
    /// `pageSize` within (0, A] (a fraction within (0, 1]); `infinite` needs N ≥ 3 (the seed's
    /// rule) and (N − 2)·L ≥ A; at most one of `offset`, `page`, `offsets` (the
    /// later ones are reported); `currentPage` an integer 0…N−1; at most maxLayers layers, `travel`
    /// and `rate` not together, `opacity.min` in 0…1, `scale.min` ≥ 0; `include: "all"` not with
    /// infinite; `range` integers with from ≤ to, not with `include`; pages in the answer (× frames)
    /// ≤ maxPagesPerResponse (a carousel's visible pages too); `decelerationRate` in (0, 1); `motionScale` in 0…1; `pixelScale` > 0;
    /// every number finite and within ±maxMagnitude; when infinite, |offset / stride| ≤ 2^52.
    public func validate(limits: LayoutLimits = .standard) -> [ValidationIssue] {
        validate(limits: limits, answersPages: true)
    }

    /// `answersPages: false` for a keyframes request, whose `include` and `range` have no effect
    /// (docs/model.md#keyframes): their values are still checked, the pages-per-response budget
    /// is not (the domain's own slot budget applies instead).
    func validate(limits: LayoutLimits, answersPages: Bool) -> [ValidationIssue] {
        typealias F = PagingField
        var c = Checker(limits: limits)
        let viewportOK = c.size(viewport, F.viewport.pointer())
        let countOK = c.integer(pageCount, F.pageCount.pointer(), 1, Double(limits.maxPageCount))
        var spacingOK = true
        if let s = pageSpacing { spacingOK = c.nonNegative(s, F.pageSpacing.pointer()) }
        let isInfinite = infinite ?? false
        let pageOK = checkPageSize(&c, viewportOK: viewportOK)

        // The stride, when the values it depends on are valid (for the derived checks below).
        var stride: Double?
        if viewportOK, spacingOK, pageOK {
            stride = pageExtent(viewportExtent) + (pageSpacing ?? 0)
        }
        if isInfinite, countOK {
            // N ≥ 3 (the seed's rule) and, for a carousel, (N − 2)·L ≥ A (docs/model.md#carousels).
            let need = pageSize == nil ? 3 : stride.map { Self.smallestInfiniteCount(extent: viewportExtent, stride: $0) } ?? 3
            if pageCount < need {
                if need == 3 {
                    c.add(F.infinite.pointer(), "needs pageCount >= 3")
                } else {
                    c.add(F.infinite.pointer(), "needs pageCount >= \(c.fmt(need)): (pageCount - 2) × stride must be at least the viewport's extent (\(c.fmt(viewportExtent))) so that no page shows twice at once")
                }
            }
        }
        // Offsets and positions: within ±maxMagnitude, and when infinite within 2^52 strides of 0
        // as well, one rule stated whole.
        let positions = positionBounds(isInfinite: isInfinite, stride: stride, limits: limits)

        // Every one given after the first is reported (no arrays on the valid path).
        var positionGiven = offset != nil
        if page != nil {
            if positionGiven { c.add(F.page.pointer(), "give only one of offset, page, offsets") }
            positionGiven = true
        }
        if offsets != nil, positionGiven { c.add(F.offsets.pointer(), "give only one of offset, page, offsets") }
        if let o = offset { c.within(o, positions, F.offset.pointer()) }
        // |page| ≤ 10^15 < 2^52: the infinite rule never binds here.
        if let p = page { c.number(p, F.page.pointer()) }
        var frames = 1
        if let list = offsets {
            _ = c.offsets(list, F.offsets.pointer(), positions)
            frames = max(list.count, 1)
        }
        if let cp = currentPage {
            let last = countOK ? pageCount - 1 : Double(limits.maxPageCount) - 1
            c.integer(cp, Bounds(lo: 0, hi: last, hiName: countOK ? "pageCount - 1" : nil), F.currentPage.pointer())
        }
        if let prev = previousOffset { c.within(prev, positions, F.previousOffset.pointer()) }
        if let v = velocity { c.number(v, F.velocity.pointer()) }
        if let d = decelerationRate, !(d.isFinite && d > 0 && d < 1) {
            c.add(F.decelerationRate.pointer(), "must be > 0 and < 1")
        }
        c.motionAndPixels(F.self, motionScale: motionScale, pixelScale: pixelScale)

        if let layers {
            if layers.count > limits.maxLayers {
                c.add(F.layers.pointer(), "at most \(limits.maxLayers) layers")
            } else {
                let each = layers.span  // borrowed in place, not copied a layer at a time
                for i in each.indices { each[i].check(&c, F.layers.pointer(at: i)) }
                c.names(each.count, { each[$0].name ?? "background" }, given: { each[$0].name != nil }, field: LayerField.name) {
                    F.layers.pointer(at: $0)
                }
            }
        }

        // Which pages, and how many in one answer (docs/api.md: pages per response).
        if include == .all, isInfinite { c.add(F.include.pointer(), "\"all\" is not possible with infinite") }
        if let range {
            if include != nil { c.add(F.range.pointer(), "give include or range, not both") }
            let m = limits.maxMagnitude
            let fromOK = c.integer(range.from, RangeField.from.pointer(in: F.range.pointer()), -m, m)
            // range.to ≥ range.from: one rule with its own bounds.
            let toOK = c.integer(range.to, Bounds(lo: fromOK ? range.from : -m, hi: m, loName: "range.from", loKnown: fromOK), RangeField.to.pointer(in: F.range.pointer()))
            if fromOK, toOK, answersPages {
                var n = range.to - range.from + 1
                if !isInfinite, countOK { n = max(0, min(range.to, pageCount - 1) - max(range.from, 0) + 1) }
                if n * Double(frames) > Double(limits.maxPagesPerResponse) {
                    c.add(F.range.pointer(), "at most \(limits.maxPagesPerResponse) pages per response (pages × offsets)")
                }
            }
        } else if answersPages, include == .all, !isInfinite, countOK,
                  pageCount * Double(frames) > Double(limits.maxPagesPerResponse) {
            c.add(F.include.pointer(), "at most \(limits.maxPagesPerResponse) pages per response (pages × offsets); use range")
        } else if answersPages, include != .all, pageSize != nil, countOK, let L = stride {
            // The visible pages of a carousel: a page of extent a shows while its leading edge
            // lies in (−a, A), an interval of A + a holding at most ⌈(A + a)/L⌉ pages.
            let a = pageExtent(viewportExtent)
            var shown = ceilD((viewportExtent + a) / L)
            if !isInfinite { shown = min(shown, pageCount) }
            if shown * Double(frames) > Double(limits.maxPagesPerResponse) {
                c.add(F.pageSize.pointer(), "shows up to \(c.fmt(shown)) pages at once; at most \(limits.maxPagesPerResponse) pages per response (pages × offsets)")
            }
        }
        return c.issues
    }

    /// `pageSize` (docs/model.md#carousels): points between minSize and A, or a fraction in
    /// (0, 1] whose page is at least minSize. False when it is invalid (or A is unknown).
    private func checkPageSize(_ c: inout Checker, viewportOK: Bool) -> Bool {
        guard let pageSize else { return true }
        let A = viewportExtent
        func fraction() -> String { PageSizeField.fraction.pointer(in: PagingField.pageSize.pointer()) }
        let extentName = (axis ?? .horizontal) == .horizontal ? "viewport.width" : "viewport.height"
        switch pageSize {
        case .points(let a):
            let hi = viewportOK ? A : c.limits.maxMagnitude
            return c.within(a, Bounds(lo: c.limits.minSize, hi: hi, hiName: viewportOK ? extentName : nil), PagingField.pageSize.pointer()) && viewportOK
        case .fraction(let f):
            guard c.within(f, Bounds(lo: 0, hi: 1, loOpen: true), fraction()) else { return false }
            guard viewportOK else { return false }
            if f * A < c.limits.minSize {
                c.add(fraction(), "gives pages of \(c.fmt(f * A)) points; a page must be at least \(c.fmt(c.limits.minSize))")
                return false
            }
            return true
        }
    }
}

extension PagingInput {
    /// Where an offset may lie: within ±maxMagnitude, and when infinite also within 2^52 strides
    /// of 0 so slot arithmetic stays exact (2^52·L is exact: a power of two times L).
    func positionBounds(isInfinite: Bool, stride: Double?, limits: LayoutLimits) -> Bounds {
        let m = limits.maxMagnitude
        guard isInfinite, let L = stride, maxInfinitePosition * L < m else { return Bounds(lo: -m, hi: m) }
        let r = maxInfinitePosition * L
        return Bounds(lo: -r, hi: r, note: "2^52 strides of 0 when infinite")
    }
}

extension PagingInput.Layer {
    func check(_ c: inout Checker, _ p: @autoclosure () -> String) {
        typealias F = LayerField
        if travel != nil, rate != nil { c.add(F.rate.pointer(in: p()), "give travel or rate, not both") }
        if let t = travel { c.number(t, F.travel.pointer(in: p())) }
        if let r = rate { c.number(r, F.rate.pointer(in: p())) }
        if let min = opacity?.min { c.unit(min, MinEffectField.min.pointer(in: F.opacity.pointer(in: p()))) }
        if let min = scale?.min { c.nonNegative(min, MinEffectField.min.pointer(in: F.scale.pointer(in: p()))) }
        if let content { c.size(content, F.content.pointer(in: p())) }
    }
}
