// swift-tools-version: 6.0
import PackageDescription

// Serving a Courier catalog from Vapor 4: a middleware that matches requests by a `Catalog`,
// hands a handler the typed endpoint value and writes its typed answer. A package of its own, so
// that the library keeps zero dependencies. (The folder is not named `Vapor`: SwiftPM would take
// it for the vapor package, whose identity is its name.)
//
//   swift build --package-path Integrations/VaporServer --build-tests
//   swift test --package-path Integrations/VaporServer    # in-process, no network
let package = Package(
    name: "CourierVapor",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "CourierVapor", targets: ["CourierVapor"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(name: "CourierHTTPTypes", path: "../HTTPTypes"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
    ],
    targets: [
        .target(
            name: "CourierVapor",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierHTTPTypes", package: "CourierHTTPTypes"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "CourierVaporTests",
            dependencies: [
                "CourierVapor",
                .product(name: "Courier", package: "Courier"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
