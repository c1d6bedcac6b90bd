// libFuzzer target `styles` (docs/testing.md#fuzzing): the css and waapi writers, which lay their
// scenes out a unit at a time as the socket drains (docs/operations.md#bounded-memory). Built by
// scripts/fuzz.
//
// Input layout: the bytes are draws. The first ones build a keyframes request of one of the three
// models (paging, header, scroll), fixed (with `viewport`) or fluid, format css or waapi, with
// fields, layers or elements and names taken from the following bytes; the rest pick the limit of
// each producer call as the answer is drained piece by piece.
//
// Invariants (a violation aborts):
// - the status is 200 (text/css or application/json) or a 4xx application/problem+json;
// - a 200 drained piece by piece with those limits is byte for byte the same answer written whole
//   in one call, and the same as the answer's scenes rendered from every unit at once (`whole()`),
//   so laying units out one at a time neither loses, repeats nor reorders a box or an animation;
// - the estimate the framing and the answer bound are judged from is the same in both;
// - a waapi answer is valid JSON by yyjson's strict reader; a stylesheet is UTF-8 and ends with
//   its tail rule.
import CYYJSON
import HTTPServer
import ParallaxLayout
@testable import ParallaxService

#if canImport(Glibc)
import Glibc
#endif

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fputs("invariant violated: \(message())\n", stderr)
        abort()
    }
}

/// The input as a stream of draws (0 once it is spent).
struct Draws {
    let bytes: [UInt8]
    var at = 0
    mutating func byte() -> Int {
        defer { at += 1 }
        return at < bytes.count ? Int(bytes[at]) : 0
    }
    mutating func pick<T>(_ xs: [T]) -> T { xs[byte() % xs.count] }
    mutating func chance() -> Bool { byte() & 1 == 1 }
    /// A short name from the input, any bytes (quotes, `<`, controls, invalid UTF-8 repaired).
    mutating func name(_ i: Int) -> String {
        let n = byte() % 6
        var raw: [UInt8] = []
        for _ in 0..<n { raw.append(UInt8(byte())) }
        return jsonString(String(decoding: raw, as: UTF8.self) + "\(i)")
    }
}

func jsonString(_ s: String) -> String {
    JSONWriter.text { $0.string(s) }
}

