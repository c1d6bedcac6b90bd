import HTTPServer
import ParallaxLayout
import TestSupport
import Testing
@testable import ParallaxService

/// The css and waapi writers lay their scenes out a unit at a time (`SceneSource`,
/// docs/operations.md#bounded-memory). Over random requests of the three models, fixed and fluid,
/// their bytes and their refusals are exactly those of the scenes built whole, the way the writers
/// built them before they streamed: every track of the request at once (`keyframes(…)`), grouped
/// by target, and the pages at rest from one single-offset layout of the whole range
/// (`WholeScenes`, below). Either differing — a slot's rest taken from another layout, a box
/// counted twice, an animation named out of turn, a refusal decided differently — fails here.
@Suite struct LazySceneTests {
    @Test(arguments: 0..<8)
    func unitByUnitIsTheWholeSceneByteForByte(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x5CE7E + seed)
        var compared = 0, refused = 0
        for _ in 0..<40 {
            let (path, body) = RandomStyled.request(&rng)
            let (lazy, whole) = Self.both(path, body)
            #expect(lazy == whole, "\(path) \(body)")
            if lazy.hasPrefix("422") { refused += 1 } else { compared += 1 }
        }
        // The draws are mostly valid (a comparison of refusals alone would prove little).
        #expect(compared > 20, "\(compared) compared, \(refused) refused")
    }

    /// Past the bound known from the request (slots × (1 + layers)), the animated boxes are
    /// counted from the tracks, and the refusal is the whole tracks' own, count included.
    @Test func theBoxLimitIsDecidedAsOverTheWholeTracks() {
        var limits = LayoutLimits.standard
        for max in [3, 4, 5, 9, 10, 11, 40] {
            limits.maxPagesPerResponse = max
            for body in [#"{"viewport":{"width":10,"height":10},"pageCount":3,"format":"css"}"#,
                         #"{"viewport":{"width":100,"height":10},"pageCount":4,"format":"waapi","layers":[{"name":"a","travel":0},{"name":"b","travel":9}]}"#,
                         #"{"pageCount":3,"format":"css","layers":[{"name":"a","travel":5},{"name":"b"}]}"#,
                         #"{"viewport":{"width":100,"height":100},"format":"css","elements":[{"name":"a","frame":{"x":0,"y":0,"width":9,"height":9}},{"name":"b","frame":{"x":0,"y":90,"width":9,"height":9},"speed":1}]}"#] {
                let path = body.contains("elements") ? "/v1/scroll/keyframes" : "/v1/paging/keyframes"
                let (lazy, whole) = Self.both(path, body, limits: limits)
                #expect(lazy == whole, "max \(max): \(body)")
            }
        }
    }

    /// The endpoint's answer ("200 " + bytes, or "422 " + the issues) and the whole scenes'.
    static func both(_ path: String, _ body: String, limits: LayoutLimits = .standard) -> (String, String) {
        let parser = JSONParser()
        let bytes = Array(body.utf8)
        func run(_ make: (JSONValue, inout InputReader) -> Result<KeyframesCursor, ValidationError>?) -> String {
            let outcome = parser.parse(bytes.span) { root -> String in
                var scratch = InputReader.Scratch()
                var reader = InputReader(reusing: &scratch)
                guard let result = make(root, &reader) else { return "422 " + describe(reader.issues) }
                switch result {
                case .failure(let e): return "422 " + describe(e.issues)
                case .success(var cursor):
                    // Decided before its first byte, as the application does (`ParallaxApp.answer`).
                    if let refusal = Preparation.decide({ cursor.prepare() }) { return "422 " + describe(refusal.issues) }
                    var buffer = ByteBuffer()
                    JSONWriter.write(into: &buffer) { w in while cursor.writeNext(&w) {} }
                    return "200 \(cursor.estimatedBytes) " + String(decoding: buffer.bytes, as: UTF8.self)
                }
            }
            guard case .success(let s) = outcome else { return "malformed" }
            return s
        }
        func pair<M: FluidStyled & WholeScenes>(_: M.Type) -> (String, String) {
            let make = { (whole: Bool) in
                run { root, reader in
                    let request = KeyframesEndpoint<M>.read(root, &reader, accept: nil)
                    guard reader.issues.isEmpty else { return nil }
                    do throws(ValidationError) {
                        return .success(whole ? try M.answer(request.0, request.1, limits: limits)
                                              : try KeyframesAnswer(request.0, request.1, limits: limits).cursor)
                    } catch { return .failure(error) }
                }
            }
            return (make(false), make(true))
        }
        switch path {
        case "/v1/paging/keyframes": return pair(PagingInput.self)
        case "/v1/header/keyframes": return pair(HeaderInput.self)
        default: return pair(ScrollInput.self)
        }
    }

    static func describe(_ issues: [ValidationIssue]) -> String {
        issues.map { $0.pointer + " " + $0.message }.joined(separator: "; ")
    }
}
