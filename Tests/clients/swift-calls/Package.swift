// swift-tools-version:6.0
// The calls of Tests/clients/run.sh through the swift6 client openapi-generator made from
// openapi.yaml; run.sh lays this package out beside the generated one (../swift) in the build dir.
import PackageDescription

let package = Package(
    name: "ParallaxClientCalls",
    dependencies: [.package(name: "ParallaxClient", path: "../swift")],
    targets: [
        .executableTarget(name: "ParallaxClientCalls", dependencies: [.product(name: "ParallaxClient", package: "ParallaxClient")],
                          path: "Sources"),
    ],
    swiftLanguageModes: [.v6]
)
