import ParallaxLayout

/// `format: "keytimes"` (docs/model.md#keyframes): per track `values`, `keyTimes` (0…1 over the domain) and
/// `timingFunctions` (one `[x1, y1, x2, y2]` per segment, linear = `[0, 0, 1, 1]`), the shape of
/// Core Animation's `CAKeyframeAnimation` (`values`, `keyTimes`, `timingFunctions` of
/// `CAMediaTimingFunction(controlPoints:)`) and of Android's `Keyframe.ofFloat(fraction, value)`
/// with a `PathInterpolator(x1, y1, x2, y2)` per keyframe. A client drives it by the scroll
/// fraction (o − from)/(to − from): CA with `layer.speed = 0` and `timeOffset` = the fraction ×
/// the animation's duration, Android with `ValueAnimator.setCurrentFraction`.
/// A jump (two knots at one offset) gives two equal key times, which both platforms accept.
extension JSONWriter {
    mutating func keyTimes(_ k: Keyframes) {
        keyframesHeader(k)
        key("tracks")
        arrayStart()
        for t in k.tracks { keyTimesTrack(t, domain: k.domain) }
        arrayEnd()
        objectEnd()
    }

    /// One track of the keytimes format: `target`, `property`, `values`, `keyTimes`,
    /// `timingFunctions`.
    mutating func keyTimesTrack(_ t: Track, domain: KeyframeDomain) {
        let span = domain.to - domain.from
        objectStart()
        key("target"); trackTarget(t.target)
        key("property"); string(t.property)
        key("values")
        arrayStart()
        for knot in t.knots { number(knot.value) }
        arrayEnd()
        key("keyTimes")
        arrayStart()
        for knot in t.knots {
            // Exactly 0 and 1 at the ends (the knots sit on the domain's ends), clamped in
            // between against rounding.
            number(min(1, max(0, (knot.offset - domain.from) / span)))
        }
        arrayEnd()
        key("timingFunctions")
        arrayStart()
        for e in t.easings {
            arrayStart()
            switch e {
            case .linear: number(0); number(0); number(1); number(1)
            case .cubicBezier(let x1, let y1, let x2, let y2): number(x1); number(y1); number(x2); number(y2)
            }
            arrayEnd()
        }
        arrayEnd()
        if let e = t.maxError { field("maxError", e) }
        objectEnd()
    }
}
