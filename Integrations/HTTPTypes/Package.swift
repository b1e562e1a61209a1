// swift-tools-version: 6.0
import PackageDescription

// Conversions between Courier's HTTP vocabulary and apple/swift-http-types (`HTTPRequest`,
// `HTTPResponse`, `HTTPFields`), as a package of its own so that the library keeps zero
// dependencies.
//
//   swift build --package-path Integrations/HTTPTypes --build-tests
//   swift test --package-path Integrations/HTTPTypes      # no network, no servers
let package = Package(
    name: "CourierHTTPTypes",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CourierHTTPTypes", targets: ["CourierHTTPTypes"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "CourierHTTPTypes",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "CourierHTTPTypesTests",
            dependencies: [
                "CourierHTTPTypes",
                .product(name: "Courier", package: "Courier"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
