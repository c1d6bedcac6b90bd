// swift-tools-version:6.0
// The parallax layout service: an HTTP/1.1 JSON service over libuv + llhttp.
// Dependencies point one way (STYLE.md):
//   parallax-server → ParallaxService → HTTPServer, ParallaxLayout
//   HTTPServer → CLibUV, CLLHTTP;  ParallaxService → CYYJSON;  ParallaxLayout → nothing.
import PackageDescription

let package = Package(
    name: "parallax",
    products: [
        .library(name: "ParallaxLayout", targets: ["ParallaxLayout"]),
        .executable(name: "parallax-server", targets: ["parallax-server"]),
    ],
    targets: [
        .systemLibrary(name: "CLibUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CLLHTTP", pkgConfig: "libllhttp", providers: [.apt(["libllhttp-dev"])]),
        .systemLibrary(name: "CYYJSON", pkgConfig: "yyjson", providers: [.apt(["libyyjson-dev"])]),

        .target(name: "ParallaxLayout"),
        // Lifetimes: `HTTPRequest` is a `~Escapable` view whose spans the compiler keeps inside the
        // `respond` call (issue 11). Only this target declares such types; users need no flag.
        .target(name: "HTTPServer", dependencies: ["CLibUV", "CLLHTTP"],
                swiftSettings: [.enableExperimentalFeature("Lifetimes")]),
        .target(name: "ParallaxService", dependencies: ["HTTPServer", "ParallaxLayout", "CYYJSON"]),
        .executableTarget(name: "parallax-server", dependencies: ["ParallaxService", "HTTPServer", "CLibUV"]),

        .testTarget(name: "ParallaxLayoutTests", dependencies: ["ParallaxLayout"]),
        // Test-only: counts heap allocations per thread by interposing malloc in the test binary.
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CAllocationCounter"]),
        .testTarget(name: "ParallaxServiceTests", dependencies: ["ParallaxService", "ParallaxLayout", "HTTPServer", "CAllocationCounter"]),
    ],
    swiftLanguageModes: [.v6]
)