func request(_ d: inout Draws) -> (path: String, body: String) {
    let fluid = d.chance()
    var f: [String] = []
    if !fluid { f.append(#""viewport":{"width":\#(d.pick([1, 320, 390, 1024])),"height":\#(d.pick([1, 568, 844]))}"#) }
    f.append(#""format":"\#(d.pick(["css", "waapi"]))""#)
    if d.chance() { f.append(#""motionScale":\#(d.pick([0, 0.5, 1, 2]))"#) }
    if !fluid, d.chance() { f.append(#""domain":{"from":\#(d.pick([-900, -1, 0, 150])),"to":\#(d.pick([1, 700, 2500, 40000]))}"#) }
    switch d.byte() % 3 {
    case 0:
        f.append(#""pageCount":\#(1 + d.byte() % 40)"#)
        if d.chance() { f.append(#""pageSpacing":\#(d.pick([0, 8, 33]))"#) }
        if d.chance() { f.append(#""axis":"vertical""#) }
        if d.chance() { f.append(#""direction":"rtl""#) }
        if d.chance() { f.append(#""infinite":true"#) }
        if d.chance() { f.append(#""pageSize":\#(d.pick([#"{"fraction":0.5}"#, #"{"fraction":1}"#, #"{"points":200}"#])),"align":"\#(d.pick(["start", "center"]))""#) }
        if d.chance() { f.append(#""snapStop":"always""#) }
        if d.chance() {
            var layers: [String] = []
            for j in 0..<(d.byte() % 5) {
                var l = [#""name":\#(d.name(j))"#]
                switch d.byte() % 3 {
                case 0: l.append(#""travel":\#(d.pick([-60, 0, 10, 400]))"#)
                case 1: l.append(#""rate":\#(d.pick([-0.5, 0.25, 1]))"#)
                default: break
                }
                if d.chance() { l.append(#""fit":"cover""#) }
                if d.chance() { l.append(#""opacity":{"min":\#(d.pick([0, 0.5]))}"#) }
                if d.chance() { l.append(#""scale":{"min":0.8}"#) }
                if d.chance() { l.append(#""content":{"width":800,"height":600},"contentMode":"\#(d.pick(["fill", "aspectFill", "aspectFit", "center"]))""#) }
                layers.append("{" + l.joined(separator: ",") + "}")
            }
            f.append(#""layers":[\#(layers.joined(separator: ","))]"#)
        }
        return ("/v1/paging/keyframes", "{" + f.joined(separator: ",") + "}")
    case 1:
        f.append(#""header":{"height":\#(d.pick([1, 120, 300])),"minHeight":\#(d.pick([0, 64, 200]))}"#)
        if d.chance() { f.append(#""mode":"\#(d.pick(["center", "scale"]))""#) }
        if d.chance() { f.append(#""stretch":\#(d.chance())"#) }
        if d.chance() { f.append(#""content":{"width":900,"height":600},"contentMode":"\#(d.pick(["fill", "aspectFill", "aspectFit", "center"]))""#) }
        return ("/v1/header/keyframes", "{" + f.joined(separator: ",") + "}")
    default:
        if d.chance() { f.append(#""axis":"horizontal""#) }
        var elements: [String] = []
        for i in 0..<(d.byte() % 7) {
            var e = [#""name":\#(d.name(i))"#]
            if !fluid || d.chance() {
                e.append(#""frame":{"x":\#(d.byte() * 3),"y":\#(d.byte() * 40),"width":\#(1 + d.byte()),"height":\#(1 + d.byte())}"#)
            }
            if d.chance() { e.append(#""speed":\#(d.pick([-1, 0.5, 2]))"#); if d.chance() { e.append(#""center":true"#) } }
            if d.chance() { e.append(#""opacity":[0,1]"#) }
            if d.chance() { e.append(#""translate":[-40,40]"#) }
            if d.chance() { e.append(#""rotate":[0,90]"#) }
            if d.chance() { e.append(#""scale":[0.5,1]"#) }
            if d.chance() { e.append(#""easing":"\#(d.pick(["easeIn", "easeOut", "easeInOut", "linear"]))""#) }
            if d.chance() { e.append(#""startOffset":\#(d.byte() * 4),"endOffset":\#(1100 + d.byte() * 4)"#) }
            elements.append("{" + e.joined(separator: ",") + "}")
        }
        f.append(#""elements":[\#(elements.joined(separator: ","))]"#)
        return ("/v1/scroll/keyframes", "{" + f.joined(separator: ",") + "}")
    }
}

let streamed: ParallaxApp = {
    let app = ParallaxApp(options: ServiceOptions(accessLog: false), metrics: ServiceMetrics())
    app.streamThreshold = 0
    return app
}()
let parser = JSONParser()
var response = HTTPResponse()

/// The answer's scenes rendered from every unit at once, and the cursor's estimate.
func wholeRendering<M: FluidStyled>(_: M.Type, _ body: [UInt8]) -> (bytes: [UInt8], estimates: (Int, Int))? {
    let outcome = parser.parse(body.span) { root -> (bytes: [UInt8], estimates: (Int, Int))? in
        var scratch = InputReader.Scratch()
        var reader = InputReader(reusing: &scratch)
        let (input, options) = KeyframesEndpoint<M>.read(root, &reader, accept: nil)
        guard reader.issues.isEmpty, let answer = try? KeyframesAnswer(input, options, limits: .standard) else { return nil }
        var decided = answer.cursor
        guard Preparation.decide({ decided.prepare() }) == nil else { return nil }
        let whole = { (s: [SceneSource]) in s.map { SceneSource(whole: $0.whole()) } }
        var cursor: KeyframesCursor
        switch decided {
        case .stylesheet(let s): cursor = .stylesheet(StylesheetAnswer(main: whole(s.main), reduced: whole(s.reduced), spelling: s.spelling, snapStop: s.snapStop, names: s.names))
        case .waapi(let a): cursor = .waapi(WAAPIAnswer(a.keyframes, main: whole(a.main), reduced: whole(a.reduced), spelling: a.spelling, names: a.names))
        default: return nil
        }
        var buffer = ByteBuffer()
        JSONWriter.write(into: &buffer) { w in while cursor.writeNext(&w) {} }
        return (buffer.bytes, (decided.estimatedBytes, cursor.estimatedBytes))
    }
    guard case .success(let r) = outcome else { return nil }
    return r
}

func fuzzOne(_ data: UnsafeRawBufferPointer) {
    var d = Draws(bytes: Array(data))
    let (path, body) = request(&d)
    let bytes = Array(body.utf8)
    response.reset()
    HTTPRequest.with(method: .post, target: path, headers: [("Host", "fuzz"), ("Content-Type", "application/json")], body: bytes) {
        streamed.respond(to: $0, into: &response)
    }
    let status = response.status.code
    guard status == 200 else {
        check(status >= 400 && status <= 499 && response.contentType == "application/problem+json", "\(status) for \(body)")
        return
    }
    guard var producer = response.producer else { return check(false, "a 200 not streamed at threshold 0: \(body)") }
    // A fluid answer's check runs before its head, a step a call, as the engine asks for it: a
    // refusal is the problem it sends instead of the 200.
    if producer.prepares {
        var steps = 0
        let refusal = Preparation.decide {
            steps += 1
            check(steps < 50_000_000, "the check never ends: \(body)")
            return producer.prepare()
        }
        if let problem = refusal {
            check(problem.status.code == 422 && problem.contentType == "application/problem+json",
                  "a refusal \(problem.status.code) \(problem.contentType ?? "none"): \(body)")
            return
        }
    }
    var out = ByteBuffer()
    var calls = 0
    while producer.produce(into: &out, limit: 1 + d.byte() * 37) == .more {
        calls += 1
        check(calls < 50_000_000, "the producer never ends: \(body)")
    }
    let pieces = out.bytes
    let whole: (bytes: [UInt8], estimates: (Int, Int))?
    switch path {
    case "/v1/paging/keyframes": whole = wholeRendering(PagingInput.self, bytes)
    case "/v1/header/keyframes": whole = wholeRendering(HeaderInput.self, bytes)
    default: whole = wholeRendering(ScrollInput.self, bytes)
    }
    guard let whole else { return check(false, "answered 200 but refused when asked again: \(body)") }
    check(pieces == whole.bytes, "piece by piece differs from every unit at once: \(body)")
    check(whole.estimates.0 == whole.estimates.1, "estimate \(whole.estimates.0) unit by unit, \(whole.estimates.1) whole: \(body)")
    if response.contentType == "text/css; charset=utf-8" {
        let text = String(decoding: pieces, as: UTF8.self)
        check(Array(text.utf8) == pieces, "stylesheet is not UTF-8")
        check(text.hasSuffix("@supports not (animation-timeline: scroll()){.parallax-scroller *{animation:none}}\n"), "stylesheet without its tail")
    } else {
        check(response.contentType == "application/json", "200 with content type \(response.contentType ?? "none")")
        let valid = pieces.withUnsafeBufferPointer { buffer -> Bool in
            let doc = buffer.withMemoryRebound(to: CChar.self) { yyjson_read($0.baseAddress, $0.count, 0) }
            defer { if let doc { yyjson_doc_free(doc) } }
            return doc != nil
        }
        check(valid, "waapi answer is not valid JSON: \(body)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    fuzzOne(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
