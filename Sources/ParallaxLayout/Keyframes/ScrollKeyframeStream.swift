// Scroll elements' keyframes element by element (docs/model.md#keyframes): the same tracks, in
// the same order, as `ScrollInput.keyframes(domain:properties:limits:)`, one element at a time, so
// a writer of 1 024 elements lays out each as it writes it instead of all before the first byte
// (docs/operations.md#bounded-memory).

/// The validated request and its prepared engine; `tracks(element:)` lays out one element.
public struct ScrollKeyframeStream: Sendable {
    public let axis: Axis
    /// The resolved domain (the default one when the request gave none).
    public let domain: KeyframeDomain
    let engine: ScrollEngine
    let filter: PropertyFilter

    /// Elements, in request order.
    public var count: Int { engine.input.elements.count }

    /// Element i's tracks; an element's numbers bend only inside its horizon, the ranges of it and its effects
    /// (Continuation.swift).
    public func tracks(element i: Int) -> [Track] {
        var own = engine.keyframeTracks(element: i, domain: domain, filter: filter)
        markContinuations(&own, domain: domain, horizon: engine.horizon(i)) { wide in
            engine.keyframeTracks(element: i, domain: wide, filter: filter)
        }
        return own
    }

    /// Element i at scroll position s, as the single-offset answer lays it out (a stylesheet
    /// writer's resting place of one element, without laying out the others).
    public func element(_ i: Int, offset s: Double) -> ElementLayout {
        engine.element(i, offset: s)
    }
}
