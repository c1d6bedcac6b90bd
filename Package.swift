// swift-tools-version:6.0
// The parallax layout service: an HTTP/1.1 JSON service over libuv + llhttp.
// Dependencies point one way (STYLE.md):
//   parallax-server → ParallaxService → HTTPServer, ParallaxLayout
//   HTTPServer → CLibUV, CLLHTTP;  ParallaxService → CYYJSON, CZlib;  ParallaxLayout → nothing.
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
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        .target(name: "ParallaxLayout"),
        .target(name: "HTTPServer", dependencies: ["CLibUV", "CLLHTTP"]),
        // Demo/demo.html is embedded as Swift source by scripts/embed-demo (not a bundle resource).
        .target(name: "ParallaxService", dependencies: ["HTTPServer", "ParallaxLayout", "CYYJSON", "CZlib"],
                exclude: ["Demo/demo.html"]),
        .executableTarget(name: "parallax-server", dependencies: ["ParallaxService", "HTTPServer"]),

        .testTarget(name: "ParallaxLayoutTests", dependencies: ["ParallaxLayout"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "ParallaxServiceTests", dependencies: ["ParallaxService", "ParallaxLayout", "HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
