import ParallaxLayout

/// The three models' markup (docs/model.md#keyframes) as scenes. Constant numbers come from the single-offset
/// answer at `domain.from` (the keyframes answer leaves them out); varying ones from the tracks.
extension KeyframesScene {
    /// Paging: `.parallax-page[data-slot]` boxes in the scroller's content at their viewport
    /// frame + o, `.parallax-layer[data-layer]` boxes at their viewport frame − their page's (so
    /// RTL and cover need no special case), `img.parallax-content` at `contentFrame`.
    /// `requested` is the domain the client asked for (boxes rest at its `from`); the curves cover
    /// `keyframes.domain`. A finite pager's scroll range is exactly [0, (N − 1)·L] with L = a + S
    /// (docs/model.md#carousels: a the page's extent, A unless `pageSize`): the content is
    /// (N − 1)·L + A long, no overshoot past the last page by the spacing, nor by the model's
    /// `contentSize` (N − 1)·L + A + S. A centred carousel's pages snap by their centres
    /// (page i's centre is c + i·L + a/2 = i·L + A/2 in the content, so the snap position is i·L). Right to left, the
    /// scroller is `direction: rtl`, scrollLeft = −o, so a box's content position is its viewport
    /// position − o.
    /// A pager's scene without its boxes (`SceneSource.paging` adds them slot by slot): the
    /// scroller and its content's extent.
    static func pagingHead(_ input: PagingInput, axis: Axis, domain: KeyframeDomain, requested: KeyframeDomain) -> KeyframesScene {
        let horizontal = axis == .horizontal
        let along = horizontal ? input.viewport.width : input.viewport.height
        let stride = input.pageExtent(along) + (input.pageSpacing ?? 0)
        let extent = (input.infinite ?? false) ? max(requested.to + along, along + 1)
                                               : max((input.pageCount - 1) * stride + along, along + 1)
        var scene = KeyframesScene(axis: axis, domain: domain, rest: KeyframesScene.restOffset(requested),
                                   rtl: horizontal && input.direction == .rtl, viewport: input.viewport,
                                   contentSize: horizontal ? Size(width: extent, height: input.viewport.height)
                                                           : Size(width: input.viewport.width, height: extent),
                                   boxes: [])
        scene.snapsCentred = input.align == .center
        return scene
    }

    /// A vertical pager mirrored by `direction: rtl` moves its pages against the scroll (the
    /// scroller's scrollTop cannot run negative as scrollLeft does): its pages are animated
    /// boxes, not snap positions.
    static func pagingSnaps(_ input: PagingInput, axis: Axis) -> Bool {
        axis == .horizontal || input.direction != .rtl
    }

    /// One slot's tracks by box, each box's by property (the first of a property wins, as
    /// `group` keeps it): the page's, and each layer's in the page's layer order.
    struct SlotTracks {
        var page: [String: Track] = [:]
        var layers: [[String: Track]]

        /// `tracks` of one slot, in the answer's order (the page's, then each layer's in the
        /// layer order, `names`): matched by walking both, no name hashed.
        init(_ tracks: [Track], names: [String]) {
            layers = Array(repeating: [:], count: names.count)
            var j = 0
            for t in tracks {
                switch t.target {
                case .page:
                    if page[t.property] == nil { page[t.property] = t }
                case .layer(_, let name):
                    if j >= names.count || names[j] != name { j = names.firstIndex(of: name) ?? names.count }
                    if j < names.count, layers[j][t.property] == nil { layers[j][t.property] = t }
                case .header, .element, .anyPage, .anyPageLayer: break
                }
            }
        }

        /// Slot `slot`'s from tracks grouped by target (`group`).
        init(_ grouped: [TrackTarget: [String: Track]], slot: Int, names: [String]) {
            page = grouped[.page(slot: slot)] ?? [:]
            layers = names.map { grouped[.layer(slot: slot, name: $0)] ?? [:] }
        }
    }

    /// The selector of a pager's layer after its page's: ` > .parallax-layer[data-layer="name"]`
    /// (the same for every slot, so a writer escapes each name once).
    static func layerSelectors(_ names: [String]) -> [String] {
        names.map { " > .parallax-layer[data-layer=" + cssString($0) + "]" }
    }

