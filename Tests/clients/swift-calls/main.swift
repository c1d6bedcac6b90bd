// Every operation of openapi.yaml called through the swift6 client openapi-generator made from it,
// against the release server: JSON answers decoded into their models (the oneOf answers as enums),
// the text forms (SVG, CSS, the contract) read as String through the operation's own request
// builder, problems from ErrorResponse's data, HEAD and OPTIONS. Prints each operation called
// (`called: <operationId>`, which run.sh compares with the contract) and `N passed, M failed`.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ParallaxClient

nonisolated(unsafe) var passed = 0
nonisolated(unsafe) var failed = 0
func check(_ name: String, _ cond: Bool) {
    if cond { passed += 1 } else { failed += 1; print("FAIL \(name)") }
}
func called(_ ids: String...) { for id in ids { print("called: \(id)") } }

/// The problem of a refused call, decoded from the error's data.
func problem(_ call: () async throws(ErrorResponse) -> Void) async -> Problem? {
    do { try await call() } catch {
        if case .error(_, let data?, _, _) = error { return try? JSONDecoder().decode(Problem.self, from: data) }
    }
    return nil
}

/// A text form: the operation's request builder, executed as a String (not decoded as JSON).
func text<T>(_ builder: RequestBuilder<T>) async throws(ErrorResponse) -> Response<String> {
    let factory: RequestBuilder<String>.Type = ParallaxClientAPIConfiguration.shared.requestBuilderFactory.getBuilder()
    return try await factory.init(method: builder.method, URLString: builder.URLString, parameters: builder.parameters,
                                  headers: builder.headers, requiresAuthentication: false).execute()
}

ParallaxClientAPIConfiguration.shared.basePath = CommandLine.arguments[1]
let vp = Size(width: 390, height: 844)
let layers = [Layer(name: "background", travel: 120)]
let elements = [
    Element(name: "hero", frame: ElementFrame(x: 0, y: 0, width: 390, height: 600), speed: -2),
    Element(name: "card", frame: ElementFrame(x: 0, y: 900, width: 390, height: 300), opacity: [0, 1], easing: .typeString("easeOut")),
]
let layersJSON = String(decoding: try JSONEncoder().encode(layers), as: UTF8.self)
// A keyframes request's elements (KeyframesElement: `frame` optional, for fluid stylesheets).
let keyframesElements = [
    KeyframesElement(name: "hero", frame: ElementFrame(x: 0, y: 0, width: 390, height: 600), speed: -2),
    KeyframesElement(name: "card", frame: ElementFrame(x: 0, y: 900, width: 390, height: 300), opacity: [0, 1], easing: .typeString("easeOut")),
]
let elementsJSON = String(decoding: try JSONEncoder().encode(elements), as: UTF8.self)

