// swift-tools-version: 6.0
import PackageDescription

// Courier's examples, as a package of their own that depends on the checkout around it.
//
//   swift build --package-path Examples                              # compiles every example
//   swift run --package-path Examples courier-example http://127.0.0.1:8080
//
// `Scripts/run-example` starts a loopback server and runs `courier-example` against it.
let package = Package(
    name: "CourierExamples",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        // A path dependency's identity is its directory name, which depends on the checkout;
        // `name:` lets the targets below say `package: "Courier"` wherever it was cloned.
        .package(name: "Courier", path: "..")
    ],
    targets: [
        // A small endpoint catalog for the routes of Scripts/loopback_server.py.
        .target(
            name: "ExampleCatalog",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Sends every catalog endpoint with a real Client and checks each typed result.
        .executableTarget(
            name: "courier-example",
            dependencies: ["ExampleCatalog", .product(name: "Courier", package: "Courier")]
        ),
        // The README's example, verbatim, so that it keeps compiling. Built, never run.
        .executableTarget(
            name: "ReadmeSnippets",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Every other ```swift block of README.md and Documentation/Courier.docc, wrapped so that it
        // compiles (Scripts/extract-doc-snippets writes Generated/; Prelude.swift declares what the
        // blocks use). A library: compiled, never linked or run.
        .target(
            name: "DocSnippets",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
