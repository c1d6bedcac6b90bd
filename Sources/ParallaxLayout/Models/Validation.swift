// Validation vocabulary shared by every model (docs/api.md errors and limits; docs/architecture.md#traits-the-code-keeps "errors that say
// what to fix"). The JSON reader reports type errors and unknown fields itself; `validate` here
// checks values, and reports EVERY problem, not only the first.

/// One problem: the JSON pointer (RFC 6901) of the offending field and what to fix, e.g.
/// `("/viewport/width", "must be between 1e-6 and 1e15")`. The pointer `""` names the whole request.
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    public var pointer: String
    public var message: String
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }
    public var description: String { "\(pointer): \(message)" }
}

/// Thrown by the layout entry points when `validate` found problems; maps to a 422 problem.
public struct ValidationError: Error, Sendable, Hashable {
    /// Every problem, in request order (never empty).
    public var issues: [ValidationIssue]
    public init(issues: [ValidationIssue]) { self.issues = issues }
}

/// Limits on one request (docs/api.md), one configuration struct with documented defaults.
public struct LayoutLimits: Sendable, Hashable {
    /// `pageCount` ≤ this (default 10⁶).
    public var maxPageCount: Int
    /// Pages in one answer, summed over all frames of a timeline (default 10⁴).
    public var maxPagesPerResponse: Int
    /// `offsets` entries (default 4096).
    public var maxOffsets: Int
    /// `layers` entries (default 32).
    public var maxLayers: Int
    /// `elements` entries (default 1024).
    public var maxElements: Int
    /// Element layouts in one scroll answer, elements × frames (default 131 072 = 1024 × 128, so a
    /// 120-sample transition of the largest page fits).
    public var maxElementsPerResponse: Int
    /// Every length, offset, velocity and effect value must satisfy |v| ≤ this (default 10¹⁵ points).
    /// Reading of ours: keeps every derived number finite and slot arithmetic exact.
    public var maxMagnitude: Double
    /// Sizes (viewport, content, header height, element frames' width and height) must be ≥ this
    /// (default 10⁻⁶ points), so that divisions by a size stay finite.
    public var minSize: Double
    /// A layer's or element's `name`, in UTF-8 bytes (default 256): names are repeated in every
    /// page, frame and stylesheet rule, so their length multiplies the answer (docs/api.md#limits).
    public var maxNameBytes: Int
    /// The answer, in bytes, as estimated from the request before any of it is made (default
    /// 256 MiB): what one request may cost in output and CPU (docs/api.md#limits).
    public var maxAnswerBytes: Int

    public init(maxPageCount: Int = 1_000_000, maxPagesPerResponse: Int = 10_000, maxOffsets: Int = 4096,
                maxLayers: Int = 32, maxElements: Int = 1024, maxElementsPerResponse: Int = 131_072,
                maxMagnitude: Double = 1e15, minSize: Double = 1e-6, maxNameBytes: Int = 256,
                maxAnswerBytes: Int = 256 << 20) {
        self.maxPageCount = maxPageCount
        self.maxPagesPerResponse = maxPagesPerResponse
        self.maxOffsets = maxOffsets
        self.maxLayers = maxLayers
        self.maxElements = maxElements
        self.maxElementsPerResponse = maxElementsPerResponse
        self.maxMagnitude = maxMagnitude
        self.minSize = minSize
        self.maxNameBytes = maxNameBytes
        self.maxAnswerBytes = maxAnswerBytes
    }

    /// The defaults above.
    public static let standard = LayoutLimits()
}
