import ParallaxLayout

/// What a fluid keyframes answer needs of a model (docs/web.md#fluid-and-fixed): its viewport to
/// lay it out at the reference sizes (`FluidScenes`), the fluid form's own rules, and its scene.
protocol FluidStyled: LayoutModel, FieldNamed {
    var viewport: Size { get set }
    /// A request whose numbers bend exactly where this one's do, at most a few boxes long: what
    /// `FluidScenes` checks at its extra sizes.
    var fluidProbe: Self { get }
    /// What a fluid request may not say (each a 422 with its pointer).
    func fluidIssues(_ o: KeyframesOptions) -> [ValidationIssue]
    /// The markup at this input's (reference) viewport, laid out a unit at a time; `styled`: a
    /// stylesheet, whose curves reach every offset the page can scroll to
    /// (docs/model.md#keyframes-on-real-pages).
    func fluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> SceneSource
    /// The request's tracks validated, not laid out (KeyframesTrackPlan.swift).
    func trackPlan(domain: KeyframeDomain?, properties: [String]?, limits: LayoutLimits) throws(ValidationError) -> TrackPlan
    /// The markup of `plan` (this input's tracks), laid out as the writer reaches each unit.
    func scene(_ plan: TrackPlan, requested: KeyframeDomain, fluid: Bool, limits: LayoutLimits) -> SceneSource
    /// A carousel's `pageSize` P in points and its axis: the spelling's third variable, the
    /// page extent min(P, A) (`StyleSpelling`); nil for every other request.
    var fluidPageSize: (points: Double, axis: Axis)? { get }
    /// This request at one of `FluidScenes`' sizes: its viewport, and a points carousel's
    /// `pageSize` the page extent there.
    mutating func place(at reference: FluidScenes.Reference)
}

extension FluidStyled {
    var fluidPageSize: (points: Double, axis: Axis)? { nil }
    mutating func place(at reference: FluidScenes.Reference) { viewport = reference.size }
}

extension PagingInput: FluidStyled {

    /// At most 5 pages: pages 0, 1, the middle ones and the last two bend alike for any N ≥ 5
    /// (page i's numbers are page 0's moved by i·L; only the first and last meet the range's ends).
    var fluidProbe: PagingInput {
        var p = self
        p.pageCount = min(pageCount, 5)
        // The request's own page fields stay valid for the smaller pager (they are checked
        // against the full one; the probe only shows where lengths bend).
        if let c = p.currentPage { p.currentPage = min(c, p.pageCount - 1) }
        p.range = nil
        return p
    }

    /// A fluid pager covers its whole scroll range [0, (N − 1)·L], whose px depend on the size.
    /// A carousel's `pageSize` in points is min(pageSize, A) on a scroller narrower than it
    /// (docs/model.md#carousels), spelled with `min()` (`StyleSpelling`); an infinite one would
    /// show a page twice on any scroller wider than (N − 2)·(pageSize + S), and a fluid scroller
    /// may be any width.
    func fluidIssues(_ o: KeyframesOptions) -> [ValidationIssue] {
        var out: [ValidationIssue] = []
        if o.domain != nil {
            out.append(ValidationIssue(pointer: KeyframesField.domain.pointer(), message: "is in px of one viewport: a fluid pager's stylesheet covers its whole scroll range [0, (N − 1)·L] at every size; leave domain out, or give viewport"))
        }
        if let (P, _) = fluidPageSize, !(P >= LayoutLimits.standard.minSize && P <= LayoutLimits.standard.maxMagnitude) {
            out.append(ValidationIssue(pointer: PagingField.pageSize.pointer(), message: "must be between 1e-6 and 1e15 (in a fluid stylesheet a page may be larger than the scroller: there it is the scroller's extent)"))
        } else if infinite ?? false, let (P, _) = fluidPageSize {
            let widest = (pageCount - 2) * (P + (pageSpacing ?? 0))
            out.append(ValidationIssue(pointer: PagingField.infinite.pointer(), message: "cannot be fluid with pageSize in points: on a scroller wider than (pageCount - 2) × (pageSize + pageSpacing) = " + KeyframesAnimation.css(widest) + " px a page would show twice at once, and a fluid scroller may be any width; give pageSize as {\"fraction\": f}, or give viewport"))
        }
        // Past an infinite carousel's last page the next slots peek in at some widths, and their
        // boxes lengthen the scroller past (N − 1)·L by an amount not proportional to L
        // (docs/model.md#carousels), so the animations could not span the scroll range. (In
        // points the rule above already refuses it, saying why in points.)
        if infinite ?? false, fluidPageSize == nil, pageSize != nil, pageSize != .fraction(1) {
            out.append(ValidationIssue(pointer: PagingField.infinite.pointer(), message: "cannot be fluid for a carousel: the pages after the last one peek in at some widths and lengthen the scroller's range past (N - 1) × stride; give viewport for a stylesheet of one size, or leave out infinite or pageSize"))
        }
        return out
    }

