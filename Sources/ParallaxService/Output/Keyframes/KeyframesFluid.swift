import ParallaxLayout

/// A fluid stylesheet's scenes (docs/web.md#fluid-and-fixed): the request without `viewport`
/// laid out at the reference sizes of `StyleSpelling` — R0 = 1024 × 1024, RW = 2048 × 1024,
/// RH = 1024 × 2048 (powers of two, so i·(W + S), r·(W + S) and their differences are exact) —
/// and checked at two more, 1600 × 1200 and 320 × 320 (a phone's narrowest side), before anything is
/// written: every scene must hold the same markup with the same animations, keyframes at the same
/// fractions of their ranges, the same scalars (opacity, scale, degrees, which depend on a page's
/// progress or an element's, never on the size), and every length where the affine spelling puts
/// it. What passes is exact at every size in between and around (each length is affine in W and H
/// there); what fails (a number that bends with the size, such as a layer's travel clamped to a
/// stride narrower than it) is a 422 asking for `viewport`.
///
/// Why the models pass (docs/model.md): paging — page i rests at i·L with L = W + S, so its
/// knots at k·L are k/(N − 1) of the scroll range (N − 1)·L at every W, and its values (a page's
/// place, a `rate` travel r·L, a `cover` width W + 2|T|, sizes W × H) are affine in W and H;
/// header — every knot is an offset of the header's own heights (px), every width is W;
/// scroll — an element's range top − V … top + length is its `view()` timeline's `cover` range,
/// and its effects are functions of its progress alone (`KeyframesScene.fluidScroll`).
///
/// A carousel with `pageSize` P in points (docs/model.md#carousels): its page extent
/// m = min(P, A) is the spelling's third variable, so its scenes are laid out with
/// `pageSize: m_ref` in place of P — m0 = 512 at R0, RW, RH and m1 = 768 at RM (R0's size; both
/// within every reference's extent, and their difference a power of two) — and checked with the
/// request's own rule, pageSize min(P, A), at the two sizes above and, when neither is, at one
/// narrower than P (A = P/2) and one wider (A = P + 1024), so the check sees both sides of the
/// bend. L = m + S is one number at any one size, so the knots stay at k/(N − 1) of the range.
struct FluidScenes {
    static let references = [Size(width: 1024, height: 1024), Size(width: 2048, height: 1024), Size(width: 1024, height: 2048)]
    static let checks = [Size(width: 1600, height: 1200), Size(width: 320, height: 320)]
    /// A points carousel's page extents m0 (at R0, RW, RH) and m1 (at RM).
    static let pageExtents = (m0: 512.0, m1: 768.0)

    /// One size a scene is laid out at: the scroller's, and a points carousel's page extent
    /// there (nil for every other request, which keeps its own `pageSize`).
    struct Reference {
        var size: Size
        var pageExtent: Double?
    }

    /// The spelling of these scenes' lengths: three references, or four with a page extent.
    let spelling: StyleSpelling

    var main: [SceneSource]
    var reduced: [SceneSource]

    /// `scene(reference, reduced, probe)`: the markup at `reference`, at the request's motion or at
    /// `motionScale: 0`; `probe`: of a request that bends exactly where this one does, at most a
    /// few boxes long (a pager of at most 5 pages: page i's numbers are page 0's moved by i·L, so
    /// its first, middle and last pages show every bend; `FluidStyled.fluidProbe`). The check
    /// runs on the probe, so a 10 000-box stylesheet is laid out three times, not five; the
    /// scenes are laid out a unit at a time as the writer reaches each (`SceneSource`), the
    /// probe's as the check reaches each (`FluidCheck`), which is run in steps before the first
    /// byte (`KeyframesCursor.checking`).
    init(page: (points: Double, axis: Axis)? = nil,
         _ scene: @escaping (Reference, Bool, Bool) throws(ValidationError) -> SceneSource) throws(ValidationError) {
        let refs = Self.references(page)
        let spelling = StyleSpelling(references: refs.map(\.size), page: page.map {
            StyleSpelling.PageExtent(points: $0.points, axis: $0.axis, m0: Self.pageExtents.m0, m1: Self.pageExtents.m1)
        })
        self.spelling = spelling
        var main: [SceneSource] = [], reduced: [SceneSource] = []
        for r in refs {
            main.append(try scene(r, false, false))
            reduced.append(try scene(r, true, false))
        }
        self.main = main
        self.reduced = reduced
        check = FluidCheck(references: refs, checks: Self.checks(page), spelling: spelling) {
            (r: Reference, reduced: Bool) throws(ValidationError) in try scene(r, reduced, true)
        }
    }

    /// The check to run before the first byte.
    let check: FluidCheck

    /// R0, RW, RH, and for a points carousel RM (R0's size with the other page extent).
    static func references(_ page: (points: Double, axis: Axis)?) -> [Reference] {
        guard page != nil else { return references.map { Reference(size: $0) } }
        return references.map { Reference(size: $0, pageExtent: pageExtents.m0) } + [Reference(size: references[0], pageExtent: pageExtents.m1)]
    }

    /// The check sizes, a points carousel's with its page extent min(P, A) there, and sizes
    /// narrower and wider than P when the two fixed ones are not.
    static func checks(_ page: (points: Double, axis: Axis)?) -> [Reference] {
        guard let (P, axis) = page else { return checks.map { Reference(size: $0) } }
        let along = { (s: Size) in axis == .horizontal ? s.width : s.height }
        var sizes = checks
        let sized = { (A: Double) in axis == .horizontal ? Size(width: A, height: 640) : Size(width: 640, height: A) }
        if !sizes.contains(where: { along($0) < P }) { sizes.append(sized(P / 2)) }
        // Within the largest viewport (at P itself when P is that large: no scroller is wider).
        if !sizes.contains(where: { along($0) > P }) { sizes.append(sized(min(P + 1024, LayoutLimits.standard.maxMagnitude))) }
        return sizes.map { Reference(size: $0, pageExtent: min(P, along($0))) }
    }

    /// The viewport a fluid request is read and validated at (its numbers are never these): R0,
    /// widened along the axis to a points carousel's P, which may be any size up to the largest
    /// viewport (on a narrower scroller its pages are the scroller's extent; P's own range is
    /// `PagingInput.fluidIssues`').
    static func placeholder(_ page: (points: Double, axis: Axis)?) -> Size {
        var s = references[0]
        if let (P, axis) = page, P <= LayoutLimits.standard.maxMagnitude {
            if axis == .horizontal { s.width = max(s.width, P) } else { s.height = max(s.height, P) }
        }
        return s
    }

    /// The 422 of a request whose stylesheet cannot be fluid: `why`, at the size where it showed.
    /// At `viewport`, which every model's request names alike (`RequestFields`; FieldNamesTests).
    static func refuse(_ why: String, at size: Size) -> ValidationError {
        ValidationError(issues: [ValidationIssue(
            pointer: PagingField.viewport.pointer(),
            message: "is required for this request: its stylesheet cannot be fluid (" + why + " at a "
                + KeyframesAnimation.css(size.width) + " × " + KeyframesAnimation.css(size.height)
                + " scroller, e.g. a layer's travel beyond its page's stride); give viewport for a stylesheet of one size")])
    }
}
