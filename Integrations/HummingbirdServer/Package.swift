// swift-tools-version: 6.0
import PackageDescription

// Serving a Courier catalog from Hummingbird 2: a router middleware that matches requests by a
// `Catalog`, hands a handler the typed endpoint value and writes its typed answer. A package of
// its own, so that the library keeps zero dependencies. (The folder is not named `Hummingbird`:
// SwiftPM would take it for the hummingbird package, whose identity is its name.)
//
//   swift build --package-path Integrations/HummingbirdServer --build-tests
//   swift test --package-path Integrations/HummingbirdServer    # in-process, no network
let package = Package(
    name: "CourierHummingbird",
    // Hummingbird 2 needs macOS 14, iOS 17, tvOS 17.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "CourierHummingbird", targets: ["CourierHummingbird"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(name: "CourierHTTPTypes", path: "../HTTPTypes"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "CourierHummingbird",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierHTTPTypes", package: "CourierHTTPTypes"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "CourierHummingbirdTests",
            dependencies: [
                "CourierHummingbird",
                .product(name: "Courier", package: "Courier"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
