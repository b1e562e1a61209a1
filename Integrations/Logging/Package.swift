// swift-tools-version: 6.0
import PackageDescription

// Courier's logs through apple/swift-log: a `LogSink` writing to a `Logger`, as a package of its
// own so that the library keeps zero dependencies.
//
//   swift build --package-path Integrations/Logging --build-tests
//   swift test --package-path Integrations/Logging      # no network, no servers
let package = Package(
    name: "CourierLogging",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CourierLogging", targets: ["CourierLogging"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "CourierLogging",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "CourierLoggingTests",
            dependencies: [
                "CourierLogging",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                // GetTodo, TodoFixtures and LockedBox, shared with the other integrations' tests.
                .product(name: "CourierTestSupport", package: "Courier"),
                .product(name: "Logging", package: "swift-log"),
                // swift-log's own test backend: a handler that keeps every entry.
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
