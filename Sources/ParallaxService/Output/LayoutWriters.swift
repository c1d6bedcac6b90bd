import ParallaxLayout

// Response bodies for the three models, field names exactly as SPEC §1–§3, written straight into
// the reused buffer. Null vs omitted follows the model types' `nullWhenNil` / `omittedWhenNil`.

extension JSONWriter {
    mutating func size(_ s: Size) {
        objectStart(); field("width", s.width); field("height", s.height); objectEnd()
    }

    mutating func frame(_ f: Frame) {
        objectStart(); field("x", f.x); field("y", f.y); field("width", f.width); field("height", f.height); objectEnd()
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
        objectStart()
        key("axis"); string(l.axis == .horizontal ? "horizontal" : "vertical" as StaticString)
        field("stride", l.stride)
        field("offset", l.offset)
        field("position", l.position)
        key("contentSize"); size(l.contentSize)
        field("currentPage", l.currentPage)
        key("transition")
        if let t = l.transition {
            objectStart(); field("from", t.from); field("to", t.to); field("progress", t.progress); objectEnd()
        } else {
            null()
        }
        key("snap")
        objectStart()
        field("previous", l.snap.previous); field("nearest", l.snap.nearest); field("next", l.snap.next)
        if let target = l.snap.target { field("target", target) }
        objectEnd()
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

    private mutating func page(_ p: PageLayout) {
        objectStart()
        field("index", p.index)
        field("slot", p.slot)
        field("progress", p.progress)
        field("visibleFraction", p.visibleFraction)
        key("frame"); frame(p.frame)
        key("viewportFrame"); frame(p.viewportFrame)
        key("layers"); arrayStart()
        for layer in p.layers {
            objectStart()
            field("name", layer.name)
            key("frame"); frame(layer.frame)
            key("viewportFrame"); frame(layer.viewportFrame)
            key("clip"); frame(layer.clip)
            if let o = layer.opacity { field("opacity", o) }
            if let s = layer.scale { field("scale", s) }
            if let c = layer.contentFrame { key("contentFrame"); frame(c) }
            objectEnd()
        }
        arrayEnd()
        objectEnd()
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
            objectStart()
            field("name", e.name)
            field("progress", e.progress)
            field("progressClamped", e.progressClamped)
            key("translate"); objectStart(); field("x", e.translate.x); field("y", e.translate.y); objectEnd()
            field("scale", e.scale)
            field("opacity", e.opacity)
            field("rotate", e.rotate)
            key("viewportFrame"); frame(e.viewportFrame)
            field("visible", e.visible)
            objectEnd()
        }
        arrayEnd()
        objectEnd()
    }
}
