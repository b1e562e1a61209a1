import Courier
import Foundation

/// Sends issue 13's B2 request N times, for instruction and allocation counts under valgrind: a
/// GET whose in-memory transport answers 200 with 1,080 bytes of JSON, decoded into a 16-field
/// struct.
///
///     client-path decode 1000            # JSONDecoder.decode of the bytes, the baseline
///     client-path send 1000              # Client.send, no middleware
///     client-path send-middleware 1000   # Client.send through Metrics, Validation and Logging
///
/// Run it under `valgrind` with two counts and difference the totals, so that start-up cancels;
/// the difference over the extra calls is the cost of one call. The endpoint is declared once, as
/// a `static let` would be (building one is issue 13's B1 case); every call sends it, which builds
/// its request, runs the middleware, resolves the URL and decodes the body. The baseline reuses
/// one decoder, as the client reuses its configuration's.
@main
enum ClientPath {
    /// The 16 fields of the answer.
    struct Profile: Decodable, Sendable {
        let id: Int
        let login: String
        let name: String
        let email: String
        let company: String
        let location: String
        let bio: String
        let website: String
        let avatarURL: String
        let followers: Int
        let following: Int
        let publicRepositories: Int
        let score: Double
        let isVerified: Bool
        let createdAt: String
        let languages: [String]
    }

    static let json = Data(
        """
        {
            "id": 4242,
            "login": "ada-lovelace",
            "name": "Ada Lovelace",
            "email": "ada@analytical-engine.example.org",
            "company": "Analytical Engine Works",
            "location": "London, United Kingdom",
            "bio": "Mathematician and writer, chiefly known for her work on Charles Babbage's proposed \
        mechanical general-purpose computer, the Analytical Engine. She was the first to recognise \
        that the machine had applications beyond pure calculation, and published the first algorithm \
        intended to be carried out by such a machine. Her notes on the Engine include a method for \
        calculating a sequence of Bernoulli numbers, written in 1843 beside her translation of an Italian article.",
            "website": "https://www.analytical-engine.example.org/people/ada-lovelace/notes",
            "avatarURL": "https://avatars.example.org/u/4242?size=256&version=3",
            "followers": 18230,
            "following": 42,
            "publicRepositories": 17,
            "score": 98.625,
            "isVerified": true,
            "createdAt": "2015-12-10T09:30:00Z",
            "languages": ["Swift", "Haskell", "Ada", "Rust", "Python", "C"]
        }
        """.utf8)

    /// Answers every request with ``json``, as a transport that already holds the bytes would.
    struct InMemoryTransport: Transport {
        let headers: HeaderFields = [HeaderField(name: .contentType, value: "application/json")]

        func send(_ request: TransportRequest) async throws -> RawResponse {
            RawResponse(status: .ok, headers: headers, body: json, url: request.url)
        }
    }

    /// Drops every entry, so only Courier's own logging work is counted.
    struct DiscardingSink: LogSink {
        func log(_ entry: LogEntry) {}
    }

    /// Drops every request's metrics.
    struct DiscardingObserver: MetricsObserver {
        func record(_ metrics: RequestMetrics) {}
    }

    static let profile = Endpoint<Profile, Never> {
        Method.get
        Path("v1", "users", 4242)
        Header.accept(.json)
    }

    static func client(withMiddleware: Bool) -> Client {
        Client(
            baseURL: BaseURL("api.example.com"), transport: InMemoryTransport(),
            middleware: withMiddleware
                ? [
                    MetricsMiddleware(observer: DiscardingObserver()),
                    ValidationMiddleware(ResponseValidation(contentTypes: [.json])),
                    LoggingMiddleware(level: .info, sink: DiscardingSink()),
                ] : []
        )
    }

    /// Runs the loop on the generic executor (it is nonisolated), off the main actor, so that the
    /// benchmark adds no executor hop of its own per call.
    static func run(mode: String, count: Int) async throws -> Int {
        var checksum = 0
        switch mode {
        case "decode":
            let decoder = JSONDecoder()
            for _ in 0..<count {
                checksum &+= try decoder.decode(Profile.self, from: json).followers
            }
        case "send", "send-middleware":
            let client = client(withMiddleware: mode == "send-middleware")
            for _ in 0..<count {
                checksum &+= try await client.send(profile).value?.followers ?? 0
            }
        default:
            throw CocoaError(.featureUnsupported)
        }
        return checksum
    }

    /// Waits for ``run(mode:count:)`` on a semaphore instead of using an `async` main, whose
    /// `dispatchMain()` parks the main thread in a way valgrind 3.19 crashes on.
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]),
            ["decode", "send", "send-middleware"].contains(arguments[1])
        else {
            FileHandle.standardError.write(
                Data("usage: client-path decode|send|send-middleware COUNT\n".utf8))
            exit(64)
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.result = .success(try await run(mode: arguments[1], count: count))
            } catch {
                outcome.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        print("\(json.count) bytes, checksum \(try outcome.result!.get())")
    }

    /// The loop's result, handed from its task to the main thread.
    ///
    /// `@unchecked Sendable` is safe: the task writes `result` once before signalling the
    /// semaphore, and the main thread reads it only after waiting on it.
    final class Outcome: @unchecked Sendable {
        var result: Result<Int, any Error>?
    }
}
