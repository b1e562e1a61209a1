import Courier
import CourierAsyncHTTPClient
import Foundation

extension Result {
    /// The error, when this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two faults whose cost is measured, not asserted, for each transport, against
/// `Tests/Servers/fault_server.py`; started by `Benchmarks/run transport-faults`:
///
///     transport-faults bomb-aftermath urlsession|ahc BASE_URL ROUNDS
///     transport-faults keep-alive-race urlsession|ahc BASE_URL REQUESTS
///
/// `bomb-aftermath`: each round times 5 GETs of `/json` on a client of their own (the median is
/// the round's normal time), then has another client refuse a 1 GiB gzip bomb at its 8 MiB limit
/// and times the first GET issued right after, on the first client. Prints one line per round
/// and `aftermath-ratio MEDIAN`, the median over rounds of the GET after the bomb over its normal.
///
/// `keep-alive-race`: REQUESTS GETs, then as many POSTs, each 200–390 ms after the previous answer,
/// to a route whose server closes a connection idle for 250 ms (a request that crosses the close
/// is unanswered). Every request has a counter key of its own. Prints for each method the
/// requests, how many were answered, how many failed and with which kind, how many the server
/// executed, and how many it executed more than once or not at all although they were answered:
/// `N requests, A answered, F failed (KIND F), E executed, T twice, U answered unexecuted`.
@main
struct TransportFaults {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let count = Int(arguments[4]), count > 0,
            let kind = TransportKind(rawValue: arguments[2])
        else {
            fail("usage: transport-faults bomb-aftermath|keep-alive-race urlsession|ahc BASE_URL COUNT")
        }
        let base = try BaseURL(validating: arguments[3])
        switch arguments[1] {
        case "bomb-aftermath": try await bombAftermath(kind, base: base, rounds: count)
        case "keep-alive-race": try await keepAliveRace(kind, base: base, requests: count)
        default: fail("unknown measurement \(arguments[1])")
        }
    }

    /// Which transport a measurement runs on.
    enum TransportKind: String {
        case urlsession, ahc

        /// A new transport of this kind, which `release` shuts down.
        func make(responseLimit: Int = 10 << 20) -> any Transport {
            switch self {
            case .urlsession: URLSessionTransport(responseLimit: responseLimit)
            case .ahc: AsyncHTTPClientTransport(responseLimit: responseLimit)
            }
        }

        func release(_ transport: any Transport) async throws {
            try await (transport as? AsyncHTTPClientTransport)?.shutdown()
        }
    }

    static func bombAftermath(_ kind: TransportKind, base: BaseURL, rounds: Int) async throws {
        let plain = kind.make()
        let bombed = kind.make(responseLimit: 8 << 20)
        let client = Client(baseURL: base, transport: plain)
        let bombClient = Client(baseURL: base, transport: bombed)
        let json = Endpoint<Data, Never> {
            Method(.get)
            Path("json")
        }
        let bomb = Endpoint<Data, Never> {
            Method(.get)
            Path("gzip-bomb")
            Query("size", 1 << 30)
        }
        // Warm both: connections open, code paged in.
        _ = try await client.value(json)
        _ = try await bombClient.value(json)
        var ratios: [Double] = []
        for round in 1...rounds {
            var normal: [Duration] = []
            for _ in 0..<5 {
                let start = ContinuousClock.now
                _ = try await client.value(json)
                normal.append(ContinuousClock.now - start)
            }
            let median = normal.sorted()[2]
            let bombStart = ContinuousClock.now
            let refusal = await outcome { try await bombClient.value(bomb) }
            guard refusal.failure?.kind == .responseTooLarge else {
                fail("the bomb was not refused at the limit: \(refusal)")
            }
            let refused = ContinuousClock.now - bombStart
            let start = ContinuousClock.now
            _ = try await client.value(json)
            let after = ContinuousClock.now - start
            let ratio = seconds(after) / seconds(median)
            ratios.append(ratio)
            print(
                "round \(round): bomb refused in \(ms(refused)); GET normally \(ms(median)),"
                    + " right after the bomb \(ms(after)) (\(String(format: "%.2f", ratio))x)")
            // Let a transport that goes on inflating finish before the next round's baseline.
            try await Task.sleep(for: .seconds(1))
        }
        try await kind.release(plain)
        try await kind.release(bombed)
        print("aftermath-ratio \(String(format: "%.2f", ratios.sorted()[ratios.count / 2]))")
    }