    /// One slot's boxes: its page (`page`, at rest) and its layers, the varying numbers from
    /// `tracks`; `selectors` are `layerSelectors` of the page's layer names. `fluid`: the images
    /// are fitted by the browser (`Box.content`) instead of placed as boxes.
    static func pagingSlot(_ input: PagingInput, _ page: PageLayout, _ tracks: SlotTracks, selectors: [String],
                           axis: Axis, domain: KeyframeDomain, fluid: Bool) -> [Box] {
        let horizontal = axis == .horizontal
        let sign: Double = horizontal && input.direction == .rtl ? -1 : 1
        var boxes: [Box] = []
        boxes.reserveCapacity(1 + 2 * page.layers.count)
        var pv = Values(domain: domain, tracks: tracks.page)
        page.viewportFrame.flatten(FrameKeys.viewportFrame, into: &pv.rest)
        let pageSelector = ".parallax-page[data-slot=\"\(page.slot)\"]"
        let px = pv.curve(FrameKeys.viewportFrame.x), py = pv.curve(FrameKeys.viewportFrame.y)
        boxes.append(Box(selector: pageSelector,
                         x: (horizontal ? px.addingOffset(times: sign) : px).settled(),
                         y: (horizontal ? py : py.addingOffset(times: 1)).settled(),
                         width: pv.curve(FrameKeys.viewportFrame.width), height: pv.curve(FrameKeys.viewportFrame.height),
                         clips: true, snaps: pagingSnaps(input, axis: axis)))
        for (j, layer) in page.layers.enumerated() {
            var lv = Values(domain: domain, tracks: j < tracks.layers.count ? tracks.layers[j] : [:])
            layer.viewportFrame.flatten(FrameKeys.viewportFrame, into: &lv.rest)
            layer.contentFrame?.flatten(FrameKeys.contentFrame, into: &lv.rest)
            if let o = layer.opacity { lv.rest["opacity"] = o }
            if let s = layer.scale { lv.rest["scale"] = s }
            let layerSelector = pageSelector + (j < selectors.count ? selectors[j] : layerSelectors([layer.name])[0])
            var box = Box(selector: layerSelector,
                          x: lv.curve(FrameKeys.viewportFrame.x).linearCombination(1, px, -1).settled(),
                          y: lv.curve(FrameKeys.viewportFrame.y).linearCombination(1, py, -1).settled(),
                          width: lv.curve(FrameKeys.viewportFrame.width), height: lv.curve(FrameKeys.viewportFrame.height),
                          scale: lv.optionalCurve("scale"), opacity: lv.optionalCurve("opacity"))
            if fluid, let spec = input.layers.flatMap({ j < $0.count ? $0[j] : nil }), let size = spec.content {
                box.content = FittedContent(mode: spec.contentMode ?? .aspectFill, size: size)
            }
            boxes.append(box)
            if layer.contentFrame != nil, !fluid {
                boxes.append(contentBox(layerSelector + " > img.parallax-content", lv))
            }
        }
        return boxes
    }

    /// Header: `.parallax-header` pinned (its content position is its viewport y + o), holding
    /// `.parallax-image` at `image` (header-local) and `img.parallax-content` at `contentFrame`;
    /// `.parallax-body` in the page's flow below the header's resting height (`contentTop` + o is
    /// constant): its height is the page's content, so the scroll range is the page's.
    static func header(_ input: HeaderInput, _ keyframes: Keyframes, requested: KeyframeDomain, limits: LayoutLimits,
                       fluid: Bool = false) -> KeyframesScene {
        let domain = keyframes.domain
        var values = Values(domain: domain, tracks: group(keyframes).tracks[.header] ?? [:])
        var rest = input
        rest.offset = domain.from
        if case .single(let at)? = try? rest.layout(limits: limits) {
            at.header.flatten("header", into: &values.rest)
            at.image.flatten("image", into: &values.rest)
            at.contentFrame?.flatten("contentFrame", into: &values.rest)
            values.rest["contentTop"] = at.contentTop
            values.rest["progress"] = at.progress
        }
        let height = input.viewport.height
        let extent = height + max(requested.to, 1)
        var scene = KeyframesScene(axis: .vertical, domain: domain, rest: KeyframesScene.restOffset(requested), viewport: input.viewport,
                                   contentSize: Size(width: input.viewport.width, height: extent), boxes: [])
        scene.boxes.append(Box(selector: ".parallax-header", x: values.curve("header.x"),
                               y: values.curve("header.y").addingOffset(times: 1),
                               width: values.curve("header.width"), height: values.curve("header.height"),
                               clips: true, raised: true))
        var image = Box(selector: ".parallax-header > .parallax-image", x: values.curve("image.x"),
                        y: values.curve("image.y"), width: values.curve("image.width"),
                        height: values.curve("image.height"))
        if fluid, let size = input.content { image.content = FittedContent(mode: input.contentMode ?? .aspectFill, size: size) }
        scene.boxes.append(image)
        if input.content != nil, !fluid {
            scene.boxes.append(contentBox(".parallax-header > .parallax-image > img.parallax-content", values))
        }
        let top = values.curve("contentTop").addingOffset(times: 1)
        scene.boxes.append(Box(selector: ".parallax-body", x: .constant(0, over: domain), y: top,
                               width: .constant(input.viewport.width, over: domain),
                               height: .constant(0, over: domain), inFlow: true))
        return scene
    }

