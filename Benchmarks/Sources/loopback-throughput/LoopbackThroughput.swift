import Foundation

/// Goals B3 and B4: throughput and CPU per request of Courier on each transport against the
/// same library used by hand, on loopback against nginx; started by `Benchmarks/run loopback`,
/// which runs the server.
///
///     loopback-throughput BASE_URL [--rounds 5] [--requests 4000] [--workloads get-1,post-8]
///                         [--variants AHC,Courier/AHC] [--json PATH] [--check]
///                         [--tls HTTPS_URL --h2 HTTPS_URL --ca CA_PEM_PATH] [--timeouts]
///     loopback-throughput BASE_URL --sequential N --variants NAME [--timeouts]
///
/// For each workload (``Workload/all``) every round runs each variant (``Variant/all``) once, in
/// an order that rotates from round to round: a warm-up, then `--requests` requests with the
/// workload's number in flight, timed on the wall clock and on the process's CPU clock. Prints a
/// Markdown table per workload (medians over rounds, and medians of per-round ratios), then each
/// goal as met or not; writes the same figures as JSON with `--json`. The HTTPS workloads run
/// when `--tls`, `--h2` and `--ca` name nginx's HTTPS servers (HTTP/1.1 only, and with HTTP/2)
/// and the CA their certificate is signed by, with the AsyncHTTPClient variants only. Exits 0 unless `--check`
/// is given and a goal is not met. `--variants` runs only some variants (to profile one); the
/// goals that need another are left out. `--timeouts` gives Courier's clients the total, connect
/// and idle timeouts a service sets (``Variant/configuration(timeouts:)``).
///
/// `--sequential N` sends one variant's `GET /json` N times, one after another (after a warm-up),
/// or the request of the workloads given when they all send the same one (`--workloads post-8`),
/// and prints nothing: `Benchmarks/run loopback --instructions` counts it under callgrind for two
/// values of N, so that what one request costs is their difference.
@main
enum LoopbackThroughput {
    /// The command line, parsed.
    struct Options: Sendable {
        var base = ""
        var rounds = 5
        var requests = 4000
        var workloads = Workload.all
        /// The names of the variants to run; all of them when `nil`.
        var variants: Set<String>?
        var jsonPath: String?
        var check = false
        /// With `--sequential`: how many GETs to send one after another, and nothing else.
        var sequential: Int?
        /// The HTTPS servers, HTTP/1.1 only and with HTTP/2, and the path of their CA in PEM.
        var tlsBase: String?
        var h2Base: String?
        var caPath: String?
        /// Whether Courier's clients have a service's timeouts (`--timeouts`).
        var timeouts = false
    }

