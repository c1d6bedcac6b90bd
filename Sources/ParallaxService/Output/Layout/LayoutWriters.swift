import HTTPServer
import ParallaxLayout

// The pieces of the three answers (docs/model.md), field names exactly as the API, written with fused
// literals (keys and punctuation in one copy) by the one JSON writer. Each writer here owns its
// punctuation, so a piece can be written in any call of a streamed producer (Output/Layout/Answers.swift).
//
// How an absent value is written (the API's shape, kept here and nowhere else):
//   `null` when nil:   paging `transition` (at rest), a layer's `clip` (page off screen)
//   left out when nil: `snap.target` (no `velocity`), `events` (no `previousOffset`),
//                      `wrappedOffset` (not infinite), a layer's `opacity` / `scale` /
//                      `contentFrame` (not asked for), the header's `contentFrame` (no `content`)

// Each piece is written through one reservation (`JSONWriter.reserved`): its bound is the sum of
// its literals plus `ReservedBytes.maximumNumberLength` (24) per number and 20 per integer, with
// room to spare; a store past it would stop the process, so the bounds are generous.

extension ReservedBytes {
    /// A frame after its opening `{"x":` (fused by the caller into its key literal): x, the
    /// other three fields and the closing brace. At most 25 + 4 × 24 = 121 bytes.
    @inline(__always) mutating func frameFields(_ f: Frame) {
        jsonNumber(f.x)
        literal(",\"y\":"); jsonNumber(f.y)
        literal(",\"width\":"); jsonNumber(f.width)
        literal(",\"height\":"); jsonNumber(f.height)
        literal("}")
    }
}

extension JSONWriter {
    /// Room for one frame with its key literal (≤ 22 bytes).
    private static var frameRoom: Int { 160 }

    // MARK: Paging (docs/model.md#paging)

    /// Every field of one paging answer up to and including `"pages":[`.
    mutating func pagingSummary(_ l: PagingLayout) {
        // ≈ 270 bytes of literals, 11 numbers, 3 integers.
        reserved(1024) { out in
            out.literal(l.axis == .horizontal ? "{\"axis\":\"horizontal\",\"stride\":" : "{\"axis\":\"vertical\",\"stride\":")
            out.jsonNumber(l.stride)
            out.literal(",\"offset\":"); out.jsonNumber(l.offset)
            out.literal(",\"position\":"); out.jsonNumber(l.position)
            out.literal(",\"contentSize\":{\"width\":"); out.jsonNumber(l.contentSize.width)
            out.literal(",\"height\":"); out.jsonNumber(l.contentSize.height)
            out.literal("},\"currentPage\":"); out.jsonInt(l.currentPage)
            if let t = l.transition {
                out.literal(",\"transition\":{\"from\":"); out.jsonInt(t.from)
                out.literal(",\"to\":"); out.jsonInt(t.to)
                out.literal(",\"progress\":"); out.jsonNumber(t.progress)
                out.literal("}")
            } else {
                out.literal(",\"transition\":null")
            }
            out.literal(",\"snap\":{\"previous\":"); out.jsonNumber(l.snap.previous)
            out.literal(",\"nearest\":"); out.jsonNumber(l.snap.nearest)
            out.literal(",\"next\":"); out.jsonNumber(l.snap.next)
            if let target = l.snap.target { out.literal(",\"target\":"); out.jsonNumber(target) }
            out.literal("}")
            if let w = l.wrappedOffset { out.literal(",\"wrappedOffset\":"); out.jsonNumber(w) }
        }
        if let events = l.events {
            literal(",\"events\":[")
            for (i, e) in events.enumerated() {
                reserved(64) { out in  // ≤ 29 bytes of literals and one integer
                    if i > 0 { out.literal(",") }
                    out.literal(e.type == .willMove ? "{\"type\":\"willMove\",\"page\":" : "{\"type\":\"didMove\",\"page\":")
                    out.jsonInt(e.page)
                    out.literal("}")
                }
            }
            literal("]")
        }
        literal(",\"pages\":[")
    }

    /// One page of the `pages` array (10 000 of them on the largest answer), its layers laid out
    /// one at a time as they are written (no array per page). Inlined into its caller, which
    /// holds the engine: called, the engine (≈ 200 bytes) was copied for each page (a memcpy,
    /// ≈ 14 instructions a page on bench w6, docs/PERFORMANCE.md#measured-choices-the-code-keeps).
    @inline(__always)
    mutating func page(_ engine: PagingEngine, slot: Int, offset: Double) {
        let (p, place) = engine.pageWithoutLayers(slot: slot, offset: offset)
        pageHead(p)
        for j in 0..<engine.layerCount { pageLayer(engine.layer(j, of: place), first: j == 0) }
        literal("]}")
    }

