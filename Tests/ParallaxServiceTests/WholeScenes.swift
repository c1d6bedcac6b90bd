import HTTPServer
import ParallaxLayout
import TestSupport
@testable import ParallaxService

/// The css and waapi answers as the writers made them before they streamed (the reference of
/// `LazySceneTests`): every track at once, the scenes whole, the pager's pages at rest from one
/// single-offset layout of the whole range of slots, the box limit counted over every track.
protocol WholeScenes: FluidStyled {
    func wholeScene(_ k: Keyframes, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> KeyframesScene
    func wholeFluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> KeyframesScene
}

extension WholeScenes {
    static func answer(_ input: Self, _ o: KeyframesOptions, limits: LayoutLimits) throws(ValidationError) -> KeyframesCursor {
        if o.fluid, case let issues = input.fluidIssues(o), !issues.isEmpty { throw ValidationError(issues: issues) }
        let k = try input.keyframes(domain: o.domain, properties: nil, limits: limits)
        if o.properties != nil { _ = try input.keyframes(domain: o.domain, properties: o.properties, limits: limits) }
        let css = o.format == .css
        let header = Keyframes(model: k.model, axis: k.axis, domain: k.domain, tracks: [])
        if o.fluid {
            try bounded(k, limits)
            let scenes = try FluidScenes(page: input.fluidPageSize) { (r: FluidScenes.Reference, reduced: Bool, probe: Bool) throws(ValidationError) in
                var at = probe ? input.fluidProbe : input
                at.place(at: r)
                if reduced { at.motionScale = 0 }
                return SceneSource(whole: try at.wholeFluidScene(o, styled: css, limits: limits))
            }
            return .checking(scenes.check, css
                ? .stylesheet(StylesheetAnswer(main: scenes.main, reduced: scenes.reduced, spelling: scenes.spelling, snapStop: o.snapStop, names: o.names(Self.self)))
                : .waapi(WAAPIAnswer(header, main: scenes.main, reduced: scenes.reduced, spelling: scenes.spelling, names: o.names(Self.self))))
        }
        var styled = k
        let wide = input.styledDomain(k.domain, limits: limits)
        if css, wide != k.domain, let w = try? input.keyframes(domain: wide, properties: nil, limits: limits),
           animated(w) <= limits.maxPagesPerResponse { styled = w }
        try bounded(styled, limits)
        var still = input
        still.motionScale = 0
        let r = try still.keyframes(domain: styled.domain, properties: nil, limits: limits)
        let main = [SceneSource(whole: input.wholeScene(styled, requested: k.domain, fluid: false, limits: limits))]
        let reduced = [SceneSource(whole: still.wholeScene(r, requested: k.domain, fluid: false, limits: limits))]
        return css ? .stylesheet(StylesheetAnswer(main: main, reduced: reduced, spelling: .fixed, snapStop: o.snapStop, names: o.names(Self.self)))
                   : .waapi(WAAPIAnswer(header, main: main, reduced: reduced, spelling: .fixed, names: o.names(Self.self)))
    }

    private static func animated(_ k: Keyframes) -> Int {
        var boxes = 0
        var last: TrackTarget?
        for t in k.tracks where t.target != last {
            boxes += 1
            last = t.target
        }
        return boxes
    }

