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

    /// One paging answer, staged (`JSONStage`: the hottest output, issue 5).
    mutating func paging(_ l: PagingLayout) {
        separate()
        var stage = JSONStage(taking: &bytes)
        stage.paging(l)
        stage.finish(into: &bytes)
        valueWritten()
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

extension JSONStage {
    /// A frame after its opening `{"x":` (fused by the caller into its key literal): x, the
    /// other three fields and the closing brace.
    @inline(__always) fileprivate mutating func frameFields(_ f: Frame) {
        number(f.x)
        literal(",\"y\":"); number(f.y)
        literal(",\"width\":"); number(f.width)
        literal(",\"height\":"); number(f.height)
        literal("}")
    }

    fileprivate mutating func paging(_ l: PagingLayout) {
        literal(l.axis == .horizontal ? "{\"axis\":\"horizontal\",\"stride\":" : "{\"axis\":\"vertical\",\"stride\":")
        number(l.stride)
        literal(",\"offset\":"); number(l.offset)
        literal(",\"position\":"); number(l.position)
        literal(",\"contentSize\":{\"width\":"); number(l.contentSize.width)
        literal(",\"height\":"); number(l.contentSize.height)
        literal("},\"currentPage\":"); integer(l.currentPage)
        if let t = l.transition {
            literal(",\"transition\":{\"from\":"); integer(t.from)
            literal(",\"to\":"); integer(t.to)
            literal(",\"progress\":"); number(t.progress)
            literal("}")
        } else {
            literal(",\"transition\":null")
        }
        literal(",\"snap\":{\"previous\":"); number(l.snap.previous)
        literal(",\"nearest\":"); number(l.snap.nearest)
        literal(",\"next\":"); number(l.snap.next)
        if let target = l.snap.target { literal(",\"target\":"); number(target) }
        literal("}")
        if let w = l.wrappedOffset { literal(",\"wrappedOffset\":"); number(w) }
        if let events = l.events {
            literal(",\"events\":[")
            for (i, e) in events.enumerated() {
                if i > 0 { literal(",") }
                literal(e.type == .willMove ? "{\"type\":\"willMove\",\"page\":" : "{\"type\":\"didMove\",\"page\":")
                integer(e.page)
                literal("}")
            }
            literal("]")
        }
        literal(",\"pages\":[")
        for (i, page) in l.pages.enumerated() {
            if i > 0 { literal(",") }
            self.page(page)
        }
        literal("]}")
    }

    /// One page, per element of `include: all` (10 000 on a big answer).
    private mutating func page(_ p: PageLayout) {
        literal("{\"index\":"); integer(p.index)
        literal(",\"slot\":"); integer(p.slot)
        literal(",\"progress\":"); number(p.progress)
        literal(",\"visibleFraction\":"); number(p.visibleFraction)
        literal(",\"frame\":{\"x\":"); frameFields(p.frame)
        literal(",\"viewportFrame\":{\"x\":"); frameFields(p.viewportFrame)
        literal(",\"layers\":[")
        for (i, layer) in p.layers.enumerated() {
            literal(i > 0 ? ",{\"name\":" : "{\"name\":"); string(layer.name)
            literal(",\"frame\":{\"x\":"); frameFields(layer.frame)
            literal(",\"viewportFrame\":{\"x\":"); frameFields(layer.viewportFrame)
            if let c = layer.clip { literal(",\"clip\":{\"x\":"); frameFields(c) } else { literal(",\"clip\":null") }
            if let o = layer.opacity { literal(",\"opacity\":"); number(o) }
            if let s = layer.scale { literal(",\"scale\":"); number(s) }
            if let c = layer.contentFrame { literal(",\"contentFrame\":{\"x\":"); frameFields(c) }
            literal("}")
        }
        literal("]}")
    }
}
