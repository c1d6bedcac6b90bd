import ParallaxLayout

// The pieces of the three answers (SPEC §1–§3), field names exactly as the API, written with fused
// literals (keys and punctuation in one copy) by the one JSON writer. Each writer here owns its
// punctuation, so a piece can be written in any call of a streamed producer (Output/Answers.swift).
//
// How an absent value is written (the API's shape, kept here and nowhere else):
//   `null` when nil:   paging `transition` (at rest), a layer's `clip` (page off screen)
//   left out when nil: `snap.target` (no `velocity`), `events` (no `previousOffset`),
//                      `wrappedOffset` (not infinite), a layer's `opacity` / `scale` /
//                      `contentFrame` (not asked for), the header's `contentFrame` (no `content`)

extension JSONWriter {
    /// A frame after its opening `{"x":` (fused by the caller into its key literal): x, the
    /// other three fields and the closing brace.
    @inline(__always) mutating func frameFields(_ f: Frame) {
        numberValue(f.x)
        literal(",\"y\":"); numberValue(f.y)
        literal(",\"width\":"); numberValue(f.width)
        literal(",\"height\":"); numberValue(f.height)
        literal("}")
    }

    // MARK: Paging (SPEC §1)

    /// Every field of one paging answer up to and including `"pages":[`.
    mutating func pagingSummary(_ l: PagingLayout) {
        literal(l.axis == .horizontal ? "{\"axis\":\"horizontal\",\"stride\":" : "{\"axis\":\"vertical\",\"stride\":")
        numberValue(l.stride)
        literal(",\"offset\":"); numberValue(l.offset)
        literal(",\"position\":"); numberValue(l.position)
        literal(",\"contentSize\":{\"width\":"); numberValue(l.contentSize.width)
        literal(",\"height\":"); numberValue(l.contentSize.height)
        literal("},\"currentPage\":"); intValue(l.currentPage)
        if let t = l.transition {
            literal(",\"transition\":{\"from\":"); intValue(t.from)
            literal(",\"to\":"); intValue(t.to)
            literal(",\"progress\":"); numberValue(t.progress)
            literal("}")
        } else {
            literal(",\"transition\":null")
        }
        literal(",\"snap\":{\"previous\":"); numberValue(l.snap.previous)
        literal(",\"nearest\":"); numberValue(l.snap.nearest)
        literal(",\"next\":"); numberValue(l.snap.next)
        if let target = l.snap.target { literal(",\"target\":"); numberValue(target) }
        literal("}")
        if let w = l.wrappedOffset { literal(",\"wrappedOffset\":"); numberValue(w) }
        if let events = l.events {
            literal(",\"events\":[")
            for (i, e) in events.enumerated() {
                if i > 0 { literal(",") }
                literal(e.type == .willMove ? "{\"type\":\"willMove\",\"page\":" : "{\"type\":\"didMove\",\"page\":")
                intValue(e.page)
                literal("}")
            }
            literal("]")
        }
        literal(",\"pages\":[")
    }

    /// One page of the `pages` array (10 000 of them on the largest answer), its layers laid out
    /// one at a time as they are written (no array per page).
    mutating func page(_ engine: PagingEngine, slot: Int, offset: Double) {
        let (p, place) = engine.pageWithoutLayers(slot: slot, offset: offset)
        pageHead(p)
        for j in 0..<engine.layerCount { pageLayer(engine.layer(j, of: place), first: j == 0) }
        literal("]}")
    }

    private mutating func pageHead(_ p: PageLayout) {
        literal("{\"index\":"); intValue(p.index)
        literal(",\"slot\":"); intValue(p.slot)
        literal(",\"progress\":"); numberValue(p.progress)
        literal(",\"visibleFraction\":"); numberValue(p.visibleFraction)
        literal(",\"frame\":{\"x\":"); frameFields(p.frame)
        literal(",\"viewportFrame\":{\"x\":"); frameFields(p.viewportFrame)
        literal(",\"layers\":[")
    }

    private mutating func pageLayer(_ layer: LayerLayout, first: Bool) {
        literal(first ? "{\"name\":" : ",{\"name\":"); stringValue(layer.name)
        literal(",\"frame\":{\"x\":"); frameFields(layer.frame)
        literal(",\"viewportFrame\":{\"x\":"); frameFields(layer.viewportFrame)
        if let c = layer.clip { literal(",\"clip\":{\"x\":"); frameFields(c) } else { literal(",\"clip\":null") }
        if let o = layer.opacity { literal(",\"opacity\":"); numberValue(o) }
        if let s = layer.scale { literal(",\"scale\":"); numberValue(s) }
        if let c = layer.contentFrame { literal(",\"contentFrame\":{\"x\":"); frameFields(c) }
        literal("}")
    }

    // MARK: Header (SPEC §2)

    mutating func header(_ h: HeaderLayout) {
        literal("{\"header\":{\"x\":"); frameFields(h.header)
        literal(",\"image\":{\"x\":"); frameFields(h.image)
        if let c = h.contentFrame { literal(",\"contentFrame\":{\"x\":"); frameFields(c) }
        literal(",\"contentTop\":"); numberValue(h.contentTop)
        literal(",\"progress\":"); numberValue(h.progress)
        literal(h.collapsed ? ",\"collapsed\":true" : ",\"collapsed\":false")
        literal(h.stretched ? ",\"stretched\":true}" : ",\"stretched\":false}")
    }

    // MARK: Scroll (SPEC §3)

    /// One element of the `elements` array.
    mutating func element(_ e: ElementLayout) {
        literal("{\"name\":"); stringValue(e.name)
        literal(",\"progress\":"); numberValue(e.progress)
        literal(",\"progressClamped\":"); numberValue(e.progressClamped)
        literal(",\"translate\":{\"x\":"); numberValue(e.translate.x)
        literal(",\"y\":"); numberValue(e.translate.y)
        literal("},\"scale\":"); numberValue(e.scale)
        literal(",\"opacity\":"); numberValue(e.opacity)
        literal(",\"rotate\":"); numberValue(e.rotate)
        literal(",\"viewportFrame\":{\"x\":"); frameFields(e.viewportFrame)
        literal(e.visible ? ",\"visible\":true}" : ",\"visible\":false}")
    }
}
