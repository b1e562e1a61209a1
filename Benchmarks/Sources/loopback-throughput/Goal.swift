/// One of the B3 and B4 goals, evaluated on this run's figures.
struct Goal: Codable, Sendable {
    /// `B3`, `B4` or `TLS`.
    let id: String
    /// What is compared, in words.
    let what: String
    /// This run's figure.
    let value: Double
    /// The goal, as printed: `≤ 1.05×`, `≥ 0.97×`, `= 0`.
    let target: String
    let met: Bool

    /// The line printed for this goal.
    var line: String {
        let figure = target.hasSuffix("×") ? Format.ratio(value) : Format.grouped(value)
        return "- \(id) \(what): \(figure) (goal \(target)): \(met ? "met" : "NOT met")"
    }

    /// The goals whose workloads ran, from `results` keyed by workload id.
    static func evaluate(_ results: [String: WorkloadResult]) -> [Goal] {
        var goals: [Goal] = []
        func ratio(_ workload: String, _ numerator: String, _ denominator: String) -> WorkloadResult.Ratio? {
            results[workload]?.ratio(numerator, over: denominator)
        }
        for id in ["get-1", "get-8", "get-64"] {
            guard let result = results[id], let ratio = result.ratio("Courier/URLSession", over: "URLSession")
            else { continue }
            let title = result.workload.title
            goals.append(
                Goal(
                    id: "B3", what: "\(title): Courier/URLSession CPU per request over raw URLSession's",
                    value: ratio.cpuPerRequest, target: "≤ 1.05×", met: ratio.cpuPerRequest <= 1.05))
            goals.append(
                Goal(
                    id: "B3", what: "\(title): Courier/URLSession throughput over raw URLSession's",
                    value: ratio.throughput, target: "≥ 0.97×", met: ratio.throughput >= 0.97))
        }
        if let ratio = ratio("post-8", "Courier/URLSession", "URLSession") {
            goals.append(
                Goal(
                    id: "B3",
                    what: "POST, 8 in flight: Courier/URLSession CPU per request (a connection of its own"
                        + " per POST) over raw URLSession's (pooled, may re-send)",
                    value: ratio.cpuPerRequest, target: "≤ 1.10×", met: ratio.cpuPerRequest <= 1.10))
            goals.append(
                Goal(
                    id: "B3", what: "POST, 8 in flight: Courier/URLSession throughput over raw URLSession's",
                    value: ratio.throughput, target: "≥ 0.90×", met: ratio.throughput >= 0.90))
        }
        if let ratio = ratio("idempotent-post-8", "Courier/URLSession", "URLSession") {
            goals.append(
                Goal(
                    id: "B3",
                    what: "POST with an Idempotency-Key, 8 in flight: Courier/URLSession CPU per request"
                        + " over raw URLSession's",
                    value: ratio.cpuPerRequest, target: "≤ 1.15×", met: ratio.cpuPerRequest <= 1.15))
            goals.append(
                Goal(
                    id: "B3",
                    what: "POST with an Idempotency-Key, 8 in flight: Courier/URLSession throughput over"
                        + " raw URLSession's",
                    value: ratio.throughput, target: "≥ 0.90×", met: ratio.throughput >= 0.90))
        }
        let loaded = ["get-64", "get-256"].compactMap { results[$0] }.filter {
            $0.variantNames.contains("Courier/URLSession")
        }
        if !loaded.isEmpty {
            let errors = loaded.reduce(0) { $0 + $1.errors("Courier/URLSession") }
            goals.append(
                Goal(
                    id: "B3",
                    what: "Courier/URLSession errors at "
                        + loaded.map { "\($0.workload.inFlight)" }.joined(separator: " and ") + " in flight",
                    value: Double(errors), target: "= 0", met: errors == 0))
        }
        let ahcWorkloads = ["get-1", "get-8", "get-64", "post-8", "idempotent-post-8"].map { ("B4", $0) }
        for (goal, id) in ahcWorkloads + [("TLS", "tls-get-8"), ("TLS", "h2-get-8")] {
            guard let result = results[id], let ratio = result.ratio("Courier/AHC", over: "AHC") else {
                continue
            }
            goals.append(
                Goal(
                    id: goal, what: "\(result.workload.title): Courier/AHC throughput over raw AHC's",
                    value: ratio.throughput, target: "≥ 0.95×", met: ratio.throughput >= 0.95))
        }
        if let ratio = ratio("get-8", "Courier/AHC", "Courier/URLSession") {
            goals.append(
                Goal(
                    id: "B4",
                    what: "GET /json, 8 in flight: Courier/AHC throughput over Courier/URLSession's",
                    value: ratio.throughput, target: "≥ 3.00×", met: ratio.throughput >= 3))
        }
        return goals
    }
}
