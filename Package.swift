// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
    ],
    targets: [
        .target(name: "Courier"),
        .target(name: "CourierTesting", dependencies: ["Courier"]),
        // What both test targets share: the catalog fixture and the test helpers.
        .target(name: "CourierTestSupport", dependencies: ["Courier"], path: "Tests/CourierTestSupport"),
        .testTarget(
            name: "CourierTests", dependencies: ["Courier", "CourierTesting", "CourierTestSupport"],
            // Golden request snapshots, read from the source tree by RequestSnapshot.
            exclude: ["CourierTesting/__Snapshots__"]
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
            dependencies: ["Courier", "CourierTesting", "CourierTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
