import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The challenge handler against httpbin's `/basic-auth/courier/secret`, which answers `401` with
/// `WWW-Authenticate: Basic realm="Fake Realm"` until the request carries that user and password:
/// the one challenge FoundationNetworking delivers on Linux.
@Suite(
    .enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct URLSessionChallengeTests {
    let url: URL
    /// What each handler call saw.
    let seen = LockedBox<[URLSessionChallenge]>([])

    init() throws {
        url = try #require(URL(string: "\(LoopbackServers.current().httpbin)/basic-auth/courier/secret"))
    }

    func get(_ transport: URLSessionTransport) async throws -> RawResponse {
        try await transport.send(
            TransportRequest(
                method: .get, url: url, headers: [], body: nil, timeout: Timeout(.seconds(20))))
    }

    /// Without a handler the `401` comes back as the answer, as on Apple platforms (on Linux,
    /// FoundationNetworking's default handling would never complete the task).
    @Test func withoutAHandlerThe401IsTheResponse() async throws {
        let response = try await get(URLSessionTransport())
        #expect(response.status == .unauthorized)
        #expect(response.headers["WWW-Authenticate"] == "Basic realm=\"Fake Realm\"")
    }

    @Test func theHandlerSeesTheChallengeAndItsCredentialIsSent() async throws {
        let seen = seen
        let transport = URLSessionTransport { challenge in
            seen.withLock { $0.append(challenge) }
            return .useCredential(URLCredential(user: "courier", password: "secret", persistence: .none))
        }
        let response = try await get(transport)
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"authenticated\": true"))
        let challenges = seen.withLock { $0 }
        let challenge = try #require(challenges.first)
        #expect(challenges.count == 1)
        #expect(challenge.authenticationMethod == NSURLAuthenticationMethodHTTPBasic)
        #expect(challenge.host == url.host)
        #expect(challenge.port == url.port)
        #expect(challenge.realm == "Fake Realm")
        #expect(challenge.previousFailureCount == 0)
        #expect(challenge.request.url == url)
    }

    @Test func aRefusedCredentialIsOfferedAgainUntilTheHandlerGivesUp() async throws {
        let seen = seen
        let transport = URLSessionTransport { challenge in
            seen.withLock { $0.append(challenge) }
            guard challenge.previousFailureCount < 2 else { return .courierDecides }
            return .useCredential(URLCredential(user: "courier", password: "wrong", persistence: .none))
        }
        let response = try await get(transport)
        #expect(response.status == .unauthorized)
        #expect(seen.withLock { $0.map(\.previousFailureCount) } == [0, 1, 2])
    }

    @Test func aCancelledChallengeFailsTheRequestAsAuthenticationFailed() async throws {
        let transport = URLSessionTransport { _ in .cancel }
        let error = await expectCourierError(.authenticationFailed) { try await get(transport) }
        #expect(error?.message.hasPrefix("URLSessionTransport's challenge handler cancelled the") == true)
    }
}
