import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// A `next` that holds each call, named by its last path segment, until the test finishes it;
/// it counts how many calls are inside at once, overall and per host.
private final class HeldCalls: Sendable {
    private struct State {
        var started: [String] = []
        var held: [String: CheckedContinuation<Result<RawResponse, CourierError>, Never>] = [:]
        var early: [String: Result<RawResponse, CourierError>] = [:]
        var inFlight: [String: Int] = [:]
        var mostInFlight = 0
        var mostInFlightByHost: [String: Int] = [:]
    }

    static let cancelled = CourierError(
        stage: .transport, kind: .cancelled, message: "The held call was cancelled.")

    private let state = LockedValue(State())

    var started: [String] { state.withLock { $0.started } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }
    var mostInFlightByHost: [String: Int] { state.withLock { $0.mostInFlightByHost } }
    var inFlight: Int { state.withLock { $0.inFlight.values.reduce(0, +) } }

    var next: Middleware.Next {
        { request, baseURL throws(CourierError) in
            let name = request.pathSegments.last ?? ""
            self.state.withLock { state in
                state.started.append(name)
                state.inFlight[baseURL.host, default: 0] += 1
                state.mostInFlight = max(state.mostInFlight, state.inFlight.values.reduce(0, +))
                state.mostInFlightByHost[baseURL.host] = max(
                    state.mostInFlightByHost[baseURL.host] ?? 0, state.inFlight[baseURL.host] ?? 0)
            }
            defer { self.state.withLock { $0.inFlight[baseURL.host, default: 0] -= 1 } }
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready: Result<RawResponse, CourierError>? = self.state.withLock { state in
                        if let ready = state.early.removeValue(forKey: name) { return ready }
                        state.held[name] = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                self.finish(name, with: .failure(Self.cancelled))
            }
            return try outcome.get()
        }
    }

    /// Ends the call named `name` with `outcome`.
    func finish(
        _ name: String, with outcome: Result<RawResponse, CourierError> = .success(RawResponse(status: .ok))
    ) {
        let held: CheckedContinuation<Result<RawResponse, CourierError>, Never>? = state.withLock { state in
            guard let held = state.held.removeValue(forKey: name) else {
                state.early[name] = outcome
                return nil
            }
            return held
        }
        held?.resume(returning: outcome)
    }
}

@Suite struct ConcurrencyLimitMiddlewareTests {
    private static func request(_ name: String) -> EndpointRequest {
        EndpointRequest(
            method: .get, pathSegments: ["calls", name], query: [], headers: [], body: nil)
    }

    /// Starts one request and waits until it is either inside `next` or queued, so the order of
    /// arrival is the order of the calls.
    private static func send(
        _ name: String, through middleware: ConcurrencyLimitMiddleware, calls: HeldCalls,
        baseURL: BaseURL = exampleBase, request: EndpointRequest? = nil
    ) async throws -> Task<RawResponse, any Error> {
        let before = middleware.counts.inFlight + middleware.counts.waiting
        let task = Task {
            try await middleware.intercept(request ?? Self.request(name), baseURL: baseURL, next: calls.next)
        }
        try await waitUntil("\(name) arrived") {
            middleware.counts.inFlight + middleware.counts.waiting == before + 1
        }
        return task
    }

