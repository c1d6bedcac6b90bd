import HTTPServer

/// The browser and cache options on the command line (docs/api.md#cors, #caching), parsed like
/// the layout limits (LimitOptions.swift): `--cors-origins` / `PARALLAX_CORS_ORIGINS` and
/// `--cors-allow-headers` / `PARALLAX_CORS_ALLOW_HEADERS`, `--cache-max-age` / `PARALLAX_CACHE_MAX_AGE`.
extension ServiceOptions {
    /// One day: an answer is a pure function of the request and the version (its ETag changes
    /// with the version), so only a deploy makes it stale, and then revalidation is one 304.
    public static let defaultCacheMaxAge = 86_400

    /// RFC 9111 §1.2.2: delta-seconds; a year is the conventional ceiling ("immutable" use).
    static let cacheMaxAgeRange = 0...31_536_000

    static let webCommandLineOptions: [ServerOptions.Option] = [
        ServerOptions.Option(
            flag: "cors-origins", env: "CORS_ORIGINS", placeholder: "LIST",
            help: "origins whose scripts may read answers: * or a comma-separated list (https://a.example,…)",
            current: { $0.service.cors.description },
            apply: { $0.service.cors.origins = try CORSPolicy(parsing: $1).origins }),
        ServerOptions.Option(
            flag: "cors-allow-headers", env: "CORS_ALLOW_HEADERS", placeholder: "LIST",
            help: "request headers scripts may send beyond Content-Type, If-None-Match, traceparent, tracestate, X-Request-Id (Authorization,…)",
            current: { $0.service.cors.extraHeaders.isEmpty ? "none" : $0.service.cors.extraHeaders.joined(separator: ",") },
            apply: { $0.service.cors.extraHeaders = try CORSPolicy.parseHeaderList($1) }),
        ServerOptions.Option(
            flag: "cache-max-age", env: "CACHE_MAX_AGE", placeholder: "SECONDS",
            help: "max-age of Cache-Control on GET answers (0 = revalidate every time)",
            current: { "\($0.service.cacheMaxAge)" },
            apply: { $0.service.cacheMaxAge = try ServerOptions.integer($1, in: cacheMaxAgeRange, what: "an integer number of seconds") }),
    ]
}

extension CORSPolicy: CustomStringConvertible {
    /// As given on the command line: `*` or the comma-separated origins.
    var description: String {
        switch origins {
        case .any: "*"
        case .list(let list): list.joined(separator: ",")
        }
    }
}
