import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// An origin for `stale-while-revalidate`: the first `GET` of each `Accept-Language` is answered at
/// once (dated `t0`), fresh for a minute and usable stale for another; later ones (dated 90 s
/// later) wait until the test answers them, or until they are cancelled (they then throw, as a
/// transport does) unless the origin ignores cancellation (it then only counts it).
private final class RevalidatingOrigin: Sendable {
    private let ignoresCancellation: Bool

    init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    private struct State {
        var seen: Set<String> = []
        var sent: [String] = []
        var waiting: [CheckedContinuation<Void, Never>] = []
        var cancelled = 0
    }

    private let state = LockedValue(State())

    var sent: [String] { state.withLock { $0.sent } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }
    var cancelledCount: Int { state.withLock { $0.cancelled } }

    /// Answers every waiting request.
    func answerWaiting() {
        for waiting in state.withLock({ state in
            defer { state.waiting = [] }
            return state.waiting
        }) {
            waiting.resume()
        }
    }

    var next: Middleware.Next {
        { request, _ throws(CourierError) in
            let language = request.headers[.acceptLanguage] ?? "-"
            let isFirst = self.state.withLock { state in
                state.sent.append(language)
                return state.seen.insert(language).inserted
            }
            if !isFirst {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let parked = self.state.withLock { state in
                            guard !Task.isCancelled else { return false }
                            state.waiting.append(continuation)
                            return true
                        }
                        if !parked { continuation.resume() }
                    }
                } onCancel: {
                    self.state.withLock { $0.cancelled += 1 }
                    if !self.ignoresCancellation { self.answerWaiting() }
                }
                if Task.isCancelled, !self.ignoresCancellation {
                    throw CourierError(
                        stage: .transport, kind: .cancelled, message: "The request was cancelled.")
                }
            }
            return RawResponse(
                status: .ok,
                headers: [
                    HeaderField(
                        name: .date,
                        value: HTTPDate.format(HTTPCacheMiddlewareBackgroundTests.t0 + (isFirst ? 0 : 90))),
                    HeaderField(name: .cacheControl, value: "max-age=60, stale-while-revalidate=60"),
                    HeaderField(name: .vary, value: "Accept-Language"),
                ],
                body: Data("\(language) \(isFirst ? 1 : 2)".utf8))
        }
    }
}

/// A deadline timer the test fires: `sleep` records each instant and waits until ``fire()``, or
/// until its task is cancelled (it then throws, as `Task.sleep` does).
private final class ManualDeadlines: Sendable {
    private struct State {
        var instants: [ContinuousClock.Instant] = []
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = LockedValue(State())

    var instants: [ContinuousClock.Instant] { state.withLock { $0.instants } }

    var sleep: @Sendable (ContinuousClock.Instant) async throws -> Void {
        { instant in
            let id = self.state.withLock { state in
                state.instants.append(instant)
                return state.instants.count
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let parked = self.state.withLock { state in
                        guard !Task.isCancelled else { return false }
                        state.waiting[id] = continuation
                        return true
                    }
                    if !parked { continuation.resume() }
                }
            } onCancel: {
                self.state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
            }
            try Task.checkCancellation()
        }
    }

    /// Every deadline waited for passes now.
    func fire() {
        for waiting in state.withLock({ state in
            defer { state.waiting = [:] }
            return state.waiting.values
        }) {
            waiting.resume()
        }
    }
}

@Suite struct HTTPCacheMiddlewareBackgroundTests {
    static let t0 = HTTPDate.parse("Thu, 01 Dec 1994 16:00:00 GMT")!

    static func get(_ language: String, timeout: Timeout = Timeout()) -> EndpointRequest {
        EndpointRequest(
            method: .get, pathSegments: ["todos"], query: [],
            headers: [HeaderField(name: .acceptLanguage, value: language)], body: nil, timeout: timeout)
    }

    /// A cache whose clock reads `clock` and whose deadlines `deadlines` fires.
    private static func cache(clock: LockedValue<Date>, deadlines: ManualDeadlines) -> HTTPCacheMiddleware {
        var cache = HTTPCacheMiddleware()
        cache.now = { clock.withLock { $0 } }
        cache.sleep = deadlines.sleep
        return cache
    }

    @Test func eachVariantIsRevalidatedOnceAtATime() async throws {
        let clock = LockedValue(Self.t0)
        let deadlines = ManualDeadlines()
        let cache = Self.cache(clock: clock, deadlines: deadlines)
        let origin = RevalidatingOrigin()
        for language in ["en", "fr"] {
            _ = try await cache.intercept(Self.get(language), baseURL: exampleBase, next: origin.next)
        }
        clock.withLock { $0 += 90 }
        // Both variants are stale: each answers at once and starts its own revalidation; asking
        // again while they run starts none.
        for language in ["en", "fr", "en", "fr"] {
            let stale = try await cache.intercept(Self.get(language), baseURL: exampleBase, next: origin.next)
            #expect(stale.cacheOutcome == .stale && stale.body == Data("\(language) 1".utf8))
        }
        try await waitUntil("both revalidations reach the origin") { origin.waitingCount == 2 }
        #expect(cache.backgroundRevalidations == 2)
        #expect(origin.sent.sorted() == ["en", "en", "fr", "fr"])
        origin.answerWaiting()
        try await waitUntil("both revalidations ended") { cache.backgroundRevalidations == 0 }
        for language in ["en", "fr"] {
            let fresh = try await cache.intercept(Self.get(language), baseURL: exampleBase, next: origin.next)
            #expect(fresh.cacheOutcome == .hit && fresh.body == Data("\(language) 2".utf8))
        }
        #expect(origin.sent.count == 4 && origin.cancelledCount == 0)
    }