do {
    // layouts
    let paging = PagingRequest(viewport: vp, pageCount: 5, pageSpacing: 16, offset: 203, layers: layers)
    called("pagingPost", "pagingGet", "pagingHead")
    guard case .typePagingLayout(let one) = try await LayoutAPI.pagingPost(pagingRequest: paging) else { throw ErrorResponse.error(0, nil, nil, CocoaError(.coderReadCorrupt)) }
    check("pagingPost answers a PagingLayout", one.stride == 406 && one.pages[0].layers[0].frame.x == 60)
    if case .typePagingResponseOneOf(let timeline) = try await LayoutAPI.pagingGet(viewportWidth: 390, viewportHeight: 844, pageCount: 5, pageSpacing: 16, offsets: [0, 203, 406], layers: layersJSON) {
        check("pagingGet with offsets is a timeline", timeline.frames.map { $0.offset } == [0, 203, 406] && timeline.frames[1] == one)
    } else { check("pagingGet with offsets is a timeline", false) }
    try await LayoutAPI.pagingHead(viewportWidth: 390, viewportHeight: 844, pageCount: 5)
    let p422 = await problem { () async throws(ErrorResponse) in _ = try await LayoutAPI.pagingPost(pagingRequest: PagingRequest(viewport: Size(width: -1, height: 844), pageCount: 0)) }
    check("pagingPost invalid is a 422 Problem", p422?.status == 422 && Set(p422?.errors?.map { $0.pointer } ?? []) == ["/viewport/width", "/pageCount"])
    var svgRequest = paging
    svgRequest.format = .svg
    let svg = try await text(LayoutAPI.pagingPostWithRequestBuilder(pagingRequest: svgRequest))
    check("the paging SVG is reachable as text", svg.body.hasPrefix("<svg") && (svg.header["Content-Type"] ?? "").hasPrefix("image/svg+xml"))

    called("headerPost", "headerGet", "headerHead")
    if case .typeHeaderLayout(let h) = try await LayoutAPI.headerPost(headerRequest: HeaderRequest(viewport: vp, header: HeaderRequestHeader(height: 150), offset: -40)) {
        check("headerPost answers a HeaderLayout", h.header.height == 190 && h.stretched)
    } else { check("headerPost answers a HeaderLayout", false) }
    if case .typeHeaderResponseOneOf(let frames) = try await LayoutAPI.headerGet(viewportWidth: 390, viewportHeight: 844, headerHeight: 150, offsets: [-40, 0, 60]) {
        check("headerGet with offsets", frames.frames.map { $0.header.height } == [190, 150, 90])
    } else { check("headerGet with offsets", false) }
    try await LayoutAPI.headerHead(viewportWidth: 390, viewportHeight: 844, headerHeight: 150)

    called("scrollPost", "scrollGet", "scrollHead")
    let scrolled = try await LayoutAPI.scrollPost(scrollRequest: ScrollRequest(viewport: vp, offset: 300, elements: elements))
    let scrolledGet = try await LayoutAPI.scrollGet(viewportWidth: 390, viewportHeight: 844, elements: elementsJSON, offset: 300)
    if case .typeScrollLayout(let s) = scrolled {
        check("scrollPost answers a ScrollLayout", s.elements.map { $0.name } == ["hero", "card"] && scrolledGet == scrolled)
    } else { check("scrollPost answers a ScrollLayout", false) }
    try await LayoutAPI.scrollHead(viewportWidth: 390, viewportHeight: 844, elements: elementsJSON)

    // keyframes: each format as its model, css as text
    called("pagingKeyframesPost", "pagingKeyframesGet", "pagingKeyframesHead")
    let pk = PagingKeyframesRequest(viewport: vp, pageCount: 3, pageSpacing: 16, layers: layers, properties: [.framePeriodX])
    if case .typeKeyframesAnswer(let kj) = try await KeyframesAPI.pagingKeyframesPost(pagingKeyframesRequest: pk) {
        check("pagingKeyframesPost json: KnotTracks", !kj.tracks.isEmpty && kj.tracks.allSatisfy { if case .typeKnotTrack = $0 { true } else { false } })
    } else { check("pagingKeyframesPost json: KnotTracks", false) }
    if case .typeKeyframesAnswer(let kt) = try await KeyframesAPI.pagingKeyframesGet(pageCount: 3, viewportWidth: 390, viewportHeight: 844, format: .keytimes, properties: [.framePeriodX, .opacity], layers: layersJSON) {
        check("pagingKeyframesGet keytimes: KeyTimesTracks", !kt.tracks.isEmpty && kt.tracks.allSatisfy { if case .typeKeyTimesTrack(let t) = $0 { t.keyTimes.first == 0 } else { false } })
    } else { check("pagingKeyframesGet keytimes: KeyTimesTracks", false) }
    var waapi = pk
    waapi.format = .waapi
    if case .typeWAAPIAnswer(let w) = try await KeyframesAPI.pagingKeyframesPost(pagingKeyframesRequest: waapi) {
        check("pagingKeyframesPost waapi: WAAPIAnswer", !w.animations.isEmpty)
    } else { check("pagingKeyframesPost waapi: WAAPIAnswer", false) }
    var cssRequest = pk
    cssRequest.format = .css
    let css = try await text(KeyframesAPI.pagingKeyframesPostWithRequestBuilder(pagingKeyframesRequest: cssRequest))
    check("the paging stylesheet is reachable as text", css.body.contains("@keyframes"))
    try await KeyframesAPI.pagingKeyframesHead(pageCount: 3, viewportWidth: 390, viewportHeight: 844)

    called("headerKeyframesPost", "headerKeyframesGet", "headerKeyframesHead")
    if case .typeKeyframesAnswer(let hk) = try await KeyframesAPI.headerKeyframesPost(headerKeyframesRequest: HeaderKeyframesRequest(viewport: vp, header: HeaderKeyframesRequestHeader(height: 150), format: .keytimes)) {
        check("headerKeyframesPost keytimes", hk.tracks.allSatisfy { if case .typeKeyTimesTrack = $0 { true } else { false } })
    } else { check("headerKeyframesPost keytimes", false) }
    if case .typeKeyframesAnswer(let hkg) = try await KeyframesAPI.headerKeyframesGet(headerHeight: 150, viewportWidth: 390, viewportHeight: 844) {
        check("headerKeyframesGet json", hkg.domain.from == -150)
    } else { check("headerKeyframesGet json", false) }
    try await KeyframesAPI.headerKeyframesHead(headerHeight: 150, viewportWidth: 390, viewportHeight: 844)

    called("scrollKeyframesPost", "scrollKeyframesGet", "scrollKeyframesHead")
    if case .typeWAAPIAnswer(let sk) = try await KeyframesAPI.scrollKeyframesPost(scrollKeyframesRequest: ScrollKeyframesRequest(viewport: vp, elements: keyframesElements, format: .waapi)) {
        check("scrollKeyframesPost waapi", !sk.animations.isEmpty)
    } else { check("scrollKeyframesPost waapi", false) }
    if case .typeKeyframesAnswer(let skg) = try await KeyframesAPI.scrollKeyframesGet(elements: elementsJSON, viewportWidth: 390, viewportHeight: 844, properties: [.opacity]) {
        check("scrollKeyframesGet json, properties narrowed", !skg.tracks.isEmpty)
    } else { check("scrollKeyframesGet json, properties narrowed", false) }
    try await KeyframesAPI.scrollKeyframesHead(elements: elementsJSON, viewportWidth: 390, viewportHeight: 844)
    let kbad = await problem { () async throws(ErrorResponse) in _ = try await KeyframesAPI.scrollKeyframesPost(scrollKeyframesRequest: ScrollKeyframesRequest(viewport: vp, elements: keyframesElements, domain: KeyframeDomain(from: 5, to: 1))) }
    check("scrollKeyframesPost bad domain: 422 at /domain/to", kbad?.errors?.first?.pointer == "/domain/to")

    // documents and operations
    called("demo", "openapi", "parallaxModule", "problemType", "healthz", "readyz", "metrics")
    check("demo is the HTML page", try await OperationsAPI.demo().hasPrefix("<!doctype html>"))
    check("openapi is the contract as text", try await OperationsAPI.openapi().hasPrefix("openapi: 3.1.0"))
    check("parallaxModule is JavaScript", try await BrowsersAPI.parallaxModule().contains("export"))
    check("problemType is its description", try await OperationsAPI.problemType(type: .invalidRequest).contains("422"))
    check("healthz is typed", try await OperationsAPI.healthz().status == .ok)
    check("readyz is typed", try await OperationsAPI.readyz().status == .ready)
    check("metrics is the Prometheus text", try await OperationsAPI.metrics().contains("parallax_http_requests_total"))
    called("demoHead", "openapiHead", "parallaxModuleHead", "problemTypeHead", "healthzHead", "readyzHead", "metricsHead")
    try await OperationsAPI.demoHead()
    try await OperationsAPI.openapiHead()
    try await BrowsersAPI.parallaxModuleHead()
    try await OperationsAPI.problemTypeHead(type: .malformedJson)
    try await OperationsAPI.healthzHead()
    try await OperationsAPI.readyzHead()
    try await OperationsAPI.metricsHead()

    // every preflight
    called("pagingOptions", "headerOptions", "scrollOptions", "pagingKeyframesOptions", "headerKeyframesOptions",
           "scrollKeyframesOptions", "demoOptions", "openapiOptions", "parallaxModuleOptions", "problemTypeOptions",
           "healthzOptions", "readyzOptions", "metricsOptions")
    let origin = "https://app.example"
    try await BrowsersAPI.pagingOptions(accessControlRequestMethod: "POST", origin: origin)
    try await BrowsersAPI.headerOptions(accessControlRequestMethod: "POST", origin: origin)
    try await BrowsersAPI.scrollOptions(accessControlRequestMethod: "POST", origin: origin)
    try await BrowsersAPI.pagingKeyframesOptions(accessControlRequestMethod: "POST", origin: origin)
    try await BrowsersAPI.headerKeyframesOptions(accessControlRequestMethod: "POST", origin: origin)
    try await BrowsersAPI.scrollKeyframesOptions(accessControlRequestMethod: "POST", origin: origin)
    try await BrowsersAPI.demoOptions(origin: origin)
    try await BrowsersAPI.openapiOptions(origin: origin)
    try await BrowsersAPI.parallaxModuleOptions(origin: origin)
    try await BrowsersAPI.problemTypeOptions(type: .invalidRequest, origin: origin)
    try await BrowsersAPI.healthzOptions(origin: origin)
    try await BrowsersAPI.readyzOptions(origin: origin)
    try await BrowsersAPI.metricsOptions(origin: origin)
    check("every HEAD and OPTIONS call succeeded", true)
} catch {
    failed += 1
    print("FAIL \(error)")
}
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
