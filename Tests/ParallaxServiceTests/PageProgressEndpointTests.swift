import HTTPServer
import ParallaxLayout
import Testing
@testable import ParallaxService

/// `input: "pageProgress"` through the application (docs/model.md#page-progress): the answer's
/// header and targets byte for byte, GET = POST, keytimes, and the 422s with their pointers.
@Suite struct PageProgressEndpointTests {
    let client = Client()
    static let carousel = #"{"viewport":{"width":400,"height":600},"pageCount":5,"pageSize":300,"pageSpacing":20,"align":"center","input":"pageProgress""#
    static let query = "/v1/paging/keyframes?viewport.width=400&viewport.height=600&pageCount=5&pageSize=300&pageSpacing=20&align=center&input=pageProgress"

    @Test func jsonStatesTheInputStrideAndSign() {
        let r = client.post("/v1/paging/keyframes", Self.carousel + #","properties":["visibleFraction","frame.x"]}"#)
        #expect(r.status == 200)
        #expect(r.contentType == "application/json")
        #expect(r.body == #"{"model":"paging","input":"pageProgress","axis":"horizontal","stride":320,"sign":"movedBack","domain":{"from":-1.09375,"to":1.09375},"tracks":[{"target":{"page":true},"property":"visibleFraction","knots":[[-1.09375,0],[-0.15625,1],[0.15625,1],[1.09375,0]],"easings":["linear","linear","linear"]},{"target":{"layer":"background"},"property":"frame.x","knots":[[-1.09375,0],[1.09375,0]],"easings":["linear"]}]}"#)
    }

    @Test func keytimesOverTheDomainInPages() {
        let r = client.get(Self.query + "&format=keytimes&properties=visibleFraction")
        #expect(r.status == 200)
        #expect(r.body == #"{"model":"paging","input":"pageProgress","axis":"horizontal","stride":320,"sign":"movedBack","domain":{"from":-1.09375,"to":1.09375},"tracks":[{"target":{"page":true},"property":"visibleFraction","values":[0,1,1,0],"keyTimes":[0,0.42857142857142855,0.5714285714285714,1],"timingFunctions":[[0,0,1,1],[0,0,1,1],[0,0,1,1]]}]}"#)
    }

    @Test func getFormMatchesPost() {
        for format in ["json", "keytimes"] {
            let post = client.post("/v1/paging/keyframes", Self.carousel + #","format":"\#(format)","domain":{"from":-2,"to":0.5}}"#)
            let get = client.get(Self.query + "&format=\(format)&domain.from=-2&domain.to=0.5")
            #expect(post.status == 200)
            #expect(post.bytes == get.bytes, "\(format)")
        }
    }

    @Test func offsetInputIsTheDefaultAndWritesNothingNew() {
        let plain = client.post("/v1/paging/keyframes", KeyframesEndpointTests.spec + "}")
        let offset = client.post("/v1/paging/keyframes", KeyframesEndpointTests.spec + #","input":"offset"}"#)
        #expect(plain.bytes == offset.bytes)
        #expect(!plain.body.contains("input") && !plain.body.contains("stride"))
    }

    func pointers(_ r: Client.Reply) -> [String] {
        guard r.status == 422 else { return ["status \(r.status)"] }
        // Each `"pointer":"…"` of the problem's errors, in order.
        return r.body.split(separator: #""pointer":""#, omittingEmptySubsequences: false).dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func refusalsNameTheirFields() {
        for format in ["css", "waapi"] {
            let r = client.post("/v1/paging/keyframes", Self.carousel + #","format":"\#(format)"}"#)
            #expect(pointers(r) == ["/input"], "\(format)")
            #expect(r.body.contains(#"answered in formats \"json\" and \"keytimes\""#))
        }
        let header = client.get("/v1/header/keyframes?viewport.width=390&viewport.height=844&header.height=200&input=pageProgress")
        #expect(pointers(header) == ["/input"])
        let scroll = client.post("/v1/scroll/keyframes", #"{"viewport":{"width":100,"height":100},"input":"offset","elements":[{"name":"a","frame":{"x":0,"y":100,"width":10,"height":10}}]}"#)
        #expect(pointers(scroll) == ["/input"])
        #expect(pointers(client.post("/v1/paging/keyframes", Self.carousel + #","properties":["page.frame.x"]}"#)) == ["/properties/0"])
        #expect(client.post("/v1/paging/keyframes", Self.carousel + #","properties":["page.frame.x"]}"#).body.contains("ask for viewportFrame.x"))
        #expect(pointers(client.get(Self.query.dropLast("pageProgress".count) + "progress")) == ["/input"])
        #expect(pointers(client.post("/v1/paging/keyframes", Self.carousel + #","offset":3}"#)) == ["/offset"])
        #expect(pointers(client.post("/v1/paging/keyframes", Self.carousel + #","domain":{"from":1,"to":0}}"#)) == ["/domain/to"])
    }
}
