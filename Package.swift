// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        // The rules every transport keeps, as Swift Testing cases run against the loopback test
        // servers of Scripts/test; for transport packages such as Transports/AsyncHTTPClient.
        .library(name: "CourierTransportConformance", targets: ["CourierTransportConformance"]),
        // What the side packages' tests share with Courier's: LockedBox, and the todo endpoint and
        // answers of Integrations/Logging, Metrics and Tracing (TodoFixtures). Not for users.
        .library(name: "CourierTestSupport", targets: ["CourierTestSupport"]),
    ],
    targets: [
        .target(name: "Courier"),
        .target(name: "CourierTesting", dependencies: ["Courier"]),
        // What the test targets share: the catalog fixtures and the test helpers.
        .target(
            name: "CourierTestSupport", dependencies: ["Courier", "CourierTesting"],
            path: "Tests/CourierTestSupport"
        ),
        .target(
            name: "CourierTransportConformance", dependencies: ["Courier", "CourierTestSupport"],
            path: "Tests/CourierTransportConformance"
        ),
        .testTarget(
            name: "CourierTests", dependencies: ["Courier", "CourierTesting", "CourierTestSupport"],
            // Golden request snapshots, read from the source tree by RequestSnapshot; the http-state
            // cookie corpus, read from the source tree by its test.
            exclude: ["CourierTesting/__Snapshots__", "Middleware/Cookies/HTTPState"]
        ),
        // Models Apple's `import Foundation`, which re-exports ObjectiveC's `typealias Method`.
        .target(name: "ObjectiveCMethodFixture", path: "Tests/Fixtures/ObjectiveCMethodFixture"),
        .target(
            name: "FoundationReexportFixture",
            dependencies: ["ObjectiveCMethodFixture"],
            path: "Tests/Fixtures/FoundationReexportFixture"
        ),
        .testTarget(
            name: "CourierMethodShadowingTests",
            dependencies: ["Courier", "FoundationReexportFixture"]
        ),
        .testTarget(
            name: "CourierIntegrationTests",
            dependencies: ["Courier", "CourierTesting", "CourierTestSupport", "CourierTransportConformance"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
