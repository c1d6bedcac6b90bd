// How a track goes on past its domain (JSON `"before"` / `"after"`, docs/model.md#keyframes-on-real-pages).
//
// Every model is eventually constant or linear in the offset: each target has a *horizon*, an
// interval holding every offset where any of its numbers can bend (paging slot k: [kL − L, kL + L]
// and, for a carousel, the offsets where its page edges cross the viewport edges;
// header: the clamp corners and the aspect kink; scroll: the effect range). Outside it each number
// is one linear function of the offset. So:
//
// - a domain end beyond the horizon: the end segment already lies on that line, and extending it
//   is exact (`linear`, unless its slope is 0, where holding is the same thing and nothing is said);
// - a domain end inside the horizon (a user domain that cuts the model short): the target's tracks
//   are computed again over the domain widened past the horizon, and the end is marked `linear`
//   only when the widened track has no knot beyond the end and meets the extended line at the
//   widened end (two linear functions that agree at both ends of an interval with no knot between
//   agree on all of it, and past the horizon nothing bends). Otherwise nothing is said: the track
//   holds its end value, as before, and is exact only inside its domain.

/// Marks `before`/`after` on the tracks of one target. `horizon` holds every offset where one of
/// the target's numbers can bend; `build` lays out the same target's tracks over a wider domain
/// (without continuations).
func markContinuations(_ tracks: inout [Track], domain: KeyframeDomain, horizon: KeyframeDomain,
                       build: (KeyframeDomain) -> [Track]) {
    guard !tracks.isEmpty else { return }
    let margin = max(1, horizon.to - horizon.from)
    let beforeClear = domain.from < horizon.from
    let afterClear = domain.to > horizon.to
    var wide: [String: Track]?
    if !beforeClear || !afterClear {
        let d = KeyframeDomain(from: min(domain.from, horizon.from - margin), to: max(domain.to, horizon.to + margin))
        var byName: [String: Track] = [:]
        for t in build(d) where byName[t.property] == nil { byName[t.property] = t }
        wide = byName
    }
    for i in tracks.indices {
        let t = tracks[i]
        if let s = t.endSlope(last: false), s != 0, let first = t.knots.first {
            if beforeClear || wide?[t.property].map({ extends(t, $0, from: first, slope: s, below: true) }) == true {
                tracks[i].before = .linear
            }
        }
        if let s = t.endSlope(last: true), s != 0, let last = t.knots.last {
            if afterClear || wide?[t.property].map({ extends(t, $0, from: last, slope: s, below: false) }) == true {
                tracks[i].after = .linear
            }
        }
    }
}

/// Whether `wide` (the same number over a wider domain) is the straight extension of `t`'s end
/// segment from knot `end` with slope `s`, all the way to `wide`'s own end.
private func extends(_ t: Track, _ wide: Track, from end: Knot, slope s: Double, below: Bool) -> Bool {
    guard let far = below ? wide.knots.first : wide.knots.last else { return false }
    // No knot strictly between the end and the far end of the widened domain.
    for k in wide.knots where below ? (k.offset > far.offset && k.offset < end.offset)
                                    : (k.offset > end.offset && k.offset < far.offset) {
        return false
    }
    let predicted = end.value + s * (far.offset - end.offset)
    let tolerance = 1e-9 * max(t.scale, wide.scale, abs(predicted))
    return abs(predicted - far.value) <= tolerance
}

/// `tracks` (targets grouped, in order) with each target's continuations marked: `raw` lays out
/// the same tracks over a wider domain, computed at most once (every target shares the horizon,
/// so every group asks for the same domain).
func continued(_ tracks: [Track], domain: KeyframeDomain, horizon: KeyframeDomain,
               raw: (KeyframeDomain) -> [Track]) -> [Track] {
    var out: [Track] = []
    out.reserveCapacity(tracks.count)
    var wideTracks: [Track]?
    var i = 0
    while i < tracks.count {
        var j = i + 1
        while j < tracks.count, tracks[j].target == tracks[i].target { j += 1 }
        var group = Array(tracks[i..<j])
        let target = tracks[i].target
        markContinuations(&group, domain: domain, horizon: horizon) { wide in
            let all = wideTracks ?? raw(wide)
            wideTracks = all
            return all.filter { $0.target == target }
        }
        out += group
        i = j
    }
    return out
}
