import ParallaxLayout

// The name tables of the fields declared in ParallaxLayout (FieldNames.swift); `required`
// are the fields an object must have, reported missing in this order.
extension LinearizeField: JSONNames { static let names = NameTable<Self>() }

extension InputReader {
    /// `linearize`: an object of bounds, each a number > 0 (a missing one takes its default), or
    /// `true` for the defaults (GET `linearize=true`), `false` for none.
    mutating func linearizeBounds(_ v: JSONValue) -> LinearizeBounds? {
        if let b = v.bool { return b ? .defaults : nil }
        var bounds = LinearizeBounds.defaults
        let seen = object(v, LinearizeField.self) { r, member, e in
            guard case .field(let field) = member else { return false }
            guard let n = r.number(e) else { return true }
            guard n > 0, n <= 1e15 else {
                r.fail("must be a number > 0 and at most 1e15")
                return true
            }
            switch field {
            case .length: bounds.length = n
            case .ratio: bounds.ratio = n
            case .angle: bounds.angle = n
            }
            return true
        }
        return seen ? bounds : nil
    }
}
