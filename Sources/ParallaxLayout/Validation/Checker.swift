// Collects value problems as (JSON pointer, message) pairs; every check records its own problem and
// returns whether the value passed, so callers can skip checks that depend on a bad value.
// Messages are short imperatives that say what to fix (STYLE.md trait 6), as in SPEC §6's example
// `{"pointer": "/viewport/width", "message": "must be > 0"}`.

struct Checker {
    let limits: LayoutLimits
    var issues: [ValidationIssue] = []

    init(limits: LayoutLimits) { self.limits = limits }

    mutating func add(_ pointer: String, _ message: String) {
        issues.append(ValidationIssue(pointer: pointer, message: message))
    }

    /// Finite and |v| ≤ maxMagnitude: offsets, positions, travel, velocity, effect values.
    @discardableResult
    mutating func number(_ v: Double, _ pointer: String) -> Bool {
        guard v.isFinite else {
            add(pointer, "must be a finite number")
            return false
        }
        guard abs(v) <= limits.maxMagnitude else {
            add(pointer, "must be between -\(fmt(limits.maxMagnitude)) and \(fmt(limits.maxMagnitude))")
            return false
        }
        return true
    }

    /// A size: finite, > 0, ≥ minSize, ≤ maxMagnitude.
    @discardableResult
    mutating func size(_ v: Double, _ pointer: String) -> Bool {
        guard number(v, pointer) else { return false }
        guard v > 0 else {
            add(pointer, "must be > 0")
            return false
        }
        guard v >= limits.minSize else {
            add(pointer, "must be >= \(fmt(limits.minSize))")
            return false
        }
        return true
    }

    @discardableResult
    mutating func size(_ s: Size, _ pointer: String) -> Bool {
        let w = size(s.width, pointer + "/width")
        let h = size(s.height, pointer + "/height")
        return w && h
    }

    /// Finite, ≥ 0, ≤ maxMagnitude.
    @discardableResult
    mutating func nonNegative(_ v: Double, _ pointer: String) -> Bool {
        guard number(v, pointer) else { return false }
        guard v >= 0 else {
            add(pointer, "must be >= 0")
            return false
        }
        return true
    }

    /// Finite, > 0, ≤ maxMagnitude.
    @discardableResult
    mutating func positive(_ v: Double, _ pointer: String) -> Bool {
        guard number(v, pointer) else { return false }
        guard v > 0 else {
            add(pointer, "must be > 0")
            return false
        }
        return true
    }

    /// In [0, 1].
    @discardableResult
    mutating func unit(_ v: Double, _ pointer: String) -> Bool {
        guard v.isFinite, v >= 0, v <= 1 else {
            add(pointer, "must be between 0 and 1")
            return false
        }
        return true
    }

    /// An integer-valued number in lo…hi (exact in a double).
    @discardableResult
    mutating func integer(_ v: Double, _ pointer: String, _ lo: Double, _ hi: Double) -> Bool {
        guard isIntegral(v) else {
            add(pointer, "must be an integer")
            return false
        }
        guard v >= lo, v <= hi else {
            add(pointer, "must be between \(fmt(lo)) and \(fmt(hi))")
            return false
        }
        return true
    }

    /// `offsets` (SPEC §5): 1…maxOffsets numbers.
    mutating func offsets(_ list: [Double], _ pointer: String) -> Bool {
        guard !list.isEmpty, list.count <= limits.maxOffsets else {
            add(pointer, "must hold 1 to \(limits.maxOffsets) offsets")
            return false
        }
        var ok = true
        for (i, o) in list.enumerated() where !number(o, pointer + "/\(i)") { ok = false }
        return ok
    }

    /// `motionScale` in [0, 1] and `pixelScale` > 0 (SPEC §4).
    mutating func motionAndPixels(motionScale: Double?, pixelScale: Double?) {
        if let m = motionScale { unit(m, "/motionScale") }
        if let s = pixelScale { positive(s, "/pixelScale") }
    }

    /// Integers print without ".0"; other numbers as Swift prints them.
    func fmt(_ v: Double) -> String {
        if isIntegral(v), abs(v) < 1e16 { return String(Int64(v)) }
        return String(v)
    }
}
