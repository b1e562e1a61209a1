// swift-tools-version: 6.0
import PackageDescription

// Courier's measurements, as a package of their own that depends on the checkout around it.
// Scripts/benchmark runs every one of issue 13's and writes Benchmarks/results/latest.md and
// latest.json (`--quick`: the deterministic ones, as CI runs them). Build only the products a
// script needs (`--product`): the AsyncHTTPClient ones take minutes in release.
//
//   Scripts/benchmark [--quick] [--check]  # all of the below that issue 13 names, in one table
//   Scripts/measure-upload-memory [MiB]    # peak memory of a streamed multipart upload
//   Scripts/measure-stream-memory [MiB]    # peak memory of a streamed response body
//   Scripts/fault-survey                   # Courier against raw URLSession, fault by fault
//   Scripts/measure-gzip-bomb [MiB]        # peak memory while a gzip bomb is refused
//   Scripts/measure-response-throughput    # one big response against many small ones
//   Scripts/measure-request-build [--check] # instructions and mallocs per build, against a hand-built one
//   Scripts/measure-client-path [--check]  # instructions and mallocs per send, against a bare decode
//   Scripts/measure-transport-faults       # a bomb's cost to the next request; the keep-alive race
//   Scripts/measure-loopback [--check]     # req/s and CPU per request against nginx, by hand and via Courier
//   Scripts/measure-compile-cost           # type-checking 500 generated endpoints (a package of its own)
//   Scripts/measure-peak-memory [--check]  # peak RSS: 1,000 GETs, 1 GiB up and down, against raw URLSession
//   Scripts/benchmark-suite                # the ordo-one suite (Suite/, a package of its own)
//
// Every measure script above that issue 13 names writes its figures and goals with --json FILE.
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v13)],
    // For the ordo-one suite in Suite/, a package of its own.
    products: [.library(name: "Workloads", targets: ["Workloads"])],
    dependencies: [
        .package(name: "Courier", path: ".."),
        // Only transport-faults, loopback-throughput and peak-memory use these; the other products
        // build without compiling them. The version is the one the transport pins.
        .package(name: "CourierAsyncHTTPClient", path: "../Transports/AsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
    ],
    targets: [
        // Issue 13's B1 and B2 workloads, shared by request-build and client-path (counted under
        // valgrind) and by the ordo-one suite's RequestBuild and ClientPath in Suite/ (timed).
        .target(
            name: "Workloads",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Uploads one file as a multipart part to the loopback server's /sink route and checks
        // that the server received every byte; run under `/usr/bin/time -v` by the script.
        .executableTarget(
            name: "upload-memory",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Streams a large body from the fault server with `Client.stream`, optionally pausing the
        // reader; run under `/usr/bin/time -v` by Scripts/measure-stream-memory.
        .executableTarget(
            name: "stream-memory",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Receives a gzip bomb from the fault server with an 8 MiB response limit and expects
        // `responseTooLarge`; run under `/usr/bin/time -v` by Scripts/measure-gzip-bomb.
        .executableTarget(
            name: "bomb-memory",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Times one large response body against as many 1 MiB ones, in the same run.
        .executableTarget(
            name: "response-throughput",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Builds one POST request N times (Courier or by hand), for instruction counts under
        // callgrind.
        .executableTarget(
            name: "request-build",
            dependencies: [.product(name: "Courier", package: "Courier"), "Workloads"]
        ),
        // Sends one GET N times over an in-memory transport (with or without middleware), or
        // decodes its 1 KB JSON body N times, for instruction and malloc counts under valgrind.
        .executableTarget(
            name: "client-path",
            dependencies: [.product(name: "Courier", package: "Courier"), "Workloads"]
        ),
        // The cost of a refused gzip bomb to the next request, and the keep-alive race, for each
        // transport; started by Scripts/measure-transport-faults, which runs the fault server.
        .executableTarget(
            name: "transport-faults",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
            ]
        ),
        // Requests per second and CPU per request of URLSession and AsyncHTTPClient used by hand
        // and through Courier, on loopback against nginx (issue 13's B3 and B4); started by
        // Scripts/measure-loopback, which runs the server.
        .executableTarget(
            name: "loopback-throughput",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // Peak memory of 1,000 GETs, a 1 GiB upload and a 1 GiB download, by hand on URLSession
        // and through Courier on each transport (issue 13's B5); run under `/usr/bin/time -v` by
        // Scripts/measure-peak-memory, which runs the server.
        .executableTarget(
            name: "peak-memory",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
            ]
        ),
        // Runs Courier and a plain URLSession against every fault of Scripts/fault_server.py and
        // prints what each did as a markdown table; started by the script, which runs the server.
        .executableTarget(
            name: "fault-survey",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