    @Test func capOfTwoRunsFiveRequestsTwoAtATimeInArrivalOrder() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 2)
        let calls = HeldCalls()
        var tasks: [Task<RawResponse, any Error>] = []
        for name in ["r0", "r1", "r2", "r3", "r4"] {
            tasks.append(try await Self.send(name, through: middleware, calls: calls))
        }
        try await waitUntil("r0 and r1 run") { calls.started.count == 2 }
        #expect(calls.started == ["r0", "r1"])
        #expect(middleware.counts == (inFlight: 2, waiting: 3))
        // Finish out of order: the freed slot still goes to the earliest waiter.
        calls.finish("r1")
        try await waitUntil("r2 runs") { calls.started.count == 3 }
        calls.finish("r2")
        try await waitUntil("r3 runs") { calls.started.count == 4 }
        calls.finish("r0")
        try await waitUntil("r4 runs") { calls.started.count == 5 }
        calls.finish("r3")
        calls.finish("r4")
        for task in tasks { #expect(try await task.value.status == .ok) }
        #expect(calls.started == ["r0", "r1", "r2", "r3", "r4"])
        #expect(calls.mostInFlight == 2)
        #expect(middleware.counts == (inFlight: 0, waiting: 0))
    }

    @Test func tenWaitersStartInArrivalOrder() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 1)
        let calls = HeldCalls()
        let names = (0..<10).map { "w\($0)" }
        var tasks: [Task<RawResponse, any Error>] = []
        for name in names { tasks.append(try await Self.send(name, through: middleware, calls: calls)) }
        for (index, name) in names.enumerated() {
            try await waitUntil("\(name) runs") { calls.started.count == index + 1 }
            calls.finish(name)
        }
        for task in tasks { _ = try await task.value }
        #expect(calls.started == names)
        #expect(calls.mostInFlight == 1)
    }

    @Test func perHostLimitLetsAnotherHostGoAhead() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 3, perHostLimit: 1)
        let calls = HeldCalls()
        let a = BaseURL("a.example.com")
        let b = BaseURL("b.example.com/v2")
        let a1 = try await Self.send("a1", through: middleware, calls: calls, baseURL: a)
        let a2 = try await Self.send("a2", through: middleware, calls: calls, baseURL: a)
        let b1 = try await Self.send("b1", through: middleware, calls: calls, baseURL: b)
        let b2 = try await Self.send(
            "b2", through: middleware, calls: calls, baseURL: BaseURL("http://B.example.com:8080"))
        try await waitUntil("a1 and b1 run") { calls.started.count == 2 }
        #expect(calls.started == ["a1", "b1"])
        #expect(middleware.counts == (inFlight: 2, waiting: 2))
        calls.finish("a1")
        try await waitUntil("a2 runs") { calls.started.count == 3 }
        calls.finish("b1")
        try await waitUntil("b2 runs") { calls.started.count == 4 }
        calls.finish("a2")
        calls.finish("b2")
        for task in [a1, a2, b1, b2] { _ = try await task.value }
        #expect(calls.started == ["a1", "b1", "a2", "b2"])
        #expect(calls.mostInFlightByHost == ["a.example.com": 1, "b.example.com": 1])
    }

    /// A request to an absolute URL counts against that URL's host, not the base URL's.
    @Test func anAbsoluteURLCountsAgainstItsOwnHost() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 3, perHostLimit: 1)
        let calls = HeldCalls()
        let elsewhere = try Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("https://other.example.org/calls")
            Path("elsewhere")
        }.request()
        let first = try await Self.send("first", through: middleware, calls: calls)
        try await waitUntil("first runs") { calls.started.count == 1 }
        let other = try await Self.send("elsewhere", through: middleware, calls: calls, request: elsewhere)
        try await waitUntil("the other host's request runs beside it") { calls.started.count == 2 }
        #expect(middleware.counts == (inFlight: 2, waiting: 0))
        calls.finish("first")
        calls.finish("elsewhere")
        for task in [first, other] { _ = try await task.value }
    }

    @Test func overallLimitHoldsAcrossHosts() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 2, perHostLimit: 2)
        let calls = HeldCalls()
        let hosts = [
            BaseURL("a.example.com"), BaseURL("b.example.com"), BaseURL("c.example.com"),
            BaseURL("d.example.com"),
        ]
        var tasks: [Task<RawResponse, any Error>] = []
        for (index, host) in hosts.enumerated() {
            tasks.append(try await Self.send("h\(index)", through: middleware, calls: calls, baseURL: host))
        }
        try await waitUntil("two run") { calls.started.count == 2 }
        #expect(middleware.counts == (inFlight: 2, waiting: 2))
        for name in ["h0", "h1"] { calls.finish(name) }
        try await waitUntil("the other two run") { calls.started.count == 4 }
        for name in ["h2", "h3"] { calls.finish(name) }
        for task in tasks { _ = try await task.value }
        #expect(calls.mostInFlight == 2)
    }

    @Test func aCancelledWaiterLeavesTheQueueAtOnceWithoutASlot() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 1)
        let calls = HeldCalls()
        let running = try await Self.send("running", through: middleware, calls: calls)
        let queued = try await Self.send("queued", through: middleware, calls: calls)
        let later = try await Self.send("later", through: middleware, calls: calls)
        queued.cancel()
        // "running" still holds the only slot, so the cancelled waiter ends without one.
        let error = await expectCourierError(.cancelled, stage: .middleware) { try await queued.value }
        #expect(error?.message == "The request was cancelled while it waited for a concurrency slot.")
        #expect(error?.request?.percentEncodedPath == "/calls/queued")
        #expect(middleware.counts == (inFlight: 1, waiting: 1))
        calls.finish("running")
        try await waitUntil("later runs") { calls.started.count == 2 }
        calls.finish("later")
        _ = try await (running.value, later.value)
        #expect(calls.started == ["running", "later"])
    }

    @Test func slotsAreGivenBackAfterErrorsAndCancellations() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 2)
        let calls = HeldCalls()
        for round in 0..<20 {
            let failing = try await Self.send("fail\(round)", through: middleware, calls: calls)
            let cancelledInside = try await Self.send("inside\(round)", through: middleware, calls: calls)
            let cancelledQueued = try await Self.send("queued\(round)", through: middleware, calls: calls)
            try await waitUntil("two run") { calls.inFlight == 2 }
            cancelledQueued.cancel()
            let queuedError = await #expect(throws: CourierError.self) { try await cancelledQueued.value }
            #expect(
                queuedError?.message == "The request was cancelled while it waited for a concurrency slot.")
            cancelledInside.cancel()
            let insideError = await #expect(throws: CourierError.self) { try await cancelledInside.value }
            #expect(insideError?.message == "The held call was cancelled.")
            calls.finish(
                "fail\(round)",
                with: .failure(CourierError(stage: .transport, kind: .connectionLost, message: "Gone.")))
            await expectCourierError(.connectionLost) { try await failing.value }
        }
        #expect(middleware.counts == (inFlight: 0, waiting: 0))
        // Full capacity: two new requests both get inside at once.
        let first = try await Self.send("first", through: middleware, calls: calls)
        let second = try await Self.send("second", through: middleware, calls: calls)
        try await waitUntil("both run") { calls.inFlight == 2 }
        #expect(middleware.counts == (inFlight: 2, waiting: 0))
        calls.finish("first")
        calls.finish("second")
        _ = try await (first.value, second.value)
        #expect(calls.started.filter { $0.hasPrefix("queued") }.isEmpty)
    }

    @Test func copiesShareTheirSlots() async throws {
        let middleware = ConcurrencyLimitMiddleware(limit: 1)
        let copy = middleware
        let calls = HeldCalls()
        let first = try await Self.send("first", through: middleware, calls: calls)
        let second = try await Self.send("second", through: copy, calls: calls)
        #expect(copy.counts == (inFlight: 1, waiting: 1))
        calls.finish("first")
        try await waitUntil("second runs") { calls.started.count == 2 }
        calls.finish("second")
        _ = try await (first.value, second.value)
        #expect(calls.mostInFlight == 1)
        #expect(ConcurrencyLimitMiddleware(limit: 1).counts == (inFlight: 0, waiting: 0))
    }
}
