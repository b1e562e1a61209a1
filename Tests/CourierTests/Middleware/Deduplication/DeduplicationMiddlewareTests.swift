import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// A `next` that records each call and holds it until the test opens the gate; a held call that
/// is cancelled ends at once and is counted.
private final class GatedNext: Sendable {
    private struct State {
        var calls: [EndpointRequest] = []
        var held: [Int: CheckedContinuation<Result<RawResponse, CourierError>, Never>] = [:]
        var cancelledCalls: Set<Int> = []
        var outcome: Result<RawResponse, CourierError>?
    }

    private let state = LockedValue(State())

    var callCount: Int { state.withLock { $0.calls.count } }
    var cancelledCount: Int { state.withLock { $0.cancelledCalls.count } }
    var calls: [EndpointRequest] { state.withLock { $0.calls } }

    var next: Middleware.Next {
        { request, _ throws(CourierError) in
            let id = self.state.withLock { state in
                state.calls.append(request)
                return state.calls.count - 1
            }
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready: Result<RawResponse, CourierError>? = self.state.withLock { state in
                        if state.cancelledCalls.contains(id) {
                            return .failure(DeduplicationMiddlewareTests.nextCancelled)
                        }
                        if let outcome = state.outcome { return outcome }
                        state.held[id] = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                let held = self.state.withLock { state in
                    state.cancelledCalls.insert(id)
                    return state.held.removeValue(forKey: id)
                }
                held?.resume(returning: .failure(DeduplicationMiddlewareTests.nextCancelled))
            }
            return try outcome.get()
        }
    }

    /// Ends every held call, and every later one, with `outcome`.
    func open(with outcome: Result<RawResponse, CourierError>) {
        let held = state.withLock { state in
            state.outcome = outcome
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume(returning: outcome) }
    }
}

@Suite struct DeduplicationMiddlewareTests {
    static let nextCancelled = CourierError(
        stage: .transport, kind: .cancelled, message: "The gated call was cancelled.")

    static let token = RawResponse(
        status: .ok, headers: [HeaderField(name: .contentType, value: "application/json")],
        body: Data(#"{"token":"5f1c"}"#.utf8))

    private static func profile(
        token: String = "alice", query: [QueryItem] = [], method: HTTPMethod = .get, body: RequestBody? = nil
    ) -> EndpointRequest {
        EndpointRequest(
            method: method, pathSegments: ["profile"], query: query,
            headers: [HeaderField(name: .authorization, value: "Bearer \(token)")], body: body)
    }

    /// Starts `count` sends of `request` and returns their tasks once all of them are waiting.
    private static func start(
        _ count: Int, _ request: EndpointRequest, through middleware: DeduplicationMiddleware,
        gate: GatedNext,
        baseURL: BaseURL = exampleBase
    ) async throws -> [Task<RawResponse, any Error>] {
        let tasks = (0..<count).map { _ in
            Task { try await middleware.intercept(request, baseURL: baseURL, next: gate.next) }
        }
        try await waitUntil("\(count) requests wait") { middleware.waitingRequests == count }
        try await waitUntil("the shared call started") { gate.callCount >= 1 }
        return tasks
    }

    @Test func fiftyIdenticalGETsShareOneCallAndGetTheSameBytes() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let tasks = try await Self.start(50, Self.profile(), through: middleware, gate: gate)
        gate.open(with: .success(Self.token))
        for task in tasks {
            let response = try await task.value
            #expect(response == Self.token)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"token":"5f1c"}"#)
        }
        #expect(gate.callCount == 1)
        #expect(middleware.waitingRequests == 0)
    }

    @Test func headRequestsAreSharedToo() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let tasks = try await Self.start(3, Self.profile(method: .head), through: middleware, gate: gate)
        gate.open(with: .success(RawResponse(status: .ok)))
        for task in tasks { _ = try await task.value }
        #expect(gate.calls.map(\.method) == [.head])
    }

