// Frame operations: pixel snapping (docs/model.md#determinism-and-motion), intersection (layer `clip`, docs/model.md#paging), content fitting
// (`contentMode`, docs/model.md#layers and #stretchy-header).

extension Frame {
    /// Snaps every edge to device pixels: edge' = floor(edge·s + 0.5)/s (round half up), then
    /// width and height are derived from the snapped edges, so two frames sharing an edge still
    /// share it (no hairline between adjacent pages). docs/model.md#determinism-and-motion.
    public func pixelSnapped(_ scale: Double) -> Frame {
        // Each edge goes to a whole number of device pixels; every number written is that count
        // over the scale, one division, so it is the double nearest the exact multiple of
        // 1/scale (390 at scale 3, not 1170/3 − 0 computed as 389.99999999999994 from two
        // rounded edges): docs/model.md#determinism-and-motion.
        let x0 = Frame.snapPixels(x, scale)
        let y0 = Frame.snapPixels(y, scale)
        let x1 = Frame.snapPixels(x + width, scale)
        let y1 = Frame.snapPixels(y + height, scale)
        return Frame(x: nz(x0 / scale), y: nz(y0 / scale), width: nz((x1 - x0) / scale), height: nz((y1 - y0) / scale))
    }

    /// `pixelSnapped(s)` when a pixel scale is given, else the frame itself.
    @inline(__always)
    func snapped(_ scale: Double?) -> Frame {
        if let scale { return pixelSnapped(scale) }
        return self
    }

    /// The device pixel an edge at `v` points lands on (round half up), as a whole number.
    @inline(__always)
    static func snapPixels(_ v: Double, _ s: Double) -> Double {
        floorD(v * s + 0.5)
    }

    /// The overlap with the viewport rectangle (0, 0, width, height), or nil when it has no
    /// positive area. A layer's `clip` (docs/model.md#paging: its page's viewport frame ∩ the viewport; null
    /// when the page does not overlap it).
    func clipped(toViewport viewport: Size) -> Frame? {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + width, viewport.width), y1 = min(y + height, viewport.height)
        if x1 <= x0 || y1 <= y0 { return nil }
        return Frame(x: nz(x0), y: nz(y0), width: nz(x1 - x0), height: nz(y1 - y0))
    }

    /// True when this frame and the viewport (0, 0, width, height) overlap with positive area.
    func overlaps(viewport: Size) -> Bool {
        x < viewport.width && x + width > 0 && y < viewport.height && y + height > 0
    }
}

extension ContentMode {
    /// Where an image of size `content` lands inside a box of `width` × `height`, in the box's own
    /// coordinates, centred (UIKit's content modes, which the seeds use for their image views):
    /// fill = the box; aspectFill scales by max(w/cw, h/ch); aspectFit by min(w/cw, h/ch);
    /// center keeps the natural size.
    public func fit(_ content: Size, width: Double, height: Double) -> Frame {
        let w: Double, h: Double
        switch self {
        case .fill:
            w = width
            h = height
        case .center:
            w = content.width
            h = content.height
        case .aspectFill, .aspectFit:
            let sx = width / content.width, sy = height / content.height
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            w = content.width * s
            h = content.height * s
        }
        return Frame(x: nz((width - w) / 2), y: nz((height - h) / 2), width: nz(w), height: nz(h))
    }
}
