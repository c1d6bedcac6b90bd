// Checks a keyframes answer against the single-offset engines (docs/model.md#keyframes "Exact" and "Minimal").
import TestSupport
import Testing
@testable import ParallaxLayout

/// The single-offset numbers of every target at one offset: target → property → value.
typealias Numbers = [TrackTarget: [String: Double]]

func addFrame(_ into: inout [String: Double], _ prefix: String, _ f: Frame) {
    into[prefix + ".x"] = f.x
    into[prefix + ".y"] = f.y
    into[prefix + ".width"] = f.width
    into[prefix + ".height"] = f.height
}

/// Paging: every page (and layer) the engine lays out at o for the given slots.
func pagingNumbers(_ engine: PagingEngine, slots: ClosedRange<Int>?, at o: Double) -> Numbers {
    var out: Numbers = [:]
    guard let slots else { return out }
    for k in slots {
        let page = engine.page(slot: k, offset: o)
        var p: [String: Double] = ["progress": page.progress, "visibleFraction": page.visibleFraction]
        addFrame(&p, "viewportFrame", page.viewportFrame)
        out[.page(slot: k)] = p
        for l in page.layers {
            var n: [String: Double] = [:]
            addFrame(&n, "frame", l.frame)
            addFrame(&n, "viewportFrame", l.viewportFrame)
            if let v = l.opacity { n["opacity"] = v }
            if let v = l.scale { n["scale"] = v }
            if let f = l.contentFrame { addFrame(&n, "contentFrame", f) }
            out[.layer(slot: k, name: l.name)] = n
        }
    }
    return out
}

func headerNumbers(_ engine: HeaderEngine, at y: Double) -> Numbers {
    let l = engine.layout(offset: y)
    var n: [String: Double] = ["contentTop": l.contentTop, "progress": l.progress]
    addFrame(&n, "header", l.header)
    addFrame(&n, "image", l.image)
    if let f = l.contentFrame { addFrame(&n, "contentFrame", f) }
    return [.header: n]
}

func scrollNumbers(_ engine: ScrollEngine, at s: Double) -> Numbers {
    var out: Numbers = [:]
    for e in engine.layout(offset: s).elements {
        out[.element(name: e.name)] = [
            "progress": e.progress, "progressClamped": e.progressClamped, "translate.x": e.translate.x,
            "translate.y": e.translate.y, "scale": e.scale, "opacity": e.opacity, "rotate": e.rotate,
        ]
        if let sx = e.scaleX, let sy = e.scaleY {
            out[.element(name: e.name)]?["scaleX"] = sx
            out[.element(name: e.name)]?["scaleY"] = sy
        }
    }
    return out
}

