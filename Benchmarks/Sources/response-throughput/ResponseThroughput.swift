import Courier
import Foundation

/// `response-throughput BASE_URL MIB`: receives one body of MIB MiB, and MIB bodies of 1 MiB, from
/// the fault server's `/ok?size=N` route, and compares the times. Receiving is linear when the
/// big body takes about as long as the small ones together; a body that is copied as it grows
/// (quadratic) takes many times longer. Prints both times and their ratio; exits 1 above
/// `MAX_RATIO` (3 by default) or when a body differs from what the server sent.
@main
enum ResponseThroughput {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let mebibytes = Int(arguments[2]), mebibytes > 0 else {
            print("usage: response-throughput BASE_URL MIB")
            exit(2)
        }
        let maxRatio = ProcessInfo.processInfo.environment["MAX_RATIO"].flatMap(Double.init) ?? 3
        do {
            let client = Client(
                baseURL: try BaseURL(validating: arguments[1]),
                transport: URLSessionTransport(responseLimit: (mebibytes + 1) << 20),
                configuration: Client.Configuration(timeout: Timeout(.seconds(300)))
            )
            // Warm up the connection and the code paths once.
            _ = try await receive(1 << 20, with: client)
            let small = try await measure {
                for _ in 0..<mebibytes { _ = try await receive(1 << 20, with: client) }
            }
            let big = try await measure { _ = try await receive(mebibytes << 20, with: client) }
            let ratio = seconds(big) / max(seconds(small), 0.001)
            print(
                "response-throughput: \(mebibytes) × 1 MiB in \(format(small)), 1 × \(mebibytes) MiB in "
                    + "\(format(big)); ratio \(String(format: "%.2f", ratio)) (limit \(maxRatio))")
            if ratio > maxRatio {
                print(
                    "response-throughput: one big body is much slower than many small ones; is it copied as it grows?"
                )
                exit(1)
            }
        } catch {
            print("response-throughput: \(error)")
            exit(1)
        }
    }

    /// Receives `size` pattern bytes and checks them.
    static func receive(_ size: Int, with client: Client) async throws -> Int {
        let body = try await client.value(
            Endpoint<Data, Never> {
                Method.get
                Path("ok")
                Query("size", size)
            })
        guard body.count == size, body.last == UInt8((size - 1) % 251) else {
            throw BodyMismatch(expected: size, received: body.count)
        }
        return body.count
    }

    static func measure(_ work: @Sendable () async throws -> Void) async throws -> Duration {
        let start = ContinuousClock.now
        try await work()
        return ContinuousClock.now - start
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.2f s", seconds(duration))
    }
}

/// A body that was not what the server sent.
struct BodyMismatch: Error, CustomStringConvertible {
    let expected: Int
    let received: Int
    var description: String { "expected \(expected) bytes, received \(received)" }
}
