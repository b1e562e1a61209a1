import Courier
import Foundation

/// `fault-survey http://127.0.0.1:P http://127.0.0.2:P`: runs Courier and a plain URLSession
/// against each fault of `Tests/Servers/fault_server.py` (listening on both addresses) and prints a
/// markdown table of what each did. Progress goes to stderr; the table to stdout.
@main
enum FaultSurvey {
    /// The longest one run may take before it is abandoned.
    static let runLimit: Duration = .seconds(10)

    static func main() async {
        let arguments = CommandLine.arguments
        // The server itself redirects across hosts; the second address is checked, not used.
        guard arguments.count == 3, let primary = try? BaseURL(validating: arguments[1]),
            primary.host == "127.0.0.1", URL(string: arguments[2])?.host == otherHost
        else {
            print("usage: fault-survey http://127.0.0.1:PORT http://\(otherHost):PORT")
            exit(2)
        }
        let survey = Survey(
            primary: primary,
            primaryText: arguments[1].hasSuffix("/") ? String(arguments[1].dropLast()) : arguments[1])
        let start = ContinuousClock.now
        var rows: [String] = []
        for (index, fault) in Faults.all.enumerated() {
            log("[\(index + 1)/\(Faults.all.count)] \(fault.slug)")
            let courier = await run(fault, fault.courier, side: "courier", on: survey)
            let raw = await run(fault, fault.raw, side: "urlsession", on: survey)
            rows.append("| \(cellText(fault.name)) | \(cellText(courier)) | \(cellText(raw)) |")
        }
        print("| Fault | Courier | raw URLSession |")
        print("|---|---|---|")
        for row in rows { print(row) }
        print()
        print(
            "Each cell: the outcome, its time, and what the fault server counted for the run's own "
                + "`X-Count-Key` 0.5 s after the outcome (server r/c = requests received / read completely). "
                + "Courier: `Client(baseURL:timeout: .seconds(5))` with the default `URLSessionTransport`; "
                + "URLSession: `URLSession(configuration: .ephemeral)`, `dataTask(with:completionHandler:)`, "
                + "the request's `timeoutInterval` property 5 unless the row says otherwise.")
        print()
        print(
            "Environment: \(ProcessInfo.processInfo.operatingSystemVersionString); "
                + "\(ProcessInfo.processInfo.activeProcessorCount) CPUs; "
                + "survey ran in \(String(format: "%.1f", seconds(since: start))) s.")
    }

    /// One side of one fault with a fresh key, limited to ``runLimit``, then the server's count.
    static func run(
        _ fault: Fault, _ body: @escaping @Sendable (Survey, String) async -> Observation, side: String,
        on survey: Survey
    ) async -> String {
        let key = "\(fault.slug)-\(side)-\(UUID().uuidString.prefix(8).lowercased())"
        let observation =
            await within(runLimit) { await body(survey, key) }
            ?? Observation(outcome: "no outcome within 10 s", seconds: nil)
        log("  \(side): \(observation.text)")
        try? await Task.sleep(for: .milliseconds(500))
        let counts = await within(.seconds(5)) { await survey.counts(key) } ?? nil
        let server = counts.map(fault.server) ?? "server count unavailable"
        return "\(observation.text); \(server)"
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
