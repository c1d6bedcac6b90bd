// The field names of the request bodies (openapi.yaml's schemas, docs/model.md), declared once.
// ParallaxService reads a request by them (its name tables are built from the cases and its
// readers switch over them, docs/architecture.md#reading-a-request) and the rules here name a
// problem's field by them (`pointer`), so a field is spelled in this file alone. A new field is a
// case here, a reading the compiler asks for in the reader's switch, its answer in the model's
// `takeMoment` switch (whether it describes one moment, KeyframeValidation.swift), also asked for
// by the compiler, a rule, and its property in openapi.yaml's schema (FieldSchemaTests holds the
// two alike).

/// The names of one kind of JSON object's fields, as an enum whose raw values are the names.
public protocol FieldNames: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

extension FieldNames {
    /// This field as a JSON pointer (RFC 6901) in the object at `parent` (the request's own when
    /// `""`), or entry `index` of its array: `PagingField.pageCount.pointer()` is "/pageCount",
    /// `LayerField.rate.pointer(in: "/layers/0")` "/layers/0/rate", `PagingField.layers.pointer(at: 2)`
    /// "/layers/2". Names hold no `~` or `/`, so none needs escaping.
    public func pointer(in parent: String = "", at index: Int? = nil) -> String {
        let field = parent + "/" + rawValue
        guard let index else { return field }
        return field + "/" + String(index)
    }
}

/// The paging request's fields (openapi.yaml `PagingRequest`, docs/model.md#paging), in the
/// schema's order.
public enum PagingField: String, FieldNames {
    case viewport, pageCount, pageSpacing, pageSize, align, axis, direction, infinite, offset, page, offsets,
         currentPage, layers, include, range, velocity, decelerationRate, previousOffset, motionScale, pixelScale
}

/// The field of `pageSize`'s object form, `{"fraction": f}` (docs/model.md#carousels).
public enum PageSizeField: String, FieldNames {
    case fraction
}

/// The fields of one of the paging request's `layers` (docs/model.md#layers).
public enum LayerField: String, FieldNames {
    case name, travel, rate, fit, opacity, scale, content, contentMode
}

/// The field of a layer's `opacity` and `scale` effects, `{"min": m}`.
public enum MinEffectField: String, FieldNames {
    case min
}

/// The stretchy-header request's fields (openapi.yaml `HeaderRequest`, docs/model.md#stretchy-header).
public enum HeaderRequestField: String, FieldNames {
    case viewport, header, offset, offsets, stretch, mode, content, contentMode, motionScale, pixelScale
}

/// The fields of the header request's `header`.
public enum HeaderField: String, FieldNames {
    case height, minHeight
}

/// The scroll-elements request's fields (openapi.yaml `ScrollRequest`, docs/model.md#scroll-elements).
public enum ScrollField: String, FieldNames {
    case viewport, elements, axis, offset, offsets, motionScale, pixelScale
}

/// The fields of one of the scroll request's `elements`.
public enum ElementField: String, FieldNames {
    case name, frame, speed, center, translate, scale, opacity, rotate, easing, startOffset, endOffset, effects
}

/// The fields of one of an element's `effects` (docs/model.md#effects).
public enum EffectField: String, FieldNames {
    case property, stops, easings, range
}

/// The fields of an effect's own `range`.
public enum EffectRangeField: String, FieldNames {
    case startOffset, endOffset
}

/// The field of an easing's object form, `{"cubicBezier": [x1, y1, x2, y2]}`.
public enum EasingField: String, FieldNames {
    case cubicBezier
}

/// The fields of `{width, height}` (`viewport`, `content`).
public enum SizeField: String, FieldNames {
    case width, height
}

/// The fields of a frame `{x, y, width, height}` (a scroll element's `frame`).
public enum FrameField: String, FieldNames {
    case x, y, width, height
}

/// The fields of `{from, to}` (a paging `range`, a keyframes `domain`).
public enum RangeField: String, FieldNames {
    case from, to
}

/// The field a layout request (paging, header, scroll) adds to be answered in another format than
/// json (openapi.yaml `PictureFormat`, docs/api.md).
public enum PictureField: String, FieldNames {
    case format
}

/// The fields a keyframes request adds to its model's request (openapi.yaml `PagingKeyframesRequest`, …).
public enum KeyframesField: String, FieldNames {
    case domain, format, properties, snapStop, input, samples, seed, linearize, scope, scroller
}

/// The fields of `linearize {length, ratio, angle}` (docs/model.md#linearize).
public enum LinearizeField: String, FieldNames {
    case length, ratio, angle
}

/// The fields every model's request has: its `viewport`, and `motionScale` and `pixelScale`
/// (docs/model.md#determinism-and-motion), checked by one rule (`Checker.motionAndPixels`).
public protocol RequestFields: FieldNames {
    static var viewport: Self { get }
    static var motionScale: Self { get }
    static var pixelScale: Self { get }
}

extension RequestFields {
    public var isViewport: Bool { self == .viewport }
}

extension PagingField: RequestFields {}
extension HeaderRequestField: RequestFields {}
extension ScrollField: RequestFields {}

/// A model's request, read and checked by the names of its fields.
public protocol FieldNamed {
    associatedtype Field: RequestFields
}

extension PagingInput: FieldNamed { public typealias Field = PagingField }
extension HeaderInput: FieldNamed { public typealias Field = HeaderRequestField }
extension ScrollInput: FieldNamed { public typealias Field = ScrollField }
