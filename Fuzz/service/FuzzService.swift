// libFuzzer target `service` (issue 6): a JSON body (or query string) → ParallaxApp for each
// route, called as the engine calls it. Built by scripts/fuzz.
//
// Input layout: byte 0 picks the request — 0/1/2: POST /v1/paging, /v1/header, /v1/scroll with
// the rest as the body; 3/4/5: GET of the same routes with the rest as the query string.
//
// Invariants (a violation aborts):
// - the status is 200 (application/json) or a 4xx application/problem+json;
// - the body is valid JSON by yyjson's strict reader (so no NaN / Infinity tokens);
// - a problem body is an object with numeric `status` equal to the response status;
// - a 200 body holds only finite numbers and no negative `width` / `height` anywhere;
// - a streamed (produced) answer is drained with a limit picked from byte 0 and obeys the same.
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
let paths = ["/v1/paging", "/v1/header", "/v1/scroll"]

func fuzzOne(_ data: UnsafeRawBufferPointer) {
    guard let selector = data.first else { return }
    let rest = Array(data.dropFirst())
    let route = Int(selector % 6)
    response.reset()
    if route < 3 {
        HTTPRequest.with(method: .post, target: paths[route],
                         headers: [("Host", "fuzz"), ("Content-Type", "application/json")], body: rest) { request in
            app.respond(to: request, into: &response)
        }
    } else {
        HTTPRequest.with(method: .get, target: paths[route - 3] + "?" + String(decoding: rest, as: UTF8.self),
                         headers: [("Host", "fuzz")]) { request in
            app.respond(to: request, into: &response)
        }
    }

    let status = response.status.code
    if status == 200 {
        check(response.contentType == "application/json", "200 with content type \(response.contentType ?? "none")")
    } else {
        check(status >= 400 && status <= 499, "status \(status)")
        check(response.contentType == "application/problem+json", "\(status) with content type \(response.contentType ?? "none")")
    }
    // A large answer comes as a producer (streamed, SPEC §10): drain it as the engine would.
    var body = response.body
    if var producer = response.producer {
        body.clear()
        while producer.produce(into: &body, limit: 1 + Int(selector) * 97) == .more {}
    }
    body.bytes.withUnsafeBufferPointer { buffer in
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
