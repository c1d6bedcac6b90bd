import ParallaxLayout

/// A css or waapi request's tracks, validated and not yet laid out (docs/operations.md#bounded-memory):
/// a stream for a pager (slot by slot) and for scroll elements (one by one), the whole tracks
/// for a header (a handful). Everything a stylesheet refuses is refused from the plan, before
/// the first byte; its scenes are laid out from it a unit at a time (`SceneSource`).
struct TrackPlan: Sendable {
    enum Tracks: Sendable {
        case paging(PagingKeyframeStream)
        case scroll(ScrollKeyframeStream)
        case whole(Keyframes)
    }

    let model: KeyframesModel
    let tracks: Tracks
    /// At least the animated boxes (`animatedBoxes`), known without laying out a track: a
    /// slot holds its page and at most one box per layer, an element one box.
    let bound: Int
    /// The waapi answer's `linearize` (docs/model.md#linearize): each unit's tracks become chords
    /// as the scene lays it out, so its animations' keyframes are all linear.
    var linearize: LinearizeBounds?

    init(_ tracks: Tracks, bound: Int) {
        self.tracks = tracks
        switch tracks {
        case .paging: model = .paging
        case .scroll: model = .scroll
        case .whole(let k): model = k.model
        }
        self.bound = bound
    }

    var axis: Axis {
        switch tracks {
        case .paging(let s): s.axis
        case .scroll(let s): s.axis
        case .whole(let k): k.axis
        }
    }

    var domain: KeyframeDomain {
        switch tracks {
        case .paging(let s): s.domain
        case .scroll(let s): s.domain
        case .whole(let k): k.domain
        }
    }

    /// The answer's header (model, axis, domain, `linearized`) without its tracks.
    var header: Keyframes {
        var k = Keyframes(model: model, axis: axis, domain: domain, tracks: [])
        k.linearized = linearize
        return k
    }

    /// `tracks` as the scene takes them: linearized when asked (a track past `Track.maxHalvings`
    /// keeps its pieces, its `maxError` saying so; the answer's size was judged from
    /// `estimatedLinearKnots` before the first byte).
    static func taken(_ tracks: [Track], _ bounds: LinearizeBounds?) -> [Track] {
        guard let bounds else { return tracks }
        return tracks.map { $0.linearized(bounds, budget: .max) ?? $0 }
    }

    /// About how many knots the linearized tracks hold (`Track.estimatedLinearKnots`), unit by
    /// unit; a pager's tracks are linear (docs/model.md#paging), so they add none.
    func estimatedLinearKnots(_ bounds: LinearizeBounds) -> Double {
        var n = 0.0
        switch tracks {
        case .paging: break
        case .scroll(let s): for i in 0..<s.count { for t in s.tracks(element: i) { n += t.estimatedLinearKnots(bounds) } }
        case .whole(let k): for t in k.tracks { n += t.estimatedLinearKnots(bounds) }
        }
        return n
    }

    /// The boxes whose numbers vary (one per track target), exactly when more than `limit` might
    /// be: under the bound the count needs no track, past it every unit is laid out once to count
    /// it (and let go), so a stylesheet is refused exactly when its whole tracks would be.
    func animatedBoxes(within limit: Int) -> Int {
        if bound <= limit { return min(bound, limit) }
        var boxes = 0
        var last: TrackTarget?
        func count(_ tracks: [Track]) {
            for t in tracks where t.target != last {
                boxes += 1
                last = t.target
            }
        }
        switch tracks {
        case .paging(let s): if let slots = s.slots { for k in slots { count(s.tracks(slot: k)) } }
        case .scroll(let s): for i in 0..<s.count { count(s.tracks(element: i)) }
        case .whole(let k): count(k.tracks)
        }
        return boxes
    }
}

extension PagingInput {
    func trackPlan(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits) throws(ValidationError) -> TrackPlan {
        let stream = try keyframeStream(domain: domain, properties: properties, limits: limits)
        return TrackPlan(.paging(stream), bound: (stream.slots?.count ?? 0) * (1 + stream.layerCount))
    }

    func scene(_ plan: TrackPlan, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> SceneSource {
        guard case .paging(let s) = plan.tracks else { return SceneSource(whole: KeyframesScene.pagingHead(self, axis: plan.axis, domain: plan.domain, requested: requested)) }
        return .paging(self, s, requested: requested, fluid: fluid, linearize: plan.linearize)
    }
}

extension ScrollInput {
    func trackPlan(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits) throws(ValidationError) -> TrackPlan {
        let stream = try keyframeStream(domain: domain, properties: properties, limits: limits)
        return TrackPlan(.scroll(stream), bound: stream.count)
    }

    func scene(_ plan: TrackPlan, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> SceneSource {
        guard case .scroll(let s) = plan.tracks else { return SceneSource(whole: KeyframesScene.scrollHead(self, axis: plan.axis, domain: plan.domain, requested: requested)) }
        return .scroll(self, s, requested: requested, linearize: plan.linearize)
    }
}

extension HeaderInput {
    func trackPlan(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits) throws(ValidationError) -> TrackPlan {
        let k = try keyframes(domain: domain, properties: properties, limits: limits)
        let plan = TrackPlan(.whole(k), bound: .max)
        return TrackPlan(.whole(k), bound: plan.animatedBoxes(within: 0))
    }

    func scene(_ plan: TrackPlan, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> SceneSource {
        guard case .whole(var k) = plan.tracks else { return SceneSource(whole: .header(self, plan.header, requested: requested, limits: limits, fluid: fluid)) }
        k.tracks = TrackPlan.taken(k.tracks, plan.linearize)
        return SceneSource(whole: .header(self, k, requested: requested, limits: limits, fluid: fluid))
    }
}
