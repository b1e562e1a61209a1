// swift-tools-version: 6.0
import PackageDescription

// Courier's measurements, as a package of their own that depends on the checkout around it.
//
//   Scripts/measure-upload-memory [MiB]    # peak memory of a streamed multipart upload
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Courier", path: "..")
    ],
    targets: [
        // Uploads one file as a multipart part to the loopback server's /sink route and checks
        // that the server received every byte; run under `/usr/bin/time -v` by the script.
        .executableTarget(
            name: "upload-memory",
            dependencies: [.product(name: "Courier", package: "Courier")]
        )
    ],
    swiftLanguageModes: [.v6]
)
