// swift-tools-version: 6.0
import PackageDescription

// Courier's transport on AsyncHTTPClient (SwiftNIO), as a package of its own so that the library
// keeps zero dependencies.
//
//   swift build --package-path Transports/AsyncHTTPClient --build-tests
//   COURIER_TEST_TRANSPORTS=ahc Scripts/test          # its tests against the loopback servers
let package = Package(
    name: "CourierAsyncHTTPClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CourierAsyncHTTPClient", targets: ["CourierAsyncHTTPClient"])
    ],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        // AsyncHTTPClient's own dependencies, named for the error and buffer types the transport maps.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
        // The TLS configuration, errors and certificate types Courier's TLS options become.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        // Whether a refused chain leads to a trusted root whatever its dates, which tells an
        // expired certificate from an unknown CA's.
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.0"),
    ],
    targets: [
        .target(
            name: "CourierAsyncHTTPClient",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                // The errors of a SOCKS proxy, which the transport names.
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .testTarget(
            name: "CourierAsyncHTTPClientTests",
            dependencies: [
                "CourierAsyncHTTPClient",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTransportConformance", package: "Courier"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
