import ParallaxLayout

/// A set of names the API reads from JSON, declared once as an enum whose raw values are the
/// names: the fields of one kind of object (its schema's `properties` in openapi.yaml, e.g.
/// `PagingField`) or the keywords of one string field (`Axis`). The table that matches a key or a
/// string against the names is built from the enum's cases, and a reader switches over the case
/// it gets, so the compiler checks that every name has its reading (docs/architecture.md#reading-a-request).
protocol JSONNames: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// `NameTable(required: […])` for an object's fields, `NameTable()` for keywords.
    static var names: NameTable<Self> { get }
}

/// The names of one `JSONNames` enum as a table of each name's length and first 16 bytes: a key
/// is matched by comparing words, and a name's position (its case's place in `allCases`) is its
/// bit in `InputReader.object`'s masks. Built once per enum (`NameTables.build`).
///
/// A key finds its one candidate entry by a multiplicative hash of its words into 256 slots, the
/// multiplier chosen when the table is built so that no two of its names share a slot; the entry's
/// words then confirm it. (A scan of the entries cost ≈ 17 instructions a key per name before it.)
/// A class, not a struct: a reader holds the table while it reads an object (`InputReader.object`),
/// and a struct's copy retained and released each of its four arrays (≈ 150 instructions a paging
/// request, bench/callgrind).
final class NameTable<Name: JSONNames>: Sendable {
    private let cases: [Name]
    private let entries: [(length: Int, word0: UInt64, word1: UInt64)]
    /// Slot → entry index, −1 for none.
    private let slots: [Int8]
    private let multiplier: UInt64
    /// Positions of the required fields, in the order a missing one is reported.
    let required: [Int]
    let requiredMask: UInt64

    /// The table of `Name`'s cases; `required` are the fields an object must have (reported in
    /// this order when missing).
    init(required: [Name] = []) {
        let cases = Array(Name.allCases)
        self.cases = cases
        // The words of each name, read in one pass over its UTF-8 (built once: `NameTables.build`).
        var entries: [(length: Int, word0: UInt64, word1: UInt64)] = []
        entries.reserveCapacity(cases.count)
        for name in cases {
            var words: (UInt64, UInt64) = (0, 0)
            var n = 0
            for byte in name.rawValue.utf8 {
                if n < 8 { words.0 |= UInt64(byte) << UInt64(8 * n) } else if n < 16 { words.1 |= UInt64(byte) << UInt64(8 * (n - 8)) }
                n += 1
            }
            entries.append((n, words.0, words.1))
        }
        precondition(cases.count <= 64 && entries.allSatisfy { $0.length <= 16 },
                     "a name table holds at most 64 names of at most 16 bytes")
        self.entries = entries
        let positions = required.compactMap { cases.firstIndex(of: $0) }
        self.required = positions
        requiredMask = positions.reduce(0) { $0 | 1 << UInt64($1) }
        // Odd multipliers from a fixed sequence until every name has a slot of its own (a few
        // tries for the API's tables, once per table).
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        var table = [Int8](repeating: -1, count: 256)
        while true {
            let m = candidate | 1
            var clash = false
            for (i, e) in entries.enumerated() {
                let s = NameTable.slot(length: e.0, e.1, e.2, m)
                if table[s] >= 0 { clash = true; break }
                table[s] = Int8(i)
            }
            if !clash { slots = table; multiplier = m; break }
            for i in table.indices { table[i] = -1 }
            candidate = candidate &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        }
    }

    @inline(__always) private static func slot(length: Int, _ word0: UInt64, _ word1: UInt64, _ m: UInt64) -> Int {
        Int(truncatingIfNeeded: ((word0 ^ (word1 &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: length)) &* m) >> 56)
    }

    /// The position of the name `key` spells, or nil.
    @inline(__always) func index(of key: JSONKey) -> Int? {
        guard key.length <= 16 else { return nil }
        let i = Int(slots[Self.slot(length: key.length, key.word0, key.word1, multiplier)])
        guard i >= 0 else { return nil }
        let e = entries[i]
        return e.length == key.length && e.word0 == key.word0 && e.word1 == key.word1 ? i : nil
    }

    /// The case at position `i` (from `index(of:)`).
    @inline(__always) func name(at i: Int) -> Name { cases[i] }

    /// The case whose name `key` spells, or nil.
    @inline(__always) subscript(key: JSONKey) -> Name? {
        guard let i = index(of: key) else { return nil }
        return cases[i]
    }
}

/// Every `JSONNames` table, built when the app is made (`ParallaxApp.init`) instead of by the
/// first request that reads one of its names. Building a table instantiates its types' runtime
/// metadata (from mangled names) and searches its multiplier: ≈ 5 000–85 000 instructions a table,
/// once, which delayed a first answer and counted ≈ 400 instructions a request in workload 1 of
/// bench/callgrind at K = 500. A table left out here is still built at first use.
enum NameTables {
    static func build() {
        // The fields of request bodies' objects.
        _ = PagingField.names; _ = PageSizeField.names; _ = LayerField.names; _ = MinEffectField.names
        _ = SizeField.names; _ = FrameField.names; _ = RangeField.names
        _ = HeaderRequestField.names; _ = HeaderField.names
        _ = ScrollField.names; _ = ElementField.names; _ = EasingField.names
        _ = EffectField.names; _ = EffectRangeField.names; _ = Effect.Property.names
        _ = KeyframesField.names; _ = PictureField.names; _ = KeyframesFormat.names; _ = SnapStop.names
        // Keywords.
        _ = Axis.names; _ = Direction.names; _ = ContentMode.names; _ = PagingInput.Include.names
        _ = PagingInput.Fit.names; _ = PagingInput.Align.names; _ = HeaderInput.Mode.names
        _ = ResponseFormat.names
    }
}
