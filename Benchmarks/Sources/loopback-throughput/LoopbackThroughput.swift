import Foundation

/// Issue 13's B3 and B4: throughput and CPU per request of Courier on each transport against the
/// same library used by hand, on loopback against nginx; started by `Scripts/measure-loopback`,
/// which runs the server.
///
///     loopback-throughput BASE_URL [--rounds 5] [--requests 4000] [--workloads get-1,post-8]
///                         [--variants AHC,Courier/AHC] [--json PATH] [--check]
///
/// For each workload (``Workload/all``) every round runs each variant (``Variant/all``) once, in
/// an order that rotates from round to round: a warm-up, then `--requests` requests with the
/// workload's number in flight, timed on the wall clock and on the process's CPU clock. Prints a
/// Markdown table per workload (medians over rounds, and medians of per-round ratios), then each
/// goal as met or not; writes the same figures as JSON with `--json`. Exits 0 unless `--check`
/// is given and a goal is not met. `--variants` runs only some variants (to profile one); the
/// goals that need another are left out.
@main
enum LoopbackThroughput {
    /// The command line, parsed.
    struct Options {
        var base = ""
        var rounds = 5
        var requests = 4000
        var workloads = Workload.all
        /// The names of the variants to run; all of them when `nil`.
        var variants: Set<String>?
        var jsonPath: String?
        var check = false
    }

    static func main() async throws {
        let options = parse(Array(CommandLine.arguments.dropFirst()))
        let start = ContinuousClock.now
        let all = try Variant.all(base: options.base)
        let variants = all.filter { options.variants?.contains($0.name) ?? true }
        var results: [WorkloadResult] = []
        for workload in options.workloads {
            results.append(await run(workload, variants: variants, options: options))
            print(results.last!.markdown + "\n")
        }
        for variant in all { try await variant.shutdown() }
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
                    + " [--json PATH] [--check]\n").utf8))
        exit(64)
    }
}
