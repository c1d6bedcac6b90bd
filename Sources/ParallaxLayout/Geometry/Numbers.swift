// Small numeric helpers shared by the models. Stdlib only (no Foundation, no libm): the stdlib's
// `rounded(_:)` lowers to libm's floor/ceil on x86-64 without SSE4.1, which a target importing no C
// module does not link, so floor and ceil are written here from exact integer conversion.
// The remainder is written the same way; all three are exact, so results match on every platform.

/// 2^52: every double at least this large in magnitude is an integer.
let twoPow52 = 4_503_599_627_370_496.0

/// IEEE floor(x), exact, for every double (non-finite values are returned unchanged).
@inline(__always)
func floorD(_ x: Double) -> Double {
    guard x.isFinite, abs(x) < twoPow52 else { return x }
    let t = Double(Int64(x))  // truncation toward zero, exact below 2^52
    return t > x ? t - 1 : t
}

/// IEEE ceil(x), exact.
@inline(__always)
func ceilD(_ x: Double) -> Double { -floorD(-x) }

/// Int(x) for an integer-valued x, total: NaN gives 0 and magnitudes are clamped to ±2^62, so a
/// value that validation would have refused (e.g. an engine called directly with NaN) never traps.
@inline(__always)
func toInt(_ x: Double) -> Int {
    guard x == x else { return 0 }
    return Int(clamp(x, -4_611_686_018_427_387_904, 4_611_686_018_427_387_904))
}

/// True when x is a finite integer value.
@inline(__always)
func isIntegral(_ x: Double) -> Bool { x.isFinite && floorD(x) == x }

/// clamp(v, lo, hi) with lo ≤ hi.
@inline(__always)
func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
    v < lo ? lo : (v > hi ? hi : v)
}

/// Mathematical modulo (result in [0, n) up to rounding), also for negative a: docs/model.md#paging infinite
/// mode ("page k mod N, also for negative k"). Same reading as the reference peer.
@inline(__always)
func floorMod(_ a: Double, _ n: Double) -> Double {
    let r = exactRemainder(a, n)
    return r < 0 ? r + n : r
}

/// IEEE fmod(a, n) for n > 0, exact, without libm (`truncatingRemainder` lowers to libm's fmod in
/// optimised builds). Long division by n·2^k: each subtraction of n·2^k ≤ r < n·2^(k+1) is exact,
/// so the result is the exact remainder, the same bits as C's fmod and JavaScript's %.
/// Non-finite a (or n ≤ 0) gives NaN, as fmod does.
func exactRemainder(_ a: Double, _ n: Double) -> Double {
    guard a.isFinite, n.isFinite, n > 0 else { return .nan }
    var r = abs(a)
    var steps = 0
    while r >= n, steps < 2200 {  // exponents span < 2100, so the bound is never reached
        steps += 1
        var d = Double(sign: .plus, exponent: n.exponent + (r.exponent - n.exponent), significand: n.significand)
        if d > r { d = Double(sign: .plus, exponent: d.exponent - 1, significand: d.significand) }
        r -= d
    }
    return a < 0 ? -r : r
}

/// Normalises −0 to +0 (docs/model.md#determinism-and-motion: "`-0` as `0`"): IEEE −0 + 0 is +0, every other value is unchanged.
@inline(__always)
func nz(_ v: Double) -> Double { v + 0 }

extension Frame {
    /// A frame from its extent along the axis (`a`, `length`) and across it (`c`, `cross`): the
    /// model's convention (docs/model.md), "everything said for x/width holds for y/height on the vertical axis".
    @inline(__always)
    static func along(_ axis: Axis, _ a: Double, _ length: Double, cross c: Double = 0, _ cross: Double) -> Frame {
        switch axis {
        case .horizontal: Frame(x: nz(a), y: nz(c), width: nz(length), height: nz(cross))
        case .vertical: Frame(x: nz(c), y: nz(a), width: nz(cross), height: nz(length))
        }
    }
}
