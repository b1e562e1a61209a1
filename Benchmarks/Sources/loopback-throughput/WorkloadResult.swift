import Foundation

/// Every round's measurements of one workload, and the figures the report prints from them.
struct WorkloadResult: Sendable {
    let workload: Workload
    /// The variants' names in table order.
    let variantNames: [String]
    /// `rounds[r][name]`: what the variant measured in round `r`.
    var rounds: [[String: Measurement]] = []

    /// A ratio between two variants, both figures medians of the per-round ratios.
    struct Ratio: Codable, Sendable {
        /// `numerator ÷ denominator`, with the variants' names.
        let name: String
        /// The numerator's requests per second over the denominator's.
        let throughput: Double
        /// The numerator's CPU time per request over the denominator's.
        let cpuPerRequest: Double
    }

    /// The median over rounds of one variant's figure.
    func median(_ name: String, _ figure: (Measurement) -> Double) -> Double {
        Self.median(rounds.compactMap { $0[name].map(figure) })
    }

    /// Failed requests of one variant over every round, warm-ups included.
    func errors(_ name: String) -> Int {
        rounds.reduce(0) { $0 + ($1[name]?.errors ?? 0) }
    }

    /// The first failure of one variant, if any.
    func firstError(_ name: String) -> String? {
        rounds.lazy.compactMap { $0[name]?.firstError }.first
    }

    /// `numerator ÷ denominator`: the ratio of each round, then their median; `nil` when either
    /// variant did not run.
    func ratio(_ numerator: String, over denominator: String) -> Ratio? {
        guard variantNames.contains(numerator), variantNames.contains(denominator) else { return nil }
        var throughput: [Double] = []
        var cpu: [Double] = []
        for round in rounds {
            guard let top = round[numerator], let bottom = round[denominator] else { continue }
            throughput.append(top.requestsPerSecond / bottom.requestsPerSecond)
            cpu.append(top.cpuMicrosecondsPerRequest / bottom.cpuMicrosecondsPerRequest)
        }
        return Ratio(
            name: "\(numerator) ÷ \(denominator)", throughput: Self.median(throughput),
            cpuPerRequest: Self.median(cpu))
    }

    /// The ratios the goals name, of the variants that ran: each Courier variant over its raw
    /// library, and Courier's two transports against each other.
    var ratios: [Ratio] {
        [
            ratio("Courier/URLSession", over: "URLSession"),
            ratio("Courier/AHC", over: "AHC"),
            ratio("Courier/AHC", over: "Courier/URLSession"),
        ].compactMap { $0 }
    }

    /// The workload's Markdown table, its ratios and any first failure per variant.
    var markdown: String {
        var lines = [
            "### \(workload.title)", "",
            "| variant | req/s | CPU µs/request | errors |", "| --- | ---: | ---: | ---: |",
        ]
        for name in variantNames {
            lines.append(
                "| \(name) | \(Format.grouped(median(name, \.requestsPerSecond)))"
                    + " | \(Format.grouped(median(name, \.cpuMicrosecondsPerRequest))) | \(errors(name)) |")
        }
        lines += [
            "", "| ratio (median of per-round ratios) | throughput | CPU/request |", "| --- | ---: | ---: |",
        ]
        for ratio in ratios {
            lines.append(
                "| \(ratio.name) | \(Format.ratio(ratio.throughput)) | \(Format.ratio(ratio.cpuPerRequest)) |"
            )
        }
        for name in variantNames {
            if let error = firstError(name) { lines.append("\n\(name)'s first error: \(error)") }
        }
        return lines.joined(separator: "\n")
    }

    /// The median of `values`; the mean of the middle two for an even count, NaN for none.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// How figures are printed.
enum Format {
    /// A whole number with thousands separators: `12,345`.
    static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// A ratio with two decimals and a times sign: `1.05×`.
    static func ratio(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f×", value) : "–"
    }
}
