import HTTPServer
import Testing
@testable import ParallaxService

@Suite struct AccessLogTests {
    let record = HTTPRequestRecord(method: .post, path: "/v1/paging\"\n", status: 422, bytesIn: 120,
                                   bytesOut: 300, durationNanoseconds: 1_234_567, remoteAddress: "127.0.0.1:5000")

    @Test func jsonLinesEscapeTheClientPath() {
        var out = ByteBuffer()
        AccessLog.render(record, format: .json, into: &out)
        let line = out.description
        #expect(line.hasPrefix(#"{"time":"20"#))
        #expect(line.hasSuffix(#"Z","remote":"127.0.0.1:5000","method":"POST","path":"/v1/paging\"\n","status":422,"bytesIn":120,"bytesOut":300,"durationMs":1.234}"# + "\n"))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func textLinesAreOneLineToo() {
        var out = ByteBuffer()
        AccessLog.render(record, format: .text, into: &out)
        let line = out.description
        #expect(line.hasSuffix(#"Z 127.0.0.1:5000 "POST /v1/paging\"\n" 422 in=120 out=300 1.234ms"# + "\n"))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }
}

@Suite struct QueryParameterTests {
    private func json(_ q: String) -> String {
        switch QueryParameters.json(from: q[...], checkJSON: { _ in nil }) {
        case .success(let bytes): bytes.description
        case .failure(let e): "error: " + e.issues.map(\.description).joined(separator: "; ")
        }
    }

    @Test func dottedNamesBecomeNestedObjects() {
        #expect(json("viewport.width=390&viewport.height=844&pageCount=5") == #"{"viewport":{"width":390,"height":844},"pageCount":5}"#)
    }

    @Test func valuesAreJSONLiteralsOrStrings() {
        #expect(json("a=true&b=null&c=-1.5e%2B3&d=abc&e=&f=01&g=%22q%22") == #"{"a":true,"b":null,"c":-1.5e+3,"d":"abc","e":"","f":"01","g":"\"q\""}"#)
        #expect(json("mode=%63enter+x") == #"{"mode":"center x"}"#)
    }

    @Test func offsetsIsACommaList() {
        #expect(json("offsets=1,2.5,-3") == #"{"offsets":[1,2.5,-3]}"#)
        #expect(json("offsets=") == #"{"offsets":[]}"#)
        #expect(json("offsets=1,x") == #"{"offsets":[1,"x"]}"#)
    }

    /// OpenAPI's default `form` + `explode` style, what generated clients send: a list field
    /// repeated, its items in order; a repetition may itself be a comma list.
    @Test func listFieldsMayBeRepeated() {
        #expect(json("offsets=0&offsets=195&offsets=390") == #"{"offsets":[0,195,390]}"#)
        #expect(json("offsets=0,195&offsets=390") == #"{"offsets":[0,195,390]}"#)
        #expect(json("properties=frame.x&pageCount=2&properties=opacity") == #"{"properties":["frame.x","opacity"],"pageCount":2}"#)
    }

    @Test func aFieldRepeatedManyTimesIsOneIssue() {
        #expect(json("offset=1&offset=2&offset=3&offset=4") == "error: /offset: appears more than once")
        #expect(json("layers=%5B%5D&layers=%5B%5D&layers=%5B%5D") == "error: /layers: appears more than once")
    }

    @Test func arrayFieldsTakeJSONText() {
        #expect(json("elements=%5B%5D") == #"{"elements":[]}"#)
    }

    @Test func conflictsAreIssues() {
        #expect(json("a=1&a=2") == "error: /a: appears more than once")
        #expect(json("a=1&a.b=2") == "error: /a/b: appears more than once")
        #expect(json("a..b=1") == "error: /a//b: is not a valid parameter name")
    }

    @Test(arguments: ["0", "-0", "1.5", "1e5", "1E-5", "-12.5e+10"])
    func strictJSONNumbers(s: String) { #expect(QueryParameters.isJSONNumber(s)) }

    @Test(arguments: ["", "-", "01", "1.", ".5", "1e", "+1", "0x10", "NaN", "Infinity", "1 "])
    func notJSONNumbers(s: String) { #expect(!QueryParameters.isJSONNumber(s)) }
}
