import HTTPServer
import ParallaxLayout

/// A route that reads a model request and answers it: read → (on a faulty request, list every
/// problem) → answer, said once for all six (the three layouts and their keyframes) by
/// `ParallaxApp.answer(_:body:…)`, which is generic over this protocol so every step is a direct,
/// specialised call (no existential on the hot path).
///
/// - `read` maps the parsed body onto the request, recording type problems, unknown and missing
///   fields in the reader (it leaves a bad field absent or a placeholder the value rules accept,
///   so the reader's and the value rules' issues are simply concatenated);
/// - `valueIssues` lists the value problems, only called when the reader found some (otherwise
///   `answer` validates, once), so one 422 lists everything (docs/api.md#errors);
/// - `answer` validates and lays out, and returns the answer as a cursor of pieces
///   (Output/Layout/Answers.swift) with its media type, or a picture's (Output/SVG/SVGPicture.swift).
///   The same cursor writes a small answer whole into the response and a large one as the socket drains
///   (`AnswerProducer`, docs/operations.md#bounded-memory), so both are the same bytes.
///
/// A route names its endpoint in the route table (Route.swift, `Route.Handler`); a new model is a
/// `LayoutModel` conformance, and both endpoints below serve it.
protocol Endpoint {
    associatedtype Request
    associatedtype Cursor: AnswerCursor

    /// `accept` is the request's `Accept` field, when the route negotiates on it.
    static func read(_ root: JSONValue, _ reader: inout InputReader, accept: String?) -> Request
    static func valueIssues(_ request: Request, limits: LayoutLimits) -> [ValidationIssue]
    static func answer(_ request: Request, limits: LayoutLimits) throws(ValidationError) -> EndpointAnswer<Cursor>
}

/// What an endpoint answers.
enum EndpointAnswer<Cursor: AnswerCursor> {
    /// Written whole or streamed by `ParallaxApp.deliver`.
    case cursor(Cursor, contentType: String)
    /// An SVG picture (`image/svg+xml`), drawn a piece at a time like any cursor.
    case picture(SVGPicture)
}

/// An answer written piece by piece: a summary, one page, one element, one frame. Pieces are
/// small (at most a few KiB), so a producer stops close to the limit it was given.
protocol AnswerCursor {
    /// About how many bytes the whole answer takes: above `ParallaxApp.streamThreshold` it is
    /// streamed (chunked) instead of written whole (Content-Length).
    var estimatedBytes: Int { get }
    /// Writes the next piece; returns false, having written nothing, when the answer is complete.
    mutating func writeNext(_ w: inout JSONWriter) -> Bool
    /// The most bytes one chunk of a streamed answer holds (the engine asks for at most 64 KiB): a
    /// writer that spends more than ~20 ns a byte (the stylesheets, which lay out a unit of
    /// their scenes every few rules) asks for less, so one chunk stays ~1 ms of the loop
    /// (docs/operations.md#bounded-memory).
    var chunkBytes: Int { get }
    /// The most pieces one chunk holds, even when they wrote nothing (a stylesheet's boxes without
    /// animations still cost a unit's layout every few pieces).
    var chunkPieces: Int { get }
    /// True when the answer is decided only after work that must not hold the loop (a fluid
    /// stylesheet's check): `prepare` runs it a step at a time before the first byte.
    var prepares: Bool { get }
    /// One step of that work (about a unit's layout): go on, write the answer, or answer the
    /// refusal's issues (a 422).
    mutating func prepare() -> Preparation<ValidationError>
}

extension AnswerCursor {
    var chunkBytes: Int { .max }
    var chunkPieces: Int { .max }
    var prepares: Bool { false }
    mutating func prepare() -> Preparation<ValidationError> { .ready }
}

/// One of the layout models (docs/model.md): what both endpoints need of its input type.
protocol LayoutModel {
    associatedtype Frames: AnswerCursor