/// Every docs/model.md#keyframes property of a keyframes answer, as a list of failures (empty when all hold):
/// shape (knots ordered, first at from, last at to, one easing per segment, CSS-valid beziers);
/// exactness at the knots, just beside them (±1e-7 of the domain) and at `samples` random offsets,
/// within 1e-9 · max(1, max |v| of the track); every property that varies has a track; no knot
/// lies on the line through its neighbours' linear segments; no constant track.
func keyframeFailures(_ kf: Keyframes, samples: Int, _ r: inout SplitMix64,
                      numbers: (Double) -> Numbers) -> [String] {
    var failures: [String] = []
    let d = kf.domain
    let width = d.to - d.from
    for t in kf.tracks {
        let name = "\(t.target) \(t.property)"
        guard t.knots.first?.offset == d.from, t.knots.last?.offset == d.to else {
            failures.append("\(name): knots must run from \(d.from) to \(d.to): \(t.knots)")
            continue
        }
        if t.easings.count != t.knots.count - 1 { failures.append("\(name): easings count") }
        for j in 1..<t.knots.count where t.knots[j].offset < t.knots[j - 1].offset {
            failures.append("\(name): knots out of order")
        }
        for e in t.easings {
            if case let .cubicBezier(x1, y1, x2, y2) = e,
               !(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 && y1.isFinite && y2.isFinite) {
                failures.append("\(name): invalid CSS bezier \(e)")
            }
        }
        // Minimal: no knot on the straight line through its neighbours (both segments linear).
        let scale = t.knots.reduce(1.0) { max($0, abs($1.value)) }
        if t.knots.count > 2 {
            for j in 1..<(t.knots.count - 1) where t.easings[j - 1] == .linear && t.easings[j] == .linear {
                let a = t.knots[j - 1], k = t.knots[j], b = t.knots[j + 1]
                guard b.offset > a.offset else { continue }
                let line = a.value + (b.value - a.value) * (k.offset - a.offset) / (b.offset - a.offset)
                if abs(line - k.value) <= 0.5e-10 * scale { failures.append("\(name): redundant knot \(j) in \(t.knots)") }
            }
        }
        if t.knots.allSatisfy({ $0.value == t.knots[0].value }) { failures.append("\(name): constant track") }
    }
    // Exactness.
    var offsets: [Double] = []
    for t in kf.tracks {
        for k in t.knots {
            offsets.append(k.offset)
            offsets.append(max(d.from, k.offset - 1e-7 * width))
            offsets.append(min(d.to, k.offset + 1e-7 * width))
        }
    }
    for _ in 0..<samples { offsets.append(r.double(d.from, d.to)) }
    let byKey = Dictionary(kf.tracks.map { (TrackKey($0.target, $0.property), $0) }, uniquingKeysWith: { a, _ in a })
    var seen: [TrackKey: (Double, Double)] = [:]  // min, max over the offsets
    var checked = Set<Double>()
    for o in offsets where checked.insert(o).inserted {
        for (target, values) in numbers(o) {
            for (property, v) in values {
                let key = TrackKey(target, property)
                let range = seen[key] ?? (v, v)
                seen[key] = (min(range.0, v), max(range.1, v))
                guard let t = byKey[key] else { continue }
                let scale = t.knots.reduce(1.0) { max($0, abs($1.value)) }
                let got = t.value(at: o)
                if !(abs(got - v) <= 1e-9 * scale) {
                    failures.append("\(key) at \(o): track \(got) vs single \(v) (knots \(t.knots), easings \(t.easings))")
                }
            }
        }
    }
    // Continuation: a track that says `before`/`after: linear` equals the single-offset answer
    // there too, near the domain and a million px away.
    for t in kf.tracks where t.before == .linear || t.after == .linear {
        let key = TrackKey(t.target, t.property)
        var outside: [Double] = []
        if t.after == .linear { outside += [d.to + 1e6, d.to + 1e-7 * width] + (0..<8).map { _ in d.to + r.double(0, 5) * max(width, 100) } }
        if t.before == .linear { outside += [d.from - 1e6, d.from - 1e-7 * width] + (0..<8).map { _ in d.from - r.double(0, 5) * max(width, 100) } }
        for o in outside {
            guard let v = numbers(o)[t.target]?[t.property] else { continue }
            let got = t.value(at: o)
            if !(abs(got - v) <= 1e-9 * max(t.scaleForTests, abs(v))) {
                failures.append("\(key) continued to \(o): track \(got) vs single \(v) (knots \(t.knots))")
            }
        }
    }
    // Completeness: a number that varied over the checked offsets needs a track.
    for (key, range) in seen where byKey[key] == nil {
        if range.1 - range.0 > 1e-9 * max(1, abs(range.0), abs(range.1)) {
            failures.append("\(key) varies from \(range.0) to \(range.1) but has no track")
        }
    }
    return failures
}

struct TrackKey: Hashable, CustomStringConvertible {
    let target: TrackTarget
    let property: String
    init(_ target: TrackTarget, _ property: String) {
        self.target = target
        self.property = property
    }
    var description: String { "\(target) \(property)" }
}

extension Track {
    var scaleForTests: Double { knots.reduce(1.0) { max($0, abs($1.value)) } }
}

/// `count` scroll requests drawn by `draw` from `seed`, each with a random domain half of the time:
/// every track equals the single-offset answers (`keyframeFailures`, `samples` random offsets).
/// Only a default domain [0, ≤ 0] may be refused (every element above the page top).
func expectScrollTracksMatch(seed: UInt64, count: Int, samples: Int, draw: (inout SplitMix64) -> ScrollInput) throws {
    var r = SplitMix64(seed: seed)
    for _ in 0..<count {
        let input = draw(&r)
        var domain: KeyframeDomain?
        if r.bool() {
            let a = r.double(-500, 3500)
            domain = KeyframeDomain(from: a, to: a + r.double(1, 2500))
        }
        guard let kf = try? input.keyframes(domain: domain, properties: nil) else {
            #expect(domain == nil && input.resolvedKeyframeDomain(nil).to <= 0)
            continue
        }
        let engine = try ScrollEngine(input)
        let failures = keyframeFailures(kf, samples: samples, &r) { scrollNumbers(engine, at: $0) }
        #expect(failures.isEmpty, "\(input) \(String(describing: domain)): \(failures.prefix(3))")
        if !failures.isEmpty { return }
    }
}
