import Benchmark
import Courier
import Foundation
import Workloads

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 13's B1 build (``RequestBuildWorkload``) under ordo-one/benchmark: wall time, CPU and
/// mallocs per build, by hand and by Courier, in the same run. `Benchmarks/run suite` runs it
/// and divides Courier's figures by the hand-built request's.
let benchmarks: @Sendable () -> Void = {
    // A sample is 1,000 builds: the CPU clock ticks in 10 ms steps, and the suite's own mallocs
    // per sample (16) fall below one per build.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count], warmupIterations: 3, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 1_000)

    Benchmark("hand", configuration: configuration) { benchmark in
        let encoder = RequestBuildWorkload.encoder()
        for id in benchmark.scaledIterations {
            blackHole(try RequestBuildWorkload.hand(id: id, encoder: encoder))
        }
    }

    Benchmark("value", configuration: configuration) { benchmark in
        for id in benchmark.scaledIterations {
            blackHole(try RequestBuildWorkload.endpoint(id: id).request())
        }
    }

    Benchmark("courier", configuration: configuration) { benchmark in
        let base = RequestBuildWorkload.baseURL
        for id in benchmark.scaledIterations {
            blackHole(try RequestBuildWorkload.endpoint(id: id).request().urlRequest(baseURL: base))
        }
    }
}
