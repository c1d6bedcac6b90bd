// libFuzzer target `service` (issue 6): a JSON body (or query string) → ParallaxApp for each
// route, called as the engine calls it. Built by scripts/fuzz.
//
// Input layout: byte 0 (mod 12) picks the request — 0/1/2: POST /v1/paging, /v1/header, /v1/scroll
// with the rest as the body; 3/4/5: GET of the same routes with the rest as the query string;
// 6–8 and 9–11: the same for the keyframes routes (SPEC §8), every `format`.
//
// Invariants (a violation aborts):
// - the status is 200 (application/json, or text/css on a keyframes route) or a 4xx
//   application/problem+json;
// - a JSON body is valid JSON by yyjson's strict reader (so no NaN / Infinity tokens);
// - a problem body is an object with numeric `status` equal to the response status;
// - a 200 JSON body holds only finite numbers and no negative `width` / `height` anywhere;
// - a keyframes `knots` list is non-empty, each knot two numbers (null would be a non-finite one)
//   with non-decreasing offsets, and `easings` has one entry fewer; a `keyTimes` list runs from 0
//   to 1, non-decreasing;
// - a stylesheet is UTF-8 with balanced braces and no `nan`/`inf` number.
import CYYJSON
import HTTPServer
import ParallaxService

#if canImport(Glibc)
import Glibc
#endif

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fputs("invariant violated: \(message())\n", stderr)
        abort()
    }
}

let app = ParallaxApp(options: ServiceOptions(accessLog: false), metrics: ServiceMetrics())
var response = HTTPResponse()
let paths = ["/v1/paging", "/v1/header", "/v1/scroll",
             "/v1/paging/keyframes", "/v1/header/keyframes", "/v1/scroll/keyframes"]

func fuzzOne(_ data: UnsafeRawBufferPointer) {
    guard let selector = data.first else { return }
    let rest = Array(data.dropFirst())
    let pick = Int(selector % 12)
    let path = paths[pick % 3 + (pick >= 6 ? 3 : 0)]
    let request: HTTPRequest
    if pick % 6 < 3 {
        request = HTTPRequest(method: .post, target: path,
                              headers: HTTPHeaders([("Host", "fuzz"), ("Content-Type", "application/json")]), body: rest)
    } else {
        request = HTTPRequest(method: .get, target: path + "?" + String(decoding: rest, as: UTF8.self),
                              headers: HTTPHeaders([("Host", "fuzz")]))
    }
    response.reset()
    app.respond(to: request, into: &response)

    let status = response.status
    if status == 200, pick >= 6, response.contentType == "text/css; charset=utf-8" {
        return checkStylesheet(response.body)
    }
    if status == 200 {
        check(response.contentType == "application/json", "200 with content type \(response.contentType ?? "none")")
    } else {
        check(status >= 400 && status <= 499, "status \(status)")
        check(response.contentType == "application/problem+json", "\(status) with content type \(response.contentType ?? "none")")
    }
    response.body.withUnsafeBufferPointer { buffer in
        let doc = buffer.withMemoryRebound(to: CChar.self) { chars in
            yyjson_read(chars.baseAddress, chars.count, 0)
        }
        guard let doc else {
            check(false, "body is not valid JSON: \(String(decoding: buffer, as: UTF8.self).prefix(300))")
            return
        }
        defer { yyjson_doc_free(doc) }
        guard let root = yyjson_doc_get_root(doc) else { return check(false, "empty document") }
        check(yyjson_is_obj(root), "body is not a JSON object")
        if status == 200 {
            walk(root, key: nil, depth: 0)
        } else {
            let s = yyjson_obj_get(root, "status")
            check(s != nil && yyjson_is_int(s) && Int(yyjson_get_int(s)) == status, "problem status differs from \(status)")
        }
    }
}

/// A `format: "css"` answer: UTF-8, braces balanced (never below zero), no non-finite number
/// spelled by a formatter (`nan`, `inf`), which a browser would drop with its whole rule.
func checkStylesheet(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    check(Array(text.utf8) == bytes, "stylesheet is not UTF-8")
    var depth = 0
    for b in bytes {
        if b == UInt8(ascii: "{") { depth += 1 }
        if b == UInt8(ascii: "}") { depth -= 1; check(depth >= 0, "unbalanced '}' in stylesheet") }
    }
    check(depth == 0, "unclosed '{' in stylesheet")
    for bad in [":nan", ":inf", ":-inf", " nan", " inf", "nanpx", "infpx", "null"] {
        check(!text.contains(bad), "stylesheet holds \(bad)")
    }
}

/// `knots` [[o, v], …]: non-empty, offsets non-decreasing; `keyTimes`: 0 … 1, non-decreasing.
func checkTrack(_ obj: UnsafeMutablePointer<yyjson_val>) {
    if let knots = yyjson_obj_get(obj, "knots") {
        let n = yyjson_arr_size(knots)
        check(n >= 1, "empty knots")
        var last = -Double.infinity
        for i in 0..<n {
            let knot = yyjson_arr_get(knots, i)
            // A non-finite number is written as null (SPEC §4): every knot is two numbers.
            check(yyjson_is_num(yyjson_arr_get(knot, 0)) && yyjson_is_num(yyjson_arr_get(knot, 1)), "knot is not two numbers")
            let o = yyjson_get_num(yyjson_arr_get(knot, 0))
            check(o >= last, "knot offsets decrease")
            last = o
        }
        if let easings = yyjson_obj_get(obj, "easings") {
            check(yyjson_arr_size(easings) + 1 == n, "easings.count != knots.count - 1")
        }
    }
    if let times = yyjson_obj_get(obj, "keyTimes") {
        let n = yyjson_arr_size(times)
        check(n >= 1, "empty keyTimes")
        var last = 0.0
        for i in 0..<n {
            let t = yyjson_get_num(yyjson_arr_get(times, i))
            check(t >= last && t <= 1, "keyTimes not in 0…1 non-decreasing")
            last = t
        }
        check(yyjson_get_num(yyjson_arr_get(times, 0)) == 0 && last == 1, "keyTimes do not run from 0 to 1")
    }
}

/// Every number finite, every `width` / `height` ≥ 0 (SPEC: frames are `{x, y, width, height}`).
func walk(_ val: UnsafeMutablePointer<yyjson_val>, key: String?, depth: Int) {
    check(depth < 64, "nesting deeper than 64")
    if yyjson_is_num(val) {
        let n = yyjson_get_num(val)
        check(n.isFinite, "non-finite number at \(key ?? "?")")
        if key == "width" || key == "height" { check(n >= 0, "negative \(key ?? "") \(n)") }
    } else if yyjson_is_arr(val) {
        var iter = yyjson_arr_iter()
        yyjson_arr_iter_init(val, &iter)
        while let element = yyjson_arr_iter_next(&iter) { walk(element, key: key, depth: depth + 1) }
    } else if yyjson_is_obj(val) {
        if key == "tracks" { checkTrack(val) }
        var iter = yyjson_obj_iter()
        yyjson_obj_iter_init(val, &iter)
        while let k = yyjson_obj_iter_next(&iter) {
            guard let v = yyjson_obj_iter_get_val(k), let name = yyjson_get_str(k) else { continue }
            walk(v, key: String(cString: name), depth: depth + 1)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
