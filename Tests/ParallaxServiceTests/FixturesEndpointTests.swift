import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// A JSON document as a tree (what a client decodes).
indirect enum JTree: Equatable {
    case object([String: JTree]), array([JTree]), number(Double), string(String), bool(Bool), null

    static func parse(_ text: String) -> JTree? {
        let bytes = Array(text.utf8)
        guard case .success(let tree) = JSONParser().parse(bytes.span, { JTree($0) }) else { return nil }
        return tree
    }

    init(_ v: JSONValue) {
        switch v.kind {
        case .object:
            var members: [String: JTree] = [:]
            v.forEachMemberKey { k, m in members[k.description] = JTree(m) }
            self = .object(members)
        case .array:
            var items: [JTree] = []
            v.forEachElement { _, e in items.append(JTree(e)) }
            self = .array(items)
        default:
            if case .finite(let d)? = v.number { self = .number(d) }
            else if let s = v.string { self = .string(s) }
            else if let b = v.bool { self = .bool(b) }
            else { self = .null }
        }
    }

    subscript(_ key: String) -> JTree? { if case .object(let m) = self { m[key] } else { nil } }
    var items: [JTree] { if case .array(let a) = self { a } else { [] } }
    var double: Double? { if case .number(let d) = self { d } else { nil } }
    var text: String? { if case .string(let s) = self { s } else { nil } }
}

/// A client's player in the small: decodes the json answer's tracks (§ the player contract:
/// ends held or continued, beziers solved) and checks a fixtures answer against them, the test an
/// app's CI runs (docs/model.md#fixtures). Returns the failures.
func fixtureFailures(json: JTree, fixtures: JTree) -> [String] {
    func track(_ t: JTree) -> Track? {
        let knots = t["knots"]?.items.compactMap { k -> Knot? in
            guard let o = k.items.first?.double, let v = k.items.last?.double else { return nil }
            return Knot(offset: o, value: v)
        } ?? []
        let easings = t["easings"]?.items.map { e -> SegmentEasing in
            let c = e["cubicBezier"]?.items.compactMap(\.double) ?? []
            return c.count == 4 ? .cubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3]) : .linear
        } ?? []
        return Track(target: .header, property: t["property"]?.text ?? "", knots: knots, easings: easings,
                     before: t["before"]?.text == "linear" ? .linear : .hold, after: t["after"]?.text == "linear" ? .linear : .hold)
    }
    let tracks = json["tracks"]?.items ?? [], cases = fixtures["tracks"]?.items ?? []
    guard tracks.count == cases.count else { return ["\(tracks.count) tracks, \(cases.count) fixture entries"] }
    var failures: [String] = []
    for (t, f) in zip(tracks, cases) {
        guard t["target"] == f["target"], t["property"] == f["property"], let player = track(t),
              let kind = f["kind"]?.text, let tolerance = fixtures["tolerance"]?[kind]?.double else {
            failures.append("entry mismatch: \(f)")
            continue
        }
        for c in f["cases"]?.items ?? [] {
            guard let at = c["at"]?.double else { continue }
            let got = player.value(at: at)
            let wanted = c["value"].map { [$0.double ?? .nan] } ?? c["either"]?.items.map { $0.double ?? .nan } ?? []
            if !wanted.contains(where: { abs(got - $0) <= tolerance }) {
                failures.append("\(f["target"]!) \(player.property) at \(at): player \(got), fixture \(wanted)")
            }
        }
    }
    return failures
}

@Suite struct FixturesEndpointTests {
    let client = Client()
    static let pager = #"{"viewport":{"width":390,"height":844},"pageCount":4,"pageSpacing":16,"layers":[{"name":"bg","travel":120,"fit":"cover","opacity":{"min":0.4}},{"name":"fg","rate":-0.5,"scale":{"min":0.8}}]"#
    static let carousel = #"{"viewport":{"width":400,"height":600},"pageCount":5,"pageSize":300,"pageSpacing":20,"align":"center","direction":"rtl","layers":[{"name":"bg","travel":60,"fit":"cover","opacity":{"min":0.5}}]"#
    static let scroll = #"{"viewport":{"width":390,"height":844},"elements":[{"name":"a","frame":{"x":0,"y":900,"width":390,"height":300},"opacity":[0,1],"translate":[0,-120],"rotate":[0,30],"easing":"easeOut"},{"name":"b","frame":{"x":0,"y":1400,"width":390,"height":200},"scale":[0.5,1],"easing":{"cubicBezier":[0.34,1.56,0.64,1]}}]"#
    static let header = #"{"viewport":{"width":390,"height":844},"header":{"height":300,"minHeight":80},"content":{"width":1200,"height":800}"#