    /// Runs ``run(_:)`` from a detached task and waits for it on a semaphore instead of using an
    /// `async` main, whose `dispatchMain()` parks the main thread in a way valgrind 3.19 crashes on
    /// (`--sequential` runs under callgrind).
    static func main() throws {
        let options = parse(Array(CommandLine.arguments.dropFirst()))
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                if let count = options.sequential {
                    try await sequential(count, options: options)
                } else {
                    try await run(options)
                }
                outcome.failure = nil
            } catch {
                outcome.failure = error
            }
            done.signal()
        }
        done.wait()
        if let failure = outcome.failure { throw failure }
    }

    /// The program's failure, handed from its task to the main thread.
    ///
    /// `@unchecked Sendable` is safe: the task writes `failure` once before signalling the
    /// semaphore, and the main thread reads it only after waiting on it.
    private final class Outcome: @unchecked Sendable {
        var failure: (any Error)?
    }

    /// Measures every workload and prints (and writes) the figures and goals.
    static func run(_ options: Options) async throws {
        let start = ContinuousClock.now
        var all: [Workload.Server: [Variant]] = [
            .plain: try Variant.all(base: options.base, timeouts: options.timeouts)
        ]
        if let tls = options.tlsBase, let h2 = options.h2Base, let caPath = options.caPath {
            let ca = try String(contentsOfFile: caPath, encoding: .utf8)
            all[.tls] = try Variant.overTLS(base: tls, caPEM: ca, timeouts: options.timeouts)
            all[.h2] = try Variant.overTLS(base: h2, caPEM: ca, timeouts: options.timeouts)
        }
        var results: [WorkloadResult] = []
        for workload in options.workloads {
            let variants = (all[workload.server] ?? []).filter { options.variants?.contains($0.name) ?? true }
            if variants.isEmpty { continue }
            results.append(await run(workload, variants: variants, options: options))
            print(results.last!.markdown + "\n")
        }
        for variant in all.values.joined() { try await variant.shutdown() }
        let goals = Goal.evaluate(Dictionary(uniqueKeysWithValues: results.map { ($0.workload.id, $0) }))
        print("### Goals\n")
        for goal in goals { print(goal.line) }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "\n\(options.rounds) rounds of \(options.requests) requests per variant and workload,"
                + " \(ProcessInfo.processInfo.activeProcessorCount) processors, \(Int(seconds.rounded())) s")
        if let path = options.jsonPath {
            let report = RunReport(
                results: results, goals: goals, rounds: options.rounds, requests: options.requests,
                seconds: seconds)
            try report.json().write(to: URL(fileURLWithPath: path))
        }
        if options.check, goals.contains(where: { !$0.met }) { exit(1) }
    }

    /// Sends the one variant's GET `count` times in sequence, after a warm-up of
    /// ``sequentialWarmUp`` GETs; throws at the first failure.
    static func sequential(_ count: Int, options: Options) async throws {
        guard let names = options.variants, names.count == 1, let name = names.first else {
            usage("--sequential needs exactly one variant (--variants NAME)")
        }
        let found: Variant?
        if let tls = options.tlsBase, let caPath = options.caPath {
            let ca = try String(contentsOfFile: caPath, encoding: .utf8)
            let variants = try Variant.overTLS(base: tls, caPEM: ca, timeouts: options.timeouts)
            found = variants.first { $0.name == name }
            for other in variants where other.name != name { try await other.shutdown() }
        } else {
            found = try Variant.named(name, base: options.base, timeouts: options.timeouts)
        }
        guard let variant = found else {
            usage("no variant is called '\(name)'")
        }
        // Workloads of one request (`--workloads post-8`) send that request instead.
        let requests = Set(options.workloads.map(\.request))
        let send = (requests.count == 1 ? requests.first : nil)?.operation(of: variant) ?? variant.get
        for _ in 0..<(sequentialWarmUp + count) {
            try await send()
        }
        try await variant.shutdown()
    }

    /// The GETs `--sequential` sends before the counted ones: connections open, caches filled.
    static let sequentialWarmUp = 50

    /// Runs every round of `workload`, each variant once per round in a rotating order, and
    /// reports each measurement on standard error as it ends.
    static func run(_ workload: Workload, variants: [Variant], options: Options) async -> WorkloadResult {
        var result = WorkloadResult(workload: workload, variantNames: variants.map(\.name))
        for round in 0..<options.rounds {
            var measured: [String: Measurement] = [:]
            for index in variants.indices {
                let variant = variants[(index + round) % variants.count]
                let measurement = await workload.measure(variant, count: options.requests)
                measured[variant.name] = measurement
                FileHandle.standardError.write(
                    Data(
                        ("\(workload.id) round \(round + 1)/\(options.rounds) \(variant.name):"
                            + " \(Format.grouped(measurement.requestsPerSecond)) req/s,"
                            + " \(Format.grouped(measurement.cpuMicrosecondsPerRequest)) µs CPU/request,"
                            + " \(measurement.errors) errors\n").utf8))
            }
            result.rounds.append(measured)
        }
        return result
    }

    /// The options in `arguments`; ends the program with a usage line when they do not parse.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(_ flag: String) -> String {
            guard let value = remaining.popFirst() else { usage("\(flag) needs a value") }
            return value
        }
        func count(_ flag: String) -> Int {
            guard let count = Int(value(flag)), count > 0 else { usage("\(flag) needs a positive number") }
            return count
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--rounds": options.rounds = count(argument)
            case "--requests": options.requests = count(argument)
            case "--json": options.jsonPath = value(argument)
            case "--check": options.check = true
            case "--timeouts": options.timeouts = true
            case "--sequential": options.sequential = count(argument)
            case "--tls": options.tlsBase = value(argument)
            case "--h2": options.h2Base = value(argument)
            case "--ca": options.caPath = value(argument)
            case "--workloads":
                let ids = value(argument).split(separator: ",").map(String.init)
                options.workloads = Workload.all.filter { ids.contains($0.id) }
                if options.workloads.count != ids.count {
                    usage("workloads are \(Workload.all.map(\.id).joined(separator: ", "))")
                }
            case "--variants":
                let names = Set(value(argument).split(separator: ",").map(String.init))
                let known = ["URLSession", "Courier/URLSession", "AHC", "Courier/AHC"]
                guard names.isSubset(of: known) else {
                    usage("variants are \(known.joined(separator: ", "))")
                }
                options.variants = names
            default:
                guard options.base.isEmpty, argument.hasPrefix("http://") else {
                    usage("unexpected argument \(argument)")
                }
                options.base = argument
            }
        }
        if options.base.isEmpty { usage("no base URL") }
        return options
    }

    static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(
            Data(
                ("loopback-throughput: \(problem)\nusage: loopback-throughput http://127.0.0.1:PORT"
                    + " [--rounds N] [--requests N] [--workloads ID,…] [--variants NAME,…]"
                    + " [--json PATH] [--check] [--tls HTTPS_URL --h2 HTTPS_URL --ca CA_PEM] [--timeouts]"
                    + " | --sequential N --variants NAME\n").utf8))
        exit(64)
    }
}