    /// P of a carousel whose `pageSize` is in points.
    var fluidPageSize: (points: Double, axis: Axis)? {
        guard case .points(let P)? = pageSize else { return nil }
        return (P, axis ?? .horizontal)
    }

    /// At a reference a points carousel's pages are that reference's page extent (at most its
    /// extent, so the layout is valid whatever P is).
    mutating func place(at reference: FluidScenes.Reference) {
        viewport = reference.size
        if let m = reference.pageExtent, fluidPageSize != nil { pageSize = .points(m) }
    }

    /// The default domain [0, (N − 1)·L] is already every offset the scroller reaches.
    func fluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> SceneSource {
        let stream = try keyframeStream(domain: nil, properties: nil, limits: limits)
        return .paging(self, stream, requested: stream.domain, fluid: true)
    }
}

extension HeaderInput: FluidStyled {
    var fluidProbe: HeaderInput { self }
    func fluidIssues(_ o: KeyframesOptions) -> [ValidationIssue] { [] }

    /// A header's offsets are its own heights' (px at every size): the fixed domains.
    func fluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> SceneSource {
        let k = try keyframes(domain: o.domain, properties: nil, limits: limits)
        let wide = styled ? try keyframes(domain: styledDomain(k.domain, limits: limits), properties: nil, limits: limits) : k
        return SceneSource(whole: .header(self, wide, requested: k.domain, limits: limits, fluid: true))
    }
}

extension ScrollInput: FluidStyled {
    /// Every element (each is its own small scene).
    var fluidProbe: ScrollInput { self }

    /// An element's range must not depend on the size or on where the page puts it: both of
    /// `startOffset`/`endOffset` or neither (the default end of the other is an edge of the
    /// viewport's or the element's), and `speed` measured from its centre (`center: true`) unless
    /// its range is given (its base would be the progress at offset 0, (V − top)/(V + length));
    /// an effect's own range only on an element with its range given.
    func fluidIssues(_ o: KeyframesOptions) -> [ValidationIssue] {
        var out: [ValidationIssue] = []
        for (i, e) in elements.enumerated() {
            let element = ScrollField.elements.pointer(at: i)
            let ranged = e.startOffset != nil && e.endOffset != nil
            if (e.startOffset == nil) != (e.endOffset == nil) {
                out.append(ValidationIssue(pointer: (e.startOffset == nil ? ElementField.startOffset : .endOffset).pointer(in: element),
                                           message: "is required with the other in a fluid stylesheet: the default end is an edge of the scroller, whose size the stylesheet does not know"))
            }
            if e.speed != nil, !(e.center ?? false), !ranged {
                out.append(ValidationIssue(pointer: ElementField.center.pointer(in: element),
                                           message: "must be true for speed in a fluid stylesheet (or give startOffset and endOffset): without it the element's base is its progress at offset 0, which depends on the scroller's size and on where the page puts the element"))
            }
            // An effect's own range is in offsets of the scroller, while an element without its
            // own range runs on its crossing, which moves with the scroller's size (docs/model.md#effects).
            for (k, effect) in (e.effects ?? []).enumerated() where effect.range != nil && !ranged {
                out.append(ValidationIssue(pointer: EffectField.range.pointer(in: ElementField.effects.pointer(in: element, at: k)),
                                           message: "needs the element's startOffset and endOffset in a fluid stylesheet: the element runs on its own crossing of the scroller, which moves with the scroller's size"))
            }
        }
        return out
    }

    func fluidScene(_ o: KeyframesOptions, styled: Bool, limits: LayoutLimits) throws(ValidationError) -> SceneSource {
        FluidScrollPlan(self, frameless: o.frameless, requested: o.domain, styled: styled, limits: limits).source
    }
}
