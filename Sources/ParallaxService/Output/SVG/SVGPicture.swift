import HTTPServer
import ParallaxLayout

/// One model's picture as a sequence of pieces (docs/api.md#pictures): what frames it (its
/// `sheet`, laid out before the first byte: the box must enclose what is drawn), then the body a
/// piece at a time (a page's opening, one layer, a label, an element, a guide), each laid out
/// only when it is reached.
protocol SVGDrawing {
    associatedtype Input
    /// Validates as the JSON answer does (the same problems and pointers) and lays out what the
    /// sheet needs.
    init(_ input: Input, limits: LayoutLimits) throws(ValidationError)
    var viewport: Size { get }
    var sheet: SVGCanvas.Sheet { get }
    /// About how many bytes the picture takes (whole or streamed, `AnswerCursor`).
    var estimatedBytes: Int { get }
    /// Draws the next piece of the body (inside the paper's clip, `paper` its area); returns
    /// false, having drawn nothing, when the body is complete.
    mutating func drawNext(_ c: inout SVGCanvas, paper: Frame) -> Bool
}

/// The cursor of every picture: the sheet's opening, the drawing's pieces, the legend and the
/// end of the document, one per call, each drawn straight into the answer's buffer
/// (the canvas borrows it). The same pieces make a small picture whole (Content-Length)
/// and a large one as the socket drains (`AnswerProducer`, docs/operations.md#bounded-memory),
/// so both are the same bytes.
///
/// The drawing is held as an existential: a picture is not the hot path (one dynamic call per
/// piece), and one type lets every model's endpoint answer `.picture` (Endpoint.swift).
struct SVGPicture: AnswerCursor {
    private var drawing: any SVGDrawing
    private let sheet: SVGCanvas.Sheet
    private var canvas: SVGCanvas
    private var stage = Stage.begin

    private enum Stage {
        case begin
        case body(paper: Frame)
        case done
    }

    init(_ drawing: any SVGDrawing) {
        self.drawing = drawing
        sheet = drawing.sheet
        canvas = SVGCanvas(viewport: drawing.viewport)
    }

    var estimatedBytes: Int { drawing.estimatedBytes }

    mutating func writeNext(_ w: inout JSONWriter) -> Bool {
        if case .done = stage { return false }
        // The canvas borrows the answer's buffer for the piece and hands it back after.
        w.text { swap(&$0, &canvas.bytes) }
        switch stage {
        case .begin:
            stage = .body(paper: canvas.begin(sheet))
        case .body(let paper):
            if !drawing.drawNext(&canvas, paper: paper) {
                canvas.end(sheet)
                stage = .done
            }
        case .done:
            break
        }
        w.text { swap(&$0, &canvas.bytes) }
        return true
    }
}
