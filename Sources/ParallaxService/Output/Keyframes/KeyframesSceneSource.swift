import ParallaxLayout

/// A `KeyframesScene` laid out a unit at a time (docs/operations.md#bounded-memory): a pager's
/// slot (its page box and its layers' boxes), a scroll element, or the whole header. The css and
/// waapi writers ask for a unit's boxes only when they reach it, so a 300-page, 32-layer
/// stylesheet holds one slot's boxes per scene, never the 9 900 of its answer.
///
/// `head` is the scene without boxes: what the writers need before any box (axis, domain, rest,
/// the scroller's size and its content's). `units(k)` is the same in every call (the boxes are
/// functions of the request), so a writer may lay a unit out again in each phase it walks.
struct SceneSource: Sendable {
    var head: KeyframesScene
    /// How many units there are; the boxes are `units(0) + units(1) + … `, in the whole scene's order.
    let unitCount: Int
    /// How many boxes the whole scene holds (the writers' size estimate, judged before the first byte).
    let boxCount: Int
    /// Whether some box is a snap position (the preamble's snap rules come before any box).
    let paged: Bool
    let units: @Sendable (Int) -> [KeyframesScene.Box]

    init(head: KeyframesScene, unitCount: Int, boxCount: Int, paged: Bool,
         units: @escaping @Sendable (Int) -> [KeyframesScene.Box]) {
        self.head = head
        self.unitCount = unitCount
        self.boxCount = boxCount
        self.paged = paged
        self.units = units
    }

    /// A scene that is one unit (the header's handful of boxes).
    init(whole scene: KeyframesScene) {
        var head = scene
        head.boxes = []
        let boxes = scene.boxes
        self.init(head: head, unitCount: 1, boxCount: boxes.count, paged: boxes.contains { $0.snaps }) { _ in boxes }
    }

    /// Unit k as a scene of its own boxes (the writers' rules index a scene's boxes).
    func scene(unit k: Int) -> KeyframesScene {
        var s = head
        s.boxes = units(k)
        return s
    }

    /// Every unit at once: the tests' whole renderings (the writers and `FluidCheck` take a
    /// unit at a time).
    func whole() -> KeyframesScene {
        var s = head
        for k in 0..<unitCount { s.boxes += units(k) }
        return s
    }
}

extension SceneSource {
    /// A pager's scene slot by slot: slot k's tracks (`PagingKeyframeStream.tracks(slot:)`) and its
    /// page at rest (`page(slot:offset:)`, the single-offset answer at the domain's start), laid
    /// out when the writer reaches it. Every slot the domain shows has a page track (its
    /// viewport frame moves with the offset), so each is a unit of 1 + its layers' boxes (+ their
    /// images' when fixed).
    static func paging(_ input: PagingInput, _ stream: PagingKeyframeStream, requested: KeyframeDomain,
                       fluid: Bool = false, linearize: LinearizeBounds? = nil) -> SceneSource {
        let head = KeyframesScene.pagingHead(input, axis: stream.axis, domain: stream.domain, requested: requested)
        guard let slots = stream.slots else {
            return SceneSource(head: head, unitCount: 0, boxCount: 0, paged: false) { _ in [] }
        }
        // Every page has the same layers (names, and images where the request gives `content`):
        // their names matched and escaped once, the boxes counted without a track.
        let first = stream.page(slot: slots.lowerBound, offset: stream.domain.from)
        let names = first.layers.map(\.name)
        let perSlot = 1 + names.count + (fluid ? 0 : first.layers.filter { $0.contentFrame != nil }.count)
        let selectors = KeyframesScene.layerSelectors(names)
        let units: @Sendable (Int) -> [KeyframesScene.Box] = { u in
            let k = slots.lowerBound + u
            let tracks = TrackPlan.taken(stream.tracks(slot: k), linearize)
            guard !tracks.isEmpty else { return [] }
            return KeyframesScene.pagingSlot(input, stream.page(slot: k, offset: stream.domain.from),
                                             KeyframesScene.SlotTracks(tracks, names: names), selectors: selectors,
                                             axis: stream.axis, domain: stream.domain, fluid: fluid)
        }
        return SceneSource(head: head, unitCount: slots.count, boxCount: slots.count * perSlot,
                           paged: KeyframesScene.pagingSnaps(input, axis: stream.axis), units: units)
    }

    /// Scroll elements one at a time (`ScrollKeyframeStream.tracks(element:)` and
    /// `element(_:offset:)`); an element whose name came before gets no box, as the whole scene's
    /// first-named element wins.
    static func scroll(_ input: ScrollInput, _ stream: ScrollKeyframeStream, requested: KeyframeDomain,
                       linearize: LinearizeBounds? = nil) -> SceneSource {
        let head = KeyframesScene.scrollHead(input, axis: stream.axis, domain: stream.domain, requested: requested)
        var seen = Set<String>()
        let first = input.elements.map { seen.insert($0.name).inserted }
        let elements = input.elements
        return SceneSource(head: head, unitCount: elements.count, boxCount: seen.count, paged: false) { i in
            guard first[i] else { return [] }
            let tracks = KeyframesScene.group(Keyframes(model: .scroll, axis: stream.axis, domain: stream.domain,
                                                        tracks: TrackPlan.taken(stream.tracks(element: i), linearize))).tracks
            return [KeyframesScene.scrollBox(elements[i], stream.element(i, offset: stream.domain.from),
                                             tracks[.element(name: elements[i].name)] ?? [:], domain: stream.domain)]
        }
    }
}
