// swift-tools-version: 6.1
import PackageDescription

// Turns an OpenAPI 3.0 or 3.1 document (JSON or YAML) into Courier declarations: models, one
// `CatalogEndpoint` per operation and the catalog, with a report of what the Swift could not
// express. A package of its own so that the library keeps zero dependencies.
//
//   swift run --package-path Tools/OpenAPIImport courier-import openapi.yaml --output Sources/PetStore
//   swift package --allow-writing-to-package-directory import-openapi --target PetStore openapi.yaml
//                                                        # in a package that depends on this one
//   swift test --package-path Tools/OpenAPIImport        # no network
//
// Scripts/check-import imports every document in Documents/, builds the generated code against
// Courier and checks that the generated catalog exports an equivalent document.
let package = Package(
    name: "CourierOpenAPIImport",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "CourierOpenAPIImport", targets: ["CourierOpenAPIImport"]),
        .executable(name: "courier-import", targets: ["courier-import"]),
        .plugin(name: "ImportOpenAPI", targets: ["ImportOpenAPI"]),
    ],
    dependencies: [
        // For the tests only: they hold the rules the importer restates to Courier's own. The tool
        // itself does not depend on the library, so that a package that gets Courier by URL can
        // use the plugin beside it (two packages of one identity is an error for SwiftPM).
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "CourierOpenAPIImport",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "courier-import",
            dependencies: [
                "CourierOpenAPIImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "ImportOpenAPI",
            capability: .command(
                intent: .custom(
                    verb: "import-openapi",
                    description: "Imports an OpenAPI document into a target as Courier models and endpoints."),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "It writes the models and endpoints into the target's folder.")
                ]
            ),
            dependencies: ["courier-import"]
        ),
        .testTarget(
            name: "CourierOpenAPIImportTests",
            dependencies: ["CourierOpenAPIImport", .product(name: "Courier", package: "Courier")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
