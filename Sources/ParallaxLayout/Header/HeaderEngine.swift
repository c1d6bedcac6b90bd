// Stretchy header, docs/model.md#stretchy-header (seed: ScrollviewParallax — an image view pinned to the top whose height
// is tied to the content offset; anchors MXParallaxHeader, GSKStretchyHeaderView).

/// A validated header request, ready to lay out any offset.
public struct HeaderEngine: Sendable {
    public let input: HeaderInput
    /// Offsets to lay out: `[offset ?? 0]`, or `offsets` for a timeline.
    public let frameOffsets: [Double]
    public let isTimeline: Bool

    let width: Double
    /// Hh and m.
    let height: Double
    let minHeight: Double
    let stretch: Bool
    let mode: HeaderInput.Mode
    let motion: Double

    public init(_ input: HeaderInput, limits: LayoutLimits = .standard) throws(ValidationError) {
        let issues = input.validate(limits: limits)
        if !issues.isEmpty { throw ValidationError(issues: issues) }
        self.input = input
        frameOffsets = input.offsets ?? [input.offset ?? 0]
        isTimeline = input.offsets != nil
        width = input.viewport.width
        height = input.header.height
        minHeight = input.header.minHeight ?? 0
        stretch = input.stretch ?? true
        mode = input.mode ?? .fill
        motion = input.motionScale ?? 1
    }

    public func layout() -> HeaderResult {
        if !isTimeline { return .single(layout(offset: frameOffsets[0])) }
        return .timeline(frameOffsets.map { layout(offset: $0) })
    }

    /// The header at content offset y (0 at rest, negative when pulled down).
    ///
    /// - h = max(m, Hh − y); without stretch h = max(m, min(Hh, Hh − y)).
    /// - header frame (0, 0, W, h), pinned; without stretch and y < 0 it rides down with the
    ///   content (y-origin −y).
    /// - image, header-local: fill (0, 0, W, h); top (0, 0, W, Hh); bottom (0, h − Hh, W, Hh);
    ///   center (0, (h − Hh)/2, W, Hh).
    /// - motionScale m (docs/model.md#determinism-and-motion), a reading of ours: the image's parallax is its displacement from where
    ///   it would be if it simply scrolled with the content, (0, h − Hh, W, Hh) (the `bottom`
    ///   frame); each edge moves from there toward the mode's frame by m, so m = 1 is the mode
    ///   itself and m = 0 neither zooms nor lags. The header frame is not motion and is unchanged.
    /// - contentTop = Hh − y; progress = (h − m)/(Hh − m) (0 when Hh = m); collapsed h = m;
    ///   stretched h > Hh. Seed check (fill, m = 0): Hh 150 at y = −40, 60, 150 → h 190, 90, 0.
    public func layout(offset y: Double) -> HeaderLayout {
        let Hh = height, m = minHeight
        let h = stretch ? max(m, Hh - y) : max(m, min(Hh, Hh - y))
        let headerY = !stretch && y < 0 ? -y : 0
        let s = input.pixelScale
        var image: Frame
        switch mode {
        case .fill: image = Frame(x: 0, y: 0, width: width, height: h)
        case .top: image = Frame(x: 0, y: 0, width: width, height: Hh)
        case .center: image = Frame(x: 0, y: (h - Hh) / 2, width: width, height: Hh)
        case .bottom: image = Frame(x: 0, y: h - Hh, width: width, height: Hh)
        }
        if motion != 1 {
            let rigidTop = h - Hh
            let top = rigidTop + (image.y - rigidTop) * motion
            let bottom = h + (image.y + image.height - h) * motion
            image = Frame(x: 0, y: top, width: width, height: bottom - top)
        }
        image = Frame(x: 0, y: nz(image.y), width: width, height: nz(image.height))
        let contentFrame = input.content.map {
            (input.contentMode ?? .aspectFill).fit($0, width: image.width, height: image.height).snapped(s)
        }
        return HeaderLayout(
            header: Frame(x: 0, y: nz(headerY), width: width, height: nz(h)).snapped(s),
            image: image.snapped(s), contentFrame: contentFrame, contentTop: nz(Hh - y),
            progress: Hh == m ? 0 : nz((h - m) / (Hh - m)), collapsed: h == m, stretched: h > Hh)
    }
}

extension HeaderInput {
    /// Every value problem: viewport and header sizes finite and > 0, `minHeight` in 0…height,
    /// `offset` / `offsets` finite (not both; 1…maxOffsets), content size > 0, `motionScale` 0…1,
    /// `pixelScale` > 0.
    public func validate(limits: LayoutLimits = .standard) -> [ValidationIssue] {
        typealias F = HeaderRequestField
        var c = Checker(limits: limits)
        c.size(viewport, F.viewport.pointer())
        let heightOK = c.size(header.height, HeaderField.height.pointer(in: F.header.pointer()))
        if let m = header.minHeight {
            // 0 ≤ m ≤ Hh, one rule (Hh's own bound stands in while Hh is invalid).
            let hi = heightOK ? header.height : limits.maxMagnitude
            c.within(m, Bounds(lo: 0, hi: hi, hiName: "header.height", hiKnown: heightOK),
                     HeaderField.minHeight.pointer(in: F.header.pointer()))
        }
        if offset != nil, offsets != nil { c.add(F.offsets.pointer(), "give only one of offset, offsets") }
        if let y = offset { c.number(y, F.offset.pointer()) }
        if let list = offsets { _ = c.offsets(list, F.offsets.pointer()) }
        if let content { c.size(content, F.content.pointer()) }
        c.motionAndPixels(F.self, motionScale: motionScale, pixelScale: pixelScale)
        return c.issues
    }
}
