import Testing
@testable import ParallaxService

/// One case per validation rule (docs/api.md#the-rules-of-the-fields): the request, and the (pointer, message) it must list.
@Suite struct ValidationTests {
    let client = Client()
    static let vp = #""viewport":{"width":390,"height":844}"#

    static let cases: [(String, String, String, String)] = [
        // Reader: types, unknown fields, required fields, duplicates, overflow.
        ("/v1/paging", "[]", "", "must be an object, not an array"),
        ("/v1/paging", "{}", "/viewport", "is required"),
        ("/v1/paging", "{\(vp)}", "/pageCount", "is required"),
        ("/v1/paging", #"{"viewport":{"width":1},"pageCount":1}"#, "/viewport/height", "is required"),
        ("/v1/paging", #"{"viewport":3,"pageCount":1}"#, "/viewport", "must be an object, not a number"),
        ("/v1/paging", "{\(vp),\"pageCount\":\"5\"}", "/pageCount", "must be a number, not a string"),
        ("/v1/paging", "{\(vp),\"pageCount\":null}", "/pageCount", "must be a number, not null"),
        ("/v1/paging", "{\(vp),\"pageCount\":1e999}", "/pageCount", "must be an integer between 1 and 1000000"),
        ("/v1/paging", "{\(vp),\"pageCount\":-1e400}", "/pageCount", "must be an integer between 1 and 1000000"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"infinite\":1}", "/infinite", "must be a boolean, not a number"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"axis\":\"diagonal\"}", "/axis", #"must be one of "horizontal", "vertical""#),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"direction\":\"up\"}", "/direction", #"must be one of "ltr", "rtl""#),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"include\":\"some\"}", "/include", #"must be one of "visible", "all""#),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"a/b~c\":1}", "/a~1b~0c", "unknown field"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"pageCount\":4}", "/pageCount", "appears more than once"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"nam\":\"x\"}]}", "/layers/0/nam", "unknown field"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"fit\":\"stretch\"}]}", "/layers/0/fit", #"must be one of "page", "cover""#),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"opacity\":{\"max\":1}}]}", "/layers/0/opacity/max", "unknown field"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"contentMode\":\"tile\"}]}", "/layers/0/contentMode", #"must be one of "fill", "aspectFill", "aspectFit", "center""#),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"offsets\":[1,\"a\"]}", "/offsets/1", "must be a number, not a string"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":1}}", "/range/to", "is required"),
        // ParallaxLayout value rules.
        ("/v1/paging", #"{"viewport":{"width":0,"height":844},"pageCount":3}"#, "/viewport/width", "must be between 1e-6 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":0}", "/pageCount", "must be an integer between 1 and 1000000"),
        ("/v1/paging", "{\(vp),\"pageCount\":2000000}", "/pageCount", "must be an integer between 1 and 1000000"),
        ("/v1/paging", "{\(vp),\"pageCount\":2,\"infinite\":true}", "/infinite", "needs pageCount >= 3"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"offset\":1,\"page\":1}", "/page", "give only one of offset, page, offsets"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"offset\":1,\"offsets\":[1]}", "/offsets", "give only one of offset, page, offsets"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"pageSpacing\":-1}", "/pageSpacing", "must be between 0 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"currentPage\":3}", "/currentPage", "must be an integer between 0 and pageCount - 1 (2)"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"decelerationRate\":1}", "/decelerationRate", "must be > 0 and < 1"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"motionScale\":2}", "/motionScale", "must be between 0 and 1"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"pixelScale\":0}", "/pixelScale", "must be > 0 and at most 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"infinite\":true,\"include\":\"all\"}", "/include", #""all" is not possible with infinite"#),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":2,\"to\":1}}", "/range/to", "must be an integer between range.from (2) and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":0,\"to\":1},\"include\":\"all\"}", "/range", "give include or range, not both"),
        ("/v1/paging", "{\(vp),\"pageCount\":20000,\"include\":\"all\"}", "/include", "at most 10000 pages per response (pages × offsets); use range"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"opacity\":{\"min\":2}}]}", "/layers/0/opacity/min", "must be between 0 and 1"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"scale\":{\"min\":-1}}]}", "/layers/0/scale/min", "must be between 0 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"content\":{\"width\":0,\"height\":1}}]}", "/layers/0/content/width", "must be between 1e-6 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"offset\":1e300}", "/offset", "must be between -1e15 and 1e15"),
        ("/v1/header", "{\(vp)}", "/header", "is required"),
        ("/v1/header", "{\(vp),\"header\":{}}", "/header/height", "is required"),
        ("/v1/header", "{\(vp),\"header\":{\"height\":100,\"minHeight\":200}}", "/header/minHeight", "must be between 0 and header.height (100)"),
        ("/v1/header", "{\(vp),\"header\":{\"height\":100},\"mode\":\"left\"}", "/mode", #"must be one of "fill", "top", "center", "bottom""#),
        ("/v1/header", "{\(vp),\"header\":{\"height\":100},\"stretch\":\"yes\"}", "/stretch", "must be a boolean, not a string"),
        ("/v1/scroll", "{\(vp)}", "/elements", "is required"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1}}]}", "/elements/0/name", "is required"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":-1,\"height\":1}}]}", "/elements/0/frame/width", "must be between 1e-6 and 1e15"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"translate\":[1]}]}", "/elements/0/translate", "must have exactly 2 numbers [from, to]"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"speed\":1,\"translate\":[0,1]}]}", "/elements/0/speed", "give speed or translate, not both"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"opacity\":[0,2]}]}", "/elements/0/opacity/1", "must be between 0 and 1"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"easing\":\"bounce\"}]}", "/elements/0/easing", #"must be one of "linear", "easeIn", "easeOut", "easeInOut" or {"cubicBezier": [x1, y1, x2, y2]}"#),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"easing\":{\"cubicBezier\":[2,0,0.5,1]}}]}", "/elements/0/easing/cubicBezier/0", "must be between 0 and 1"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"easing\":{\"cubicBezier\":[0,1]}}]}", "/elements/0/easing/cubicBezier", "must be an array of 4 numbers [x1, y1, x2, y2]"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"startOffset\":5,\"endOffset\":5}]}", "/elements/0/endOffset", "must be at least 1e-6 above startOffset (5) and at most 1e15"),
        ("/v1/scroll", "{\(vp),\"elements\":[],\"offsets\":[]}", "/offsets", "must hold 1 to 4096 offsets"),
        // Each message states the whole rule of its field, whichever part the value broke.
        ("/v1/paging", #"{"viewport":{"width":1e16,"height":844},"pageCount":3}"#, "/viewport/width", "must be between 1e-6 and 1e15"),
        ("/v1/paging", #"{"viewport":{"width":1e-7,"height":844},"pageCount":3}"#, "/viewport/width", "must be between 1e-6 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":2.5}", "/pageCount", "must be an integer between 1 and 1000000"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"pageSpacing\":2e15}", "/pageSpacing", "must be between 0 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"currentPage\":0.5}", "/currentPage", "must be an integer between 0 and pageCount - 1 (2)"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"pixelScale\":1e16}", "/pixelScale", "must be > 0 and at most 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":0,\"to\":1.5}}", "/range/to", "must be an integer between range.from (0) and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"range\":{\"from\":0.5,\"to\":1}}", "/range/from", "must be an integer between -1e15 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"layers\":[{\"scale\":{\"min\":2e15}}]}", "/layers/0/scale/min", "must be between 0 and 1e15"),
        ("/v1/paging", "{\(vp),\"pageCount\":3,\"decelerationRate\":0}", "/decelerationRate", "must be > 0 and < 1"),
        // Infinite: offsets also within 2^52 strides of 0, stated with the resulting bound.
        ("/v1/paging", #"{"viewport":{"width":0.001,"height":844},"pageCount":3,"infinite":true,"offset":1e13}"#, "/offset", "must be between -4503599627370.496 and 4503599627370.496 (2^52 strides of 0 when infinite)"),
        ("/v1/paging", #"{"viewport":{"width":0.001,"height":844},"pageCount":3,"infinite":true,"offsets":[0,-1e13]}"#, "/offsets/1", "must be between -4503599627370.496 and 4503599627370.496 (2^52 strides of 0 when infinite)"),
        ("/v1/paging", #"{"viewport":{"width":0.001,"height":844},"pageCount":3,"infinite":true,"previousOffset":1e13}"#, "/previousOffset", "must be between -4503599627370.496 and 4503599627370.496 (2^52 strides of 0 when infinite)"),
        ("/v1/header", "{\(vp),\"header\":{\"height\":100,\"minHeight\":-1}}", "/header/minHeight", "must be between 0 and header.height (100)"),
        ("/v1/header", "{\(vp),\"header\":{\"height\":0,\"minHeight\":-1}}", "/header/minHeight", "must be between 0 and header.height"),
        ("/v1/header", "{\(vp),\"header\":{\"height\":2e15}}", "/header/height", "must be between 1e-6 and 1e15"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1e-7,\"height\":1}}]}", "/elements/0/frame/width", "must be between 1e-6 and 1e15"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"startOffset\":5,\"endOffset\":2e15}]}", "/elements/0/endOffset", "must be at least 1e-6 above startOffset (5) and at most 1e15"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":100,\"width\":1,\"height\":1},\"endOffset\":-744}]}", "/elements/0/endOffset", "must be at least 1e-6 above the default start frame.y - viewport.height (-744) and at most 1e15"),
        ("/v1/scroll", "{\(vp),\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":0,\"y\":100,\"width\":1,\"height\":50},\"startOffset\":150}]}", "/elements/0/startOffset", "must be at least -1e15 and at least 1e-6 below the default end frame.y + frame.height (150)"),
        ("/v1/scroll", "{\(vp),\"axis\":\"horizontal\",\"elements\":[{\"name\":\"a\",\"frame\":{\"x\":10,\"y\":0,\"width\":5,\"height\":1},\"startOffset\":-2e15}]}", "/elements/0/startOffset", "must be at least -1e15 and at least 1e-6 below the default end frame.x + frame.width (15)"),
        // Keyframes domains: to above from and within ±1e15, as one rule.
        ("/v1/paging/keyframes", "{\(vp),\"pageCount\":3,\"domain\":{\"from\":10,\"to\":10}}", "/domain/to", "must be > domain.from (10) and at most 1e15"),
        ("/v1/paging/keyframes", "{\(vp),\"pageCount\":3,\"domain\":{\"from\":0,\"to\":1e16}}", "/domain/to", "must be > domain.from (0) and at most 1e15"),
        ("/v1/paging/keyframes", "{\(vp),\"pageCount\":3,\"domain\":{\"from\":-2e15,\"to\":1}}", "/domain/from", "must be between -1e15 and 1e15"),
        ("/v1/paging/keyframes", #"{"viewport":{"width":0.001,"height":844},"pageCount":3,"infinite":true,"domain":{"from":0,"to":1e13}}"#, "/domain/to", "must be > domain.from (0) and at most 4503599627370.496 (2^52 strides of 0 when infinite)"),
        ("/v1/header/keyframes", "{\(vp),\"header\":{\"height\":100},\"domain\":{\"from\":5,\"to\":-5}}", "/domain/to", "must be > domain.from (5) and at most 1e15"),
        ("/v1/scroll/keyframes", "{\(vp),\"elements\":[],\"domain\":{\"from\":3e15,\"to\":4e15}}", "/domain/to", "must be > domain.from and at most 1e15"),
        ("/v1/paging/keyframes", "{\(vp),\"pageCount\":3,\"properties\":[\"frame.z\"]}", "/properties/0", "unknown property; one of progress, visibleFraction, viewportFrame.x, viewportFrame.y, viewportFrame.width, viewportFrame.height, frame.x, frame.y, frame.width, frame.height, opacity, scale, contentFrame.x, contentFrame.y, contentFrame.width, contentFrame.height"),
    ]

    @Test(arguments: cases)
    func everyRuleIsReportedWithItsPointer(path: String, body: String, pointer: String, message: String) {
        let r = client.post(path, body)
        #expect(r.status == 422, "\(body)")
        let escaped = message.replacingQuotes()
        #expect(r.body.contains(#"{"pointer":"\#(pointer)","message":"\#(escaped)"}"#), "\(r.body)")
    }

    /// The reader's issues and the value rules' issues are concatenated, never compared: a field
    /// the reader reported is not named again (its placeholder passes its own rule), while a rule
    /// about how fields combine is still reported.
    @Test func readerAndValueIssuesAreBothListedOnce() {
        let r = client.post("/v1/paging", "{\(Self.vp),\"pageCount\":\"5\",\"offset\":1,\"offsets\":[1,\"a\"],\"pageSpacing\":-2}")
        #expect(r.status == 422)
        let expected = #"[{"pointer":"/pageCount","message":"must be a number, not a string"},"#
            + #"{"pointer":"/offsets/1","message":"must be a number, not a string"},"#
            + #"{"pointer":"/pageSpacing","message":"must be between 0 and 1e15"},"#
            + #"{"pointer":"/offsets","message":"give only one of offset, page, offsets"}]"#
        #expect(r.body.hasSuffix(#""errors":"# + expected + "}"), "\(r.body)")
    }

    /// The same words for a list item, a boolean, a value that would break the message, and a
    /// long one (cut); a POST body keeps the JSON words.
    @Test func queryProblemsNameTheParameterAndTheValueSent() {
        let r = client.get("/v1/paging?viewport.width=390&viewport.height=844&pageCount=5&offsets=1,x&infinite=yes&pageSpacing=%22%0A" + String(repeating: "9z", count: 50))
        #expect(r.status == 422)
        #expect(r.body.contains(#"{"pointer":"/offsets/1","message":"offsets must be a number such as 100, got \"x\""}"#), "\(r.body)")
        #expect(r.body.contains(#"{"pointer":"/infinite","message":"infinite must be true or false, got \"yes\""}"#), "\(r.body)")
        let cut = #"\\\"\\n"# + String(repeating: "9z", count: 31) + "…"
        #expect(r.body.contains(#"{"pointer":"/pageSpacing","message":"pageSpacing must be a number such as 16, got \"\#(cut)\""}"#), "\(r.body)")
        let post = client.post("/v1/paging", #"{"viewport":{"width":"abc","height":844},"pageCount":5}"#)
        #expect(post.body.contains(#"{"pointer":"/viewport/width","message":"must be a number, not a string"}"#))
    }

    @Test func getParametersAreCheckedLikeFields() {
        let r = client.get("/v1/paging?viewport.width=abc&viewport.height=844&pageCount=5&foo.bar=2")
        #expect(r.status == 422)
        // A query problem speaks of the query (docs/api.md#endpoints): the parameter as written,
        // the form expected and the value sent.
        #expect(r.body.contains(#"{"pointer":"/viewport/width","message":"viewport.width must be a number such as 390, got \"abc\""}"#))
        #expect(r.body.contains(#"{"pointer":"/foo","message":"unknown field"}"#))
        let dup = client.get("/v1/paging?pageCount=1&pageCount=2&viewport=1&viewport.width=2&.x=1")
        #expect(dup.body.contains(#"{"pointer":"/pageCount","message":"appears more than once"}"#))
        #expect(dup.body.contains(#"{"pointer":"/viewport/width","message":"appears more than once"}"#))
        #expect(dup.body.contains(#"{"pointer":"//x","message":"is not a valid parameter name"}"#))
    }
}

extension String {
    /// The message as it appears inside a JSON string.
    func replacingQuotes() -> String {
        var out = ""
        for c in self { if c == "\"" { out += "\\\"" } else { out.append(c) } }
        return out
    }
}