    @Test func aRevalidationIsCancelledAtTheRequestsTotalTimeout() async throws {
        let clock = LockedValue(Self.t0)
        let deadlines = ManualDeadlines()
        let cache = Self.cache(clock: clock, deadlines: deadlines)
        let origin = RevalidatingOrigin()
        let request = Self.get("en", timeout: Timeout(.seconds(30)))
        _ = try await cache.intercept(request, baseURL: exampleBase, next: origin.next)
        clock.withLock { $0 += 90 }
        let before = ContinuousClock.now
        _ = try await cache.intercept(request, baseURL: exampleBase, next: origin.next)
        try await waitUntil("the revalidation waits for the origin and its deadline") {
            origin.waitingCount == 1 && deadlines.instants.count == 1
        }
        let deadline = try #require(deadlines.instants.first)
        #expect(deadline >= before + .seconds(30) && deadline <= ContinuousClock.now + .seconds(30))
        deadlines.fire()
        try await waitUntil("the revalidation ended, cancelled") {
            cache.backgroundRevalidations == 0 && origin.cancelledCount == 1
        }
        // The cancelled revalidation stored nothing: the stale answer stays.
        var offline = Self.get("en")
        offline.cachePolicy = .returnCachedOnly
        let again = try await cache.intercept(offline, baseURL: exampleBase, next: origin.next)
        #expect(again.body == Data("en 1".utf8) && again.cacheOutcome == .stale)
        #expect(origin.sent == ["en", "en"])
    }

    @Test func aRevalidationPastItsDeadlineHoldsItsVariantAndStoresNothing() async throws {
        let clock = LockedValue(Self.t0)
        let deadlines = ManualDeadlines()
        let cache = Self.cache(clock: clock, deadlines: deadlines)
        let origin = RevalidatingOrigin(ignoresCancellation: true)
        let request = Self.get("en", timeout: Timeout(.seconds(30)))
        _ = try await cache.intercept(request, baseURL: exampleBase, next: origin.next)
        clock.withLock { $0 += 90 }
        _ = try await cache.intercept(request, baseURL: exampleBase, next: origin.next)
        try await waitUntil("the revalidation waits for the origin and its deadline") {
            origin.waitingCount == 1 && deadlines.instants.count == 1
        }
        deadlines.fire()
        try await waitUntil("the cancellation reached the origin, which goes on") {
            origin.cancelledCount == 1
        }
        // The work still runs: asking again starts no second revalidation of the variant.
        let stale = try await cache.intercept(request, baseURL: exampleBase, next: origin.next)
        #expect(stale.cacheOutcome == .stale && stale.body == Data("en 1".utf8))
        #expect(cache.backgroundRevalidations == 1)
        origin.answerWaiting()
        try await waitUntil("the revalidation ended") { cache.backgroundRevalidations == 0 }
        #expect(origin.sent == ["en", "en"] && deadlines.instants.count == 1)
        // Its response came after the deadline: it was not stored.
        var offline = Self.get("en")
        offline.cachePolicy = .returnCachedOnly
        let again = try await cache.intercept(offline, baseURL: exampleBase, next: origin.next)
        #expect(again.body == Data("en 1".utf8) && again.cacheOutcome == .stale)
    }

    @Test func aRequestWithoutATotalTimeoutIsRevalidatedWithinTheDocumentedLimit() async throws {
        let clock = LockedValue(Self.t0)
        let deadlines = ManualDeadlines()
        let cache = Self.cache(clock: clock, deadlines: deadlines)
        let origin = RevalidatingOrigin()
        _ = try await cache.intercept(Self.get("en"), baseURL: exampleBase, next: origin.next)
        clock.withLock { $0 += 90 }
        let before = ContinuousClock.now
        _ = try await cache.intercept(Self.get("en"), baseURL: exampleBase, next: origin.next)
        try await waitUntil("the revalidation waits for its deadline") { deadlines.instants.count == 1 }
        let deadline = try #require(deadlines.instants.first)
        #expect(HTTPCacheMiddleware.backgroundRevalidationLimit == .seconds(60))
        #expect(deadline >= before + .seconds(60) && deadline <= ContinuousClock.now + .seconds(60))
        deadlines.fire()
        try await waitUntil("the revalidation ended") { cache.backgroundRevalidations == 0 }
    }
}
