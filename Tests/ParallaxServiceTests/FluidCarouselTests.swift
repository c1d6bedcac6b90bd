import ParallaxLayout
import Testing
@testable import ParallaxService

/// Fluid carousels with `pageSize` in points (docs/model.md#carousels, docs/web.md#fluid-and-fixed):
/// the page's extent is min(P, A), spelled with `min()`, and the stylesheet evaluated at W × H is,
/// number for number, the one for `viewport {W, H}` with pageSize min(P, A), on both sides of A = P.
@Suite struct FluidCarouselTests {
    let client = Client()
    static let layers = #""layers":[{"name":"card","rate":0.3,"fit":"cover","opacity":{"min":0.5}},{"name":"caption","travel":-40,"scale":{"min":0.8}}]"#

    /// A centred 340-point card, spacing 16: c = (W − m)/2 and L = m + 16 with m = min(340, W), so
    /// page 1 sits at W/2 + m/2 + 16, its width is m and the content (N − 1)·L + W.
    @Test func aCentredPointsCardIsSpelledWithMin() {
        let r = client.post("/v1/paging/keyframes", #"{"pageCount":5,"pageSpacing":16,"pageSize":340,"align":"center",\#(Self.layers),"format":"css"}"#)
        #expect(r.status == 200, "\(r.body)")
        #expect(r.body.contains(".parallax-scroller::before{width:calc(100% + min(1360px, 400%) + 64px);height:100%}"))
        #expect(r.body.contains(#".parallax-page[data-slot="0"]{left:calc(50cqw - min(170px, 50cqw));top:0px;width:min(340px, 100cqw);height:100cqh;"#))
        #expect(r.body.contains(#".parallax-page[data-slot="1"]{left:calc(50cqw + min(170px, 50cqw) + 16px);top:0px;width:min(340px, 100cqw);"#))
        // rate 0.3: T = 0.3·(m + 16), so a cover layer of page 1 starts at −2T (a first negative term is a max()).
        #expect(r.body.contains(#".parallax-page[data-slot="1"] > .parallax-layer[data-layer="card"]{left:calc(max(-204px, -60cqw) - 9.6px);"#))
        #expect(r.body.contains("animation-range-start:normal;animation-range-end:normal"))
        let waapi = client.post("/v1/paging/keyframes", #"{"pageCount":5,"pageSpacing":16,"pageSize":340,"align":"center",\#(Self.layers),"format":"waapi"}"#)
        #expect(waapi.status == 200 && waapi.body.contains(#""fluid":true"#) && waapi.body.contains("min(204px, 60cqw)"), "\(waapi.body.prefix(300))")
        // Vertical: the page extent is min(P, H).
        let vertical = client.post("/v1/paging/keyframes", #"{"pageCount":3,"axis":"vertical","pageSize":500,"format":"css"}"#)
        #expect(vertical.body.contains(#".parallax-page[data-slot="1"]{left:0px;top:min(500px, 100cqh);width:100cqw;height:min(500px, 100cqh);"#), "\(vertical.body)")
    }

    /// Without a points pageSize nothing changes: no `min(` anywhere (the spelling has no third term).
    @Test func otherPagersHaveNoPageTerm() {
        for extra in ["", #","pageSize":{"fraction":0.8},"align":"center""#] {
            let r = client.post("/v1/paging/keyframes", #"{"pageCount":4,"pageSpacing":16\#(extra),\#(Self.layers),"format":"css"}"#)
            #expect(r.status == 200 && !r.body.contains("min(") && !r.body.contains("max("))
        }
    }

    static let variants: [(String, Double)] = [
        (#""align":"center""#, 340), (#""align":"start""#, 340), (#""align":"center","direction":"rtl""#, 340),
        (#""align":"start","direction":"rtl""#, 340), (#""align":"center","axis":"vertical""#, 700),
        (#""align":"start","axis":"vertical""#, 700), (#""align":"center","axis":"vertical","direction":"rtl""#, 700),
        // P below the 320 px check (the check adds one at P/2) and above every real size but one.
        (#""align":"center""#, 200), (#""align":"center""#, 1500),
    ]

    /// Sizes below, at and above A = P for each variant, and the suite's screens.
    static func sizes(_ P: Double, vertical: Bool) -> [(Double, Double)] {
        let along = [P / 2, P - 40, P - 1, P, P + 1, P + 52, 2 * P, 1920].filter { $0 >= 100 }
        return along.map { vertical ? (390, $0) : ($0, 700) } + [(360, 640), (412, 915), (844, 390), (1280, 800)]
    }

    /// Every place rule and keyframe of the fluid stylesheet, evaluated at W × H, is the fixed
    /// stylesheet's for `viewport {W, H}` with pageSize min(P, A) (which the keyframes suites check
    /// against the single-offset answers), and the ::before's extent is (N − 1)·L + A.
    @Test(arguments: variants)
    func theFluidCarouselIsTheFixedOneAtEverySize(fields: String, P: Double) {
        let vertical = fields.contains("vertical")
        let request = #""pageCount":5,"pageSpacing":16,\#(fields),\#(Self.layers),"format":"css""#
        let fluid = client.post("/v1/paging/keyframes", "{\(request),\"pageSize\":\(P)}")
        #expect(fluid.status == 200, "\(fields) P \(P): \(fluid.body)")
        guard fluid.status == 200 else { return }
        #expect(fluid.body.contains("min(\(KeyframesAnimation.css(P))px, 100cq" + (vertical ? "h)" : "w)")))
        for (w, h) in Self.sizes(P, vertical: vertical) {
            let m = min(P, vertical ? h : w)
            let fixed = client.post("/v1/paging/keyframes", "{\"viewport\":{\"width\":\(w),\"height\":\(h)},\(request),\"pageSize\":\(m)}")
            #expect(fixed.status == 200)
            let mismatches = CSSLengths.mismatches(fixed.body, fluid.body, w, h)
            #expect(mismatches.isEmpty, "\(fields) P \(P) at \(w)×\(h): \(mismatches.prefix(3))")
            let content = CSSLengths.before(fluid.body, w, h)
            let L = m + 16
            #expect(abs((vertical ? content.height : content.width) - (4 * L + (vertical ? h : w))) < 1e-9, "\(w)×\(h): \(content)")
        }
    }

    /// The pages' and layers' resting rules against the single-offset layout at offset 0 (the
    /// model itself, not another writer), left to right and top to bottom, across A = P.
    @Test func restingPlacesAreTheSingleOffsetLayout() throws {
        let P = 340.0
        for vertical in [false, true] {
            let axis = vertical ? #","axis":"vertical""# : ""
            let css = client.post("/v1/paging/keyframes", #"{"pageCount":4,"pageSpacing":16,"pageSize":340,"align":"center"\#(axis),\#(Self.layers),"format":"css"}"#).body
            for A in [200.0, 320, 339, 340, 341, 390, 1024, 1920] {
                let size = vertical ? Size(width: 390, height: A) : Size(width: A, height: 700)
                let input = PagingInput(viewport: size, pageCount: 4, pageSpacing: 16, axis: vertical ? .vertical : .horizontal, offset: 0,
                                        layers: [PagingInput.Layer(name: "card", rate: 0.3, fit: .cover, opacity: .init(min: 0.5)),
                                                 PagingInput.Layer(name: "caption", travel: -40, scale: .init(min: 0.8))],
                                        include: .all, pageSize: .points(min(P, A)), align: .center)
                guard case .single(let layout) = try input.layout() else { Issue.record("not one layout"); return }
                for page in layout.pages {
                    let selector = ".parallax-page[data-slot=\"\(page.slot)\"]"
                    let got = CSSLengths.place(css, selector, size.width, size.height)
                    let want = [page.viewportFrame.x, page.viewportFrame.y, page.viewportFrame.width, page.viewportFrame.height]
                    #expect(got.count == 4 && zip(got, want).allSatisfy { abs($0 - $1) < 1e-9 }, "\(selector) at \(size): \(got) != \(want)")
                    for layer in page.layers {
                        let lg = CSSLengths.place(css, selector + " > .parallax-layer[data-layer=\"\(layer.name)\"]", size.width, size.height)
                        let v = layer.viewportFrame, p = page.viewportFrame
                        let lw = [v.x - p.x, v.y - p.y, v.width, v.height]
                        #expect(lg.count == 4 && zip(lg, lw).allSatisfy { abs($0 - $1) < 1e-9 }, "\(layer.name) of \(selector) at \(size): \(lg) != \(lw)")
                    }
                }
            }
        }
    }

    /// The comparison can fail: the stylesheet with its page extent spelled as P (min dropped
    /// toward P) is wrong on a scroller narrower than P only, and with it spelled as the
    /// scroller's extent (min dropped toward A) on one wider than P only.
    @Test func aWrongPageExtentIsCaught() {
        let request = #""pageCount":5,"pageSpacing":16,"align":"center",\#(Self.layers),"format":"css""#
        let fluid = client.post("/v1/paging/keyframes", "{\(request),\"pageSize\":340}").body
        let asP = CSSLengths.replacingPageTerms(fluid) { points, _ in points }
        let asA = CSSLengths.replacingPageTerms(fluid) { _, relative in relative }
        #expect(asP != fluid && asA != fluid)
        for (w, narrower) in [(300.0, true), (339, true), (341, false), (800, false)] {
            let fixed = client.post("/v1/paging/keyframes", "{\"viewport\":{\"width\":\(w),\"height\":700},\(request),\"pageSize\":\(min(340, w))}").body
            #expect(CSSLengths.mismatches(fixed, fluid, w, 700).isEmpty)
            #expect(CSSLengths.mismatches(fixed, asP, w, 700).isEmpty != narrower, "m = P at \(w)")
            #expect(CSSLengths.mismatches(fixed, asA, w, 700).isEmpty == narrower, "m = A at \(w)")
        }
    }

    /// A page larger than the reference viewport is fine (it is the scroller's extent on every
    /// narrower scroller); an infinite points carousel is not, on a wide enough scroller a page
    /// would show twice.
    @Test func largePagesAreFluidAndInfiniteOnesAreRefused() {
        #expect(client.post("/v1/paging/keyframes", #"{"pageCount":3,"pageSize":5000,"format":"css"}"#).status == 200)
        #expect(client.get("/v1/paging/keyframes?pageCount=3&pageSize=340&format=waapi").status == 200)
        let r = client.post("/v1/paging/keyframes", #"{"pageCount":6,"pageSize":300,"pageSpacing":20,"infinite":true,"format":"css"}"#)
        #expect(r.status == 422)
        #expect(r.body.contains(#"{"pointer":"/infinite","message":"cannot be fluid with pageSize in points: on a scroller wider than (pageCount - 2) × (pageSize + pageSpacing) = 1280 px a page would show twice at once"#), "\(r.body)")
        // P's own range, said without the placeholder viewport the request is read at, also beside
        // another problem (the fluid rule replaces what the placeholder would say of the field).
        for body in [#"{"pageCount":3,"pageSize":0,"format":"css"}"#, #"{"pageCount":3,"pageSize":2e15,"bogus":1,"format":"css"}"#] {
            let bad = client.post("/v1/paging/keyframes", body)
            #expect(bad.status == 422 && bad.body.contains(#"{"pointer":"/pageSize","message":"must be between 1e-6 and 1e15 (in a fluid stylesheet a page may be larger than the scroller: there it is the scroller's extent)"}"#)
                    && !bad.body.contains("viewport"), "\(bad.body)")
        }
        let twice = client.post("/v1/paging/keyframes", #"{"pageCount":6,"pageSize":100,"infinite":true,"bogus":1,"format":"css"}"#)
        #expect(twice.body.contains(#""pointer":"/infinite","message":"cannot be fluid"#) && !twice.body.contains("viewport's extent (1024)"), "\(twice.body)")
        // A travel clamped to a stride narrower than it on a 320 px scroller still bends: a 422 at /viewport.
        let bent = client.post("/v1/paging/keyframes", #"{"pageCount":3,"pageSize":340,"layers":[{"name":"a","travel":330}],"format":"css"}"#)
        #expect(bent.status == 422 && bent.body.contains(#""pointer":"/viewport""#) && bent.body.contains("cannot be fluid"))
        // A page under the 320 px check is also checked on a scroller narrower than it (P/2 = 100
        // here): a travel of 150 fits the stride 216 at every check but that one (100 + 16).
        let narrow = client.post("/v1/paging/keyframes", #"{"pageCount":3,"pageSize":200,"pageSpacing":16,"layers":[{"name":"a","travel":150}],"format":"css"}"#)
        #expect(narrow.status == 422 && narrow.body.contains("at a 100 × 640 scroller"), "\(narrow.body)")
        #expect(client.post("/v1/paging/keyframes", #"{"pageCount":3,"pageSize":200,"pageSpacing":16,"layers":[{"name":"a","travel":100}],"format":"css"}"#).status == 200)
    }
}

/// Reads the lengths of a fluid stylesheet (`calc()`, `min()`, `max()`, px, cqw, cqh, %) as px at W × H.
enum CSSLengths {
    /// One expression from `i`: a sum of terms, each a number with its unit or a function.
    struct Parser {
        let s: [Character]
        var i: Int
        let w, h, percent: Double

        mutating func spaces() { while i < s.count, s[i] == " " { i += 1 } }

        mutating func sum() -> Double {
            var v = term()
            while true {
                spaces()
                guard i + 1 < s.count, s[i] == "+" || s[i] == "-", s[i + 1] == " " else { return v }
                let plus = s[i] == "+"
                i += 1
                let t = term()
                v = plus ? v + t : v - t
            }
        }

        mutating func term() -> Double {
            spaces()
            for f in ["calc(", "min(", "max("] where String(s[i..<min(s.count, i + f.count)]) == f {
                i += f.count
                var args = [sum()]
                spaces()
                while i < s.count, s[i] == "," {
                    i += 1
                    args.append(sum())
                    spaces()
                }
                i += 1  // ")"
                return f == "min(" ? args.min() ?? .nan : f == "max(" ? args.max() ?? .nan : args[0]
            }
            var j = i
            while j < s.count, s[j].isNumber || s[j] == "." || s[j] == "-" || (s[j] == "e" && j + 1 < s.count && (s[j + 1].isNumber || s[j + 1] == "-")) { j += 1 }
            let number = Double(String(s[i..<j])) ?? .nan
            i = j
            for (unit, scale) in [("px", 1.0), ("cqw", w / 100), ("cqh", h / 100), ("%", percent / 100)]
            where String(s[i..<min(s.count, i + unit.count)]) == unit {
                i += unit.count
                return number * scale
            }
            return number  // a bare number (0)
        }
    }

    /// `text` with every length in px at W × H (calc/min/max and lone cqw/cqh values replaced).
    static func px(_ text: String, _ w: Double, _ h: Double) -> String {
        let s = Array(text)
        var out = "", i = 0
        while i < s.count {
            let rest = String(s[i..<min(s.count, i + 5)])
            let function = rest.hasPrefix("calc(") || rest.hasPrefix("min(") || rest.hasPrefix("max(")
            var number = false
            if !function, s[i].isNumber || s[i] == "-", i == 0 || !(s[i - 1].isLetter || s[i - 1].isNumber || s[i - 1] == "-" || s[i - 1] == ".") {
                var j = i
                while j < s.count, s[j].isNumber || s[j] == "." || s[j] == "-" { j += 1 }
                let unit = String(s[j..<min(s.count, j + 3)])
                number = unit == "cqw" || unit == "cqh"
            }
            guard function || number else {
                out.append(s[i])
                i += 1
                continue
            }
            var p = Parser(s: s, i: i, w: w, h: h, percent: .nan)
            out += String(p.term()) + "px"
            i = p.i
        }
        return out
    }

    /// The place rules of pages and layers and every `@keyframes` (selector, its numbers in
    /// order), lengths in px at W × H.
    static func rules(_ css: String, _ w: Double, _ h: Double) -> [(selector: String, numbers: [Double])] {
        var out: [(String, [Double])] = []
        for line in css.split(separator: "\n") where line.hasPrefix(".parallax-page") || line.hasPrefix("@keyframes") {
            guard let brace = line.firstIndex(of: "{"), !line[..<brace].contains(","),
                  !line.contains("animation") || line.hasPrefix("@keyframes") else { continue }
            let body = px(String(line[brace...]), w, h)
            let numbers = body.split(whereSeparator: { !"0123456789.-e".contains($0) }).compactMap { Double($0) }
            out.append((unnamed(line[..<brace]), numbers))
        }
        return out
    }

    /// A selector with an unscoped stylesheet's name stem left out (`@keyframes parallax_1a2b3c4d_3`
    /// is `@keyframes parallax_3`): a fixed and a fluid request differ, and so do their stems
    /// (docs/web.md#several-on-one-page), while their rules match one for one.
    static func unnamed(_ selector: Substring) -> String {
        String(selector).replacing(/parallax_[0-9a-f]{8}_/, with: "parallax_")
    }

    /// Where the two stylesheets' rules differ by more than rounding.
    static func mismatches(_ fixed: String, _ fluid: String, _ w: Double, _ h: Double) -> [String] {
        let want = rules(fixed, w, h), got = rules(fluid, w, h)
        guard !want.isEmpty, want.count == got.count else { return ["\(want.count) rules, \(got.count) fluid"] }
        var out: [String] = []
        for (a, b) in zip(want, got) {
            if a.selector != b.selector || a.numbers.count != b.numbers.count { out.append("\(a.selector) / \(b.selector)"); continue }
            for (x, y) in zip(a.numbers, b.numbers) where abs(x - y) > 1e-9 * max(1, abs(x)) { out.append("\(a.selector): \(y) != \(x)") }
        }
        return out
    }

    /// The scroller's `::before` (its content's extent; percentages of W and H) at W × H.
    static func before(_ css: String, _ w: Double, _ h: Double) -> Size {
        guard let line = css.split(separator: "\n").first(where: { $0.hasPrefix(".parallax-scroller::before{width:") }) else { return Size(width: .nan, height: .nan) }
        let s = Array(line)
        let width = line.firstRange(of: "width:").map { line.distance(from: line.startIndex, to: $0.upperBound) } ?? 0
        var pw = Parser(s: s, i: width, w: w, h: h, percent: w)
        let x = pw.term()
        let height = line.firstRange(of: ";height:").map { line.distance(from: line.startIndex, to: $0.upperBound) } ?? 0
        var ph = Parser(s: s, i: height, w: w, h: h, percent: h)
        return Size(width: x, height: ph.term())
    }

    /// left, top, width, height of `selector`'s place rule at W × H.
    static func place(_ css: String, _ selector: String, _ w: Double, _ h: Double) -> [Double] {
        guard let line = css.split(separator: "\n").first(where: { $0.hasPrefix(selector + "{left:") }) else { return [] }
        let s = Array(line)
        var out: [Double] = []
        for name in ["{left:", ";top:", ";width:", ";height:"] {
            guard let r = line.firstRange(of: name) else { return [] }
            var p = Parser(s: s, i: line.distance(from: line.startIndex, to: r.upperBound), w: w, h: h, percent: .nan)
            out.append(p.term())
        }
        return out
    }

    /// Every `min(a px, b unit)` / `max(a px, b unit)` page term replaced by `choose(a px, b unit)`
    /// (a mutant: the page extent taken as P, or as the scroller's extent).
    static func replacingPageTerms(_ css: String, _ choose: (String, String) -> String) -> String {
        var out = css
        for f in ["min(", "max("] {
            var from = out.startIndex
            while let r = out[from...].firstRange(of: f), let comma = out[r.upperBound...].firstIndex(of: ","),
                  let close = out[comma...].firstIndex(of: ")") {
                let a = String(out[r.upperBound..<comma]), b = String(out[out.index(after: comma)..<close]).trimmingPrefix(" ")
                let replacement = choose(a, String(b))
                out.replaceSubrange(r.lowerBound...close, with: replacement)
                from = out.index(r.lowerBound, offsetBy: replacement.count)
            }
        }
        return out
    }
}
