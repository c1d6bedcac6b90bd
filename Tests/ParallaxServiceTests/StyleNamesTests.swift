import Testing
@testable import ParallaxService

/// Several answers on one page (docs/web.md#several-on-one-page): no two answers define one name,
/// a scoped answer's rules reach only inside its scope's element and its names carry the scope,
/// `scope` is a 422 unless it is `[a-z][a-z0-9-]{0,31}`.
@Suite struct StyleNamesTests {
    let client = Client()

    /// What a page composes: headers, scroll pages, pagers and carousels, fixed and fluid, LTR and
    /// RTL, each unscoped and under two scopes.
    static let requests: [(route: String, body: String)] = [
        ("/v1/header/keyframes", #""header":{"height":220,"minHeight":64}"#),
        ("/v1/header/keyframes", #""viewport":{"width":390,"height":844},"header":{"height":220,"minHeight":64}"#),
        ("/v1/header/keyframes", #""header":{"height":300},"stretch":false,"content":{"width":1200,"height":800},"contentMode":"aspectFill""#),
        ("/v1/scroll/keyframes", #""elements":[{"name":"slow","frame":{"x":20,"y":500,"width":350,"height":200},"speed":-2,"center":true},{"name":"card","frame":{"x":40,"y":1100,"width":310,"height":240},"translate":[80,-80],"opacity":[0.2,1]}]"#),
        ("/v1/scroll/keyframes", #""viewport":{"width":390,"height":844},"elements":[{"name":"card","frame":{"x":0,"y":900,"width":390,"height":300},"opacity":[0.2,1]}]"#),
        ("/v1/paging/keyframes", #""pageCount":5,"pageSpacing":16,"layers":[{"name":"photo","rate":0.5}]"#),
        ("/v1/paging/keyframes", #""pageCount":5,"pageSpacing":16,"pageSize":{"fraction":0.8},"align":"center","layers":[{"name":"card","rate":0.3}]"#),
        ("/v1/paging/keyframes", #""pageCount":5,"pageSpacing":16,"direction":"rtl","layers":[{"name":"photo","rate":0.5}]"#),
        ("/v1/paging/keyframes", #""viewport":{"width":390,"height":600},"pageCount":3,"layers":[{"name":"photo","travel":80}]"#),
    ]

    /// Every name a stylesheet defines: `@keyframes`, scroll and view timelines, container names,
    /// custom properties.
    static func defined(_ css: String) -> Set<String> {
        var out = Set<String>()
        for m in css.matches(of: /@keyframes ([^{\s]+)/) { out.insert("keyframes " + m.output.1) }
        for m in css.matches(of: /(?:scroll|view)-timeline(?:-name)?:\s*(--[A-Za-z0-9_-]+)/) { out.insert("timeline " + m.output.1) }
        for m in css.matches(of: /container-name:\s*([^;}]+)/) { out.insert("container " + m.output.1) }
        for m in css.matches(of: /[{;](--[A-Za-z0-9_-]+)\s*:/) { out.insert("property " + m.output.1) }
        return out
    }

    /// The property a page of these answers breaks on: any name defined by two answers. Fails
    /// on today's stylesheets before scopes (both a header's and a scroll page's define
    /// `@keyframes parallax-1`); checked with every answer unscoped, scoped, and both mixed.
    @Test func noTwoAnswersOnOnePageShareADefinedName() {
        var owner: [String: String] = [:]
        var answers = 0
        for scope in [nil, "story", "hero"] as [String?] {
            for (route, body) in Self.requests {
                for format in ["css", "waapi"] {
                    let field = scope.map { #","scope":"\#($0)""# } ?? ""
                    let r = client.post(route, "{" + body + #","format":"\#(format)""# + field + "}")
                    #expect(r.status == 200, "\(route) \(body) \(format)")
                    guard format == "css" else {
                        // waapi defines no name: its animations are the script's.
                        #expect(!r.body.contains("@keyframes") && !r.body.contains("\"--"))
                        continue
                    }
                    answers += 1
                    let names = Self.defined(r.body)
                    #expect(!names.isEmpty)
                    let label = route + " " + body + " " + (scope ?? "unscoped")
                    for n in names {
                        if let other = owner[n] { Issue.record("\(n) defined by \(label) and by \(other)") }
                        owner[n] = label
                        if let scope { #expect(n.hasPrefix("keyframes parallax-" + scope + "_"), "\(n)") }
                    }
                }
            }
        }
        #expect(answers == 3 * Self.requests.count)
    }

    /// The same request twice is the same answer with the same names; its GET and POST forms,
    /// and its text with members in another order, too (the names come from its content).
    @Test func unscopedNamesComeFromTheRequestsContent() {
        let a = client.post("/v1/paging/keyframes", #"{"pageCount":3,"pageSpacing":16,"layers":[{"name":"a","rate":0.5}],"format":"css"}"#)
        let b = client.post("/v1/paging/keyframes", #"{ "format": "css", "layers": [{"rate": 0.50, "name": "a"}], "pageSpacing": 16.0, "pageCount": 3 }"#)
        let get = client.get("/v1/paging/keyframes?pageCount=3&pageSpacing=16&layers=%5B%7B%22name%22%3A%22a%22%2C%22rate%22%3A0.5%7D%5D&format=css")
        let other = client.post("/v1/paging/keyframes", #"{"pageCount":3,"pageSpacing":17,"layers":[{"name":"a","rate":0.5}],"format":"css"}"#)
        #expect(a.status == 200 && a.bytes == b.bytes && a.bytes == get.bytes)
        #expect(Self.defined(a.body).isDisjoint(with: Self.defined(other.body)))
        #expect(a.body.contains(/@keyframes parallax_[0-9a-f]{8}_1\{/))
        let header = client.post("/v1/header/keyframes", #"{"header":{"height":220},"format":"css"}"#)
        #expect(header.body.contains(/@keyframes parallax_[0-9a-f]{8}_rm1\{/))
    }

    /// Every rule of a scoped stylesheet is under its scope's element: the scroller is
    /// `.parallax-scroller[data-parallax~="story"]`, every box `[data-parallax~="story"] …`; no rule
    /// reaches the unscoped markup.
    @Test func aScopedStylesheetStylesOnlyInsideItsScope() {
        for (route, body) in Self.requests {
            let r = client.post(route, "{" + body + #","format":"css","scope":"story"}"#)
            #expect(r.status == 200)
            var rules = 0
            for selector in Self.selectors(r.body) {
                rules += 1
                let scoped = selector.hasPrefix(#".parallax-scroller[data-parallax~="story"]"#)
                    || selector.hasPrefix(#"[data-parallax~="story"] "#)
                    || selector.hasPrefix(#":where(.parallax-scroller[data-parallax~="story"])"#)
                #expect(scoped, "\(route): \(selector)")
            }
            #expect(rules > 5)
            // The waapi answer's selectors are the same, so `document.querySelector` finds them.
            let w = client.post(route, "{" + body + #","format":"waapi","scope":"story"}"#)
            for m in w.body.matches(of: /"selector":"((?:[^"\\]|\\.)*)"/) {
                #expect(m.output.1.hasPrefix(#"[data-parallax~=\"story\"] "#), "\(m.output.1)")
            }
        }
    }

    /// The selectors of every style rule (each comma-separated part), outside `@keyframes`.
    static func selectors(_ css: String) -> [String] {
        var out: [String] = []
        for line in css.split(separator: "\n") {
            var rest = Substring(line)
            if rest.hasPrefix("/*") || rest.hasPrefix("@keyframes") || rest == "}" { continue }
            if rest.hasPrefix("@") {
                // `@supports not (…){rule}` on one line; `@media …{` and `@supports (…){` open a block.
                guard let open = rest.firstIndex(of: "{") else { continue }
                rest = rest[rest.index(after: open)...]
                if rest.isEmpty { continue }
            }
            guard let brace = rest.firstIndex(of: "{") else { continue }
            out += rest[..<brace].split(separator: ",").map(String.init)
        }
        return out
    }

    @Test func aScopeIsALowercaseNameOfAtMost32Characters() {
        for bad in ["Story", "1story", "", "a_b", "a b", String(repeating: "a", count: 33), "é"] {
            let post = client.post("/v1/header/keyframes", #"{"header":{"height":200},"format":"css","scope":"\#(bad)"}"#)
            #expect(post.status == 422 && post.body.contains(#""pointer":"/scope""#), "\(bad)")
        }
        let number = client.post("/v1/header/keyframes", #"{"header":{"height":200},"format":"css","scope":7}"#)
        #expect(number.status == 422 && number.body.contains(#""pointer":"/scope""#))
        for good in ["a", "story", "hero-2", "a-", String(repeating: "z", count: 32)] {
            #expect(client.post("/v1/header/keyframes", #"{"header":{"height":200},"format":"css","scope":"\#(good)"}"#).status == 200, "\(good)")
        }
        let get = client.get("/v1/header/keyframes?header.height=200&format=css&scope=Story")
        #expect(get.status == 422 && get.body.contains(#""pointer":"/scope""#))
    }

    /// GET = POST for a scoped stylesheet; the data formats accept `scope` (the module fetches the
    /// stylesheet's URL with format=json) and answer as without it.
    @Test func theGetFormAndTheDataFormatsTakeTheScope() {
        let post = client.post("/v1/paging/keyframes", #"{"pageCount":3,"layers":[{"name":"a","rate":0.5}],"format":"css","scope":"hero"}"#)
        let get = client.get("/v1/paging/keyframes?pageCount=3&layers=%5B%7B%22name%22%3A%22a%22%2C%22rate%22%3A0.5%7D%5D&format=css&scope=hero")
        #expect(post.status == 200 && post.bytes == get.bytes)
        #expect(post.body.contains(/@keyframes parallax-hero_[0-9a-f]{8}_1\{/))
        for format in ["json", "keytimes"] {
            let with = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":3,"format":"\#(format)","scope":"hero"}"#)
            let without = client.post("/v1/paging/keyframes", #"{"viewport":{"width":390,"height":844},"pageCount":3,"format":"\#(format)"}"#)
            #expect(with.status == 200 && with.bytes == without.bytes)
        }
    }

    /// `scroller: "root"` (docs/web.md#the-page-scrolls): the root element is the scroller, the
    /// stylesheet sets nothing on it but its range box, lengths of the viewport are percentages
    /// of the initial containing block, the timeline is `scroll(root)`; paging is a 422.
    @Test func theRootScrollerIsTheDocument() {
        let r = client.get("/v1/header/keyframes?header.height=220&header.minHeight=64&scroller=root&scope=story&format=css")
        #expect(r.status == 200)
        #expect(r.body.contains(#":root[data-parallax~="story"]::before{width:100%;height:calc(100% + 220px)}"#))
        #expect(r.body.contains(#"[data-parallax~="story"] .parallax-header{left:0px;top:0px;width:100%;height:220px"#))
        #expect(r.body.contains("animation-timeline:scroll(root y)") && !r.body.contains("scroll(nearest"))
        #expect(!r.body.contains("overflow-y:scroll") && !r.body.contains("cqw") && !r.body.contains(":root *"))
        let scroll = client.get(#"/v1/scroll/keyframes?elements=[{"name":"a","opacity":[0,1]}]&scroller=root&format=waapi"#.replacing("\"", with: "%22"))
        #expect(scroll.status == 200 && scroll.body.contains(#""timeline":{"axis":"y","source":"root"}"#))
        for body in [#"{"pageCount":3,"format":"css","scroller":"root"}"#, #"{"pageCount":3,"format":"css","scroller":"window"}"#] {
            let paging = client.post("/v1/paging/keyframes", body)
            #expect(paging.status == 422 && paging.body.contains(#""pointer":"/scroller""#))
        }
        #expect(client.post("/v1/paging/keyframes", #"{"pageCount":3,"format":"css","scroller":"element"}"#).status == 200)
    }
}