    @Test func differentCredentialsAreNeverMerged() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let alice = try await Self.start(2, Self.profile(token: "alice"), through: middleware, gate: gate)
        let bob = Task {
            try await middleware.intercept(Self.profile(token: "bob"), baseURL: exampleBase, next: gate.next)
        }
        try await waitUntil("both users' calls started") { gate.callCount == 2 }
        gate.open(with: .success(Self.token))
        for task in alice + [bob] { _ = try await task.value }
        #expect(gate.calls.map { $0.headers[.authorization] } == ["Bearer alice", "Bearer bob"])
    }

    @Test func differentQueryBodyOrBaseURLAreSeparateCalls() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let variants: [(EndpointRequest, BaseURL)] = [
            (Self.profile(), exampleBase),
            (Self.profile(query: [QueryItem(name: "page", value: "2")]), exampleBase),
            (Self.profile(body: RequestBody(data: Data("a".utf8), contentType: .plainText)), exampleBase),
            (Self.profile(body: RequestBody(data: Data("b".utf8), contentType: .plainText)), exampleBase),
            (Self.profile(), BaseURL("api.example.com/v2")),
            (Self.profile(), BaseURL("eu.example.com")),
        ]
        let tasks = variants.map { request, baseURL in
            Task { try await middleware.intercept(request, baseURL: baseURL, next: gate.next) }
        }
        try await waitUntil("six calls started") { gate.callCount == 6 }
        gate.open(with: .success(Self.token))
        for task in tasks { _ = try await task.value }
        #expect(gate.callCount == 6)
        #expect(
            Set(gate.calls.map { $0.body?.data.map { String(decoding: $0, as: UTF8.self) } ?? "-" })
                == ["-", "a", "b"])
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete, .options])
    func otherMethodsAreNeverShared(method: HTTPMethod) async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let request = Self.profile(method: method)
        let tasks = (0..<3).map { _ in
            Task { try await middleware.intercept(request, baseURL: exampleBase, next: gate.next) }
        }
        try await waitUntil("three calls started") { gate.callCount == 3 }
        #expect(middleware.waitingRequests == 0)
        gate.open(with: .success(Self.token))
        for task in tasks { #expect(try await task.value == Self.token) }
    }

    @Test func cancellingAllButOneWaiterKeepsTheSharedCall() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let request = Self.profile()
        // The first request starts the call, so cancelling it proves the call outlives its starter.
        let first = Task { try await middleware.intercept(request, baseURL: exampleBase, next: gate.next) }
        try await waitUntil("the shared call started") { gate.callCount == 1 }
        let others = (1..<50).map { _ in
            Task { try await middleware.intercept(request, baseURL: exampleBase, next: gate.next) }
        }
        try await waitUntil("50 requests wait") { middleware.waitingRequests == 50 }
        let tasks = [first] + others
        for task in tasks.dropLast() { task.cancel() }
        // The gate is still closed: each cancelled waiter must end without the shared call.
        for task in tasks.dropLast() {
            let error = await expectCourierError(.cancelled, stage: .middleware) { try await task.value }
            #expect(
                error?.message
                    == "The request was cancelled while it waited for an identical request in flight.")
            #expect(error?.request?.headers[.authorization] == "<redacted>")
        }
        #expect(middleware.waitingRequests == 1)
        #expect(gate.cancelledCount == 0)
        gate.open(with: .success(Self.token))
        #expect(try await tasks[49].value == Self.token)
        #expect(gate.callCount == 1)
        #expect(gate.cancelledCount == 0)
    }

    @Test func cancellingEveryWaiterCancelsTheSharedCall() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let tasks = try await Self.start(50, Self.profile(), through: middleware, gate: gate)
        for task in tasks { task.cancel() }
        for task in tasks {
            await expectCourierError(.cancelled) { try await task.value }
        }
        try await waitUntil("the shared call was cancelled") { gate.cancelledCount == 1 }
        #expect(gate.callCount == 1)
    }

    @Test func anErrorReachesEveryWaiter() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let tasks = try await Self.start(20, Self.profile(), through: middleware, gate: gate)
        let failure = CourierError(stage: .transport, kind: .connectionLost, message: "The server hung up.")
        gate.open(with: .failure(failure))
        for task in tasks {
            let error = await expectCourierError(.connectionLost) { try await task.value }
            #expect(error?.message == "The server hung up.")
        }
        #expect(gate.callCount == 1)
    }

    @Test func aRequestAfterTheCallFinishedStartsANewCall() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let first = try await Self.start(5, Self.profile(), through: middleware, gate: gate)
        gate.open(with: .success(Self.token))
        for task in first { _ = try await task.value }
        _ = try await middleware.intercept(Self.profile(), baseURL: exampleBase, next: gate.next)
        #expect(gate.callCount == 2)
    }

    @Test func aRequestAfterEveryWaiterLeftStartsANewCall() async throws {
        let middleware = DeduplicationMiddleware()
        let gate = GatedNext()
        let abandoned = try await Self.start(3, Self.profile(), through: middleware, gate: gate)
        for task in abandoned { task.cancel() }
        try await waitUntil("the shared call was cancelled") { gate.cancelledCount == 1 }
        gate.open(with: .success(Self.token))
        #expect(
            try await middleware.intercept(Self.profile(), baseURL: exampleBase, next: gate.next)
                == Self.token)
        #expect(gate.callCount == 2)
    }

    @Test func theSharedCallCarriesTheStartersContext() async throws {
        let middleware = DeduplicationMiddleware()
        let starter = RequestMetricsRecorder()
        let joiner = RequestMetricsRecorder()
        let deadline = ContinuousClock.now + .seconds(30)
        let seen = LockedValue<CallContext?>(nil)
        let gate = GatedNext()
        let next: Middleware.Next = { request, baseURL throws(CourierError) in
            seen.withLock { $0 = request.context }
            request.context.observers.notify { $0.attemptStarted() }
            return try await gate.next(request, baseURL)
        }
        var starting = Self.profile()
        starting.context = CallContext(deadline: deadline).adding(starter)
        var joining = Self.profile()
        joining.context = joining.context.adding(joiner)
        let first = Task { [starting] in
            try await middleware.intercept(starting, baseURL: exampleBase, next: next)
        }
        try await waitUntil("the shared call started") { gate.callCount == 1 }
        let second = Task { [joining] in
            try await middleware.intercept(joining, baseURL: exampleBase, next: next)
        }
        try await waitUntil("two requests wait") { middleware.waitingRequests == 2 }
        gate.open(with: .success(Self.token))
        _ = try await (first.value, second.value)
        #expect(seen.withLock { $0?.observers.all.first } as? RequestMetricsRecorder === starter)
        #expect(seen.withLock { $0?.deadline } == deadline)
        #expect(starter.snapshot.attempts == 1)
        #expect(joiner.snapshot.attempts == 0)
    }

    @Test func identicalRequestsThroughAClientShareOneTransportCall() async throws {
        let gate = GatedNext()
        let deduplication = DeduplicationMiddleware()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                try await gate.next(Self.profile(), exampleBase)
            },
            middleware: [deduplication]
        )
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("profile")
        }
        let tasks = (0..<10).map { _ in Task { try await client.value(endpoint) } }
        try await waitUntil("ten requests wait") { deduplication.waitingRequests == 10 }
        gate.open(with: .success(Self.token))
        for task in tasks { #expect(try await task.value == Self.token.body) }
        #expect(gate.callCount == 1)
    }
}