    private mutating func pageHead(_ p: PageLayout) {
        // 95 bytes of literals, 2 integers, 2 numbers, 2 frames.
        reserved(128 + 2 * Self.frameRoom) { out in
            out.literal("{\"index\":"); out.jsonInt(p.index)
            out.literal(",\"slot\":"); out.jsonInt(p.slot)
            out.literal(",\"progress\":"); out.jsonNumber(p.progress)
            out.literal(",\"visibleFraction\":"); out.jsonNumber(p.visibleFraction)
            out.literal(",\"frame\":{\"x\":"); out.frameFields(p.frame)
            out.literal(",\"viewportFrame\":{\"x\":"); out.frameFields(p.viewportFrame)
            out.literal(",\"layers\":[")
        }
    }

    private mutating func pageLayer(_ layer: LayerLayout, first: Bool) {
        literal(first ? "{\"name\":" : ",{\"name\":"); stringValue(layer.name)
        // 4 frames, 2 numbers, ≈ 60 bytes of other literals.
        reserved(128 + 4 * Self.frameRoom) { out in
            out.literal(",\"frame\":{\"x\":"); out.frameFields(layer.frame)
            out.literal(",\"viewportFrame\":{\"x\":"); out.frameFields(layer.viewportFrame)
            if let c = layer.clip { out.literal(",\"clip\":{\"x\":"); out.frameFields(c) } else { out.literal(",\"clip\":null") }
            if let o = layer.opacity { out.literal(",\"opacity\":"); out.jsonNumber(o) }
            if let s = layer.scale { out.literal(",\"scale\":"); out.jsonNumber(s) }
            if let c = layer.contentFrame { out.literal(",\"contentFrame\":{\"x\":"); out.frameFields(c) }
            out.literal("}")
        }
    }

    // MARK: Header (docs/model.md#stretchy-header)

    mutating func header(_ h: HeaderLayout) {
        // 3 frames, 2 numbers, ≈ 110 bytes of other literals.
        reserved(192 + 3 * Self.frameRoom) { out in
            out.literal("{\"header\":{\"x\":"); out.frameFields(h.header)
            out.literal(",\"image\":{\"x\":"); out.frameFields(h.image)
            if let c = h.contentFrame { out.literal(",\"contentFrame\":{\"x\":"); out.frameFields(c) }
            out.literal(",\"contentTop\":"); out.jsonNumber(h.contentTop)
            out.literal(",\"progress\":"); out.jsonNumber(h.progress)
            out.literal(h.collapsed ? ",\"collapsed\":true" : ",\"collapsed\":false")
            out.literal(h.stretched ? ",\"stretched\":true}" : ",\"stretched\":false}")
        }
    }

    // MARK: Scroll (docs/model.md#scroll-elements)

    /// One element of the `elements` array.
    mutating func element(_ e: ElementLayout) {
        literal("{\"name\":"); stringValue(e.name)
        // 1 frame, 9 numbers (scaleX and scaleY when asked), ≈ 150 bytes of other literals.
        reserved(192 + 9 * ReservedBytes.maximumNumberLength + Self.frameRoom) { out in
            out.literal(",\"progress\":"); out.jsonNumber(e.progress)
            out.literal(",\"progressClamped\":"); out.jsonNumber(e.progressClamped)
            out.literal(",\"translate\":{\"x\":"); out.jsonNumber(e.translate.x)
            out.literal(",\"y\":"); out.jsonNumber(e.translate.y)
            out.literal("},\"scale\":"); out.jsonNumber(e.scale)
            if let sx = e.scaleX, let sy = e.scaleY {
                out.literal(",\"scaleX\":"); out.jsonNumber(sx)
                out.literal(",\"scaleY\":"); out.jsonNumber(sy)
            }
            out.literal(",\"opacity\":"); out.jsonNumber(e.opacity)
            out.literal(",\"rotate\":"); out.jsonNumber(e.rotate)
            out.literal(",\"viewportFrame\":{\"x\":"); out.frameFields(e.viewportFrame)
            out.literal(e.visible ? ",\"visible\":true}" : ",\"visible\":false}")
        }
    }
}
