// Entry points: models as value types, functions as verbs (docs/architecture.md#traits-the-code-keeps, trait 8).
// `input.validate(limits:)` lists every problem; `input.layout(limits:)` validates, then lays out.
// The engines (`PagingEngine`, `HeaderEngine`, `ScrollEngine`) expose the same work per frame.

extension PagingInput {
    /// Validates, then lays out: `.single` for `offset` / `page` / `currentPage` (default page 0),
    /// `.timeline` for `offsets` (docs/model.md#timelines).
    public func layout(limits: LayoutLimits = .standard) throws(ValidationError) -> PagingResult {
        try PagingEngine(self, limits: limits).layout()
    }
}

extension HeaderInput {
    /// Validates, then lays out: `.single` for `offset` (default 0), `.timeline` for `offsets`.
    public func layout(limits: LayoutLimits = .standard) throws(ValidationError) -> HeaderResult {
        try HeaderEngine(self, limits: limits).layout()
    }
}

extension ScrollInput {
    /// Validates, then lays out: `.single` for `offset` (default 0), `.timeline` for `offsets`.
    public func layout(limits: LayoutLimits = .standard) throws(ValidationError) -> ScrollResult {
        try ScrollEngine(self, limits: limits).layout()
    }
}