    /// The requests every check runs over: each route, both inputs, a user domain.
    static let requests: [(String, String)] = [
        ("paging", pager + "}"),
        ("paging", pager + #","domain":{"from":-100,"to":700}}"#),
        ("paging", pager + #","input":"pageProgress"}"#),
        ("paging", carousel + #","input":"pageProgress","domain":{"from":-2,"to":0.5}}"#),
        ("paging", carousel + "}"),
        ("scroll", scroll + "}"),
        ("header", header + "}"),
    ]

    func answers(_ route: String, _ body: String) -> (JTree, JTree)? {
        let json = client.post("/v1/\(route)/keyframes", body)
        let fixtures = client.post("/v1/\(route)/keyframes", String(body.dropLast()) + #","format":"fixtures","samples":24,"seed":35}"#)
        #expect(json.status == 200 && fixtures.status == 200, "\(json.body.prefix(300)) \(fixtures.body.prefix(300))")
        guard let j = JTree.parse(json.body), let f = JTree.parse(fixtures.body) else { return nil }
        return (j, f)
    }

    @Test func aPlayerOfTheJsonAnswerPassesItsFixtures() throws {
        for (route, body) in Self.requests {
            let (j, f) = try #require(answers(route, body))
            #expect(fixtureFailures(json: j, fixtures: f).isEmpty, "\(route) \(body)")
            // The header repeats the json answer's, with input always said.
            for key in ["model", "axis", "domain", "stride", "sign"] { #expect(j[key] == f[key], "\(key)") }
            #expect(f["input"]?.text == j["input"]?.text ?? "offset")
            #expect(f["samples"]?.double == 24 && f["seed"]?.double == 35)
        }
    }

    @Test func aPlantedWrongValueIsCaught() throws {
        for (route, body) in Self.requests {
            let (j, f) = try #require(answers(route, body))
            guard case .object(var top) = f, case .array(var entries) = top["tracks"], !entries.isEmpty else {
                Issue.record("no tracks: \(route)")
                continue
            }
            // Move one case of the middle track by three tolerances of its kind.
            let e = entries.count / 2
            guard case .object(var entry) = entries[e], case .array(var cases) = entry["cases"],
                  let kind = entry["kind"]?.text, let tolerance = f["tolerance"]?[kind]?.double,
                  case .object(var c) = cases[cases.count / 2], let v = c["value"]?.double else {
                Issue.record("no case to plant in: \(route)")
                continue
            }
            c["value"] = .number(v + 3 * tolerance)
            cases[cases.count / 2] = .object(c)
            entry["cases"] = .array(cases)
            entries[e] = .object(entry)
            top["tracks"] = .array(entries)
            #expect(fixtureFailures(json: j, fixtures: .object(top)).count == 1, "\(route) \(body)")
        }
    }

    /// Each case's value is the single-offset answer's number there, asked afresh: the same double
    /// for offsets; for page progress, page i's at o = (i + p)·L for several i within 1e-9.
    @Test func valuesAreFreshSingleOffsetAnswers() throws {
        let (_, f) = try #require(answers("paging", Self.pager + "}"))
        var checked = 0
        for entry in f["tracks"]?.items ?? [] {
            guard let slot = entry["target"]?["slot"]?.double, let property = entry["property"]?.text else { continue }
            let layer = entry["target"]?["layer"]?.text
            for c in (entry["cases"]?.items ?? []).prefix(8) {
                guard let at = c["at"]?.double, let value = c["value"]?.double, at >= 0, at <= 3 * 406 else { continue }
                let single = try #require(JTree.parse(client.post("/v1/paging", Self.pager + #","include":"all","offset":\#(at)}"#).body))
                let page = try #require(single["pages"]?.items.first { $0["slot"]?.double == slot })
                let object = layer.map { name in page["layers"]?.items.first { $0["name"]?.text == name } } ?? page
                var number = object
                for part in property.split(separator: ".") { number = number?[String(part)] }
                #expect(number?.double == value, "slot \(slot) \(layer ?? "") \(property) at \(at)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func progressValuesHoldForEveryPage() throws {
        let (_, f) = try #require(answers("paging", Self.carousel + #","input":"pageProgress"}"#))
        let L = try #require(f["stride"]?.double)
        var checked = 0
        for entry in f["tracks"]?.items ?? [] {
            let property = entry["property"]?.text ?? ""
            let layer = entry["target"]?["layer"]?.text
            for c in (entry["cases"]?.items ?? []).prefix(6) {
                guard let p = c["at"]?.double, let value = c["value"]?.double, abs(p) <= 1.09375 else { continue }
                for i in [0, 2, 4] {
                    let o = (Double(i) + p) * L
                    let single = try #require(JTree.parse(client.post("/v1/paging", Self.carousel + #","include":"all","offset":\#(o)}"#).body))
                    let page = try #require(single["pages"]?.items.first { $0["index"]?.double == Double(i) })
                    let object = layer.map { name in page["layers"]?.items.first { $0["name"]?.text == name } } ?? page
                    var number = object
                    for part in property.split(separator: ".") { number = number?[String(part)] }
                    let got = try #require(number?.double)
                    #expect(abs(got - value) <= 1e-9 * max(1, abs(value)), "page \(i) \(property) at p \(p)")
                    checked += 1
                }
            }
        }
        #expect(checked > 30)
    }

    @Test func samplesAndSeedBelongToFixtures() {
        let r = client.post("/v1/paging/keyframes", Self.pager + #","samples":3,"seed":2}"#)
        #expect(r.status == 422 && r.body.contains(#""pointer":"/samples""#) && r.body.contains(#""pointer":"/seed""#))
        let bad = client.post("/v1/paging/keyframes", Self.pager + #","format":"fixtures","samples":1001}"#)
        #expect(bad.status == 422 && bad.body.contains(#""pointer":"/samples""#))
        let get = client.get("/v1/header/keyframes?viewport.width=390&viewport.height=844&header.height=300&format=fixtures&samples=2&seed=9")
        #expect(get.status == 200 && get.body.contains(#""samples":2,"seed":9"#))
    }

    @Test func aHugeFixturesAnswerIsRefusedBeforeItsFirstByte() {
        let small = Client(limits: LayoutLimits(maxAnswerBytes: 4_000))
        let r = small.post("/v1/paging/keyframes", Self.pager + #","format":"fixtures","samples":200}"#)
        #expect(r.status == 422 && r.body.contains("the answer would be about"))
    }
}
