import HTTPServer
import ParallaxLayout

/// The layout limits of SPEC §6 on the command line: `--max-page-count` / `PARALLAX_MAX_PAGE_COUNT`
/// and so on, registered with the engine's option parser as application options (the engine parses
/// and lists them in `--help`; only this file knows what they mean).
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
    ]

    struct LimitError: Error, CustomStringConvertible {
        var description: String
    }

    private static func positiveInteger(_ text: String) throws -> Int {
        guard let v = Int(text), v >= 1, v <= 1_000_000_000 else {
            throw LimitError(description: "must be an integer in 1...1000000000, not '\(text)'")
        }
        return v
    }

    /// The options to pass to `ServerOptions.parse`, `helpText` and `environmentNames`: the
    /// limits, then the browser and cache options (WebOptions.swift).
    public static let commandLineOptions: [ServerOptions.ApplicationOption] = limitCommandLineOptions + webCommandLineOptions

    static let limitCommandLineOptions: [ServerOptions.ApplicationOption] = limits.map { limit in
        ServerOptions.ApplicationOption(
            flag: limit.flag, env: limit.env, placeholder: "N", help: limit.help,
            defaultValue: "\(LayoutLimits.standard[keyPath: limit.keyPath])",
            validate: { _ = try positiveInteger($0) })
    }

    /// The layout limits given by `server.application`, the defaults elsewhere.
    public static func layoutLimits(_ server: ServerOptions) -> LayoutLimits {
        var result = LayoutLimits.standard
        for limit in limits {
            if let text = server.application[limit.flag], let v = try? positiveInteger(text) {
                result[keyPath: limit.keyPath] = v
            }
        }
        return result
    }
}
