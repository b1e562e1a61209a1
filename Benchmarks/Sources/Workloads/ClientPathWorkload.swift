import Courier
import Foundation

/// The B2 case: a GET whose in-memory transport answers 200 with 1,080 bytes of JSON,
/// decoded into a 16-field struct, sent through `Client.send` with or without middleware, and
/// the bare `JSONDecoder.decode` of the same bytes it is compared with. `client-path`
/// (instruction and malloc counts under valgrind) and the `ClientPath` benchmark (time, CPU and
/// mallocs) both send it from here.
///
/// The endpoint is declared once, as a `static let` would be (building one is B1's case); every
/// call sends it, which builds its request, runs the middleware, resolves the URL and decodes
/// the body. The baseline reuses one decoder, as the client reuses its configuration's.
public enum ClientPathWorkload {
    /// The 16 fields of the answer.
    public struct Profile: Decodable, Sendable {
        let id: Int
        let login: String
        let name: String
        let email: String
        let company: String
        let location: String
        let bio: String
        let website: String
        let avatarURL: String
        /// The field each program sums, so the compiler keeps every decode.
        public let followers: Int
        let following: Int
        let publicRepositories: Int
        let score: Double
        let isVerified: Bool
        let createdAt: String
        let languages: [String]
    }

    /// The answer's body.
    public static let json = Data(
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
    public struct InMemoryTransport: Transport {
        let headers: HeaderFields = [HeaderField(name: .contentType, value: "application/json")]

        /// Creates the transport.
        public init() {}

        /// Answers 200 with ``json``.
        public func send(_ request: TransportRequest) async throws -> RawResponse {
            RawResponse(status: .ok, headers: headers, body: json, url: request.url)
        }
    }

    /// Drops every entry, so only Courier's own logging work is counted.
    public struct DiscardingSink: LogSink {
        /// Creates the sink.
        public init() {}
        /// Drops the entry.
        public func log(_ entry: LogEntry) {}
    }

    /// Drops every request's metrics.
    public struct DiscardingObserver: MetricsObserver {
        /// Creates the observer.
        public init() {}
        /// Drops the metrics.
        public func record(_ metrics: RequestMetrics) {}
    }

    /// The endpoint every call sends.
    public static let profile = Endpoint<Profile, Never> {
        Method.get
        Path("v1", "users", 4242)
        Header.accept(.json)
    }

    /// The same request built per call, as an `API.user(id)` function builds it: a fresh
    /// declaration each time (the `send-per-call` mode sends it with a new `id` each call, so the
    /// URL is new too).
    public static func user(_ id: Int) -> Endpoint<Profile, Never> {
        Endpoint {
            Method.get
            Path("v1", "users", id)
            Header.accept(.json)
        }
    }

    /// A client over ``InMemoryTransport``; with Metrics, Validation and Logging (no-op observer
    /// and sink) when `withMiddleware` is true, and with a total timeout when `timeout` is given
    /// (10 seconds in `client-path send-timeout`, as a Linux service would set one: URLSession
    /// there enforces none).
    public static func client(withMiddleware: Bool, timeout: Duration? = nil) -> Client {
        Client(
            baseURL: BaseURL("api.example.com"), transport: InMemoryTransport(),
            middleware: withMiddleware
                ? [
                    MetricsMiddleware(observer: DiscardingObserver()),
                    ValidationMiddleware(ResponseValidation(contentTypes: [.json])),
                    LoggingMiddleware(level: .info, sink: DiscardingSink()),
                ] : [],
            configuration: Client.Configuration(timeout: timeout.map { Timeout($0) } ?? Timeout())
        )
    }
}
