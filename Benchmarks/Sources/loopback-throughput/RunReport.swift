import Foundation

/// The figures of a whole run, as written by `--json PATH`.
struct RunReport: Encodable {
    /// One variant's figures on one workload.
    struct VariantFigures: Encodable {
        let name: String
        /// Median over rounds.
        let requestsPerSecond: Double
        /// Median over rounds, in microseconds.
        let cpuMicrosecondsPerRequest: Double
        /// Over every round, warm-ups included.
        let errors: Int
        /// Every round's measurement, in round order.
        let rounds: [Measurement]
    }

    /// One workload's figures and ratios.
    struct WorkloadFigures: Encodable {
        let id: String
        let title: String
        let inFlight: Int
        let variants: [VariantFigures]
        let ratios: [WorkloadResult.Ratio]
    }

    let rounds: Int
    let requestsPerRun: Int
    let processors: Int
    let workloads: [WorkloadFigures]
    let goals: [Goal]
    let seconds: Double

    init(results: [WorkloadResult], goals: [Goal], rounds: Int, requests: Int, seconds: Double) {
        self.rounds = rounds
        self.requestsPerRun = requests
        self.processors = ProcessInfo.processInfo.activeProcessorCount
        self.workloads = results.map { result in
            WorkloadFigures(
                id: result.workload.id, title: result.workload.title, inFlight: result.workload.inFlight,
                variants: result.variantNames.map { name in
                    VariantFigures(
                        name: name, requestsPerSecond: result.median(name, \.requestsPerSecond),
                        cpuMicrosecondsPerRequest: result.median(name, \.cpuMicrosecondsPerRequest),
                        errors: result.errors(name), rounds: result.rounds.compactMap { $0[name] })
                },
                ratios: result.ratios)
        }
        self.goals = goals
        self.seconds = seconds
    }

    /// The report as pretty-printed JSON with sorted keys.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }
}
