// Multi-stop effect rules (docs/model.md#effects, docs/api.md#effects): every problem with the
// pointer of the field to fix, and for a property given twice both places.

extension ScrollInput.Element {
    /// `effects`: at most 16, each property once and not also in the `[from, to]` form (nor the
    /// axis's translate beside `speed`), a uniform scale not beside a per-axis one, then each
    /// effect's own rules.
    func checkEffects(_ c: inout Checker, _ p: @autoclosure () -> String, axis: Axis) {
        guard let effects else { return }
        if effects.count > Effect.maxEffects {
            c.add(ElementField.effects.pointer(in: p()), "must hold at most \(Effect.maxEffects) effects")
            return
        }
        func entry(_ k: Int) -> String { ElementField.effects.pointer(in: p(), at: k) }
        func property(of k: Int) -> String { EffectField.property.pointer(in: entry(k)) }
        for (k, effect) in effects.enumerated() {
            let name = effect.property.rawValue
            if let first = effects[..<k].firstIndex(where: { $0.property == effect.property }) {
                c.add(property(of: k), "\(name) is also given at \(property(of: first)): give each property once")
            } else if let other = otherForm(of: effect.property, axis: axis) {
                c.add(property(of: k), "\(name) is also given as \(other.pointer(in: p())): give it in one form")
            } else if effect.property.isScale, let uniform = uniformScaleBeside(effect.property, before: k, p(), property(of:)) {
                c.add(property(of: k), "\(name) with the uniform scale at \(uniform): give scale or scale.x/scale.y, not both")
            }
            effect.check(&c, entry(k))
        }
    }

    /// The `[from, to]` field (or `speed`) that drives the same property, if given.
    private func otherForm(of property: Effect.Property, axis: Axis) -> ElementField? {
        switch property {
        case .translateX, .translateY:
            guard (property == .translateY) == (axis == .vertical) else { return nil }
            return translate != nil ? .translate : speed != nil ? .speed : nil
        case .scale: return scale != nil ? .scale : nil
        case .opacity: return opacity != nil ? .opacity : nil
        case .rotate: return rotate != nil ? .rotate : nil
        case .scaleX, .scaleY: return nil
        }
    }

    /// For a per-axis scale: the pointer of the uniform scale given before it (the `[from, to]`
    /// form or an earlier effect's `property`); for `scale`: an earlier per-axis one. Reported
    /// once, at the later. `p` is the element's pointer, `property(j)` effect j's.
    private func uniformScaleBeside(_ property: Effect.Property, before k: Int, _ p: @autoclosure () -> String,
                                    _ effectProperty: (Int) -> String) -> String? {
        guard let effects else { return nil }
        if property == .scale {
            return effects[..<k].firstIndex { $0.property == .scaleX || $0.property == .scaleY }.map(effectProperty)
        }
        if scale != nil { return ElementField.scale.pointer(in: p()) }
        return effects[..<k].firstIndex { $0.property == .scale }.map(effectProperty)
    }
}

extension Effect {
    /// 2…64 stops, q in [0, 1] non-decreasing, values finite (opacity in [0, 1], scales ≥ 0);
    /// one easing per segment, cubicBezier x1 and x2 in [0, 1]; a range at least minSize long;
    /// then no eased segment that carries opacity out of [0, 1] or a scale below 0.
    func check(_ c: inout Checker, _ p: String) {
        typealias F = EffectField
        let before = c.issues.count
        if stops.count < Effect.minStops || stops.count > Effect.maxStops {
            c.add(F.stops.pointer(in: p), "must hold \(Effect.minStops) to \(Effect.maxStops) stops [q, v]")
        }
        var previous: Double?
        for (j, stop) in stops.enumerated() {
            var q = Bounds(lo: 0, hi: 1)
            if let previous, j > 0 { (q.lo, q.loName) = (previous, "the previous stop's q") }
            previous = c.within(stop.q, q, F.stops.pointer(in: p, at: j) + "/0") ? stop.q : nil
            c.within(stop.v, valueBounds(c.limits), F.stops.pointer(in: p, at: j) + "/1")
        }
        if let easings {
            if easings.count != max(stops.count - 1, 0) {
                c.add(F.easings.pointer(in: p), "must hold one easing per segment: \(max(stops.count - 1, 0)) for \(stops.count) stops")
            }
            for (j, easing) in easings.enumerated() { easing.check(&c, F.easings.pointer(in: p, at: j)) }
        }
        if let range {
            let startOK = c.number(range.startOffset, EffectRangeField.startOffset.pointer(in: F.range.pointer(in: p)))
            let gap = c.limits.minSize
            let startText = startOK ? "startOffset (\(c.fmt(range.startOffset)))" : "startOffset"
            if !(c.coordinates.contains(range.endOffset) && (!startOK || range.endOffset - range.startOffset >= gap)) {
                c.add(EffectRangeField.endOffset.pointer(in: F.range.pointer(in: p)), "must be at least \(c.fmt(gap)) above \(startText) and at most \(c.fmt(c.limits.maxMagnitude))")
            }
        }
        guard c.issues.count == before, property == .opacity || property.isScale else { return }
        checkOvershoot(&c, p)
    }

