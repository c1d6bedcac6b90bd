import ParallaxLayout

/// The bound on one answer's bytes (docs/api.md#limits: `--max-answer-bytes`, default 256 MiB).
/// Every answer is streamed as its socket drains, so memory holds whatever its size; but a
/// request's answer could otherwise reach thousands of times its own size, and cost that much
/// egress and CPU. The bound is judged from the cursor's estimate, before the first byte is made,
/// so a refused request costs nothing and an accepted one is never cut short: a 422 whose message
/// says how large the answer would be, which limit it passes, and how to ask for less.
enum AnswerBound {
    static func check(_ estimatedBytes: Int, _ limits: LayoutLimits) -> ValidationIssue? {
        guard estimatedBytes > limits.maxAnswerBytes else { return nil }
        return ValidationIssue(
            pointer: "",
            message: "the answer would be about \(estimatedBytes) bytes; at most \(limits.maxAnswerBytes) (--max-answer-bytes): ask for fewer pages, offsets, layers or elements, shorter names, or a narrower domain")
    }
}
