import CBuildInfo

/// What this binary is: `parallax-server --version`, the start-up log and the
/// `parallax_build_info` gauge of `/metrics` (docs/operations.md#metrics) say the same.
public enum BuildInfo {
    /// The release of the server. Answers' bytes have their own version (`EntityTag.answerVersion`,
    /// openapi.yaml's `info.version`): a release that changes no answer keeps every cached ETag.
    public static let version = "1.0.0"
    /// The git commit the binary was built from ("-dirty" when the checkout had uncommitted
    /// changes; "unknown" when the build was not given PARALLAX_COMMIT, see Package.swift).
    public static let commit = String(cString: parallax_build_commit())

    /// `parallax-server 1.0.0 (commit 0123abc…)`
    public static func versionLine(program: String = "parallax-server") -> String {
        "\(program) \(version) (commit \(commit))"
    }
}
