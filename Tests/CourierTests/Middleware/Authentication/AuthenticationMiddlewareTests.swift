import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server side of rotating tokens: accepts `Authorization: Bearer <token>` for the tokens
/// it was told to, rejects everything else with 401, and counts the rejections.
private actor TokenServer {
    private var accepted: Set<String>
    private(set) var rejections = 0
    private var observers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(accepting tokens: Set<String> = []) {
        accepted = tokens
    }

    func accept(_ token: String) {
        accepted.insert(token)
    }

    func revoke(_ token: String) {
        accepted.remove(token)
    }

    func check(_ authorization: String?) -> Bool {
        if let authorization, authorization.hasPrefix("Bearer "),
            accepted.contains(String(authorization.dropFirst(7)))
        {
            return true
        }
        rejections += 1
        let ready = observers.filter { $0.count <= rejections }
        observers.removeAll { $0.count <= rejections }
        for observer in ready { observer.continuation.resume() }
        return false
    }

    /// Returns once `count` requests have been rejected in all.
    func rejected(_ count: Int) async {
        guard rejections < count else { return }
        await withCheckedContinuation { observers.append((count, $0)) }
    }

    /// A transport in front of this server that records what it is sent.
    nonisolated func transport(
        before: @escaping @Sendable (TransportRequest) async -> Void = { _ in }
    ) -> RecordingTransport {
        RecordingTransport(
            answeringWith: StubTransport { request in
                await before(request)
                let ok = await self.check(request.headers[.authorization])
                return RawResponse(
                    status: ok ? .ok : .unauthorized, body: Data("fine".utf8), url: request.url)
            })
    }
}

/// A one-shot gate: `wait()` suspends until `open()`; `waiting(_:)` tells how many arrived.
private actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var arrivals = 0
    private var arrivalObservers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func wait() async {
        arrivals += 1
        let ready = arrivalObservers.filter { $0.count <= arrivals }
        arrivalObservers.removeAll { $0.count <= arrivals }
        for observer in ready { observer.continuation.resume() }
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    /// Waits until `count` tasks in all have arrived here: a barrier.
    func pass(together count: Int) async {
        arrivals += 1
        if arrivals >= count { open() }
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Returns once `count` tasks have arrived at the gate.
    func arrived(_ count: Int) async {
        guard arrivals < count else { return }
        await withCheckedContinuation { arrivalObservers.append((count, $0)) }
    }
}

/// A token provider that hands out `first`, then whatever `refresh` returns for refresh 1, 2, …
private struct ScriptedTokenProvider: TokenProvider {
    actor Log {
        var tokenCalls = 0
        var rejectedTokens: [String] = []
        var refreshWasCancelled = false

        func tokenCalled() { tokenCalls += 1 }

        func refreshCalled(rejecting token: String) -> Int {
            rejectedTokens.append(token)
            return rejectedTokens.count
        }

        func refreshEnded(cancelled: Bool) { refreshWasCancelled = refreshWasCancelled || cancelled }
    }

    let log = Log()
    var first = "t1"
    var refresh: @Sendable (Int) async throws -> String = { "t\($0 + 1)" }

    func token() async throws -> String {
        await log.tokenCalled()
        return first
    }

    func refreshToken(rejected: String) async throws -> String {
        let number = await log.refreshCalled(rejecting: rejected)
        do {
            let token = try await refresh(number)
            await log.refreshEnded(cancelled: Task.isCancelled)
            return token
        } catch {
            await log.refreshEnded(cancelled: Task.isCancelled)
            throw error
        }
    }
}

private struct ProviderDown: Error, CustomStringConvertible {
    var description: String { "the identity server is down" }
}

/// Sees the request after the middleware before it, and keeps the last one.
private struct CapturingMiddleware: Middleware {
    let captured = LockedBox<EndpointRequest?>(nil)

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        captured.set(request)
        return try await next(request, baseURL)
    }
}

