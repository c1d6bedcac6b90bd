// swift-tools-version:6.0
// The parallax layout service: an HTTP/1.1 JSON service over libuv + llhttp.
// Dependencies point one way (docs/architecture.md#the-map):
//   parallax-server → ParallaxService → HTTPServer, ParallaxLayout
//   HTTPServer → CLibUV, CLLHTTP;  ParallaxService → CYYJSON, CZlib, CBuildInfo, EmbeddedDocuments;
//   ParallaxLayout → nothing;  ParallaxPlayer → ParallaxLayout (an app's player core, no Foundation).
import PackageDescription

// The commit `parallax-server --version` and /metrics report: $PARALLAX_COMMIT, which the
// repository's scripts set from git (scripts/lib/common.sh) and the container build passes as a
// build argument (its context has no .git); "unknown" without it. Not `Context.gitInformation`:
// SwiftPM caches the evaluated manifest until the manifest or the environment changes, so after a
// new commit that would keep naming an old one. Only [0-9A-Za-z._-] pass: a plain C string.
let commit: String = {
    let given = Context.environment["PARALLAX_COMMIT"] ?? ""
    let clean = String(given.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }.prefix(64))
    return clean.isEmpty ? "unknown" : clean
}()

let package = Package(
    name: "parallax",
    // For the two libraries apps use (docs/native.md#the-players); the server builds on Linux.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "ParallaxLayout", targets: ["ParallaxLayout"]),
        .library(name: "ParallaxPlayer", targets: ["ParallaxPlayer"]),
        .executable(name: "parallax-server", targets: ["parallax-server"]),
    ],
    targets: [
        .systemLibrary(name: "CLibUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CLLHTTP", pkgConfig: "libllhttp", providers: [.apt(["libllhttp-dev"])]),
        .systemLibrary(name: "CYYJSON", pkgConfig: "yyjson", providers: [.apt(["libyyjson-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        .target(name: "ParallaxLayout"),
        .target(name: "ParallaxPlayer", dependencies: ["ParallaxLayout"]),
        .target(name: "CBuildInfo", cSettings: [.define("PARALLAX_COMMIT", to: "\"\(commit)\"")]),
        // Lifetimes: `HTTPRequest` is a `~Escapable` view whose spans the compiler keeps inside the
        // `respond` call (docs/architecture.md). Only this target declares such types; users need no flag.
        .target(name: "HTTPServer", dependencies: ["CLibUV", "CLLHTTP"],
                swiftSettings: [.enableExperimentalFeature("Lifetimes")]),
        // Generated code only: the served documents as strings (scripts/embed-openapi,
        // scripts/embed-demo, scripts/embed-module), apart from the hand-written code; not a bundle resource.
        .target(name: "EmbeddedDocuments", exclude: ["README.md"]),
        .target(name: "ParallaxService", dependencies: ["HTTPServer", "ParallaxLayout", "CYYJSON", "CZlib", "CBuildInfo", "EmbeddedDocuments"],
                exclude: ["Demo/demo.html", "Web/parallax.js"]),
        .executableTarget(name: "parallax-server", dependencies: ["ParallaxService", "HTTPServer"]),

        // Test-only: the property tests' deterministic generator, one copy for the three test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ParallaxLayoutTests", dependencies: ["ParallaxLayout", "TestSupport"]),
        .testTarget(name: "ParallaxPlayerTests", dependencies: ["ParallaxPlayer", "ParallaxLayout"]),
        // Test-only: the Swift player against fixtures answers (Tests/players/run.sh).
        .executableTarget(name: "PlayerCheck", dependencies: ["ParallaxPlayer"], path: "Tests/PlayerCheck"),
        // Test-only: counts heap allocations per thread by interposing malloc in the test binary.
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CAllocationCounter", "TestSupport"]),
        .testTarget(name: "ParallaxServiceTests",
                    dependencies: ["ParallaxService", "ParallaxLayout", "HTTPServer", "EmbeddedDocuments",
                                   "CAllocationCounter", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
