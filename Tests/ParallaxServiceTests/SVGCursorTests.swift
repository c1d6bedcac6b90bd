import Foundation
import TestSupport
import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// The pictures drawn as cursors are the bytes the whole drawing made, for random requests of the
/// three models, written whole and streamed with random limits.
@Suite struct SVGCursorTests {
    /// The old whole drawing of the request's input, read by the endpoint's own reader.
    func wholeDrawing(_ app: ParallaxApp, _ path: String, _ body: String) -> [UInt8]? {
        let bytes = Array(body.utf8)
        let result: Result<[UInt8]?, JSONSyntaxError> = app.parser.parse(bytes.span) { root -> [UInt8]? in
                var scratch = InputReader.Scratch()
                var reader = InputReader(reusing: &scratch)
                switch path {
                case "/v1/paging":
                    let r = LayoutEndpoint<PagingInput>.read(root, &reader, accept: nil)
                    return (try? WholeSVGPaging.draw(r.input, limits: .standard))?.bytes
                case "/v1/header":
                    let r = LayoutEndpoint<HeaderInput>.read(root, &reader, accept: nil)
                    return (try? WholeSVGHeader.draw(r.input, limits: .standard))?.bytes
                default:
                    let r = LayoutEndpoint<ScrollInput>.read(root, &reader, accept: nil)
                    return (try? WholeSVGScroll.draw(r.input, limits: .standard))?.bytes
                }
        }
        return (try? result.get()) ?? nil
    }

    @Test func cursorsDrawWhatTheWholeDrawingDrew() {
        let whole = Client(streamThreshold: .max)
        let streamed = Client(streamThreshold: 0)
        var rng = SplitMix64(seed: 0x5A6_C0FF)
        var compared = 0
        for _ in 0..<240 {
            let (path, body) = rng.pictureRequest()
            let a = whole.post(path, body)
            var limits = rng
            var response = HTTPResponse()
            HTTPRequest.with(method: .post, target: path, headers: [("Host", "t"), ("Content-Type", "application/json")],
                             body: Array(body.utf8)) { streamed.app.respond(to: $0, into: &response) }
            let b = streamed.drain(response, limits: { Int(limits.next() % 20_000) + 1 })
            rng.state &+= 1
            #expect(a.status == 200, "\(body) → \(a.body.prefix(600))")
            #expect(a.contentType == "image/svg+xml" && !a.streamed && response.producer != nil)
            guard let old = wholeDrawing(whole.app, path, body) else { Issue.record("no drawing for \(body)"); continue }
            if a.bytes != old || b != old {
                try? String(decoding: old, as: UTF8.self).write(toFile: "/tmp/svg-old.svg", atomically: true, encoding: .utf8)
                try? String(decoding: a.bytes, as: UTF8.self).write(toFile: "/tmp/svg-new.svg", atomically: true, encoding: .utf8)
                Issue.record("differs for \(path) \(body)"); return
            }
            compared += 1
        }
        #expect(compared == 240)
    }
}

/// Random valid picture requests of the three models: many pages (the nearest-window), ranges,
/// carousels, infinite, rtl, vertical, layer effects; header modes and contents; many scroll
/// elements (past the card limit) with every effect.
extension SplitMix64 {
    mutating func pick(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func coin() -> Bool { next() & 1 == 1 }
    mutating func value() -> String { ["0", "12.5", "-40", "203", "0.1", "1e3", "3.333", "-0.25", "799.9", "-900", "1e5"][pick(11)] }

    mutating func pictureRequest() -> (String, String) {
        let vp = #""viewport":{"width":\#(100 + pick(900)),"height":\#(100 + pick(900))}"#
        switch pick(3) {
        case 0:
            let infinite = pick(4) == 0
            var fields = [vp, "\"pageCount\":\(3 + pick(pick(2) == 0 ? 60 : 3000))", "\"pageSpacing\":\(pick(20))",
                          "\"format\":\"svg\""]
            if infinite { fields.append("\"infinite\":true") }
            switch pick(3) {
            case 0: fields.append("\"offset\":\(value())")
            case 1: fields.append("\"page\":\(pick(40))")
            default: fields.append("\"currentPage\":\(pick(3))")
            }
            switch pick(4) {
            case 0 where !infinite: fields.append("\"include\":\"all\"")
            case 1: fields.append("\"range\":{\"from\":\(pick(5) - 2),\"to\":\(5 + pick(80))}")
            default: break
            }
            if coin() { fields.append("\"direction\":\"rtl\"") }
            if coin() { fields.append("\"axis\":\"vertical\"") }
            if pick(3) == 0 { fields.append("\"pageSize\":\(pick(2) == 0 ? "\(60 + pick(40))" : "{\"fraction\":0.8}")") }
            if pick(3) == 0 { fields.append("\"align\":\"\(coin() ? "center" : "start")\"") }
            if coin() { fields.append("\"pixelScale\":\(1 + pick(3))") }
            if coin() { fields.append("\"motionScale\":0.5") }
            let layers = (0..<pick(7)).map { i in
                var l = ["\"name\":\"layer <\(i)> & \\\"q\\\"\"", "\"travel\":\(value())"]
                if coin() { l.append("\"fit\":\"cover\"") }
                if coin() { l.append("\"opacity\":{\"min\":0.25}") }
                if coin() { l.append("\"scale\":{\"min\":0.5}") }
                if coin() { l.append("\"content\":{\"width\":300,\"height\":500}") }
                return "{" + l.joined(separator: ",") + "}"
            }
            if !layers.isEmpty { fields.append("\"layers\":[" + layers.joined(separator: ",") + "]") }
            return ("/v1/paging", "{" + fields.joined(separator: ",") + "}")
        case 1:
            var fields = [vp, "\"header\":{\"height\":\(50 + pick(400)),\"minHeight\":\(pick(60))}", "\"offset\":\(value())",
                          "\"format\":\"svg\""]
            if coin() { fields.append("\"content\":{\"width\":\(100 + pick(1200)),\"height\":\(100 + pick(800))}") }
            if coin() { fields.append("\"mode\":\"\(["fill", "center", "top"][pick(3)])\"") }
            if coin() { fields.append("\"stretch\":false") }
            if coin() { fields.append("\"motionScale\":0.25") }
            return ("/v1/header", "{" + fields.joined(separator: ",") + "}")
        default:
            var fields = [vp, "\"offset\":\(value())", "\"format\":\"svg\""]
            if coin() { fields.append("\"axis\":\"horizontal\"") }
            if coin() { fields.append("\"motionScale\":0.5") }
            let elements = (0..<pick(pick(4) == 0 ? 120 : 12)).map { i in
                var e = ["\"name\":\"e\(i) <&>\"", "\"frame\":{\"x\":\(pick(200)),\"y\":\(i * (40 + pick(80))),\"width\":\(20 + pick(300)),\"height\":\(20 + pick(200))}"]
                if coin() { e.append("\"speed\":\(value())") }
                if coin() { e.append("\"opacity\":[0,1]") }
                if coin() { e.append("\"scale\":[0.5,1.5]") }
                if coin() { e.append("\"rotate\":[-20,30]") }
                if coin() { e.append("\"easing\":\"easeInOut\"") }
                return "{" + e.joined(separator: ",") + "}"
            }
            fields.append("\"elements\":[" + elements.joined(separator: ",") + "]")
            return ("/v1/scroll", "{" + fields.joined(separator: ",") + "}")
        }
    }
}