@Suite(.timeLimit(.minutes(1))) struct AuthenticationMiddlewareTests {
    static let resource = Endpoint<String, Never> {
        Method.get
        Path("resource")
    }

    /// The status of `endpoint`'s response, or the error when there is no response.
    static func status(
        _ client: Client, _ endpoint: Endpoint<String, Never> = resource
    ) async -> Result<HTTPStatus, CourierError> {
        do {
            return .success(try await client.send(endpoint).status)
        } catch {
            return error.kind == .undocumentedStatus ? .success(error.response?.status ?? 0) : .failure(error)
        }
    }

    /// The `undocumentedStatus` error `endpoint`'s call ends with, or `nil` when it ends otherwise.
    static func undocumented(
        _ client: Client, _ endpoint: Endpoint<String, Never> = resource
    ) async -> CourierError? {
        do {
            _ = try await client.send(endpoint)
            return nil
        } catch {
            return error.kind == .undocumentedStatus ? error : nil
        }
    }

    static func authorizations(_ transport: RecordingTransport) async -> [String?] {
        await transport.requests.map { $0.headers[.authorization] }
    }

    // MARK: Refreshing

    @Test func twentyConcurrent401sCauseOneRefresh() async throws {
        let server = TokenServer(accepting: ["t2"])
        // All 20 requests leave with t1 before the server rejects any, and the refresh finishes
        // only after all of them were rejected, so every one of them needs it.
        let barrier = Gate()
        let transport = server.transport { request in
            if request.headers[.authorization] == "Bearer t1" { await barrier.pass(together: 20) }
        }
        let provider = ScriptedTokenProvider(refresh: { _ in
            await server.rejected(20)
            return "t2"
        })
        let middleware = AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [middleware])
        let statuses = await withTaskGroup(of: HTTPStatus?.self) { group in
            for _ in 0..<20 { group.addTask { try? await Self.status(client).get() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: .ok, count: 20))
        #expect(await provider.log.tokenCalls == 1)
        #expect(await provider.log.rejectedTokens == ["t1"])
        let sent = await Self.authorizations(transport)
        #expect(sent.count == 40)
        #expect(sent.filter { $0 == "Bearer t1" }.count == 20)
        #expect(sent.filter { $0 == "Bearer t2" }.count == 20)
    }

    @Test func aRequestSignedWithAnOlderTokenIsReSignedWithoutARefresh() async throws {
        let server = TokenServer(accepting: ["t2"])
        let gate = Gate()
        let transport = server.transport { request in
            if request.url.path == "/slow", request.headers[.authorization] == "Bearer t1" {
                await gate.wait()
            }
        }
        let provider = ScriptedTokenProvider()
        let middleware = AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [middleware])
        let slow = Endpoint<String, Never> {
            Method.get
            Path("slow")
        }
        // The slow request leaves with t1 and is held at the server...
        let held = Task { await Self.status(client, slow) }
        await gate.arrived(1)
        // ...while another request is rejected and refreshes the token to t2.
        #expect(await Self.status(client).status == .ok)
        #expect(await provider.log.rejectedTokens == ["t1"])
        // The slow request's 401 for t1 is replayed with t2, without another refresh.
        await gate.open()
        #expect(await held.value.status == .ok)
        #expect(await provider.log.rejectedTokens == ["t1"])
        let slowSent = await transport.requests.filter { $0.url.path == "/slow" }
        #expect(slowSent.map { $0.headers[.authorization] } == ["Bearer t1", "Bearer t2"])
    }

    @Test func refreshesAreRateBoundedAndAReplayed401IsReturned() async throws {
        let server = TokenServer()  // rejects every token
        let transport = server.transport()
        let provider = ScriptedTokenProvider()
        let clock = SteppedClock()
        let middleware = AuthenticationMiddleware(
            tokenProvider: provider, for: exampleBase, minimumRefreshInterval: .seconds(10), clock: clock)
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [middleware])

        // A 401, one refresh, one replay whose 401 is returned as it is, saying so.
        let replayed = await Self.undocumented(client)
        #expect(replayed?.response?.status == .unauthorized)
        #expect(
            replayed?.message.contains(
                ". AuthenticationMiddleware sent the request again with a newer token, and the server "
                    + "answered 401 to that too. Body: ") == true)
        #expect(await provider.log.rejectedTokens == ["t1"])
        #expect(await Self.authorizations(transport) == ["Bearer t1", "Bearer t2"])

        // Within the interval, a 401 for the fresh token is returned without a refresh, which the
        // error says.
        clock.advance(by: .seconds(9))
        let heldBack = await Self.undocumented(client)
        #expect(heldBack?.response?.status == .unauthorized)
        #expect(
            heldBack?.message.contains(
                ". AuthenticationMiddleware did not refresh the token: its last refresh ended less than its "
                    + "minimumRefreshInterval of 10 seconds ago. Body: ") == true)
        #expect(await provider.log.rejectedTokens == ["t1"])
        #expect(await Self.authorizations(transport) == ["Bearer t1", "Bearer t2", "Bearer t2"])

        // Once it has passed, the next 401 refreshes again.
        clock.advance(by: .seconds(1))
        #expect(await Self.status(client).status == .unauthorized)
        #expect(await provider.log.rejectedTokens == ["t1", "t2"])
        #expect(
            await Self.authorizations(transport) == [
                "Bearer t1", "Bearer t2", "Bearer t2", "Bearer t2", "Bearer t3",
            ])
        #expect(
            AuthenticationMiddleware(tokenProvider: provider, for: exampleBase).minimumRefreshInterval
                == .seconds(5))
    }

    @Test func aFailedRefreshFailsEveryWaiterAndALaterRequestTriesAgain() async throws {
        let server = TokenServer()
        let barrier = Gate()
        let transport = server.transport { _ in await barrier.pass(together: 20) }
        let installed = LockedValue<AuthenticationMiddleware?>(nil)
        let provider = ScriptedTokenProvider(refresh: { number in
            guard number > 1 else {
                // The 401s travel back to the middleware, where they join this refresh: fail it
                // only once all 20 wait for it (a late 401 would find it already failed).
                let middleware = try #require(installed.withLock { $0 })
                try await waitUntil("20 requests wait for the refresh") {
                    await middleware.requestsWaitingForToken == 20
                }
                throw ProviderDown()
            }
            await server.accept("t9")
            return "t9"
        })
        let clock = SteppedClock()
        let middleware = AuthenticationMiddleware(
            tokenProvider: provider, for: exampleBase, minimumRefreshInterval: .seconds(10), clock: clock)
        installed.withLock { $0 = middleware }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [middleware])
        let results = await withTaskGroup(of: Result<HTTPStatus, CourierError>.self) { group in
            for _ in 0..<20 { group.addTask { await Self.status(client) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        for result in results {
            let error = result.error
            #expect(error?.kind == .authenticationFailed)
            #expect(error?.stage == .middleware)
            #expect(error?.message == "The token provider failed: the identity server is down.")
            #expect(error?.underlying is ProviderDown)
            #expect(error?.request?.headers[.authorization] == nil)
        }
        #expect(await provider.log.rejectedTokens == ["t1"])
        #expect(await transport.requests.count == 20)

        // Within the interval the 401 stands; after it, a new refresh succeeds.
        #expect(await Self.status(client).status == .unauthorized)
        clock.advance(by: .seconds(10))
        #expect(await Self.status(client).status == .ok)
        #expect(await provider.log.rejectedTokens == ["t1", "t1"])
        #expect(await Self.authorizations(transport).suffix(3) == ["Bearer t1", "Bearer t1", "Bearer t9"])
    }

    @Test func aCancelledWaiterLeavesAtOnceAndTheRefreshGoesOnForTheOthers() async throws {
        let server = TokenServer(accepting: ["t2"])
        let barrier = Gate()
        let transport = server.transport { request in
            if request.headers[.authorization] == "Bearer t1" { await barrier.pass(together: 2) }
        }
        let gate = Gate()
        let provider = ScriptedTokenProvider(refresh: { _ in
            await gate.wait()
            return "t2"
        })
        let middleware = AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [middleware])
        let leaving = Task { await Self.status(client) }
        let staying = Task { await Self.status(client) }
        await server.rejected(2)
        await gate.arrived(1)
        leaving.cancel()
        // The refresh is still held at the gate: the cancelled request returns without it.
        let left = await leaving.value
        #expect(left.error?.kind == .cancelled)
        #expect(left.error?.message == "The request was cancelled while waiting for a token.")
        await gate.open()
        #expect(await staying.value.status == .ok)
        #expect(await provider.log.rejectedTokens == ["t1"])
        #expect(await provider.log.refreshWasCancelled == false)
        #expect(await Self.authorizations(transport).filter { $0 == "Bearer t2" }.count == 1)
    }

    @Test func aRefreshOutlivesTheDeadlineOfTheRequestThatStartedIt() async throws {
        let server = TokenServer(accepting: ["t1", "t2"])
        let gate = Gate()
        // The token endpoint answers only when the test opens the gate, within its own timeout.
        let auth = Client(
            baseURL: BaseURL("auth.example.com"),
            transport: StubTransport { request in
                await gate.wait()
                return RawResponse(status: .ok, body: Data("t2".utf8), url: request.url)
            })
        let provider = ScriptedTokenProvider(refresh: { _ in
            try await auth.value(
                Endpoint<String, Never> {
                    Method.post
                    Path("token")
                    Timeout(.seconds(20))
                })
        })
        let middleware = AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)
        let impatient = Client(
            baseURL: exampleBase,
            transport: server.transport(),
            middleware: [middleware],
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(100)))
        )
        let patient = Client(baseURL: exampleBase, transport: server.transport(), middleware: [middleware])

        // The first token is fetched before the impatient request, and then revoked: waiting for
        // a fetch is where a request's deadline can end it, and the impatient request must reach
        // the 401 and the refresh however late a loaded machine lets it run (nothing on its way
        // there looks at cancellation).
        #expect(await Self.status(patient).status == .ok)
        await server.revoke("t1")
        // The impatient request starts the refresh and gives up on it...
        #expect(await Self.status(impatient).error?.kind == .timedOut)
        await gate.arrived(1)
        // ...which still completes, for the next request, under the token endpoint's own timeout.
        let waiting = Task { await Self.status(patient) }
        await gate.open()
        #expect(await waiting.value.status == .ok)
        #expect(await provider.log.rejectedTokens == ["t1"])
    }

    @Test func aPOSTIsReplayedOnceWithItsBodyAfterARefresh() async throws {
        let server = TokenServer(accepting: ["t2"])
        let transport = server.transport()
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: ScriptedTokenProvider(), for: exampleBase)])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("order")
        }
        #expect(await Self.status(client, post).status == .ok)
        let sent = await transport.requests
        #expect(sent.map(\.method) == [.post, .post])
        #expect(sent.map { $0.body?.data } == [Data("order".utf8), Data("order".utf8)])
    }

    /// A 401 after a redirect to another origin (from that origin, or back on the first) never saw
    /// the token: it is returned, not a reason to refresh and send the call again.
    @Test(arguments: [
        ["https://api.example.com/start", "https://other.example.org/x"],
        ["https://api.example.com/start", "https://other.example.org/x", "https://api.example.com/back"],
    ])
    func a401AfterAnotherOriginDoesNotRefreshTheToken(hops: [String]) async throws {
        let provider = ScriptedTokenProvider()
        let transport = RecordingTransport(
            answeringWith: StubTransport { request in
                guard let index = hops.firstIndex(of: request.url.absoluteString), index + 1 < hops.count
                else {
                    return RawResponse(status: .unauthorized, url: request.url)
                }
                return RawResponse(
                    status: 302, headers: [HeaderField(name: .location, value: hops[index + 1])],
                    url: request.url)
            })
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)])
        let get = Endpoint<String, Never> {
            Method.get
            Path("start")
        }
        #expect(await Self.status(client, get).status == .unauthorized)
        #expect(await transport.requests.map(\.url.absoluteString) == hops)
        #expect(await provider.log.rejectedTokens.isEmpty)
    }

    @Test func aStreamedBodyIsNotReplayedAfterA401() async throws {
        let server = TokenServer(accepting: ["t2"])
        let transport = server.transport()
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: ScriptedTokenProvider(), for: exampleBase)])
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("order".utf8))
            continuation.finish()
        }
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.stream(chunks)
        }
        // The sequence is read once: the 401 is the answer, not a second send that must fail.
        let error = await Self.undocumented(client, post)
        #expect(error?.response?.status == .unauthorized)
        #expect(
            error?.message
                == "The server answered 401, which the endpoint does not document. AuthenticationMiddleware did "
                + "not refresh the token and send the request again: its body is a stream, which is read once. "
                + "Body: fine")
        #expect(await transport.requests.count == 1)
    }

    // MARK: Origins

    @Test(arguments: [
        ("https://api.example.com", true), ("https://API.example.com:443/v2", true),
        ("http://api.example.com", false), ("https://api.example.com:8443", false),
        ("https://evil.example.org", false), ("https://example.com", false),
    ])
    func onlyTheCredentialsOriginIsSigned(base: String, signed: Bool) async throws {
        let baseURL = try BaseURL(validating: base)
        let fixed = RecordingTransport()
        let fixedClient = Client(
            baseURL: baseURL, transport: fixed,
            middleware: [AuthenticationMiddleware(try .bearer("static"), for: exampleBase)])
        _ = await Self.status(fixedClient)
        #expect(await Self.authorizations(fixed) == [signed ? "Bearer static" : nil])

        let refreshing = RecordingTransport()
        let provider = ScriptedTokenProvider()
        let refreshingClient = Client(
            baseURL: baseURL, transport: refreshing,
            middleware: [AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)])
        _ = await Self.status(refreshingClient)
        #expect(await Self.authorizations(refreshing) == [signed ? "Bearer t1" : nil])
        #expect(await provider.log.tokenCalls == (signed ? 1 : 0))
    }

    @Test func aTokenProviderSignsWithBearer() async throws {
        let transport = RecordingTransport()
        let provider = ScriptedTokenProvider(first: "abc.def")
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)])
        _ = await Self.status(client)
        _ = await Self.status(client)
        let sent = await transport.requests
        #expect(sent.map { $0.headers[.authorization] } == ["Bearer abc.def", "Bearer abc.def"])
        #expect(sent.allSatisfy { $0.headers.first { $0.name == .authorization }?.isSecret == true })
        #expect(await provider.log.tokenCalls == 1)
    }

    @Test func aCrossOriginRedirectDropsTheToken() async throws {
        let transport = RecordingTransport(
            answeringWith: StubTransport { request in
                guard request.url.host == "api.example.com" else {
                    return RawResponse(status: .ok, url: request.url)
                }
                return RawResponse(
                    status: 307,
                    headers: [HeaderField(name: .location, value: "https://cdn.example.net/file")],
                    url: request.url)
            })
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: ScriptedTokenProvider(), for: exampleBase)])
        #expect(await Self.status(client).status == .ok)
        let sent = await transport.requests
        #expect(sent.map(\.url.host) == ["api.example.com", "cdn.example.net"])
        #expect(sent.map { $0.headers[.authorization] } == ["Bearer t1", nil])
    }

    @Test func anAuthorizationTheEndpointDeclaresIsKept() async throws {
        let transport = RecordingTransport()
        let provider = ScriptedTokenProvider()
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: provider, for: exampleBase)])
        let own = Endpoint<String, Never> {
            Method.post
            Path("oauth", "token")
            Header.basic(username: "client", password: "secret")
        }
        _ = await Self.status(client, own)
        #expect(await Self.authorizations(transport) == ["Basic Y2xpZW50OnNlY3JldA=="])
        #expect(await provider.log.tokenCalls == 0)
    }

    // MARK: Fixed credentials

    @Test func fixedCredentialsAreSecretHeaders() throws {
        #expect(
            try Credentials.bearer("abc").field
                == HeaderField(name: .authorization, value: "Bearer abc", isSecret: true))
        // RFC 7617 §2 and §2.1 examples.
        #expect(
            try Credentials.basic(username: "Aladdin", password: "open sesame").field.value
                == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(
            try Credentials.basic(username: "test", password: "123£").field.value == "Basic dGVzdDoxMjPCow==")
        #expect(try Credentials.basic(username: "u", password: "p:w").field.value == "Basic dTpwOnc=")
        let key = try Credentials.apiKey("k-123")
        #expect(key.field == HeaderField(name: HeaderName("X-Api-Key"), value: "k-123", isSecret: true))
        #expect(try Credentials.apiKey("k", in: HeaderName("X-Token")).field.name.rawValue == "X-Token")
        #expect(!String(describing: key).contains("k-123"))
        #expect(!String(reflecting: key).contains("k-123"))
    }

    @Test func invalidCredentialsAreRefusedWhenCreated() {
        let error = expectCourierError(.invalidCredentials, stage: .building) {
            try Credentials.basic(username: "a:b", password: "p")
        }
        #expect(error?.message == "The Basic username contains a colon, which RFC 7617 does not allow.")
        expectCourierError(.invalidCredentials) { try Credentials.basic(username: "a", password: "p\n") }
        expectCourierError(.invalidHeaderValue) { try Credentials.bearer("abc\r\nX-Evil: 1") }
        expectCourierError(.reservedHeader) { try Credentials.apiKey("k", in: .contentLength) }
    }

    @Test func fixedCredentialsAreSentAndRedactedEverywhereElse() async throws {
        // The server breaks the connection: the error carries the signed request, redacted.
        let transport = RecordingTransport(
            answeringWith: StubTransport { _ in throw URLError(.networkConnectionLost) })
        let capture = CapturingMiddleware()
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                AuthenticationMiddleware(try .bearer("s3cr3t-token"), for: exampleBase),
                AuthenticationMiddleware(try .apiKey("s3cr3t-key"), for: exampleBase),
                capture,
            ])
        let error = try #require(await Self.status(client).error)
        #expect(error.kind == .connectionLost)
        #expect(error.request?.headers[.authorization] == "<redacted>")
        #expect(error.request?.headers["X-Api-Key"] == "<redacted>")
        #expect(!error.description.contains("s3cr3t"))
        let sent = try #require(await transport.requests.first)
        #expect(sent.headers[.authorization] == "Bearer s3cr3t-token")
        #expect(sent.headers["X-Api-Key"] == "s3cr3t-key")
        let signed = try #require(capture.captured.get())
        let curl = try signed.curlCommand(baseURL: exampleBase)
        #expect(
            curl == "curl -X 'GET' 'https://api.example.com/resource' -H 'Authorization: <redacted>'"
                + " -H 'X-Api-Key: <redacted>'")
        #expect(!String(describing: signed).contains("s3cr3t"))
    }

    @Test func fixedCredentialsAreNotReplayedAfterA401() async throws {
        let transport = RecordingTransport(
            answeringWith: StubTransport { RawResponse(status: .unauthorized, url: $0.url) })
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(try .bearer("t"), for: exampleBase)])
        #expect(await Self.status(client).status == .unauthorized)
        #expect(await transport.requests.count == 1)
    }

    /// A transport whose `200` echoes the `Authorization` and the URL it got, fresh for ten
    /// minutes.
    private static func echoing() -> StubTransport {
        StubTransport { request in
            RawResponse.stub(
                .ok, [("Cache-Control", "max-age=600")], to: request,
                body:
                    #"{"seen":"\#(request.headers[.authorization] ?? "")","url":"\#(request.url.absoluteString)"}"#
            )
        }
    }

    @Test func anEchoAnsweredFromTheCacheHidesTheTokenToo() async throws {
        // The documented order: the cache after authentication, so that it sees the credentials.
        let client = Client(
            baseURL: exampleBase, transport: Self.echoing(),
            middleware: [
                AuthenticationMiddleware(try .bearer("s3cr3t-token"), for: exampleBase),
                HTTPCacheMiddleware(),
            ])
        var outcomes: [CacheOutcome?] = []
        for _ in 0..<2 {
            let error = await #expect(throws: CourierError.self) {
                try await client.send(
                    Endpoint<Int, Never> {
                        Method.get
                        Path("count")
                    })
            }
            outcomes.append(error?.response?.cacheOutcome)
            #expect(error?.message.contains(#""seen":"<redacted>""#) == true, "\(error?.message ?? "")")
            #expect(error.map { !String(describing: $0).contains("s3cr3t") } == true)
        }
        #expect(outcomes == [.miss, .hit])
    }

    @Test func anEchoHidesAQueryItemAMiddlewareAddedMarkedSecret() async throws {
        struct Signing: Middleware {
            func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
                -> RawResponse
            {
                try await next(
                    request.addingQueryItem(
                        QueryItem(name: "tenant", value: "t-s3cr3t-value", isSecret: true)), baseURL)
            }
        }
        let client = Client(baseURL: exampleBase, transport: Self.echoing(), middleware: [Signing()])
        let error = await #expect(throws: CourierError.self) {
            try await client.send(
                Endpoint<Int, Never> {
                    Method.get
                    Path("count")
                })
        }
        #expect(error?.message.contains("tenant=<redacted>") == true, "\(error?.message ?? "")")
        #expect(error.map { !String(describing: $0).contains("s3cr3t") } == true)
    }

    @Test func aTraceLogBeforeTheMiddlewareHidesTheTokenAResponseEchoes() async throws {
        let sink = CapturingLogSink()
        let client = Client(
            baseURL: exampleBase, transport: Self.echoing(),
            middleware: [
                LoggingMiddleware(level: .trace, sink: sink),
                AuthenticationMiddleware(try .bearer("s3cr3t-token"), for: exampleBase),
            ])
        _ = try await client.send(
            Endpoint<String, Never> {
                Method.get
                Path("count")
            })
        #expect(sink.text.contains(#""seen":"<redacted>""#), "\(sink.text)")
        #expect(!sink.text.contains("s3cr3t"))
    }

    @Test func anErrorQuotingAnEchoHidesTheTokenTheMiddlewareAdded() async throws {
        // The server echoes the Authorization it got under a key no rule hides. The client decodes
        // with the request as built, before the middleware signed it.
        let transport = StubTransport { request in
            RawResponse.stub(
                request.url.path == "/denied" ? .unauthorized : .ok, to: request,
                body: #"{"seen":"\#(request.headers[.authorization] ?? "")"}"#)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(try .bearer("s3cr3t-token"), for: exampleBase)])
        let denied = await #expect(throws: CourierError.self) {
            try await client.send(
                Endpoint<String, Never> {
                    Method.get
                    Path("denied")
                })
        }
        let undecodable = await #expect(throws: CourierError.self) {
            try await client.send(
                Endpoint<Int, Never> {
                    Method.get
                    Path("count")
                })
        }
        #expect(
            denied?.message
                == #"The server answered 401, which the endpoint does not document. Body: {"seen":"<redacted>"}"#
        )
        #expect(
            undecodable?.message
                == #"The response body did not decode as Int: expected Int at the top level. Body: {"seen":"<redacted>"}"#
        )
        for error in [denied, undecodable] {
            let shown = [
                String(describing: error), String(reflecting: error), String(describing: error?.response),
            ]
            #expect(shown.allSatisfy { !$0.contains("s3cr3t") })
        }
    }

    // MARK: Replays after a redirect (RFC 9110 §15.4.4, §15.4.8, §15.5.2)

    /// A server that answers a POST with a 303 to `/orders/7`, whose GET is a 401 for the first
    /// token and a 200 for the next; `sent` notes every request.
    private static func ordersAnswering303(noting sent: SentRequests) -> StubTransport {
        StubTransport { request in
            _ = sent.append(request)
            if request.method == .post {
                return RawResponse.stub(303, [("Location", "/orders/7")], to: request)
            }
            if request.headers[.authorization] == "Bearer first" {
                return RawResponse.stub(.unauthorized, to: request)
            }
            return RawResponse.stub(.ok, to: request, body: "order 7")
        }
    }

    /// RFC 9110 §15.4.4: a 303 answers a POST that was applied ("the server is redirecting the user
    /// agent to a different resource ... intended to provide an indirect response to the original
    /// request"). A 401 for the GET that follows says nothing about the POST: replaying the POST
    /// after a token refresh applies it a second time. §9.2.2: a client SHOULD NOT automatically
    /// retry a request with a non-idempotent method.
    @Test func authenticationReplayAfterA303DoesNotSendTheAppliedPOSTAgain() async throws {
        let sent = SentRequests()
        let transport = Self.ordersAnswering303(noting: sent)
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: FirstThenSecondTokens(), for: exampleBase)])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        _ = try? await client.rawResponse(post)
        #expect(sent.count(.post) == 1, "POST /orders reached the server \(sent.count(.post)) times")
    }

    /// The same 303 case in the middleware order the "Using middleware" article recommends.
    @Test func authenticationReplayAfterA303InTheRecommendedStack() async throws {
        let sent = SentRequests()
        let transport = Self.ordersAnswering303(noting: sent)
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                MetricsMiddleware { _ in },
                ValidationMiddleware(ResponseValidation()),
                RetryMiddleware(),
                AuthenticationMiddleware(tokenProvider: FirstThenSecondTokens(), for: exampleBase),
                CookieMiddleware(jar: CookieJar()),
                HTTPCacheMiddleware(),
                DeduplicationMiddleware(),
                ConcurrencyLimitMiddleware(limit: 6),
            ])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        _ = try? await client.rawResponse(post)
        #expect(sent.count(.post) == 1, "POST /orders reached the server \(sent.count(.post)) times")
    }

    /// For contrast, the replay RFC 9110 §15.5.2 does allow: a 307 (§15.4.8: the request was not
    /// applied, repeat it at the new URI) and then a 401 for the same POST; it may go again.
    @Test func authenticationReplayAfterA307IsAllowed() async throws {
        let sent = SentRequests()
        let transport = StubTransport { request in
            _ = sent.append(request)
            if request.url.path == "/orders" {
                return RawResponse.stub(307, [("Location", "/v2/orders")], to: request)
            }
            if request.headers[.authorization] == "Bearer first" {
                return RawResponse.stub(.unauthorized, to: request)
            }
            return RawResponse.stub(.created, to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: FirstThenSecondTokens(), for: exampleBase)])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        let raw = try await client.rawResponse(post)
        #expect(raw.status == .created)
        #expect(sent.all.map(\.url.path) == ["/orders", "/v2/orders", "/orders", "/v2/orders"])
    }

    /// A request that may be sent twice is sent again after a refresh even when a 303 made the
    /// 401's request a GET: a repeat of it has the effect of one.
    @Test func anIdempotentRequestIsReplayedAfterA303() async throws {
        let sent = SentRequests()
        let transport = Self.ordersAnswering303(noting: sent)
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: FirstThenSecondTokens(), for: exampleBase)])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Header.idempotencyKey("order-1")
            Body.text("one order")
        }
        let raw = try await client.rawResponse(post)
        #expect(raw.status == .ok)
        #expect(sent.all.map(\.method) == [.post, .get, .post, .get])
    }
}

extension Result {
    /// The error, or `nil` for a success.
    fileprivate var error: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }

    /// The value, or `nil` for a failure.
    fileprivate var status: Success? {
        guard case .success(let value) = self else { return nil }
        return value
    }
}
