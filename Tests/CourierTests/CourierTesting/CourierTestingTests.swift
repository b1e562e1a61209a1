import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct CourierTestingTests {
    static func user(_ id: Int) -> Endpoint<User, APIError> {
        Endpoint {
            Method.get
            Path("users", id)
        }
    }

    @Test func cannedResponsesMatchTheEndpointsRequest() async throws {
        let transport = StubTransport([
            try CannedResponse(for: Self.user(1), baseURL: exampleBase, json: User(id: 1, name: "Ada")),
            try CannedResponse(
                for: Self.user(2), baseURL: exampleBase, status: .notFound, json: APIError(message: "gone")),
        ])
        let client = Client(baseURL: exampleBase, transport: transport)
        #expect(try await client.send(Self.user(1)).value == User(id: 1, name: "Ada"))
        let missing = try await client.send(Self.user(2))
        #expect(missing.status == .notFound)
        guard case .failure(let error) = missing.result else {
            Issue.record("expected the documented error")
            return
        }
        #expect(error == APIError(message: "gone"))
    }

    @Test func unmatchedRequestsListTheStubs() async throws {
        let transport = StubTransport([
            try CannedResponse(for: Self.user(1), baseURL: exampleBase, body: Data())
        ])
        let error = await expectCourierError(.transportFailed, stage: .transport) {
            try await Client(baseURL: exampleBase, transport: transport).send(Self.user(3))
        }
        #expect(
            error?.message
                == "No canned response for GET https://api.example.com/users/3; stubs: GET https://api.example.com/users/1."
        )
    }

    @Test func cannedResponsesStillMatchWhenTheClientAddsDefaults() async throws {
        let endpoint = Endpoint<User, APIError> {
            Method.get
            Path("users")
            Query("page", 2)
        }
        let transport = StubTransport([
            try CannedResponse(for: endpoint, baseURL: exampleBase, json: User(id: 1, name: "A"))
        ])
        let client = Client(baseURL: exampleBase, transport: transport)
        try await client.defaults.setQuery("apiKey", "k")
        #expect(try await client.send(endpoint).value == User(id: 1, name: "A"))
        let otherPage = Endpoint<User, APIError> {
            Method.get
            Path("users")
            Query("page", 3)
        }
        await #expect(throws: CourierError.self) { _ = try await client.send(otherPage) }
    }

    @Test func recordingTransportKeepsEveryRequestInOrder() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.delete
                Path("users", 1)
            })
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.post
                Path("users")
                Body.text("x")
            })
        let sent = await recorder.requests
        #expect(sent.map(\.method) == [.delete, .post])
        #expect(
            sent.map(\.url.absoluteString) == [
                "https://api.example.com/users/1", "https://api.example.com/users",
            ])
        #expect(sent.last?.body?.data == Data("x".utf8))
    }
}
