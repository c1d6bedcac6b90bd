import HTTPServer
import ParallaxLayout

/// The layout limits on the command line (docs/api.md#limits): `--max-page-count` /
/// `PARALLAX_MAX_PAGE_COUNT` and so on, each parsed into its field of `ServiceOptions.limits`.
extension ServiceOptions {
    private struct Limit: Sendable {
        var flag: String
        var env: String
        var help: String
        var keyPath: WritableKeyPath<LayoutLimits, Int> & Sendable
    }

    private static let limits: [Limit] = [
        Limit(flag: "max-page-count", env: "MAX_PAGE_COUNT", help: "largest pageCount accepted; over it 422",
              keyPath: \.maxPageCount),
        Limit(flag: "max-pages-per-response", env: "MAX_PAGES_PER_RESPONSE",
              help: "pages in one answer (all timeline frames together); over it 422", keyPath: \.maxPagesPerResponse),
        Limit(flag: "max-offsets", env: "MAX_OFFSETS", help: "entries of `offsets` (a timeline); over it 422",
              keyPath: \.maxOffsets),
        Limit(flag: "max-layers", env: "MAX_LAYERS", help: "entries of `layers`; over it 422", keyPath: \.maxLayers),
        Limit(flag: "max-elements", env: "MAX_ELEMENTS", help: "entries of `elements`; over it 422",
              keyPath: \.maxElements),
        Limit(flag: "max-name-bytes", env: "MAX_NAME_BYTES", help: "UTF-8 bytes of a layer's or element's name; over it 422",
              keyPath: \.maxNameBytes),
        Limit(flag: "max-answer-bytes", env: "MAX_ANSWER_BYTES",
              help: "bytes of one answer, estimated before it is made; over it 422 (docs/api.md#limits)", keyPath: \.maxAnswerBytes),
    ]

    static let limitCommandLineOptions: [ServerOptions.Option] = limits.map { limit in
        ServerOptions.Option(
            flag: limit.flag, env: limit.env, placeholder: "N", help: limit.help,
            current: { "\($0.service.limits[keyPath: limit.keyPath])" },
            apply: { $0.service.limits[keyPath: limit.keyPath] = try ServerOptions.integer($1, in: 1...1_000_000_000) })
    }
}