    static func keepAliveRace(_ kind: TransportKind, base: BaseURL, requests: Int) async throws {
        let transport = kind.make()
        // A safety net: a request that hangs ends as a timeout, which shows in the failures.
        let client = Client(
            baseURL: base, transport: transport,
            configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
        let runID = UUID().uuidString.prefix(8)
        // The third pass is POSTs to a server that announces its timeout (Keep-Alive: timeout=1)
        // and closes after it, sent 0.3-1.2 s apart.
        for (method, announced) in [(HTTPMethod.get, false), (.post, false), (.post, true)] {
            var answered = 0
            var failures: [String: Int] = [:]
            var keys: [(key: String, answered: Bool)] = []
            for round in 0..<requests {
                let pause = announced ? 300 + (round % 10) * 100 : 200 + (round % 20) * 10
                try await Task.sleep(for: .milliseconds(pause))
                let key =
                    "race-\(method.rawValue.lowercased())\(announced ? "-announced" : "")-\(runID)-\(round)"
                let endpoint = Endpoint<Data, Never> {
                    Method(method)
                    Path("keep-alive-timeout")
                    if announced {
                        Query("seconds", "1")
                        Query("linger", "0.3")
                        Query("announce", "1")
                    } else {
                        Query("seconds", "0.25")
                        Query("linger", "0.1")
                    }
                    Header("X-Count-Key", key)
                }
                if let error = await outcome({ try await client.send(endpoint) }).failure {
                    failures["\(error.kind)", default: 0] += 1
                    keys.append((key, false))
                } else {
                    answered += 1
                    keys.append((key, true))
                }
            }
            // A moment for a request that crossed the close late to be counted, then each key's
            // count: what the server executed of that one request.
            try await Task.sleep(for: .milliseconds(500))
            var executed = 0
            var twice = 0
            var answeredUnexecuted = 0
            for (key, wasAnswered) in keys {
                let count = try await executions(base: base, key: key)
                executed += count
                if count > 1 { twice += 1 }
                if wasAnswered && count == 0 { answeredUnexecuted += 1 }
            }
            let failed = failures.values.reduce(0, +)
            let kinds = failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            print(
                "\(kind.rawValue) \(method.rawValue)\(announced ? "-announced" : ""): \(requests) requests, \(answered) answered, \(failed) failed"
                    + (kinds.isEmpty ? "" : " (\(kinds))")
                    + ", \(executed) executed, \(twice) twice, \(answeredUnexecuted) answered unexecuted")
        }
        try await kind.release(transport)
    }

    /// What `body` returned, or the `CourierError` it threw; any other error ends the program.
    static func outcome<T>(_ body: () async throws -> T) async -> Result<T, CourierError> {
        do {
            return .success(try await body())
        } catch let error as CourierError {
            return .failure(error)
        } catch {
            fail("\(error)")
        }
    }

    /// How many requests the fault server executed under `key`.
    static func executions(base: BaseURL, key: String) async throws -> Int {
        struct Counts: Decodable { let received: Int }
        return try await Client(baseURL: base).value(
            Endpoint<Counts, Never> {
                Method(.get)
                Path("counts", key)
            }
        ).received
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func ms(_ duration: Duration) -> String {
        String(format: "%.1f ms", seconds(duration) * 1000)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("transport-faults: \(message)\n".utf8))
        exit(1)
    }
}
