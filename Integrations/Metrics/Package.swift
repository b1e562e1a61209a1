// swift-tools-version: 6.0
import PackageDescription

// Courier's request metrics through apple/swift-metrics, named as OpenTelemetry's HTTP client
// semantic conventions name them, as a package of its own so that the library keeps zero
// dependencies.
//
//   swift build --package-path Integrations/Metrics --build-tests
//   swift test --package-path Integrations/Metrics      # no network, no servers
let package = Package(
    name: "CourierMetrics",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CourierMetrics", targets: ["CourierMetrics"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "CourierMetrics",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "CourierMetricsTests",
            dependencies: [
                "CourierMetrics",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                // GetTodo, TodoFixtures and LockedBox, shared with the other integrations' tests.
                .product(name: "CourierTestSupport", package: "Courier"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                // swift-metrics' own test backend: a factory that keeps every value.
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
