// libFuzzer target `service` (docs/testing.md#fuzzing): a JSON body (or query string) → ParallaxApp for each
// route, called as the engine calls it. Built by scripts/fuzz.
//
// Input layout: byte 0 (mod 12) picks the request — 0/1/2: POST /v1/paging, /v1/header, /v1/scroll
// with the rest as the body; 3/4/5: GET of the same routes with the rest as the query string;
// 6–8 and 9–11: the same for the keyframes routes (docs/model.md#keyframes), every `format`.
// With bit 0x40 of byte 0 set (docs/api.md#caching, #cors, #compression), the rest starts with request header lines up
// to the first NUL byte, each `<k><value>\n` where k picks the name: `o` Origin, `i`
// If-None-Match, `a` Accept-Encoding, `t` Accept (JSON or the SVG picture), `r`
// Access-Control-Request-Headers, `m` (any value): the method is OPTIONS instead, `h`: HEAD
// instead of GET; bit 0x20 uses a `--cors-origins` list.
//
// Invariants (a violation aborts):
// - the status is 200 (application/json, text/css on a keyframes route, image/svg+xml for a
//   picture) or a 4xx
//   application/problem+json;
// - a JSON body is valid JSON by yyjson's strict reader (so no NaN / Infinity tokens);
// - a problem body is an object with numeric `status` equal to the response status;
// - a 200 JSON body holds only finite numbers and no negative `width` / `height` anywhere;
// - a keyframes `knots` list is non-empty, each knot two numbers (null would be a non-finite one)
//   with non-decreasing offsets, and `easings` has one entry fewer; a `keyTimes` list runs from 0
//   to 1, non-decreasing;
// - a stylesheet is UTF-8 with balanced braces outside its strings and comments, strings and
//   comments closed, no newline inside a string, and no `nan`/`inf` number;
// - a picture (image/svg+xml, `format: "svg"` or `Accept`) is UTF-8 from `<svg xmlns=` to
//   `</svg>`, with no `nan`/`inf` number;
// - docs/api.md: a 200 has an ETag, and a gzip body inflates to the answer above; 304 and 204 have no
//   body; 412 only for POST; ACAO `*` on everything under the default policy, and under a list
//   only the listed origin, echoed.
import CYYJSON
import HTTPServer
@testable import ParallaxService

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
let listApp: ParallaxApp = {
    var options = ServiceOptions(accessLog: false)
    options.cors = (try? CORSPolicy(parsing: "https://a.example")) ?? .default
    return ParallaxApp(options: options, metrics: ServiceMetrics())
}()
var response = HTTPResponse()
let paths = ["/v1/paging", "/v1/header", "/v1/scroll",
             "/v1/paging/keyframes", "/v1/header/keyframes", "/v1/scroll/keyframes"]

