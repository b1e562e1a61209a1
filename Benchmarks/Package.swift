// swift-tools-version: 6.0
import PackageDescription

// The Swift programs of Courier's measurements, as a package of its own that depends on the
// checkout around it. Benchmarks/run is the one way to run a measurement (`Benchmarks/run help`
// lists them; Measurements/ holds each one's script, which builds only the products it needs with
// `--product`: the AsyncHTTPClient ones take minutes in release). `Benchmarks/run all` writes
// every measurement with goals into Benchmarks/results/latest.md and latest.json (`quick`: the
// deterministic ones, as CI runs them).
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Courier", path: ".."),
        // Only transport-faults, loopback-throughput and peak-memory use these; the other products
        // build without compiling them. The version is the one the transport pins.
        .package(name: "CourierAsyncHTTPClient", path: "../Transports/AsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        // The raw AsyncHTTPClient variant's trust in the HTTPS workloads' throwaway CA.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
    ],
    targets: [
        // The B1 and B2 workloads, shared by request-build and client-path (counted under
        // valgrind; client-path also times the sends in CPU).
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
        // reader; run under `/usr/bin/time -v` by `Benchmarks/run stream-memory`.
        .executableTarget(
            name: "stream-memory",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Receives a gzip bomb from the fault server with an 8 MiB response limit and expects
        // `responseTooLarge`; run under `/usr/bin/time -v` by `Benchmarks/run gzip-bomb`.
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
        // transport; started by `Benchmarks/run transport-faults`, which runs the fault server.
        .executableTarget(
            name: "transport-faults",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
            ]
        ),
        // Requests per second and CPU per request of URLSession and AsyncHTTPClient used by hand
        // and through Courier, on loopback against nginx (goals B3 and B4); started by
        // `Benchmarks/run loopback`, which runs the server.
        .executableTarget(
            name: "loopback-throughput",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Peak memory of 1,000 GETs, a 1 GiB upload and a 1 GiB download, by hand on URLSession
        // and through Courier on each transport (goal B5); run under `/usr/bin/time -v` by
        // `Benchmarks/run peak-memory`, which runs the server.
        .executableTarget(
            name: "peak-memory",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "CourierAsyncHTTPClient"),
            ]
        ),
        // A fresh HTTP-cache hit against the loopback request it saves, both through Client.send
        // over URLSessionTransport, interleaved; started by `Benchmarks/run cache-hit`, which runs
        // the fault server.
        .executableTarget(
            name: "cache-hit",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
        // Runs Courier and a plain URLSession against every fault of Tests/Servers/fault_server.py and
        // prints what each did as a markdown table; started by the script, which runs the server.
        .executableTarget(
            name: "fault-survey",
            dependencies: [.product(name: "Courier", package: "Courier")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
