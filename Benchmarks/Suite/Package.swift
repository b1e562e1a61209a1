// swift-tools-version: 6.1
import PackageDescription

// Issue 13's B1 and B2 workloads (Benchmarks/Sources/Workloads) under ordo-one/benchmark: wall
// time, CPU and mallocs per call, each Courier variant against its baseline in the same run.
//
//   Benchmarks/run suite [--json FILE]   # builds in release and runs every benchmark
//
// A package of its own, so that the Benchmarks package (built by CI) does not build the
// benchmark plugin's tool (swift-argument-parser, swift-system) with every product; its plugin
// finds benchmark targets by their folder, Benchmarks/<Target>/ here (elsewhere they silently
// run nothing). The "MallocInterposer" trait counts mallocs; the instruction counter is not
// available on these machines (valgrind counts instructions: `Benchmarks/run request-build`).
let package = Package(
    name: "CourierBenchmarkSuite",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Courier", path: "../.."),
        .package(name: "CourierBenchmarks", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Courier's request build against the hand-built request (B1).
        .executableTarget(
            name: "RequestBuild",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Courier", package: "Courier"),
                .product(name: "Workloads", package: "CourierBenchmarks"),
            ],
            path: "Benchmarks/RequestBuild",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Client.send without and with middleware against a bare decode (B2).
        .executableTarget(
            name: "ClientPath",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Courier", package: "Courier"),
                .product(name: "Workloads", package: "CourierBenchmarks"),
            ],
            path: "Benchmarks/ClientPath",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
