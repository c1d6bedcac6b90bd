import FoundationEssentials
import HTTPServer
import TestSupport
import Testing
@testable import ParallaxService

/// Fluid stylesheets (docs/web.md#fluid-and-fixed): keyframes without `viewport` in css and waapi,
/// their lengths relative to the scroller, their rules, and the stylesheet writers as streams.
@Suite struct FluidKeyframesTests {
    let client = Client()

    /// The problem's `errors` as (pointer, message), messages with their JSON escapes undone.
    private func problem(_ r: Client.Reply) -> [(pointer: String, message: String)] {
        var out: [(String, String)] = []
        for part in r.body.components(separatedBy: #"{"pointer":""#).dropFirst() {
            let fields = part.components(separatedBy: #"","message":""#)
            guard fields.count == 2, let end = fields[1].firstRange(of: #""}"#) else { continue }
            out.append((fields[0], String(fields[1][..<end.lowerBound]).replacing(#"\""#, with: "\"")))
        }
        return out
    }

    // MARK: - Streaming (docs/operations.md#bounded-memory)

    /// A stylesheet of 1 200 boxes comes out in pieces of about the limit the engine gives (one
    /// rule per piece: never the whole answer in one call), and the pieces are the whole answer.
    @Test func aLargeStylesheetStreamsInBoundedPiecesIdenticalToTheWhole() {
        let layers = (0..<6).map { #"{"name":"layer-\#($0)","travel":\#(10 * $0),"opacity":{"min":0.5}}"# }.joined(separator: ",")
        for viewport in [#""viewport":{"width":390,"height":844},"#, ""] {
            let body = "{\(viewport)\"pageCount\":200,\"pageSpacing\":8,\"format\":\"css\",\"layers\":[\(layers)]}"
            let whole = Client(streamThreshold: .max).post("/v1/paging/keyframes", body)
            #expect(whole.status == 200 && !whole.streamed)
            var response = HTTPResponse()
            HTTPRequest.with(method: .post, target: "/v1/paging/keyframes", headers: [("Host", "t"), ("Content-Type", "application/json")],
                             body: Array(body.utf8)) { Client(streamThreshold: 0).app.respond(to: $0, into: &response) }
            guard var producer = response.producer else { Issue.record("not streamed"); return }
            var all: [UInt8] = []
            var pieces = 0, largest = 0
            while true {
                var buffer = ByteBuffer()
                let progress = producer.produce(into: &buffer, limit: 4_096)
                pieces += 1
                largest = max(largest, buffer.readableBytes)
                all += buffer.bytes
                if progress != .more || pieces > 1_000_000 { break }
            }
            #expect(all == whole.bytes)
            #expect(whole.bytes.count > 500_000)
            // One rule past the limit at most (the largest rule here is well under 2 KiB).
            #expect(largest <= 4_096 + 2_048, "largest piece \(largest)")
            #expect(pieces > whole.bytes.count / 6_144)
        }
    }

    /// Every model's css and waapi answers, fixed and fluid, streamed with random piece limits,
    /// are the bytes of the same answer written whole.
    @Test func everyStyledAnswerStreamsToTheBytesOfTheWhole() {
        let vp = #""viewport":{"width":390,"height":700},"#
        let models = [
            ("/v1/paging/keyframes", #""pageCount":6,"pageSpacing":12,"direction":"rtl","layers":[{"name":"a","rate":0.5,"fit":"cover"},{"name":"b","travel":-40,"scale":{"min":0.7}}]"#),
            ("/v1/header/keyframes", #""header":{"height":220,"minHeight":64},"mode":"center","content":{"width":900,"height":600}"#),
            ("/v1/scroll/keyframes", #""elements":[{"name":"a","frame":{"x":10,"y":900,"width":200,"height":100},"speed":2,"center":true},{"name":"b","frame":{"x":0,"y":300,"width":50,"height":50},"opacity":[0,1],"rotate":[0,90],"easing":"easeInOut"}]"#),
        ]
        var rng = SplitMix64(seed: 0xF1_1D)
        for (path, fields) in models {
            for format in ["css", "waapi"] {
                for viewport in [vp, ""] {
                    let body = "{\(viewport)\(fields),\"format\":\"\(format)\"}"
                    let whole = Client(streamThreshold: .max).post(path, body)
                    #expect(whole.status == 200, "\(body) → \(whole.body.prefix(200))")
                    var response = HTTPResponse()
                    HTTPRequest.with(method: .post, target: path, headers: [("Host", "t"), ("Content-Type", "application/json")],
                                     body: Array(body.utf8)) { Client(streamThreshold: 0).app.respond(to: $0, into: &response) }
                    let streamed = Client().drain(response) { Int(rng.next() % 3_000) + 1 }
                    #expect(response.producer != nil && streamed == whole.bytes, "\(path) \(format) fluid: \(viewport.isEmpty)")
                }
            }
        }
    }

    /// `</style>` in a name never appears verbatim (the stylesheet may be inlined in a page).
    @Test func stylesheetStringsEscapeTheLessThanSign() {
        let name = "</style><script>alert(1)</script>"
        for (format, escaped) in [("css", #"\3c /style>\3c script>"#), ("waapi", #"\\3c /style>\\3c script>"#)] {
            let r = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":2,"format":"\#(format)","layers":[{"name":"\#(name.replacing("/", with: "\\/"))","travel":40}]}"#)
            #expect(r.status == 200)
            #expect(!r.body.contains("</style") && !r.body.contains("<script"))
            #expect(r.body.contains(escaped))
        }
    }

    /// A long fluid pager is size-checked on a probe of at most 5 pages: a `currentPage` valid for
    /// the whole pager must not be judged against the probe (found by schemathesis: pageCount 40,
    /// currentPage 30 was a 422), while one invalid for the whole pager still is.
    @Test func aLongFluidPagersCurrentPageIsJudgedAgainstTheWholePager() {
        for format in ["css", "waapi"] {
            #expect(client.post("/v1/paging/keyframes", #"{"pageCount":40,"currentPage":30,"format":"\#(format)"}"#).status == 200)
            let bad = client.post("/v1/paging/keyframes", #"{"pageCount":4,"currentPage":7,"format":"\#(format)"}"#)
            #expect(bad.status == 422 && bad.body.contains(#""pointer":"/currentPage""#))
        }
    }

    // MARK: - Lengths relative to the scroller

    /// Every length of the fluid stylesheet, evaluated at W × H, is the fixed stylesheet's for
    /// `viewport {W, H}`: the place rules and keyframes match number for number.
    @Test func fluidLengthsEvaluateToTheFixedStylesheetAtEverySize() {
        let request = #""pageCount":4,"pageSpacing":16,"layers":[{"name":"photo","rate":0.5,"fit":"cover"},{"name":"caption","travel":-60,"opacity":{"min":0.2}}],"format":"css""#
        let fluid = client.post("/v1/paging/keyframes", "{\(request)}")
        #expect(fluid.status == 200)
        for (w, h) in [(360.0, 640.0), (412, 915), (844, 390), (1920, 1080)] {
            let fixed = client.post("/v1/paging/keyframes", "{\"viewport\":{\"width\":\(w),\"height\":\(h)},\(request)}")
            let want = Self.rules(fixed.body) { $0 }
            let got = Self.rules(fluid.body) { Self.evaluate($0, w, h) }
            #expect(!want.isEmpty && want.count == got.count)
            for (a, b) in zip(want, got) {
                #expect(a.selector == b.selector)
                #expect(a.numbers.count == b.numbers.count, "\(a.selector)")
                for (x, y) in zip(a.numbers, b.numbers) where abs(x - y) > 1e-9 * max(1, abs(x)) {
                    Issue.record("\(a.selector) at \(w)×\(h): \(y) != \(x)")
                }
            }
        }
        #expect(fluid.body.contains(":where(.parallax-scroller){display:block;width:100%;height:100dvh}"))
        #expect(fluid.body.contains("container-type:size"))
        #expect(fluid.body.contains(#".parallax-page[data-slot="1"]{left:calc(100cqw + 16px);top:0px;width:100cqw;height:100cqh"#))
        #expect(fluid.body.contains(".parallax-scroller::before{width:calc(400% + 48px);height:100%}"))
        #expect(fluid.body.contains("animation-range-start:normal;animation-range-end:normal"))
    }

    /// The place rules and keyframes of a stylesheet (selector, its numbers in order), lengths
    /// through `spell` (px as they are; a fluid calc() evaluated at a size).
    private static func rules(_ css: String, _ spell: (String) -> String) -> [(selector: String, numbers: [Double])] {
        var out: [(String, [Double])] = []
        for line in css.split(separator: "\n") where line.hasPrefix(".parallax-page") || line.hasPrefix("@keyframes") {
            guard let brace = line.firstIndex(of: "{"), !line[..<brace].contains(","),
                  !line.contains("animation") || line.hasPrefix("@keyframes") else { continue }
            let body = spell(String(line[brace...]))
            let numbers = body.split(whereSeparator: { !"0123456789.-e".contains($0) }).compactMap { Double($0) }
            out.append((CSSLengths.unnamed(line[..<brace]), numbers))
        }
        return out
    }

    /// `calc(a cqw + b cqh + c px)` and lone `Ncqw`/`Ncqh` → px at W × H.
    private static func evaluate(_ s: String, _ w: Double, _ h: Double) -> String {
        var out = ""
        var rest = Substring(s)
        while let start = rest.firstRange(of: "calc("), let end = rest[start.upperBound...].firstIndex(of: ")") {
            out += rest[..<start.lowerBound] + String(term(rest[start.upperBound..<end], w, h)) + "px"
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        for unit in ["cqw", "cqh"] {
            while let r = out.firstRange(of: unit) {
                var i = r.lowerBound
                while i > out.startIndex, "0123456789.-".contains(out[out.index(before: i)]) { i = out.index(before: i) }
                let v = (Double(out[i..<r.lowerBound]) ?? .nan) / 100 * (unit == "cqw" ? w : h)
                out.replaceSubrange(i..<r.upperBound, with: String(v) + "px")
            }
        }
        return out
    }

    private static func term(_ expr: Substring, _ w: Double, _ h: Double) -> Double {
        var total = 0.0, sign = 1.0
        for part in expr.split(separator: " ") {
            if part == "+" { sign = 1; continue }
            if part == "-" { sign = -1; continue }
            for (unit, scale) in [("cqw", w / 100), ("cqh", h / 100), ("px", 1.0)] where part.hasSuffix(unit) {
                total += sign * (Double(part.dropLast(unit.count)) ?? .nan) * scale
                break
            }
        }
        return total
    }

    @Test func fluidWaapiSpellsLengthsAndRangesAsTheStylesheetDoes() {
        let r = client.get("/v1/paging/keyframes?pageCount=3&pageSpacing=10&layers=%5B%7B%22name%22:%22a%22,%22rate%22:0.5%7D%5D&format=waapi")
        #expect(r.status == 200)
        #expect(r.body.hasPrefix(#"{"model":"paging","axis":"horizontal","fluid":true,"timeline":{"axis":"x"},"animations":["#))
        #expect(r.body.contains(#""translate":"calc(50cqw + 5px) 0px""#))
        #expect(r.body.contains(#""rangeStart":"normal","rangeEnd":"normal""#))
        let scroll = client.get("/v1/scroll/keyframes?elements=%5B%7B%22name%22:%22e%22,%22opacity%22:%5B0,1%5D%7D%5D&format=waapi")
        #expect(scroll.body.contains(#""timeline":"view""#) && scroll.body.contains(#""rangeStart":"cover 0%","rangeEnd":"cover 100%""#))
    }

    // MARK: - The fluid form's rules

    @Test func jsonAndKeytimesWithoutViewportAreRefusedAtViewport() {
        for format in ["json", "keytimes"] {
            let r = client.get("/v1/paging/keyframes?pageCount=3&format=\(format)")
            #expect(r.status == 422)
            let issues = problem(r)
            #expect(issues.count == 1 && issues.first?.pointer == "/viewport")
            #expect(issues.first?.message.contains("\"css\" and \"waapi\"") == true, "\(issues)")
        }
        // The default format is json.
        #expect(problem(client.post("/v1/header/keyframes", #"{"header":{"height":200}}"#)).first?.pointer == "/viewport")
    }

    @Test func viewportWithOneOfItsSizesIsAProblemAtTheMissingOne() {
        let r = client.get("/v1/paging/keyframes?viewport.width=390&pageCount=3&format=css")
        #expect(r.status == 422)
        #expect(problem(r).map(\.pointer) == ["/viewport/height"])
        #expect(problem(client.post("/v1/scroll/keyframes", #"{"viewport":{"height":700},"elements":[{"name":"a","frame":{"x":0,"y":0,"width":9,"height":9}}],"format":"waapi"}"#)).map(\.pointer) == ["/viewport/width"])
    }

    @Test func aFramelessSpeedElementNeedsCenterOrItsRange() {
        let speed = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","speed":2}],"format":"css"}"#)
        #expect(speed.status == 422)
        #expect(problem(speed).map(\.pointer) == ["/elements/0/center"])
        #expect(problem(speed).first?.message.contains("depends on the scroller's size") == true)
        let centred = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","speed":2,"center":true}],"format":"css"}"#)
        #expect(centred.status == 200)
        // −100·k·(progress − 0.5) over progress −10 000 … 10 001, the element in the page's flow.
        #expect(centred.body.contains("animation-timeline:view(y);animation-range-start:cover -1000000%;animation-range-end:cover 1000100%"))
        #expect(centred.body.contains(#"{0%{translate:0px 2000100px}100%{translate:0px -2000100px}}"#))
        #expect(centred.body.contains(#".parallax-element[data-element="a"]{transform-origin:50% 50%}"#))
        let ranged = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","speed":2,"startOffset":0,"endOffset":500}],"format":"css"}"#)
        #expect(ranged.status == 200 && ranged.body.contains("animation-timeline:scroll(nearest y)"))
        let half = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","opacity":[0,1],"startOffset":100}],"format":"css"}"#)
        #expect(problem(half).map(\.pointer) == ["/elements/0/endOffset"])
        // A frame is still required when the request gives viewport (numbers of one size).
        let fixed = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":390,"height":700},"elements":[{"name":"a","opacity":[0,1]}],"format":"css"}"#)
        #expect(problem(fixed).map(\.pointer) == ["/elements/0/frame"])
        // And without viewport in a format of numbers: each missing frame where the reader met
        // it, among the other issues, then viewport's own.
        let numbers = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","opacity":[0,1]},{"frame":{"x":0,"y":0,"width":9,"height":9}},{"name":"c","opacity":[0,1]}],"format":"json"}"#)
        #expect(problem(numbers).map(\.pointer) == ["/elements/0/frame", "/elements/1/name", "/elements/2/frame", "/viewport"])
        #expect(problem(numbers).prefix(3).map(\.message) == ["is required", "is required", "is required"])
        // A fluid stylesheet takes the frameless ones, and still names the element without a name.
        let fluid = client.post("/v1/scroll/keyframes", #"{"elements":[{"name":"a","opacity":[0,1]},{"frame":{"x":0,"y":0,"width":9,"height":9}},{"name":"c","opacity":[0,1]}],"format":"css"}"#)
        #expect(problem(fluid).map(\.pointer) == ["/elements/1/name"])
    }

    @Test func aFluidPagerCoversItsWholeRangeAndRefusesADomain() {
        let r = client.get("/v1/paging/keyframes?pageCount=3&domain.from=0&domain.to=500&format=css")
        #expect(problem(r).map(\.pointer) == ["/domain"])
    }

    /// A travel larger than the stride is clamped to it on a narrow screen: a length that bends
    /// with the size cannot be fluid, and the answer says so instead of being wrong on phones.
    @Test func aLengthThatBendsWithTheSizeIsRefused() {
        let r = client.get("/v1/paging/keyframes?pageCount=3&layers=%5B%7B%22name%22:%22a%22,%22travel%22:500%7D%5D&format=css")
        #expect(r.status == 422)
        #expect(problem(r).first?.pointer == "/viewport")
        #expect(problem(r).first?.message.contains("cannot be fluid") == true)
        #expect(client.get("/v1/paging/keyframes?pageCount=3&layers=%5B%7B%22name%22:%22a%22,%22travel%22:300%7D%5D&format=css").status == 200)
    }

    @Test func aFluidHeaderFitsItsImageByObjectFit() {
        let r = client.get("/v1/header/keyframes?header.height=220&header.minHeight=64&content.width=1200&content.height=800&format=css")
        #expect(r.status == 200)
        #expect(r.body.contains(".parallax-header > .parallax-image > img.parallax-content{left:0;top:0;width:100%;height:100%;object-fit:cover;object-position:50% 50%}"))
        #expect(r.body.contains(".parallax-header{left:0px;top:0px;width:100cqw;height:220px"))
    }
}