    /// The values a stop may hold: opacity 0…1, a scale 0…maxMagnitude, else ±maxMagnitude.
    private func valueBounds(_ limits: LayoutLimits) -> Bounds {
        if property == .opacity { return Bounds(lo: 0, hi: 1) }
        return Bounds(lo: property.isScale ? 0 : -limits.maxMagnitude, hi: limits.maxMagnitude)
    }

    /// Each eased segment's value range between its stops, from the curve's exact extremes
    /// (`Easing.yRange`): opacity must stay in [0, 1], a scale at or above 0.
    private func checkOvershoot(_ c: inout Checker, _ p: String) {
        for j in 0..<(stops.count - 1) where stops[j].q < stops[j + 1].q {
            let (lo, hi) = easing(j).yRange
            guard lo < 0 || hi > 1 else { continue }
            let a = stops[j].v, d = stops[j + 1].v - a
            let low = min(a + d * lo, a + d * hi), high = max(a + d * lo, a + d * hi)
            let between = "between stops \(j) and \(j + 1)"
            if property == .opacity, low < 0 || high > 1 {
                let reached = low < 0 ? low : high
                c.add(EffectField.easings.pointer(in: p, at: j), "carries opacity to \(c.fmt(reached)) \(between): opacity must stay between 0 and 1")
            } else if property.isScale, low < 0 {
                c.add(EffectField.easings.pointer(in: p, at: j), "carries \(property.rawValue) to \(c.fmt(low)) \(between): a scale must stay at or above 0")
            }
        }
    }
}

extension Easing {
    /// cubicBezier x1 and x2 in [0, 1] (CSS), y1 and y2 finite.
    func check(_ c: inout Checker, _ p: @autoclosure () -> String) {
        guard case let .cubicBezier(x1, y1, x2, y2) = self else { return }
        c.unit(x1, EasingField.cubicBezier.pointer(in: p(), at: 0))
        c.number(y1, EasingField.cubicBezier.pointer(in: p(), at: 1))
        c.unit(x2, EasingField.cubicBezier.pointer(in: p(), at: 2))
        c.number(y2, EasingField.cubicBezier.pointer(in: p(), at: 3))
    }

    /// The least and greatest eased value over the whole curve: y(t) = 3(1−t)²t·y1 + 3(1−t)t²·y2
    /// + t³ at t = 0, 1 and where y′(t) = 0 in (0, 1), y′/3 = y1·(1−t)² + 2(y2 − y1)·(1−t)t +
    /// (1 − y2)·t² (the quadratic solved in closed form); x(t) runs over all of [0, 1], so these
    /// are the extremes over every progress.
    var yRange: (Double, Double) {
        guard let points = controlPoints else { return (0, 1) }
        let y1 = points.1, y2 = points.3
        func y(_ t: Double) -> Double { let s = 1 - t; return 3 * s * s * t * y1 + 3 * s * t * t * y2 + t * t * t }
        let a = y1, b = y2 - y1, c = 1 - y2
        let qa = a - 2 * b + c, qb = 2 * (b - a), qc = a
        var roots: [Double] = []
        if qa == 0 {
            if qb != 0 { roots.append(-qc / qb) }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let r = disc.squareRoot()
                // The stable pair: q = −(b + sign(b)·√disc)/2, roots q/a and c/q.
                let q = -(qb + (qb < 0 ? -r : r)) / 2
                if q != 0 { roots.append(q / qa); roots.append(qc / q) } else { roots.append(0) }
            }
        }
        var lo = 0.0, hi = 1.0
        for t in roots where t > 0 && t < 1 {
            let v = y(t)
            lo = min(lo, v)
            hi = max(hi, v)
        }
        return (lo, hi)
    }
}