    /// Scroll: `.parallax-element[data-element]` boxes at their content frame, moved by `translate`
    /// (the scroll itself moves them, docs/model.md#scroll-elements `viewportFrame`), scaled and rotated about the centre.
    static func scroll(_ input: ScrollInput, _ keyframes: Keyframes, requested: KeyframeDomain, limits: LayoutLimits) -> KeyframesScene {
        let domain = keyframes.domain
        let tracks = group(keyframes).tracks
        var rest = input
        rest.offset = domain.from
        var restByName: [String: ElementLayout] = [:]
        if case .single(let at)? = try? rest.layout(limits: limits) {
            for e in at.elements where restByName[e.name] == nil { restByName[e.name] = e }
        }
        var scene = scrollHead(input, axis: keyframes.axis, domain: domain, requested: requested)
        var seen = Set<String>()
        for element in input.elements where seen.insert(element.name).inserted {
            scene.boxes.append(scrollBox(element, restByName[element.name], tracks[.element(name: element.name)] ?? [:], domain: domain))
        }
        return scene
    }

    /// A scroll page's scene without its boxes: the scroller and its content's extent (past the
    /// requested domain's end and every element's far edge).
    static func scrollHead(_ input: ScrollInput, axis: Axis, domain: KeyframeDomain, requested: KeyframeDomain) -> KeyframesScene {
        let horizontal = axis == .horizontal
        let along = horizontal ? input.viewport.width : input.viewport.height
        var end = requested.to + along
        for e in input.elements { end = max(end, horizontal ? e.frame.x + e.frame.width : e.frame.y + e.frame.height) }
        let extent = max(end, along + 1)
        return KeyframesScene(axis: axis, domain: domain, rest: KeyframesScene.restOffset(requested), viewport: input.viewport,
                              contentSize: horizontal ? Size(width: extent, height: input.viewport.height)
                                                      : Size(width: input.viewport.width, height: extent),
                              boxes: [])
    }

    /// One element's box: at its frame, its varying numbers from `tracks`, the constant ones from
    /// `rest` (its single-offset answer at the domain's start).
    static func scrollBox(_ element: ScrollInput.Element, _ rest: ElementLayout?, _ tracks: [String: Track], domain: KeyframeDomain) -> Box {
        var v = Values(domain: domain, tracks: tracks)
        if let e = rest {
            v.rest = ["translate.x": e.translate.x, "translate.y": e.translate.y, "scale": e.scale,
                      "opacity": e.opacity, "rotate": e.rotate, "scaleX": e.scaleX ?? 1, "scaleY": e.scaleY ?? 1]
        }
        // A per-axis scale is the element's whole scale (the uniform one is then 1,
        // docs/model.md#effects): `scale: sx sy`.
        let perAxis = element.hasAxisScale
        var box = Box(selector: ".parallax-element[data-element=" + cssString(element.name) + "]",
                      x: v.curve("translate.x").adding(element.frame.x),
                      y: v.curve("translate.y").adding(element.frame.y),
                      width: .constant(element.frame.width, over: domain),
                      height: .constant(element.frame.height, over: domain),
                      scale: v.curve(perAxis ? "scaleX" : "scale"), rotate: v.curve("rotate"), opacity: v.curve("opacity"))
        if perAxis { box.scaleY = v.curve("scaleY") }
        return box
    }

    private static func contentBox(_ selector: String, _ v: Values) -> Box {
        let k = FrameKeys.contentFrame
        return Box(selector: selector, x: v.curve(k.x), y: v.curve(k.y), width: v.curve(k.width), height: v.curve(k.height))
    }
}