    private static func bounded(_ k: Keyframes, _ limits: LayoutLimits) throws(ValidationError) {
        let boxes = animated(k)
        if boxes > limits.maxPagesPerResponse {
            throw ValidationError(issues: [ValidationIssue(
                pointer: "/domain",
                message: "the markup would hold \(boxes) animated boxes; at most \(limits.maxPagesPerResponse) for css and waapi (narrow the domain, or use format json)")])
        }
    }
}

extension PagingInput: WholeScenes {
    /// Slots in the tracks' order, their pages from one layout of the range lo … hi at the domain's start.
    func wholeScene(_ keyframes: Keyframes, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> KeyframesScene {
        let domain = keyframes.domain
        let (order, tracks) = KeyframesScene.group(keyframes)
        var slots: [Int] = []
        for target in order {
            switch target {
            case .page(let s), .layer(let s, _): if slots.last != s { slots.append(s) }
            default: break
            }
        }
        var rest = self
        rest.offset = domain.from
        rest.include = nil
        rest.range = slots.min().flatMap { lo in slots.max().map { PagingInput.PageRange(from: Double(lo), to: Double($0)) } }
        let at: PagingLayout?
        if case .single(let l)? = try? rest.layout(limits: limits) { at = l } else { at = nil }
        var scene = KeyframesScene.pagingHead(self, axis: keyframes.axis, domain: domain, requested: requested)
        let slotSet = Set(slots)
        for page in at?.pages ?? [] where slotSet.contains(page.slot) {
            let names = page.layers.map(\.name)
            scene.boxes += KeyframesScene.pagingSlot(self, page, KeyframesScene.SlotTracks(tracks, slot: page.slot, names: names),
                                                     selectors: KeyframesScene.layerSelectors(names),
                                                     axis: keyframes.axis, domain: domain, fluid: fluid)
        }
        return scene
    }

    func wholeFluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> KeyframesScene {
        let k = try keyframes(domain: nil, properties: nil, limits: limits)
        return wholeScene(k, requested: k.domain, fluid: true, limits: limits)
    }
}

extension HeaderInput: WholeScenes {
    func wholeScene(_ keyframes: Keyframes, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> KeyframesScene {
        .header(self, keyframes, requested: requested, limits: limits, fluid: fluid)
    }

    func wholeFluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> KeyframesScene {
        try fluidScene(o, styled: styled, limits: limits).whole()
    }
}

extension ScrollInput: WholeScenes {
    /// Every element's rest from one single-offset layout of them all.
    func wholeScene(_ keyframes: Keyframes, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> KeyframesScene {
        let domain = keyframes.domain
        let tracks = KeyframesScene.group(keyframes).tracks
        var rest = self
        rest.offset = domain.from
        var restByName: [String: ElementLayout] = [:]
        if case .single(let at)? = try? rest.layout(limits: limits) {
            for e in at.elements where restByName[e.name] == nil { restByName[e.name] = e }
        }
        var scene = KeyframesScene.scrollHead(self, axis: keyframes.axis, domain: domain, requested: requested)
        var seen = Set<String>()
        for element in elements where seen.insert(element.name).inserted {
            scene.boxes.append(KeyframesScene.scrollBox(element, restByName[element.name], tracks[.element(name: element.name)] ?? [:], domain: domain))
        }
        return scene
    }

    func wholeFluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> KeyframesScene {
        try .fluidScroll(self, frameless: o.frameless, requested: o.domain, styled: styled, limits: limits)
    }
}

/// Random css and waapi requests of the three models, fixed (with `viewport`) and fluid, valid
/// for the most part (a fraction is refused, by the fluid rules or the values).
enum RandomStyled {
    static func request(_ rng: inout SplitMix64) -> (path: String, body: String) {
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        func chance(_ p: Double) -> Bool { Double(rng.next() % 1000) < p * 1000 }
        func num(_ lo: Int, _ hi: Int) -> Int { lo + Int(rng.next() % UInt64(hi - lo + 1)) }
        let fluid = chance(0.4)
        var f: [String] = []
        if !fluid { f.append(#""viewport":{"width":\#(pick([320, 390, 412, 768])),"height":\#(pick([568, 700, 844]))}"#) }
        f.append(#""format":"\#(pick(["css", "waapi"]))""#)
        if chance(0.2) { f.append(#""motionScale":\#(pick([0, 0.5, 1]))"#) }
        let names = ["bg", "fg", "a\"b", "x<y", "mid", "é", "a\\b", "deep"]
        switch num(0, 2) {
        case 0:
            f.append(#""pageCount":\#(num(1, 9))"#)
            if chance(0.3) { f.append(#""pageSpacing":\#(pick([0, 8, 16]))"#) }
            if chance(0.3) { f.append(#""axis":"vertical""#) }
            if chance(0.3) { f.append(#""direction":"rtl""#) }
            if chance(0.15) { f.append(#""infinite":true"#); if !fluid { f.append(#""domain":{"from":-900,"to":1500}"#) } }
            else if !fluid, chance(0.25) { f.append(#""domain":{"from":\#(pick([-300, 0, 200])),"to":\#(pick([800, 1700, 5000]))}"#) }
            if chance(0.2) { f.append(#""pageSize":{"fraction":\#(pick([0.5, 0.8]))},"align":"\#(pick(["start", "center"]))""#) }
            if chance(0.2) { f.append(#""snapStop":"always""#) }
            if chance(0.85) {
                var layers: [String] = []
                for j in 0..<num(1, 4) {
                    var l = [#""name":"\#(names[j % names.count])\#(j)""#]
                    if chance(0.5) { l.append(#""travel":\#(pick([-60, 0, 10, 40]))"#) } else if chance(0.5) { l.append(#""rate":\#(pick([-0.5, 0.25, 0.5]))"#) }
                    if chance(0.3) { l.append(#""fit":"cover""#) }
                    if chance(0.4) { l.append(#""opacity":{"min":\#(pick([0, 0.5]))}"#) }
                    if chance(0.4) { l.append(#""scale":{"min":0.8}"#) }
                    if chance(0.3) { l.append(#""content":{"width":800,"height":600},"contentMode":"\#(pick(["fill", "aspectFill", "aspectFit", "center"]))""#) }
                    layers.append("{" + l.joined(separator: ",") + "}")
                }
                f.append(#""layers":[\#(layers.joined(separator: ","))]"#)
            }
            return ("/v1/paging/keyframes", "{" + f.joined(separator: ",") + "}")
        case 1:
            f.append(#""header":{"height":\#(pick([120, 220, 300])),"minHeight":\#(pick([0, 64]))}"#)
            if chance(0.5) { f.append(#""mode":"\#(pick(["center", "scale"]))""#) }
            if chance(0.5) { f.append(#""content":{"width":900,"height":600},"contentMode":"\#(pick(["fill", "aspectFill", "aspectFit", "center"]))""#) }
            if !fluid, chance(0.3) { f.append(#""domain":{"from":\#(pick([-200, 0])),"to":\#(pick([100, 400]))}"#) }
            return ("/v1/header/keyframes", "{" + f.joined(separator: ",") + "}")
        default:
            if chance(0.3) { f.append(#""axis":"horizontal""#) }
            var elements: [String] = []
            for i in 0..<num(0, 5) {
                var e = [#""name":"\#(names[i % names.count])-\#(i)""#]
                if !fluid || chance(0.6) { e.append(#""frame":{"x":\#(num(0, 50)),"y":\#(num(0, 3000)),"width":\#(num(10, 300)),"height":\#(num(10, 300))}"#) }
                if chance(0.4) { e.append(#""speed":\#(pick([-1, 0.5, 2])),"center":true"#) }
                if chance(0.3) { e.append(#""opacity":[0,1]"#) }
                if chance(0.3) { e.append(#""translate":[-40,40]"#) }
                if chance(0.2) { e.append(#""rotate":[0,90]"#) }
                if chance(0.2) { e.append(#""scale":[0.5,1]"#) }
                if chance(0.3) { e.append(#""easing":"\#(pick(["easeIn", "easeOut", "easeInOut"]))""#) }
                if chance(0.2) { e.append(#""startOffset":\#(num(0, 400)),"endOffset":\#(num(500, 2000))"#) }
                elements.append("{" + e.joined(separator: ",") + "}")
            }
            f.append(#""elements":[\#(elements.joined(separator: ","))]"#)
            if !fluid, chance(0.3) { f.append(#""domain":{"from":\#(pick([-300, 0])),"to":\#(pick([900, 4000]))}"#) }
            return ("/v1/scroll/keyframes", "{" + f.joined(separator: ",") + "}")
        }
    }
}
