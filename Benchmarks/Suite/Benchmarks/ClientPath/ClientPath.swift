import Benchmark
import Courier
import Foundation
import Workloads

/// Issue 13's B2 send (``ClientPathWorkload``) under ordo-one/benchmark: wall time, CPU and
/// mallocs per call of a bare decode and of `Client.send` without and with middleware, in the
/// same run. `Benchmarks/run suite` runs it and divides each send's figures by the decode's.
let benchmarks: @Sendable () -> Void = {
    // A sample is 1,000 calls: the CPU clock ticks in 10 ms steps, and the suite's own mallocs
    // per sample (16) fall below one per call.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count], warmupIterations: 3, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 1_000)

    Benchmark("decode", configuration: configuration) { benchmark in
        // The decoder a client's configuration has by default, which the sends decode with.
        let decoder = JSONDecoder.courierDefault()
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decode(ClientPathWorkload.Profile.self, from: ClientPathWorkload.json))
        }
    }

    for (name, withMiddleware) in [("send", false), ("send-middleware", true)] {
        Benchmark(name, configuration: configuration) { benchmark in
            let client = ClientPathWorkload.client(withMiddleware: withMiddleware)
            for _ in benchmark.scaledIterations {
                blackHole(try await client.send(ClientPathWorkload.profile).value)
            }
        }
    }
}
