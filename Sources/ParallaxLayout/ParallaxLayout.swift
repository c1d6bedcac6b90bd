// ParallaxLayout: the layout math of the parallax service (docs/model.md), pure Swift with no
// Foundation, no libm and no I/O, so the service and any Swift app compute the same frames bit for bit.
//
// Where to look:
//   Models/      inputs (`PagingInput`, `HeaderInput`, `ScrollInput`) and outputs (`PagingLayout`,
//                `HeaderLayout`, `ScrollLayout`); property names are the JSON field names of docs/api.md.
//   Paging/      docs/model.md#paging: `PagingEngine` (prepare once, lay out any offset), per-offset scalars
//                (PagingSummary), pages and layers (PagingPages), value rules (PagingValidation).
//   Header/      docs/model.md#stretchy-header; Scroll/ docs/model.md#scroll-elements and the CSS cubic-bezier solver.
//   Keyframes/   docs/model.md#keyframes: `Track` (knots + per-segment easing, `value(at:)`) and `input.keyframes(domain:
//                properties:)` per model: exact piecewise functions of the offset, knots at the
//                models' analytic breakpoints, valued by the engines above.
//   Geometry/    floor/ceil/mod without libm, pixel snapping, clipping, content modes (docs/model.md#determinism-and-motion).
//   Validation/  the (JSON pointer, message) collector and `LayoutLimits` live in Models/Validation.
//
// Use:
//   let result = try input.layout()            // validates (every problem, as ValidationError) then lays out
//   let engine = try PagingEngine(input)       // or stream: engine.summary(offset:previousOffset:),
//   for k in engine.pageSlots(offset: o) { engine.page(slot: k, offset: o) }
//   let kf = try input.keyframes(domain: nil, properties: nil)   // docs/model.md#keyframes, every model
//
// Readings of points the model leaves open are documented where they are implemented; the paging
// readings match the reference Node.js peer (shared/peers/node) bit for bit.
