// Small numeric helpers shared by the models. Stdlib only (no Foundation): `rounded(.down)` is
// IEEE floor and `truncatingRemainder` is IEEE fmod, both exact, so results match on every platform.

/// clamp(v, lo, hi) with lo ≤ hi.
@inline(__always)
func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
    v < lo ? lo : (v > hi ? hi : v)
}

/// Mathematical modulo (result in [0, n) up to rounding), also for negative a: SPEC §1 infinite
/// mode ("page k mod N, also for negative k"). Same reading as the reference peer.
@inline(__always)
func floorMod(_ a: Double, _ n: Double) -> Double {
    let r = a.truncatingRemainder(dividingBy: n)
    return r < 0 ? r + n : r
}

/// Normalises −0 to +0 (SPEC §4: "`-0` as `0`"): IEEE −0 + 0 is +0, every other value is unchanged.
@inline(__always)
func nz(_ v: Double) -> Double { v + 0 }

extension Frame {
    /// A frame from its extent along the axis (`a`, `length`) and across it (`c`, `cross`): SPEC
    /// conventions, "everything said for x/width holds for y/height on the vertical axis".
    @inline(__always)
    static func along(_ axis: Axis, _ a: Double, _ length: Double, cross c: Double = 0, _ cross: Double) -> Frame {
        switch axis {
        case .horizontal: Frame(x: nz(a), y: nz(c), width: nz(length), height: nz(cross))
        case .vertical: Frame(x: nz(c), y: nz(a), width: nz(cross), height: nz(length))
        }
    }
}