func fuzzOne(_ data: UnsafeRawBufferPointer) {
    guard let selector = data.first else { return }
    var rest = Array(data.dropFirst())
    let pick = Int(selector % 12)
    let path = paths[pick % 3 + (pick >= 6 ? 3 : 0)]
    var headers = [("Host", "fuzz")]
    var override: HTTPMethod?
    let web = selector & 0x40 != 0
    let list = web && selector & 0x20 != 0
    if web {
        let end = rest.firstIndex(of: 0) ?? rest.count
        for line in rest[..<end].split(separator: UInt8(ascii: "\n")) {
            guard let k = line.first else { continue }
            let value = String(decoding: line.dropFirst(), as: UTF8.self)
            switch k {
            case UInt8(ascii: "o"): headers.append(("Origin", value))
            case UInt8(ascii: "i"): headers.append(("If-None-Match", value))
            case UInt8(ascii: "a"): headers.append(("Accept-Encoding", value))
            case UInt8(ascii: "t"): headers.append(("Accept", value))
            case UInt8(ascii: "r"): headers.append(("Access-Control-Request-Headers", value))
            case UInt8(ascii: "m"): override = .options
            case UInt8(ascii: "h"): override = .head
            default: break
            }
        }
        rest = Array(rest[min(end + 1, rest.count)...])
    }
    let isPost = pick % 6 < 3
    let target = isPost ? path : path + "?" + String(decoding: rest, as: UTF8.self)
    if isPost { headers.append(("Content-Type", "application/json")) }
    var method: HTTPMethod = isPost ? .post : .get
    if override == .options || (override == .head && !isPost) { method = override ?? .get }
    response.reset()
    HTTPRequest.with(method: method, target: target, headers: headers, body: isPost ? rest : []) { request in
        (list ? listApp : app).respond(to: request, into: &response)
    }
    // A large answer comes as a producer (streamed, docs/operations.md#bounded-memory): drained as the engine would, with
    // a per-call limit picked from byte 0.
    var body = response.bytes.bytes
    if var producer = response.producer {
        var out = ByteBuffer()
        while producer.produce(into: &out, limit: 1 + Int(selector) * 97) == .more {}
        body = out.bytes
    }

    let status = response.status.code
    let origin = headers.first { $0.0 == "Origin" }?.1
    let acao = response.headers.first { $0.name == "Access-Control-Allow-Origin" }?.value
    if list {
        check(acao == nil || (acao == origin && origin?.lowercasedASCII() == "https://a.example"), "ACAO \(acao ?? "") for \(origin ?? "no origin")")
    } else {
        check(acao == "*", "no ACAO * under the default policy")
    }
    if method == .options {
        return check(status == 204 && body.isEmpty, "OPTIONS answered \(status)")
    }
    if status == 304 {
        check(method == .get || method == .head, "304 for \(method)")
        check(body.isEmpty && response.headers.contains { $0.name == "ETag" }, "304 with a body or without ETag")
        return
    }
    if status == 200 {
        check(response.headers.contains { $0.name == "ETag" }, "200 without ETag")
        if response.headers.contains(where: { $0.name == "Content-Encoding" && $0.value == "gzip" }) {
            guard let plain = gunzip(body) else { return check(false, "gzip body does not inflate") }
            body = plain
        }
    }
    if status == 412 { check(method == .post, "412 for \(method)") }
    if status == 200, pick >= 6, response.contentType == "text/css; charset=utf-8" {
        return checkStylesheet(body)
    }
    if status == 200, response.contentType == "image/svg+xml" {
        return checkPicture(body)
    }
    if status == 200 {
        check(response.contentType == "application/json", "200 with content type \(response.contentType ?? "none")")
    } else {
        check(status >= 400 && status <= 499, "status \(status)")
        check(response.contentType == "application/problem+json", "\(status) with content type \(response.contentType ?? "none")")
    }
    body.withUnsafeBufferPointer { buffer in
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
    // Braces count outside strings and comments only: a request's element name sits in a
    // quoted attribute selector (`[data-element="a{"]`), where a brace is just a character.
    var depth = 0
    var quote: UInt8? = nil
    var escaped = false
    var inComment = false
    var i = 0
    var outside: [UInt8] = []  // the bytes outside strings and comments
    while i < bytes.count {
        let b = bytes[i]
        if !inComment && quote == nil && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'") { outside.append(b) }
        if inComment {
            if b == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/") { inComment = false; i += 1 }
        } else if let q = quote {
            check(b != 10, "newline inside a CSS string")
            if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == q { quote = nil }
        } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            quote = b
        } else if b == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
            inComment = true
            i += 1
        } else if b == UInt8(ascii: "{") {
            depth += 1
        } else if b == UInt8(ascii: "}") {
            depth -= 1
            check(depth >= 0, "unbalanced '}' in stylesheet")
        }
        i += 1
    }
    check(quote == nil && !inComment, "unterminated string or comment in stylesheet")
    check(depth == 0, "unclosed '{' in stylesheet")
    let code = String(decoding: outside, as: UTF8.self)
    for bad in [":nan", ":inf", ":-inf", " nan", " inf", "nanpx", "infpx", "null"] {
        check(!code.contains(bad), "stylesheet holds \(bad)")
    }
}

/// A picture (`format: "svg"` or `Accept: image/svg+xml`, docs/api.md): UTF-8, one `<svg>` document,
/// every `<` opening markup (request-derived names are escaped), no non-finite number.
func checkPicture(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    check(Array(text.utf8) == bytes, "picture is not UTF-8")
    check(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"") && text.hasSuffix("</svg>\n"), "not one svg document")
    for (i, b) in bytes.enumerated() where b == UInt8(ascii: "<") {
        let next = i + 1 < bytes.count ? bytes[i + 1] : 0
        let opens = (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || next == UInt8(ascii: "/")
        check(opens, "unescaped '<' in picture")
    }
    // Numbers sit in attributes; names only in text, where a `"` is escaped: no false alarms.
    for bad in ["=\"nan", "=\"inf", "=\"-inf", "=\"null"] {
        check(!text.contains(bad), "picture holds \(bad)")
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
            // A non-finite number is written as null (docs/model.md#determinism-and-motion): every knot is two numbers.
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

/// Every number finite, every `width` / `height` ≥ 0 (docs/model.md: frames are `{x, y, width, height}`).
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
