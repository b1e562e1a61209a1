import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct EndpointMocksTests {
    static func user(_ id: Int) -> Endpoint<User, APIError> {
        Endpoint {
            Method.get
            Path("users", id)
            Header.accept(.json)
        }
    }

    static func users(page: Int, tenant: String = "acme") -> Endpoint<[User], APIError> {
        Endpoint {
            Method.get
            Path("users")
            Query("page", page)
            Header("X-Tenant", tenant)
        }
    }

    static func create(_ user: User) -> Endpoint<User, APIError> {
        Endpoint {
            Method.post
            Path("users")
            Body.json(user)
        }
    }

    static func documented(_ id: Int) -> Endpoint<User, UserError> {
        Endpoint {
            Method.get
            Path("users", id)
        }
    }

    static func delete(_ id: Int) -> Endpoint<Empty, Never> {
        Endpoint {
            Method.delete
            Path("users", id)
        }
    }

    static func message(_ expected: () async throws -> Void) async -> String? {
        do {
            try await expected()
            return nil
        } catch let error as CourierError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func successValuesDecodeThroughTheClient() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(Self.user(42), for: client, with: .success(User(id: 42, name: "Ada")))
        try await mocks.stub(Self.delete(42), for: client, with: .success())
        let response = try await client.send(Self.user(42))
        #expect(response.value == User(id: 42, name: "Ada"))
        #expect(response.headers[.contentType] == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"id":42,"name":"Ada"}"#)
        let deleted = try await client.send(Self.delete(42))
        #expect(deleted.status == .noContent)
        #expect(deleted.body.isEmpty)
    }

    @Test func documentedFailuresArriveAsFailures() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.user(7), for: client, with: .failure(APIError(message: "gone"), status: .notFound))
        try await mocks.stub(
            Self.documented(8), for: client, with: .failure(ValidationErrors(fields: ["id"]), status: 422))
        let plain = try await client.send(Self.user(7))
        #expect(plain.status == .notFound)
        guard case .failure(let error) = plain.result else {
            Issue.record("expected the documented error")
            return
        }
        #expect(error == APIError(message: "gone"))
        guard case .failure(let documented) = try await client.send(Self.documented(8)).result else {
            Issue.record("expected the documented error")
            return
        }
        #expect(documented == .invalid(ValidationErrors(fields: ["id"])))
    }

    @Test func responsesThatDoNotFitTheEndpointThrowAtStubTime() async {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        #expect(
            await Self.message {
                try await mocks.stub(
                    Self.documented(8), for: client, with: .failure(APIError(message: "x"), status: .notFound)
                )
            } == "UserError documents NotFound for status 404, not APIError.")
        #expect(
            await Self.message {
                try await mocks.stub(
                    Self.documented(8), for: client, with: .failure(NotFound(resource: "u"), status: 418))
            } == "UserError documents no model for status 418.")
        #expect(
            await Self.message {
                try await mocks.stub(
                    Self.user(1), for: client, with: .success(User(id: 1, name: "A"), status: 404))
            } == "A success must have a 2xx status, not 404; use .failure for errors.")
        #expect(
            await Self.message {
                try await mocks.stub(
                    Self.user(1), for: client, with: .failure(APIError(message: "x"), status: .ok))
            } == "A failure must have a status that is not 2xx, not 200.")
    }

    @Test func brokenEndpointsThrowAtStubTime() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let bodyOnGet = Endpoint<User, Never> {
            Method("GET")
            Path("users")
            Body.json(User(id: 1, name: "A"))
        }
        let badHeader = Endpoint<User, Never> {
            Method.get
            Path("users")
            Header("X-Note", "a\nb")
        }
        await expectCourierError(.bodyNotAllowed, stage: .building) {
            try await mocks.stub(bodyOnGet, for: client, with: .success(User(id: 1, name: "A")))
        }
        await expectCourierError(.invalidHeaderValue) {
            try await mocks.stub(badHeader, for: client, with: .success(User(id: 1, name: "A")))
        }
        #expect(throws: Never.self) { try mocks.verifyAllUsed() }
    }

    @Test func mismatchesNameTheClosestStubAndEveryDifference() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(Self.user(1), for: client, with: .success(User(id: 1, name: "A")))
        try await mocks.stub(Self.users(page: 2), for: client, with: .success([]))
        try await mocks.stub(
            Self.create(User(id: 1, name: "A")), for: client, with: .success(User(id: 1, name: "A")))

        let otherUsers = Endpoint<[User], APIError> {
            Method.get
            Path("users")
            Query("page", 3)
            Header.bearer("secret-token")
        }
        let error = await expectCourierError(.noMockedResponse, stage: .transport) {
            try await client.send(otherUsers)
        }
        #expect(
            error?.message
                == "No mocked response for GET https://api.example.com/users?page=3; the closest stub, "
                + "GET https://api.example.com/users?page=2, differs: query page: expected \"2\", got \"3\"; "
                + "header X-Tenant: missing; header Authorization: unexpected <redacted>.")
        #expect(
            await Self.message { _ = try await client.send(Self.create(User(id: 1, name: "B"))) }
                == "No mocked response for POST https://api.example.com/users; the closest stub, "
                + "POST https://api.example.com/users, differs: "
                + #"body differs: expected {"id":1,"name":"A"} got {"id":1,"name":"B"}."#)
        #expect(
            await Self.message { _ = try await client.send(Self.users(page: 2, tenant: "other")) }
                == "No mocked response for GET https://api.example.com/users?page=2; the closest stub, "
                + #"GET https://api.example.com/users?page=2, differs: header X-Tenant: expected "acme", got "other"."#
        )
    }

    @Test func anEmptyMockSaysSo() async {
        let client = Client(baseURL: exampleBase, transport: MockTransport())
        #expect(
            await Self.message { _ = try await client.send(Self.user(1)) }
                == "No mocked response for GET https://api.example.com/users/1; no stubs are registered.")
    }

    @Test func clientDefaultsArePartOfTheExpectation() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await client.defaults.setHeader(.userAgent, "App/1")
        try await client.defaults.setQuery("apiKey", "k")
        try await mocks.stub(Self.user(1), for: client, with: .success(User(id: 1, name: "A")))
        #expect(try await client.value(Self.user(1)) == User(id: 1, name: "A"))
        try await client.defaults.setQuery("apiKey", "other")
        #expect(
            await Self.message { _ = try await client.send(Self.user(1)) }
                == "No mocked response for GET https://api.example.com/users/1?apiKey=<redacted>; the closest "
                + "stub, GET https://api.example.com/users/1?apiKey=<redacted>, differs: query apiKey: differs "
                + "(values redacted)."
        )
    }

    @Test func ignoredHeadersAreLeftOutOfTheComparison() async throws {
        let auth = AuthenticationMiddleware(try .bearer("t0k3n"), for: exampleBase)
        let strict = MockTransport()
        let strictClient = Client(baseURL: exampleBase, transport: strict, middleware: [auth])
        try await strict.stub(Self.user(1), for: strictClient, with: .success(User(id: 1, name: "A")))
        #expect(
            await Self.message { _ = try await strictClient.send(Self.user(1)) }
                == "No mocked response for GET https://api.example.com/users/1; the closest stub, "
                + "GET https://api.example.com/users/1, differs: header Authorization: unexpected <redacted>."
        )

        let lenient = MockTransport(ignoringHeaders: [.authorization])
        let client = Client(baseURL: exampleBase, transport: lenient, middleware: [auth])
        try await lenient.stub(Self.user(1), for: client, with: .success(User(id: 1, name: "A")))
        #expect(try await client.value(Self.user(1)) == User(id: 1, name: "A"))
    }

    @Test func unusedAndUsedUpStubsAreReported() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(Self.user(1), for: client, with: .success(User(id: 1, name: "A")), times: 1)
        try await mocks.stub(Self.user(2), for: client, with: .success(User(id: 2, name: "B")), times: 2)
        try await mocks.stub(Self.user(3), for: client, with: .success(User(id: 3, name: "C")))
        _ = try await client.send(Self.user(1))
        _ = try await client.send(Self.user(2))
        #expect(
            await Self.message { _ = try await client.send(Self.user(1)) }
                == "No mocked response for GET https://api.example.com/users/1; its stub was used all 1 times it allows."
        )
        #expect(
            await Self.message { try mocks.verifyAllUsed() }
                == "2 of 3 stubs were not used up: GET https://api.example.com/users/2 (used 1 of 2 times); "
                + "GET https://api.example.com/users/3 (never used).")
        _ = try await client.send(Self.user(2))
        _ = try await client.send(Self.user(3))
        try mocks.verifyAllUsed()
    }

    @Test func thrownErrorsReachTheCaller() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let timeout = CourierError(stage: .transport, kind: .timedOut, message: "Too slow.")
        try await mocks.stub(Self.user(1), for: client, with: .throwing(timeout))
        await expectCourierError(.timedOut) { try await client.send(Self.user(1)) }
    }

    @Test func concurrentSendsShareTheStubsAndTheirLimits() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(Self.user(1), for: client, with: .success(User(id: 1, name: "A")))
        try await mocks.stub(Self.user(2), for: client, with: .success(User(id: 2, name: "B")), times: 10)
        let (unlimited, limited) = await withTaskGroup(of: (Bool, Bool).self) { group in
            for _ in 0..<40 {
                group.addTask {
                    let one = (try? await client.value(Self.user(1))) == User(id: 1, name: "A")
                    let two = (try? await client.value(Self.user(2))) == User(id: 2, name: "B")
                    return (one, two)
                }
            }
            var counts = (0, 0)
            for await (one, two) in group {
                counts.0 += one ? 1 : 0
                counts.1 += two ? 1 : 0
            }
            return counts
        }
        #expect(unlimited == 40)
        #expect(limited == 10)
        try mocks.verifyAllUsed()
    }
}
