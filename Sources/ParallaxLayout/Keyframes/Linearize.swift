// Linearized tracks (docs/model.md#linearize): every eased segment becomes linear knots, for
// players that cannot play a cubic segment (or play it coarsely), with a proven bound on the
// distance from the exact track.
//
// The bound. An eased segment from (o0, v0) to (o3, v3) is the cubic Bézier curve with control
// points P0 = (o0, v0), P1 = (o0 + Δo·x1, v0 + Δv·y1), P2 = (o0 + Δo·x2, v0 + Δv·y2), P3 = (o3, v3);
// its piece between the parameters ta and tb is again a cubic Bézier, whose control points
// Q0…Q3 are the blossoms (SubBezier.swift). The piece is replaced by its chord ℓ from Q0 to Q3.
// The error at an offset o is g(C) = C.v − ℓ(C.o) for the curve's point C there (x(t) is
// monotone, so the piece covers exactly [Q0.o, Q3.o] and C is on it). g is affine in the point,
// and the curve lies in the convex hull of Q0…Q3, so |g(C)| ≤ max |g(Qi)| = max(|g(Q1)|, |g(Q2)|)
// (g(Q0) = g(Q3) = 0). Halving a piece until that number is within the bound of the property's
// kind makes every piece's chord that close to the exact curve; the largest such number over a
// track is its `maxError`. Halving shrinks it about fourfold (the control polygon converges
// quadratically), so a segment needs about √(B/tol) pieces, B its whole curve's number.

/// The bounds asked for, by property kind (JSON `linearize {length, ratio, angle}`).
public struct LinearizeBounds: Sendable, Hashable {
    public var length: Double
    public var ratio: Double
    public var angle: Double
    /// Half the checks' tolerances (0.5 px, 0.002, 0.01°): 0.25 pt, 0.001, 0.005°.
    public static let defaults = LinearizeBounds(length: 0.25, ratio: 0.001, angle: 0.005)

    public init(length: Double, ratio: Double, angle: Double) {
        self.length = length
        self.ratio = ratio
        self.angle = angle
    }

    public func bound(_ kind: PropertyKind) -> Double {
        switch kind {
        case .length: length
        case .ratio: ratio
        case .angle: angle
        }
    }
}

/// The control points of one piece [ta, tb] of an eased segment, in (offset, value).
struct LinearPiece {
    var o: (Double, Double, Double, Double)
    var v: (Double, Double, Double, Double)

    init(_ a: Knot, _ b: Knot, _ c: (Double, Double, Double, Double), _ ta: Double, _ tb: Double) {
        let dO = b.offset - a.offset, dV = b.value - a.value
        let px = (a.offset, a.offset + dO * c.0, a.offset + dO * c.2, b.offset)
        let py = (a.value, a.value + dV * c.1, a.value + dV * c.3, b.value)
        func points(_ p: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            (BezierPiece.blossom(p, ta, ta, ta), BezierPiece.blossom(p, ta, ta, tb),
             BezierPiece.blossom(p, ta, tb, tb), BezierPiece.blossom(p, tb, tb, tb))
        }
        o = points(px)
        v = points(py)
    }

    /// max(|g(Q1)|, |g(Q2)|): the chord's proven distance from the piece (the file's comment).
    var bound: Double {
        let width = o.3 - o.0
        guard width > 0 else { return max(abs(v.1 - v.0), abs(v.2 - v.0), abs(v.3 - v.0)) }
        func g(_ oi: Double, _ vi: Double) -> Double { abs(vi - (v.0 + (v.3 - v.0) * (oi - o.0) / width)) }
        return max(g(o.1, v.1), g(o.2, v.2))
    }
}

extension Track {
    /// Halvings past which a piece is kept whatever its bound: 2⁻⁴⁰ of a segment is below the
    /// rounding of its offsets; `maxError` then states what was achieved.
    static let maxHalvings = 40

    /// About how many knots the linearized track has: √(B/tol) per eased segment (the file's
    /// comment), plus its knots; counted before any halving, for the answer-limit check.
    public func estimatedLinearKnots(_ bounds: LinearizeBounds) -> Double {
        let tol = bounds.bound(PropertyKind(property: property))
        var n = Double(knots.count)
        for (j, e) in easings.enumerated() {
            guard case let .cubicBezier(x1, y1, x2, y2) = e else { continue }
            let b = LinearPiece(knots[j], knots[j + 1], (x1, y1, x2, y2), 0, 1).bound
            n += (b / tol).squareRoot().rounded(.up)
        }
        return n
    }

    /// The track with every eased segment replaced by chords within the bound of its kind, and
    /// `maxError` set to the largest proven bound of its pieces (0 when it was already linear).
    /// Nil when it would take more than `budget` knots.
    public func linearized(_ bounds: LinearizeBounds, budget: Int) -> Track? {
        let tol = bounds.bound(PropertyKind(property: property))
        var out = self
        out.knots = [knots[0]]
        out.easings = []
        var achieved = 0.0
        for (j, e) in easings.enumerated() {
            let a = knots[j], b = knots[j + 1]
            if case let .cubicBezier(x1, y1, x2, y2) = e, b.offset > a.offset, b.value != a.value {
                let c = (x1, y1, x2, y2)
                // Depth-first over [ta, tb], left to right, so the knots come out in order.
                var stack: [(Double, Double, Int)] = [(0, 1, 0)]
                while let (ta, tb, depth) = stack.popLast() {
                    let piece = LinearPiece(a, b, c, ta, tb)
                    let bound = piece.bound
                    if bound > tol, depth < Self.maxHalvings {
                        let tm = (ta + tb) / 2
                        stack.append((tm, tb, depth + 1))
                        stack.append((ta, tm, depth + 1))
                        continue
                    }
                    achieved = max(achieved, bound)
                    let end = tb == 1 ? b : Knot(offset: piece.o.3, value: piece.v.3)
                    guard let last = out.knots.last, end.offset > last.offset || tb == 1 else { continue }
                    out.knots.append(end)
                    out.easings.append(.linear)
                    if out.knots.count > budget { return nil }
                }
            } else {
                out.knots.append(b)
                out.easings.append(.linear)
            }
        }
        out.maxError = achieved
        return out
    }
}

extension Keyframes {
    /// Every track linearized (`linearized` set to the bounds); nil past `budget` knots in all.
    public func linearized(_ bounds: LinearizeBounds, budget: Int) -> Keyframes? {
        var out = self
        out.linearized = bounds
        var left = budget
        for i in out.tracks.indices {
            guard let t = out.tracks[i].linearized(bounds, budget: left) else { return nil }
            left -= t.knots.count
            out.tracks[i] = t
        }
        return out
    }
}
