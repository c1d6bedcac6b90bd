// A pager's keyframes slot by slot (docs/model.md#keyframes): the same tracks, in the same order,
// as `PagingInput.keyframes(domain:properties:limits:)`, without holding them all. A 10 000-slot,
// 32-layer pager has about 5 million knots; a writer that asks for one slot's tracks at a time
// holds a few hundred (docs/operations.md#bounded-memory).

/// The validated request and its prepared engine; `tracks(slot:)` lays out one slot.
public struct PagingKeyframeStream: Sendable {
    public let axis: Axis
    /// The resolved domain (the default one when the request gave none).
    public let domain: KeyframeDomain
    /// The slots visible somewhere in the domain, nil when none is.
    public let slots: ClosedRange<Int>?
    let engine: PagingEngine
    let properties: [String]?

    /// Slot k's tracks: `keyframes(…).tracks` is these for every slot of `slots`, in order.
    public func tracks(slot k: Int) -> [Track] {
        engine.keyframeTracks(slot: k, domain: domain, properties: properties)
    }

    /// Layers per page (the request's, or the default background layer): a slot's tracks have at
    /// most 1 + this many targets.
    public var layerCount: Int { engine.inputLayers.count }

    /// Slot k's page and layers at offset o, as the single-offset answer lays them out: what a
    /// stylesheet writer needs of one slot at rest, without laying out the others.
    public func page(slot k: Int, offset o: Double) -> PageLayout {
        engine.page(slot: k, offset: o)
    }
}

extension PagingInput {
    /// Validates a keyframes request as `keyframes(domain:properties:limits:)` does (the same
    /// problems) and returns its tracks as a stream instead of an array.
    public func keyframeStream(domain: KeyframeDomain?, properties: [String]?,
                               limits: LayoutLimits = .standard) throws(ValidationError) -> PagingKeyframeStream {
        let (engine, resolved, slots) = try checkedKeyframes(domain: domain, properties: properties, limits: limits)
        return PagingKeyframeStream(axis: engine.axis, domain: resolved, slots: slots, engine: engine, properties: properties)
    }
}