    /// The model's reader; `extra` reads the route's own fields (`format`, `domain`, …).
    static func read(_ root: JSONValue, _ reader: inout InputReader,
                     extra: (inout InputReader, JSONKey, JSONValue) -> Bool) -> Self
    func validate(limits: LayoutLimits) -> [ValidationIssue]
    /// Validates and lays out: the answer's frames as a cursor.
    func frames(limits: LayoutLimits) throws(ValidationError) -> Frames
    /// What draws the model's SVG picture of one offset (docs/api.md#pictures); its `init`
    /// validates as `frames` validates (`picture(limits:)` below).
    associatedtype Drawing: SVGDrawing where Drawing.Input == Self
    /// Whether the request asks for a timeline (`offsets`): a picture draws one offset.
    var offsets: [Double]? { get }
    var motionScale: Double? { get set }
    func keyframes(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits) throws(ValidationError) -> Keyframes
    /// The json / keytimes answer as a cursor that lays out its tracks as it writes them, for a
    /// model whose tracks can be many (a pager: KeyframesSlotTracks.swift); nil: `keyframes`
    /// whole (a header, or scroll elements, whose tracks are bounded by `maxElements`).
    func streamedTracks(domain: KeyframeDomain?, properties: [String]?, keyTimes: Bool,
                        limits: LayoutLimits) throws(ValidationError) -> SlotTracksAnswer?
    /// The domain a stylesheet animates over: every offset the page can reach
    /// (docs/model.md#keyframes-on-real-pages; Output/Keyframes/KeyframesStyledDomain.swift).
    func styledDomain(_ d: KeyframeDomain, limits: LayoutLimits) -> KeyframeDomain
}

/// `/v1/paging`, `/v1/header`, `/v1/scroll`: the layout as JSON frames, or the SVG picture when
/// `format` or `Accept` asks for it (docs/api.md#pictures).
enum LayoutEndpoint<Model: LayoutModel>: Endpoint {
    /// A struct, not a tuple: the optimiser outlines a tuple's destroy into a function shared
    /// with other types that calls the runtime's generic `tuple_destroy` (≈ 150 instructions).
    struct Request {
        var input: Model
        var format: FormatChoice
    }

    static func read(_ root: JSONValue, _ reader: inout InputReader, accept: String?) -> Request {
        var format = FormatChoice(requested: nil, accept: accept)
        let input = Model.read(root, &reader) { format.read(&$0, $1, $2) }
        return Request(input: input, format: format)
    }

    static func valueIssues(_ request: Request, limits: LayoutLimits) -> [ValidationIssue] {
        request.input.validate(limits: limits)
    }

    static func answer(_ request: Request, limits: LayoutLimits) throws(ValidationError) -> EndpointAnswer<Model.Frames> {
        // The parts used in place (binding them would copy the input).
        if try request.format.resolve(timeline: request.input.offsets != nil).get() == .svg {
            return .picture(try request.input.picture(limits: limits))
        }
        return .cursor(try request.input.frames(limits: limits), contentType: "application/json")
    }
}

extension LayoutModel {
    /// The SVG picture of one offset, as a cursor (Output/SVG/SVGPicture.swift).
    func picture(limits: LayoutLimits) throws(ValidationError) -> SVGPicture {
        SVGPicture(try Drawing(self, limits: limits))
    }
}

extension PagingInput: LayoutModel {
    typealias Drawing = SVGPaging
    static func read(_ root: JSONValue, _ reader: inout InputReader,
                     extra: (inout InputReader, JSONKey, JSONValue) -> Bool) -> PagingInput {
        reader.pagingInput(root, extra: extra)
    }
    func frames(limits: LayoutLimits) throws(ValidationError) -> FramedAnswer<PagingFrames> {
        FramedAnswer(PagingFrames(try PagingEngine(self, limits: limits)))
    }
}

extension HeaderInput: LayoutModel {
    typealias Drawing = SVGHeader
    static func read(_ root: JSONValue, _ reader: inout InputReader,
                     extra: (inout InputReader, JSONKey, JSONValue) -> Bool) -> HeaderInput {
        reader.headerInput(root, extra: extra)
    }
    func frames(limits: LayoutLimits) throws(ValidationError) -> FramedAnswer<HeaderFrames> {
        FramedAnswer(HeaderFrames(try HeaderEngine(self, limits: limits)))
    }
}

extension ScrollInput: LayoutModel {
    typealias Drawing = SVGScroll
    static func read(_ root: JSONValue, _ reader: inout InputReader,
                     extra: (inout InputReader, JSONKey, JSONValue) -> Bool) -> ScrollInput {
        reader.scrollInput(root, extra: extra)
    }
    func frames(limits: LayoutLimits) throws(ValidationError) -> FramedAnswer<ScrollFrames> {
        FramedAnswer(ScrollFrames(try ScrollEngine(self, limits: limits)))
    }
}
