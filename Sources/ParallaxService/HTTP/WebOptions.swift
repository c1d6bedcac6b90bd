import HTTPServer

/// The browser and cache options of SPEC §9 on the command line, registered like the layout
/// limits (LimitOptions.swift): `--cors-origins` / `PARALLAX_CORS_ORIGINS` and `--cache-max-age` /
/// `PARALLAX_CACHE_MAX_AGE`.
extension ServiceOptions {
    /// One day: an answer is a pure function of the request and the version (its ETag changes
    /// with the version), so only a deploy makes it stale, and then revalidation is one 304.
    public static let defaultCacheMaxAge = 86_400

    static func cacheMaxAge(_ text: String) throws(LimitError) -> Int {
        // RFC 9111 §1.2.2: delta-seconds; a year is the conventional ceiling ("immutable" use).
        guard let v = Int(text), v >= 0, v <= 31_536_000 else {
            throw LimitError(description: "must be an integer number of seconds in 0...31536000, not '\(text)'")
        }
        return v
    }

    static let webCommandLineOptions: [ServerOptions.ApplicationOption] = [
        ServerOptions.ApplicationOption(
            flag: "cors-origins", env: "CORS_ORIGINS", placeholder: "LIST",
            help: "origins whose scripts may read answers: * or a comma-separated list (https://a.example,…)",
            defaultValue: "*", validate: { _ = try CORSPolicy(parsing: $0) }),
        ServerOptions.ApplicationOption(
            flag: "cache-max-age", env: "CACHE_MAX_AGE", placeholder: "SECONDS",
            help: "max-age of Cache-Control on GET answers (0 = revalidate every time)",
            defaultValue: "\(defaultCacheMaxAge)", validate: { _ = try cacheMaxAge($0) }),
    ]

    /// The CORS policy given by `server.application`, `*` elsewhere.
    static func corsPolicy(_ server: ServerOptions) -> CORSPolicy {
        guard let text = server.application["cors-origins"], let policy = try? CORSPolicy(parsing: text) else { return .default }
        return policy
    }

    static func cacheMaxAge(_ server: ServerOptions) -> Int {
        guard let text = server.application["cache-max-age"], let v = try? cacheMaxAge(text) else { return defaultCacheMaxAge }
        return v
    }
}
