import HTTPServer
import ParallaxLayout

/// One model endpoint (SPEC §1–§3): read → validate → layout → write, said once for all of them
/// by `ParallaxApp.answer(_:body:into:)`, which is generic over this protocol so every step is a
/// direct, specialised call (no existential on the hot path).
///
/// - `read` maps the parsed body onto the model's input, recording type problems, unknown and
///   missing fields in the reader (it leaves a bad field absent or a placeholder its own value
///   rule accepts, so the reader's and the value rules' issues are simply concatenated);
/// - `validate` lists the value problems (only called when the reader found some: otherwise
///   `layout` validates, once);
/// - `layout` validates and prepares the model's engine (`PagingEngine`, …): the constants of
///   the request, ready to lay out any offset;
/// - `answer` is the answer as a cursor of pieces (Output/Answers.swift: `FramedAnswer` over the
///   model's `FrameContent`, its frame heads and items): the same cursor writes
///   a small answer whole into the response body and a large one as the socket drains
///   (`AnswerProducer`, SPEC §10), so both are the same bytes.
///
/// Adding a model route (e.g. `/v1/paging/keyframes`): a type conforming here with its reader,
/// engine and cursor; a `Route` case; one line in `ParallaxApp.respond`'s switch
/// (`case .pagingKeyframes: model(PagingKeyframesEndpoint.self, request, into: &response)`).
/// Adding an output format (e.g. `format=css`): a second `FrameContent` for the same engine (its
/// head and items are its own), with `Answer` an enum or a generic parameter chosen from the
/// request in `answer(_:)`; streaming, framing, problems and metrics come for free.
protocol Endpoint {
    associatedtype Input
    associatedtype Engine
    associatedtype Answer: AnswerCursor

    /// `format` reads the request's `format` field (SPEC §9: `json` or `svg`).
    static func read(_ root: JSONValue, _ reader: inout InputReader, format: inout FormatChoice) -> Input
    static func validate(_ input: Input, limits: LayoutLimits) -> [ValidationIssue]
    static func layout(_ input: Input, limits: LayoutLimits) throws(ValidationError) -> Engine
    static func answer(_ engine: Engine) -> Answer
    /// Whether the request asks for a timeline (`offsets`, SPEC §5): a picture draws one offset.
    static func isTimeline(_ input: Input) -> Bool
    /// The SVG picture of the answer (SPEC §9 "Pictures"), validated as `layout` validates.
    static func picture(_ input: Input, limits: LayoutLimits) throws(ValidationError) -> ByteBuffer
}

/// An answer written piece by piece: a summary, one page, one element, one frame. Pieces are
/// small (at most a few KiB), so a producer stops close to the limit it was given.
protocol AnswerCursor {
    /// About how many bytes the whole answer takes: above `ParallaxApp.streamThreshold` it is
    /// streamed (chunked) instead of written whole (Content-Length).
    var estimatedBytes: Int { get }
    /// Writes the next piece; returns false, having written nothing, when the answer is complete.
    mutating func writeNext(_ w: inout JSONWriter) -> Bool
}

enum PagingEndpoint: Endpoint {
    static func read(_ root: JSONValue, _ reader: inout InputReader, format: inout FormatChoice) -> PagingInput {
        reader.pagingInput(root) { format.read(&$0, $1, $2) }
    }
    static func isTimeline(_ input: PagingInput) -> Bool { input.offsets != nil }
    static func picture(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) -> ByteBuffer {
        try SVGPaging.draw(input, limits: limits)
    }
    static func validate(_ input: PagingInput, limits: LayoutLimits) -> [ValidationIssue] { input.validate(limits: limits) }
    static func layout(_ input: PagingInput, limits: LayoutLimits) throws(ValidationError) -> PagingEngine {
        try PagingEngine(input, limits: limits)
    }
    static func answer(_ engine: PagingEngine) -> FramedAnswer<PagingFrames> { FramedAnswer(PagingFrames(engine)) }
}

enum HeaderEndpoint: Endpoint {
    static func read(_ root: JSONValue, _ reader: inout InputReader, format: inout FormatChoice) -> HeaderInput {
        reader.headerInput(root) { format.read(&$0, $1, $2) }
    }
    static func isTimeline(_ input: HeaderInput) -> Bool { input.offsets != nil }
    static func picture(_ input: HeaderInput, limits: LayoutLimits) throws(ValidationError) -> ByteBuffer {
        try SVGHeader.draw(input, limits: limits)
    }
    static func validate(_ input: HeaderInput, limits: LayoutLimits) -> [ValidationIssue] { input.validate(limits: limits) }
    static func layout(_ input: HeaderInput, limits: LayoutLimits) throws(ValidationError) -> HeaderEngine {
        try HeaderEngine(input, limits: limits)
    }
    static func answer(_ engine: HeaderEngine) -> FramedAnswer<HeaderFrames> { FramedAnswer(HeaderFrames(engine)) }
}

enum ScrollEndpoint: Endpoint {
    static func read(_ root: JSONValue, _ reader: inout InputReader, format: inout FormatChoice) -> ScrollInput {
        reader.scrollInput(root) { format.read(&$0, $1, $2) }
    }
    static func isTimeline(_ input: ScrollInput) -> Bool { input.offsets != nil }
    static func picture(_ input: ScrollInput, limits: LayoutLimits) throws(ValidationError) -> ByteBuffer {
        try SVGScroll.draw(input, limits: limits)
    }
    static func validate(_ input: ScrollInput, limits: LayoutLimits) -> [ValidationIssue] { input.validate(limits: limits) }
    static func layout(_ input: ScrollInput, limits: LayoutLimits) throws(ValidationError) -> ScrollEngine {
        try ScrollEngine(input, limits: limits)
    }
    static func answer(_ engine: ScrollEngine) -> FramedAnswer<ScrollFrames> { FramedAnswer(ScrollFrames(engine)) }
}
