import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// The fault-injecting server `Scripts/test` starts (`Scripts/fault_server.py`), on 127.0.0.1 and
/// 127.0.0.2 with the same port, and what it counted. (The root package's test helper, trimmed:
/// a test target of another package cannot share it.)
struct FaultServer {
    /// `http://127.0.0.1:PORT`.
    let primary: BaseURL
    /// `http://127.0.0.2:PORT`: another origin, for cross-host redirects.
    let alternate: BaseURL

    /// Whether `Scripts/test` started the servers; plain `swift test` leaves this `false`, and the
    /// integration suite reports itself as not run.
    static let isAvailable = ProcessInfo.processInfo.environment["COURIER_INTEGRATION"] == "1"

    static let skipReason: Comment =
        "AsyncHTTPClient integration suite NOT run: start it with COURIER_TEST_TRANSPORTS=ahc Scripts/test."

    static func current() throws -> FaultServer {
        let environment = ProcessInfo.processInfo.environment
        func base(_ name: String) throws -> BaseURL {
            let value = try #require(environment[name], "Scripts/test exports \(name)")
            return try BaseURL(validating: value)
        }
        return FaultServer(
            primary: try base("COURIER_FAULT_URL"), alternate: try base("COURIER_FAULT_ALT_URL"))
    }

    /// A counter key no other test uses.
    static func uniqueKey(_ label: String = #function) -> String {
        let letters = label.filter { $0.isLetter || $0.isNumber }.prefix(24)
        return "\(letters)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// The bytes the server generates for a body of `count` bytes: byte `i` is `i % 251`.
    static func pattern(_ count: Int) -> Data {
        let cycle = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: count + cycle.count)
        while data.count < count { data.append(cycle) }
        return data.prefix(count)
    }

    /// What the server counted for `key` (asked with the default transport, so a fault of the
    /// transport under test cannot hide in the count).
    func counts(_ key: String) async throws -> FaultCounts {
        try await Client(baseURL: primary).value(
            Endpoint<FaultCounts, Never> {
                Method(.get)
                Path("counts", key)
            })
    }

    /// Checks the server's counts for `key`, waiting up to 30 s for the lower bound (a request that
    /// failed on the client may be counted a little later) and again after `settle`, so a late
    /// re-send behind the caller's back cannot slip through.
    func expectCounts(
        _ key: String, received: ClosedRange<Int>, settle: Duration = .milliseconds(500),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var first = try await counts(key)
        let end = ContinuousClock.now + .seconds(30)
        while first.received < received.lowerBound, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(20))
            first = try await counts(key)
        }
        #expect(
            received.contains(first.received), "received \(first.received)", sourceLocation: sourceLocation)
        try await Task.sleep(for: settle)
        let later = try await counts(key)
        #expect(
            later.received == first.received,
            "the server received \(later.received - first.received) more request(s) after the outcome",
            sourceLocation: sourceLocation)
    }
}

/// The fault server's counter for one key (`GET /counts/<key>`).
struct FaultCounts: Decodable, Sendable {
    let received: Int
    let complete: Int
    let requests: [Recorded]

    struct Recorded: Decodable, Sendable {
        let method: String
        let target: String
        let host: String?
        let headers: [[String]]
        let bodyLength: Int?

        enum CodingKeys: String, CodingKey {
            case method, target, host, headers
            case bodyLength = "body_length"
        }

        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }
}

/// The fault server's `/upload-sink` report.
struct SinkReport: Decodable, Sendable {
    let size: Int
    let sha256: String
}

/// Runs `body` with a client on a transport of its own, and shuts the transport down after.
func withAsyncHTTPClient<T>(
    _ server: FaultServer, responseLimit: Int = AsyncHTTPClientTransport.defaultResponseLimit,
    _ body: (Client, AsyncHTTPClientTransport) async throws -> T
) async throws -> T {
    let transport = AsyncHTTPClientTransport(responseLimit: responseLimit)
    // A safety net, not a bound under test: a fault that hangs ends as a timeout no test accepts.
    let client = Client(
        baseURL: server.primary, transport: transport,
        configuration: Client.Configuration(timeout: Timeout(.seconds(40))))
    do {
        let value = try await body(client, transport)
        try await transport.shutdown()
        return value
    } catch {
        try? await transport.shutdown()
        throw error
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}

/// The one outcome of sending `endpoint` with `client`.
func outcome<E: EndpointRepresentable>(
    _ endpoint: E, with client: Client
) async -> Result<EndpointResponse<E.Success, E.Failure>, CourierError> {
    do {
        return .success(try await client.send(endpoint))
    } catch {
        return .failure(error)
    }
}

/// A request for the fault server's `path` whose body is returned as bytes, counted under `key`.
func bytes(
    _ path: String, key: String, method: HTTPMethod = .get, _ query: [(String, String)] = []
) -> Endpoint<Data, Never> {
    Endpoint<Data, Never> {
        Method(method)
        Path(segments: path.split(separator: "/").map { String($0) })
        for (name, value) in query { Query(name, value) }
        Header("X-Count-Key", key)
    }
}
