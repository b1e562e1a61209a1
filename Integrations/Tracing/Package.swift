// swift-tools-version: 6.0
import PackageDescription

// Courier's calls as client spans of apple/swift-distributed-tracing, with the trace context sent
// along (W3C `traceparent` with swift-otel), as a package of its own so that the library keeps zero
// dependencies.
//
//   swift build --package-path Integrations/Tracing --build-tests
//   swift test --package-path Integrations/Tracing      # no network, no servers
let package = Package(
    name: "CourierTracing",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CourierTracing", targets: ["CourierTracing"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
    ],
    targets: [
        .target(
            name: "CourierTracing",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "CourierTracingTests",
            dependencies: [
                "CourierTracing",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                // GetTodo, TodoFixtures and LockedBox, shared with the other integrations' tests.
                .product(name: "CourierTestSupport", package: "Courier"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                // swift-distributed-tracing's own test backend: a tracer that keeps every span.
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
