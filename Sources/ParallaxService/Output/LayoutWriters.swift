import ParallaxLayout

// Response bodies for the three models, field names exactly as SPEC §1–§3, written straight into
// the reused buffer. Null vs omitted follows the model types' `nullWhenNil` / `omittedWhenNil`.

extension JSONWriter {
    mutating func size(_ s: Size) {
        objectStart(); field("width", s.width); field("height", s.height); objectEnd()
    }

    /// The hottest writer (3–4 frames per page): keys and punctuation as fused literals.
    mutating func frame(_ f: Frame) {
        separate()
        literal("{\"x\":"); frameFields(f)
    }

    /// A frame after its opening `{"x":` (fused by the caller into its key literal): x, the
    /// other three fields and the closing brace.
    private mutating func frameFields(_ f: Frame) {
        numberValue(f.x)
        literal(",\"y\":"); numberValue(f.y)
        literal(",\"width\":"); numberValue(f.width)
        literal(",\"height\":"); numberValue(f.height)
        literal("}"); valueWritten()
    }

    mutating func frame(_ f: Frame?) {
        if let f { frame(f) } else { null() }
    }

    // MARK: Paging (SPEC §1)

    mutating func paging(_ result: PagingResult) {
        switch result {
        case .single(let layout): paging(layout)
        case .timeline(let frames):
            objectStart(); key("frames"); arrayStart()
            for layout in frames { paging(layout) }
            arrayEnd(); objectEnd()
        }
    }

    mutating func paging(_ l: PagingLayout) {
        separate()
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
        literal("}"); valueWritten()
        if let w = l.wrappedOffset { field("wrappedOffset", w) }
        if let events = l.events {
            key("events"); arrayStart()
            for e in events {
                objectStart()
                key("type"); string(e.type == .willMove ? "willMove" : "didMove" as StaticString)
                field("page", e.page)
                objectEnd()
            }
            arrayEnd()
        }
        key("pages"); arrayStart()
        for page in l.pages { self.page(page) }
        arrayEnd()
        objectEnd()
    }

    /// One page, per element of `include: all` (10 000 on a big answer): fused literals as in `frame`.
    private mutating func page(_ p: PageLayout) {
        separate()
        literal("{\"index\":"); intValue(p.index)
        literal(",\"slot\":"); intValue(p.slot)
        literal(",\"progress\":"); numberValue(p.progress)
        literal(",\"visibleFraction\":"); numberValue(p.visibleFraction)
        literal(",\"frame\":{\"x\":"); frameFields(p.frame)
        literal(",\"viewportFrame\":{\"x\":"); frameFields(p.viewportFrame)
        literal(",\"layers\":[")
        for layer in p.layers {
            separate()
            literal("{\"name\":"); string(layer.name)
            literal(",\"frame\":{\"x\":"); frameFields(layer.frame)
            literal(",\"viewportFrame\":{\"x\":"); frameFields(layer.viewportFrame)
            if let c = layer.clip { literal(",\"clip\":{\"x\":"); frameFields(c) } else { literal(",\"clip\":null") }
            if let o = layer.opacity { literal(",\"opacity\":"); numberValue(o) }
            if let s = layer.scale { literal(",\"scale\":"); numberValue(s) }
            if let c = layer.contentFrame { literal(",\"contentFrame\":{\"x\":"); frameFields(c) }
            literal("}"); valueWritten()
        }
        literal("]}"); valueWritten()
    }

    // MARK: Header (SPEC §2)

    mutating func header(_ result: HeaderResult) {
        switch result {
        case .single(let layout): header(layout)
        case .timeline(let frames):
            objectStart(); key("frames"); arrayStart()
            for layout in frames { header(layout) }
            arrayEnd(); objectEnd()
        }
    }

    mutating func header(_ h: HeaderLayout) {
        objectStart()
        key("header"); frame(h.header)
        key("image"); frame(h.image)
        if let c = h.contentFrame { key("contentFrame"); frame(c) }
        field("contentTop", h.contentTop)
        field("progress", h.progress)
        field("collapsed", h.collapsed)
        field("stretched", h.stretched)
        objectEnd()
    }

    // MARK: Scroll (SPEC §3)

    mutating func scroll(_ result: ScrollResult) {
        switch result {
        case .single(let layout): scroll(layout)
        case .timeline(let frames):
            objectStart(); key("frames"); arrayStart()
            for layout in frames { scroll(layout) }
            arrayEnd(); objectEnd()
        }
    }

    mutating func scroll(_ s: ScrollLayout) {
        objectStart()
        key("elements"); arrayStart()
        for e in s.elements {
            separate()
            literal("{\"name\":"); string(e.name)
            literal(",\"progress\":"); numberValue(e.progress)
            literal(",\"progressClamped\":"); numberValue(e.progressClamped)
            literal(",\"translate\":{\"x\":"); numberValue(e.translate.x)
            literal(",\"y\":"); numberValue(e.translate.y)
            literal("},\"scale\":"); numberValue(e.scale)
            literal(",\"opacity\":"); numberValue(e.opacity)
            literal(",\"rotate\":"); numberValue(e.rotate)
            literal(",\"viewportFrame\":{\"x\":"); frameFields(e.viewportFrame)
            literal(e.visible ? ",\"visible\":true}" : ",\"visible\":false}"); valueWritten()
        }
        arrayEnd()
        objectEnd()
    }
}
