import Testing
@testable import HTTPServer

/// Request header lookups skip names whose length no field has (`HTTPHeaders.nameLengths`): the
/// filter may only ever say "perhaps", never hide a field, whatever the lengths (64 and more wrap).
@Suite struct HeaderLookupTests {
    @Test func lookupsFindEveryFieldAndNothingElse() {
        let long = String(repeating: "x", count: 70)  // 70 % 64 = 6, the length of "Origin"
        let headers = [("Host", "a"), (long, "1"), ("ORIGIN", "https://b.example"), ("If-None-Match", "\"1\""),
                       ("If-None-Match", "\"2\"")]
        HTTPRequest.with(method: .get, target: "/", headers: headers, body: []) { request in
            #expect(request.headers["Origin"] == "https://b.example")
            #expect(request.headers["Accept"] == nil)
            #expect(request.headers["host"] == "a")
            #expect(request.headers.joined("If-None-Match") == "\"1\", \"2\"")
            #expect(request.headers.joined("Accept-Encoding") == nil)
            #expect(request.headers.firstIndex(of: "Content-Type") == nil)
            #expect(request.headers.count == 5)
        }
    }
}
