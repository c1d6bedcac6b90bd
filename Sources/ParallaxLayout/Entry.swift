// Entry points: models as value types, functions as verbs (STYLE.md trait 8).
// `input.validate(limits:)` lists every problem; `input.layout(limits:)` validates, then lays out.

extension PagingInput {
    /// Every value problem (SPEC §1, §6), as (JSON pointer, message); empty when valid.
    public func validate(limits: LayoutLimits = .standard) -> [ValidationIssue] {
        []
    }

    /// Validates, then lays out: `.single` for `offset`/`page`/`currentPage`, `.timeline` for `offsets`.
    public func layout(limits: LayoutLimits = .standard) throws(ValidationError) -> PagingResult {
        throw ValidationError(issues: [])
    }
}

extension HeaderInput {
    public func validate(limits: LayoutLimits = .standard) -> [ValidationIssue] { [] }
    public func layout(limits: LayoutLimits = .standard) throws(ValidationError) -> HeaderResult {
        throw ValidationError(issues: [])
    }
}

extension ScrollInput {
    public func validate(limits: LayoutLimits = .standard) -> [ValidationIssue] { [] }
    public func layout(limits: LayoutLimits = .standard) throws(ValidationError) -> ScrollResult {
        throw ValidationError(issues: [])
    }
}
