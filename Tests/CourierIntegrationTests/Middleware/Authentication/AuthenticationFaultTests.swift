import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// ``AuthenticationMiddleware`` against the fault server's rotating tokens and cross-host
/// redirects.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct AuthenticationFaultTests {
    /// `POST /auth/token?key=K&delay=S`: every call starts a new generation of K's token.
    struct ServerTokens: TokenProvider {
        struct Grant: Decodable, Sendable {
            let accessToken: String

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
            }
        }

        let auth: Client
        let key: String
        var path = "token"

        func token() async throws -> String {
            let key = key
            let path = path
            return try await auth.value(
                Endpoint<Grant, Never> {
                    Method.post
                    Path("auth", path)
                    Query("key", key)
                    Query("delay", "0.2")  // widens the window in which 401s pile up
                    Timeout(.seconds(20))
                }
            ).accessToken
        }

        func refreshToken(rejected: String) async throws -> String {
            try await token()
        }
    }

    struct Resource: Decodable, Sendable, Equatable {
        let ok: Bool
        let token: String
    }

    struct Stats: Decodable, Sendable, Equatable {
        let refreshes: Int
        let accepted: Int
        let rejected: Int
        let generation: Int
    }

    let server: FaultServer
    let plain: Client

    init() throws {
        server = try FaultServer.current()
        // Timeouts in this suite are safety nets for a hung request, not bounds under test.
        plain = Client(
            baseURL: server.primary, configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
    }

    static func resource(_ key: String) -> Endpoint<Resource, Never> {
        Endpoint {
            Method.get
            Path("auth", "resource")
            Query("key", key)
            Header("X-Count-Key", key)
        }
    }

    func stats(_ key: String) async throws -> Stats {
        try await plain.value(
            Endpoint<Stats, Never> {
                Method.get
                Path("auth", "stats")
                Query("key", key)
            })
    }

    @Test func twentyConcurrentRequestsAfterARotationShareOneRefresh() async throws {
        let key = FaultServer.uniqueKey()
        let middleware = AuthenticationMiddleware(
            tokenProvider: ServerTokens(auth: plain, key: key), for: server.primary)
        let client = Client(
            baseURL: server.primary, middleware: [middleware],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
        #expect(try await client.value(Self.resource(key)) == Resource(ok: true, token: "tok-\(key)-1"))

        _ = try await plain.send(
            Endpoint<Empty, Never> {
                Method.post
                Path("auth", "rotate")
                Query("key", key)
            })
        let resources = try await withThrowingTaskGroup(of: Resource.self) { group in
            for _ in 0..<20 { group.addTask { try await client.value(Self.resource(key)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(resources == Array(repeating: Resource(ok: true, token: "tok-\(key)-2"), count: 20))
        let stats = try await stats(key)
        #expect(stats.refreshes == 2, "one initial token and exactly one refresh")
        #expect(stats.generation == 2)
        #expect(stats.accepted == 21)
        #expect((1...20).contains(stats.rejected), "rejected \(stats.rejected)")
        try await server.expectCounts(key, received: (21 + stats.rejected)...(21 + stats.rejected))
    }

    @Test func aFailingTokenEndpointFailsTheRequestBeforeItIsSent() async throws {
        let key = FaultServer.uniqueKey()
        let broken = ServerTokens(auth: plain, key: key, path: "missing")
        let client = Client(
            baseURL: server.primary,
            middleware: [AuthenticationMiddleware(tokenProvider: broken, for: server.primary)],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let error = await expectCourierError(.authenticationFailed, stage: .middleware) {
            try await client.send(Self.resource(key))
        }
        #expect((error?.underlying as? CourierError)?.response?.status == .notFound)
        try await server.expectCounts(key, received: 0...0)
    }

    @Test func aCrossHostRedirectCarriesNoCredentials() async throws {
        let key = FaultServer.uniqueKey()
        let client = Client(
            baseURL: server.primary,
            middleware: [
                AuthenticationMiddleware(try .bearer("s3cr3t"), for: server.primary),
                AuthenticationMiddleware(try .apiKey("k3y"), for: server.primary),
            ],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let response = try await client.send(
            Endpoint<Data, Never> {
                Method.get
                Path("redirect", "cross-host")
                Query("to", "/echo")
                Header("X-Count-Key", key)
            })
        #expect(response.status == .ok)
        try await server.expectCounts(key, received: 2...2)
        let recorded = try await server.counts(key).requests
        #expect(
            recorded.map(\.host) == [server.primary.origin, server.alternate.origin].map { $0.dropScheme })
        #expect(recorded.map { $0.header("Authorization") } == ["Bearer s3cr3t", nil])
        #expect(recorded.map { $0.header("X-Api-Key") } == ["k3y", nil])
    }

    @Test func anotherOriginIsNeverSigned() async throws {
        let key = FaultServer.uniqueKey()
        let provider = ServerTokens(auth: plain, key: key)
        let client = Client(
            baseURL: server.alternate,
            middleware: [AuthenticationMiddleware(tokenProvider: provider, for: server.primary)],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let error = await expectCourierError(.undocumentedStatus) {
            try await client.send(Self.resource(key))
        }
        #expect(error?.response?.status == .unauthorized)
        let recorded = try await server.counts(key).requests
        #expect(recorded.map { $0.header("Authorization") } == [nil])
        #expect(try await stats(key).refreshes == 0)
    }
}

extension String {
    /// `host:port` of an origin `scheme://host:port`.
    fileprivate var dropScheme: String {
        components(separatedBy: "://").last ?? self
    }
}
