import ParallaxLayout
import Testing
@testable import ParallaxService

/// The contract's edges through the application: requests openapi.yaml calls valid are answered
/// 200, and a problem points only at fields the client sent (or must add), stating the whole rule.
@Suite struct ContractEdgeTests {
    let client = Client()

    /// Elements ending past 10^15 and no domain: every format answers 200 over [0, 10^15] (the
    /// stylesheets also lay out the reduced-motion variant over that domain).
    @Test(arguments: ["json", "css", "waapi", "keytimes"])
    func scrollKeyframesOfHugeElementsAreAnswered(format: String) {
        let body = #"{"viewport":{"width":390,"height":844},"elements":[{"name":"a","frame":{"x":0,"y":900000000000000,"width":10,"height":900000000000000},"opacity":[0,1]}],"format":"\#(format)"}"#
        let r = client.post("/v1/scroll/keyframes", body)
        #expect(r.status == 200, "\(r.body)")
        if format == "json" || format == "keytimes" {
            #expect(r.body.contains(#""domain":{"from":0,"to":1000000000000000}"#), "\(r.body)")
        }
    }

    @Test(arguments: ["json", "css"])
    func pagingKeyframesOfHugeStridesAreAnswered(format: String) {
        let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":1e12,"height":844},"pageCount":2000,"format":"\#(format)"}"#)
        #expect(r.status == 200, "\(r.body)")
    }

    /// A 3-page pager asked for page 7: 200, no visible page, currentPage and snap clamped, the
    /// offset and position following the formulas (docs/model.md#paging).
    @Test func overscrollIsAnsweredWithNoVisiblePages() {
        let r = client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&page=7")
        #expect(r.status == 200)
        #expect(r.body == #"{"axis":"horizontal","stride":390,"offset":2730,"position":7,"contentSize":{"width":1170,"height":844},"currentPage":2,"transition":null,"snap":{"previous":780,"nearest":780,"next":780},"pages":[]}"#)
    }

    /// GET takes as many layers and elements as POST (openapi.yaml states the same maxItems).
    @Test func getTakesAsManyLayersAsPost() {
        func layer(_ i: Int) -> String { #"{"name":"l\#(i)","travel":10}"# }
        let layers = "[" + (0..<32).map(layer).joined(separator: ",") + "]"
        let ok = client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&layers=" + percentEncoded(layers))
        #expect(ok.status == 200)
        let tooMany = "[" + (0..<33).map(layer).joined(separator: ",") + "]"
        let r = client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&layers=" + percentEncoded(tooMany))
        #expect(r.status == 422 && r.body.contains(#"{"pointer":"/layers","message":"at most 32 layers"}"#))
        func element(_ i: Int) -> String { #"{"name":"e\#(i)","frame":{"x":0,"y":0,"width":1,"height":1}}"# }
        let six = "[" + (0..<6).map(element).joined(separator: ",") + "]"
        #expect(client.get("/v1/scroll?viewport.width=390&viewport.height=844&elements=" + percentEncoded(six)).status == 200)
    }

    /// The keyframes request's `include` and `range` have no effect, so the pages-per-response
    /// budget of the single-offset answer does not refuse them.
    @Test func keyframesAcceptIncludeAllOfALongPager() {
        let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":20000,"include":"all","domain":{"from":0,"to":1000},"properties":["progress"]}"#)
        #expect(r.status == 200, "\(r.body)")
    }

    /// Every number of every route, sent as a literal beyond a double: a 422 at that field with
    /// the field's whole rule (never a crash, never "too large" without the rule).
    static let overflowCases: [(String, String, String)] = {
        let vp = #""viewport":{"width":390,"height":844}"#
        let el = #""name":"a","frame":{"x":0,"y":0,"width":10,"height":10}"#
        var cases: [(String, String, String)] = [
            ("/v1/paging", #"{"viewport":{"width":X,"height":844},"pageCount":3}"#, "/viewport/width"),
            ("/v1/paging", #"{"viewport":{"width":390,"height":X},"pageCount":3}"#, "/viewport/height"),
            ("/v1/paging", "{\(vp),\"pageCount\":X}", "/pageCount"),
            ("/v1/paging", "{\(vp),\"pageCount\":3,\"offsets\":[0,X]}", "/offsets/1"),
            ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":X,\"to\":1}}", "/range/from"),
            ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":0,\"to\":X}}", "/range/to"),
            ("/v1/header", "{\(vp),\"header\":{\"height\":X}}", "/header/height"),
            ("/v1/header", "{\(vp),\"header\":{\"height\":100,\"minHeight\":X}}", "/header/minHeight"),
            ("/v1/header", "{\(vp),\"header\":{\"height\":100},\"content\":{\"width\":X,\"height\":1}}", "/content/width"),
            ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":X,\"y\":0,\"width\":10,\"height\":10}}]}", "/elements/0/frame/x"),
            ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":X,\"height\":10}}]}", "/elements/0/frame/width"),
            ("/v1/scroll", "{\(vp),\"elements\":[{\(el),\"easing\":{\"cubicBezier\":[0,X,1,1]}}]}", "/elements/0/easing/cubicBezier/1"),
            ("/v1/scroll/keyframes", "{\(vp),\"elements\":[],\"domain\":{\"from\":X,\"to\":1}}", "/domain/from"),
            ("/v1/scroll/keyframes", "{\(vp),\"elements\":[],\"domain\":{\"from\":0,\"to\":X}}", "/domain/to"),
        ]
        for name in ["pageSpacing", "offset", "page", "currentPage", "velocity", "decelerationRate", "previousOffset", "motionScale", "pixelScale"] {
            cases.append(("/v1/paging", "{\(vp),\"pageCount\":3,\"\(name)\":X}", "/\(name)"))
        }
        for name in ["travel", "rate"] {
            cases.append(("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"\(name)\":X}]}", "/layers/0/\(name)"))
        }
        for name in ["opacity", "scale"] {
            cases.append(("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"\(name)\":{\"min\":X}}]}", "/layers/0/\(name)/min"))
        }
        for name in ["speed", "startOffset", "endOffset"] {
            cases.append(("/v1/scroll", "{\(vp),\"elements\":[{\(el),\"\(name)\":X}]}", "/elements/0/\(name)"))
        }
        for name in ["translate", "scale", "opacity", "rotate"] {
            cases.append(("/v1/scroll", "{\(vp),\"elements\":[{\(el),\"\(name)\":[0,X]}]}", "/elements/0/\(name)/1"))
        }
        return cases
    }()

    @Test(arguments: overflowCases)
    func numbersBeyondADoubleAreToldTheirRule(path: String, template: String, pointer: String) {
        for literal in ["1e999", "-1e999"] {
            let body = template.split(separator: "X", omittingEmptySubsequences: false).joined(separator: literal)
            let r = client.post(path, body)
            #expect(r.status == 422, "\(body)")
            #expect(r.body.contains(#"{"pointer":"\#(pointer)","message":"must be "#), "\(body): \(r.body)")
            #expect(!r.body.contains("too large"), "\(r.body)")
        }
    }

    func percentEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isLetter || c.isNumber || c == "." || c == "-" || c == "_" { out.append(c) } else {
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
