import Courier
import Foundation

/// `cache-hit BASE_URL ROUNDS CALLS`: what a fresh HTTP-cache hit costs against the loopback
/// request it saves. The same endpoint (the fault server's `/cache?cc=max-age=3600`, a small JSON
/// body decoded into a struct) is sent with `Client.send` over URLSessionTransport by two clients:
/// one with an `HTTPCacheMiddleware` holding a fresh entry (every call a hit, no I/O), one without
/// a cache (every call goes to the server). Each round times CALLS sends of each, alternating
/// which goes first, so a change in the machine's load hits both; the figure is the median of the
/// per-round ratios hit / loopback, with the quartiles. Exits 1 above `MAX_RATIO` (unset: never),
/// or when a hit reached the server or a loopback call did not.
@main
enum CacheHit {
    /// What `/cache` answers: a token new at every response the server makes.
    struct Token: Decodable, Sendable {
        let token: String
        let varied: String?
    }

    static let endpoint = Endpoint<Token, Never> {
        Method.get
        Path("cache")
        Query("cc", "max-age=3600")
    }

    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let rounds = Int(arguments[2]), let calls = Int(arguments[3]),
            rounds > 0, calls > 0
        else {
            print("usage: cache-hit BASE_URL ROUNDS CALLS")
            exit(2)
        }
        let maxRatio = ProcessInfo.processInfo.environment["MAX_RATIO"].flatMap(Double.init)
        await measure(url: arguments[1], rounds: rounds, calls: calls, maxRatio: maxRatio)
    }

    /// Times the rounds off the main actor, as a server or a background task sends: a call made
    /// from the main actor would also time two hops to the main thread and back, the caller's
    /// cost, which is not the cache's nor the request's. A nonisolated `async` function runs on
    /// the global executor.
    nonisolated static func measure(url: String, rounds: Int, calls: Int, maxRatio: Double?) async {
        do {
            let base = try BaseURL(validating: url)
            let cached = Client(
                baseURL: base, transport: URLSessionTransport(), middleware: [HTTPCacheMiddleware()])
            let loopback = Client(baseURL: base, transport: URLSessionTransport())
            // Stores the entry every hit answers with, and opens the loopback client's connection.
            let stored = try await cached.value(endpoint).token
            var lastLoopback = try await loopback.value(endpoint).token
            var ratios: [Double] = []
            var hitTotal = Duration.zero
            var loopbackTotal = Duration.zero
            for round in 0..<rounds {
                var hit = Duration.zero
                var sent = Duration.zero
                for turn in 0..<2 {
                    let start = ContinuousClock.now
                    if (round + turn) % 2 == 0 {
                        for _ in 0..<calls {
                            guard try await cached.value(endpoint).token == stored else {
                                throw Mismatch(description: "a hit was answered by the server")
                            }
                        }
                        hit = ContinuousClock.now - start
                    } else {
                        var token = lastLoopback
                        for _ in 0..<calls { token = try await loopback.value(endpoint).token }
                        sent = ContinuousClock.now - start
                        guard token != lastLoopback else {
                            throw Mismatch(description: "a loopback call did not reach the server")
                        }
                        lastLoopback = token
                    }
                }
                hitTotal += hit
                loopbackTotal += sent
                ratios.append(seconds(hit) / max(seconds(sent), 1e-9))
            }
            ratios.sort()
            let median = ratios[ratios.count / 2]
            let hitMicroseconds = seconds(hitTotal) / Double(rounds * calls) * 1e6
            let loopbackMicroseconds = seconds(loopbackTotal) / Double(rounds * calls) * 1e6
            print(
                String(
                    format: "cache-hit: a fresh hit %.1f µs, the loopback request %.1f µs per call;"
                        + " ratio hit/loopback %.4f (median of %d rounds of %d calls; quartiles %.4f–%.4f)",
                    hitMicroseconds, loopbackMicroseconds, median, rounds, calls, ratios[ratios.count / 4],
                    ratios[ratios.count * 3 / 4]))
            if let maxRatio, median > maxRatio {
                print(String(format: "cache-hit: the ratio %.4f is above %.2f", median, maxRatio))
                exit(1)
            }
        } catch {
            print("cache-hit: \(error)")
            exit(1)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A call answered by the wrong side: the measurement would not be what it says.
struct Mismatch: Error, CustomStringConvertible {
    let description: String
}
