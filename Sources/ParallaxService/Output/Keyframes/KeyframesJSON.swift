import ParallaxLayout

/// `format: "json"`, the canonical keyframes answer (docs/model.md#keyframes): `model`, `axis`, `domain` and the
/// tracks with `target`, `property`, `knots` `[[o, v], …]` and `easings`. Numbers go through the
/// shared writer (shortest round-trip, `-0` as `0`, docs/model.md#determinism-and-motion), so the answer is byte-identical on
/// every run.
extension JSONWriter {
    mutating func keyframes(_ k: Keyframes) {
        keyframesHeader(k)
        key("tracks")
        arrayStart()
        for t in k.tracks { track(t) }
        arrayEnd()
        objectEnd()
    }

    /// One track of the json format: `target`, `property`, `knots`, `easings`, and `before`/`after`
    /// when the track continues linearly past its domain.
    mutating func track(_ t: Track) {
        objectStart()
        key("target"); trackTarget(t.target)
        key("property"); string(t.property)
        key("knots")
        arrayStart()
        for knot in t.knots {
            arrayStart(); number(knot.offset); number(knot.value); arrayEnd()
        }
        arrayEnd()
        key("easings")
        arrayStart()
        for e in t.easings { segmentEasing(e) }
        arrayEnd()
        // Said only where the end segment extends exactly (ParallaxLayout's Continuation.swift).
        if t.before == .linear { key("before"); string("linear") }
        if t.after == .linear { key("after"); string("linear") }
        if let e = t.maxError { field("maxError", e) }
        objectEnd()
    }

    /// Opens the answer object and writes `model`, `axis`, `domain` (shared by json, waapi and
    /// keytimes, so a client reads the same header in each).
    /// `alwaysInput`: `input` written even when it is `offset` (the fixtures answer).
    mutating func keyframesHeader(_ k: Keyframes, alwaysInput: Bool = false) {
        objectStart()
        key("model"); string(k.model.rawValue)
        if alwaysInput || k.input == .pageProgress { key("input"); string(k.input.rawValue) }
        key("axis"); string(k.axis.rawValue)
        if k.input == .pageProgress { progressHeader(stride: k.stride) }
        key("domain")
        objectStart(); field("from", k.domain.from); field("to", k.domain.to); objectEnd()
        if let l = k.linearized { linearizedHeader(l) }
    }

    /// `{"slot": k}`, `{"slot": k, "layer": name}`, `{}` or `{"element": name}` (docs/model.md#keyframes `target`).
    mutating func trackTarget(_ target: TrackTarget) {
        objectStart()
        switch target {
        case .page(let slot): field("slot", slot)
        case .layer(let slot, let name): field("slot", slot); field("layer", name)
        case .header: break
        case .element(let name): field("element", name)
        case .anyPage: field("page", true)
        case .anyPageLayer(let name): field("layer", name)
        }
        objectEnd()
    }

    /// `"linear"` or `{"cubicBezier": [x1, y1, x2, y2]}` (the request's own easing spelling, docs/model.md#scroll-elements).
    mutating func segmentEasing(_ e: SegmentEasing) {
        switch e {
        case .linear: string("linear")
        case .cubicBezier(let x1, let y1, let x2, let y2):
            objectStart()
            key("cubicBezier")
            arrayStart(); number(x1); number(y1); number(x2); number(y2); arrayEnd()
            objectEnd()
        }
    }
}
