// Collects value problems as (JSON pointer, message) pairs; every check records its own problem and
// returns whether the value passed, so callers can skip checks that depend on a bad value.
// Messages are short imperatives that say what to fix (docs/architecture.md#traits-the-code-keeps, trait 6), and each states the whole
// rule of its field, not only the part the value broke: a width of 1e16 is told "must be between
// 1e-6 and 1e15", a width of 0 the same (docs/api.md#errors, docs/api.md#limits).

/// The values a number may take: an interval whose ends may be open, named after the field they come
/// from (`domain.from`), with a note on where a bound comes from. Its `phrase` is the message.
struct Bounds {
    var lo: Double
    var hi: Double
    var loOpen = false
    var hiOpen = false
    /// The field the lower end is (e.g. `"domain.from"`); the phrase shows its value `lo`.
    var loName: String?
    var hiName: String?
    /// False when the field `loName` is itself invalid: the phrase then names it without a value
    /// and `lo` is only the fallback the check uses (that field's own bound).
    var loKnown = true
    var hiKnown = true
    /// Why a bound is what it is, e.g. "2^52 strides of 0 when infinite".
    var note: String?

    func contains(_ v: Double) -> Bool {
        v.isFinite && (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi)
    }

    /// "between 1e-6 and 1e15", "> 0 and at most 1e15", "> 0 and < 1",
    /// "> domain.from (0) and at most 1e15", "between 0 and header.height (150)".
    func phrase(_ fmt: (Double) -> String) -> String {
        func end(_ v: Double, _ name: String?, known: Bool) -> String {
            guard let name else { return fmt(v) }
            return known ? "\(name) (\(fmt(v)))" : name
        }
        let l = end(lo, loName, known: loKnown), h = end(hi, hiName, known: hiKnown)
        let text: String
        switch (loOpen, hiOpen) {
        case (false, false): text = "between \(l) and \(h)"
        case (true, false): text = "> \(l) and at most \(h)"
        case (false, true): text = "at least \(l) and < \(h)"
        case (true, true): text = "> \(l) and < \(h)"
        }
        return note.map { text + " (\($0))" } ?? text
    }
}

struct Checker {
    let limits: LayoutLimits
    var issues: [ValidationIssue] = []

    init(limits: LayoutLimits) { self.limits = limits }

    /// Pointers are taken as autoclosures by the checks below and built only when a check fails:
    /// a valid request (the common case) formats no pointer string (callgrind: they cost ~750
    /// instructions per paging request and one concatenation per field per scroll element).
    mutating func add(_ pointer: String, _ message: String) {
        issues.append(ValidationIssue(pointer: pointer, message: message))
    }

    /// [−maxMagnitude, maxMagnitude]: every offset, position, travel, velocity and effect value.
    var coordinates: Bounds { Bounds(lo: -limits.maxMagnitude, hi: limits.maxMagnitude) }

    /// `v` within `bounds`, else the whole rule as the message ("must be between -1e15 and 1e15").
    @discardableResult
    mutating func within(_ v: Double, _ bounds: Bounds, _ pointer: @autoclosure () -> String) -> Bool {
        if bounds.contains(v) { return true }
        add(pointer(), "must be " + bounds.phrase(fmt))
        return false
    }

    /// Finite and |v| ≤ maxMagnitude: offsets, positions, travel, velocity, effect values.
    @discardableResult
    mutating func number(_ v: Double, _ pointer: @autoclosure () -> String) -> Bool {
        within(v, coordinates, pointer())
    }

    /// A size: minSize ≤ v ≤ maxMagnitude (so > 0, and divisions by it stay finite).
    @discardableResult
    mutating func size(_ v: Double, _ pointer: @autoclosure () -> String) -> Bool {
        within(v, Bounds(lo: limits.minSize, hi: limits.maxMagnitude), pointer())
    }

    @discardableResult
    mutating func size(_ s: Size, _ pointer: @autoclosure () -> String) -> Bool {
        let w = size(s.width, SizeField.width.pointer(in: pointer()))
        let h = size(s.height, SizeField.height.pointer(in: pointer()))
        return w && h
    }

    /// 0 ≤ v ≤ maxMagnitude.
    @discardableResult
    mutating func nonNegative(_ v: Double, _ pointer: @autoclosure () -> String) -> Bool {
        within(v, Bounds(lo: 0, hi: limits.maxMagnitude), pointer())
    }

    /// 0 < v ≤ maxMagnitude.
    @discardableResult
    mutating func positive(_ v: Double, _ pointer: @autoclosure () -> String) -> Bool {
        within(v, Bounds(lo: 0, hi: limits.maxMagnitude, loOpen: true), pointer())
    }

    /// In [0, 1].
    @discardableResult
    mutating func unit(_ v: Double, _ pointer: @autoclosure () -> String) -> Bool {
        within(v, Bounds(lo: 0, hi: 1), pointer())
    }

    /// An integer-valued number within `bounds` (closed; exact in a double): "must be an integer
    /// between 1 and 1000000" whichever part it broke.
    @discardableResult
    mutating func integer(_ v: Double, _ bounds: Bounds, _ pointer: @autoclosure () -> String) -> Bool {
        if isIntegral(v), bounds.contains(v) { return true }
        add(pointer(), "must be an integer " + bounds.phrase(fmt))
        return false
    }

    @discardableResult
    mutating func integer(_ v: Double, _ pointer: @autoclosure () -> String, _ lo: Double, _ hi: Double) -> Bool {
        integer(v, Bounds(lo: lo, hi: hi), pointer())
    }

    /// `offsets` (docs/model.md#timelines): 1…maxOffsets numbers, each within `bounds`.
    mutating func offsets(_ list: [Double], _ pointer: @autoclosure () -> String, _ bounds: Bounds? = nil) -> Bool {
        guard !list.isEmpty, list.count <= limits.maxOffsets else {
            add(pointer(), "must hold 1 to \(limits.maxOffsets) offsets")
            return false
        }
        let b = bounds ?? coordinates
        var ok = true
        for (i, o) in list.enumerated() where !within(o, b, pointer() + "/" + String(i)) { ok = false }
        return ok
    }

    /// `motionScale` in [0, 1] and `pixelScale` in (0, maxMagnitude] (docs/model.md#determinism-and-motion).
    mutating func motionAndPixels<Field: RequestFields>(_: Field.Type, motionScale: Double?, pixelScale: Double?) {
        if let m = motionScale { unit(m, Field.motionScale.pointer()) }
        if let s = pixelScale { positive(s, Field.pixelScale.pointer()) }
    }

    /// A number for a message: integers below 1e9 in digits ("1000000"); round large ones and
    /// every other number in the shortest form with a plain exponent ("1e15", "1.8e15", "1e-6").
    func fmt(_ v: Double) -> String {
        if isIntegral(v), abs(v) < 1e16 {
            let digits = String(Int64(abs(v)))
            let significant = digits.reversed().drop(while: { $0 == "0" }).count
            let sign = v < 0 ? "-" : ""
            guard abs(v) >= 1e9, significant <= 3 else { return sign + digits }
            let mantissa = Array(digits.prefix(significant))
            let fraction = mantissa.count > 1 ? "." + String(mantissa[1...]) : ""
            return "\(sign)\(mantissa[0])\(fraction)e\(digits.count - 1)"
        }
        let text = String(v)  // "1e-06", "1e+16", "0.5", "4503599627.370496"
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        return "\(text[..<e])e\(exponent)"
    }
}
