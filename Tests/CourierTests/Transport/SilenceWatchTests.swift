import Testing

@testable import Courier

/// Which timeout runs when, decided without a clock or a server; and the one loop that enforces
/// a watch, run with a manual clock.
struct SilenceWatchTests {
    private let start = ContinuousClock.now

    /// The error `check` expires with, or `nil` when it does not expire.
    private func expiry(_ check: SilenceWatch.Check) -> CourierError? {
        if case .expired(let error) = check { return error }
        return nil
    }

    /// The instant `check` looks again at, or `nil` when it does not wait.
    private func wake(_ check: SilenceWatch.Check) -> ContinuousClock.Instant? {
        if case .wait(let instant) = check { return instant }
        return nil
    }

    @Test func withoutTimeoutsNoWatchIsNeeded() {
        let watch = SilenceWatch(Timeout())
        #expect(!watch.isNeeded)
        guard case .done = watch.check(after: .started(start), now: start + .seconds(3_600)) else {
            Issue.record("expected no timeout to run")
            return
        }
    }

    @Test func theConnectTimeoutRunsUntilTheFirstSignOfLife() throws {
        let watch = SilenceWatch(Timeout(connect: .seconds(1), idle: .seconds(5)))
        #expect(wake(watch.check(after: .started(start), now: start)) == start + .seconds(1))
        let error = try #require(expiry(watch.check(after: .started(start), now: start + .seconds(1))))
        #expect(error.kind == .timedOut)
        #expect(error.stage == .transport)
        #expect(
            error.message
                == "No response arrived within the connect timeout of 1.0 seconds; "
                + "the server may be unreachable or overloaded.")
    }

    @Test func theIdleTimeoutRunsUntilTheHeadWithoutAConnectTimeout() throws {
        let watch = SilenceWatch(Timeout(idle: .seconds(2)))
        #expect(wake(watch.check(after: .started(start), now: start)) == start + .seconds(2))
        let error = try #require(expiry(watch.check(after: .started(start), now: start + .seconds(2))))
        #expect(error.message == "The server sent nothing within the idle timeout of 2.0 seconds.")
    }

    @Test func theIdleTimeoutRunsFromTheLastChunkSentOrReceived() throws {
        let watch = SilenceWatch(Timeout(connect: .seconds(1), idle: .seconds(3)))
        let later = start + .seconds(10)
        #expect(wake(watch.check(after: .sent(later), now: later)) == later + .seconds(3))
        let sending = try #require(expiry(watch.check(after: .sent(later), now: later + .seconds(3))))
        #expect(
            sending.message.contains(
                "the server took no more of the body, or the body's stream produced no more"))
        #expect(wake(watch.check(after: .received(later), now: later)) == later + .seconds(3))
        let receiving = try #require(expiry(watch.check(after: .received(later), now: later + .seconds(3))))
        #expect(receiving.message == "The response stalled for longer than the idle timeout of 3.0 seconds.")
    }

    @Test func aConnectTimeoutAloneEndsWithTheFirstSignOfLife() {
        let watch = SilenceWatch(Timeout(connect: .seconds(1)))
        #expect(watch.isNeeded)
        guard case .done = watch.check(after: .sent(start), now: start + .seconds(60)),
            case .done = watch.check(after: .received(start), now: start + .seconds(60))
        else {
            Issue.record("expected the watch to end")
            return
        }
    }

    @Test func theWatchLooksAgainWithinOneIdleTimeoutSoALaterIdleDeadlineIsNotOverslept() throws {
        let watch = SilenceWatch(Timeout(connect: .seconds(20), idle: .seconds(1)))
        let first = try #require(wake(watch.check(after: .started(start), now: start)))
        #expect(first == start + .seconds(1))
        // The head arrived meanwhile: its idle timeout runs out 1 s after it.
        let head = start + .milliseconds(10)
        let second = try #require(wake(watch.check(after: .received(head), now: first)))
        #expect(second == head + .seconds(1))
        let error = try #require(expiry(watch.check(after: .received(head), now: second)))
        #expect(error.message.contains("idle timeout of 1.0 seconds"))
    }

    @Test func aDeadlineEndsTheWatchWhateverTheActivity() throws {
        let watch = SilenceWatch(idle: .seconds(10), deadline: start + .seconds(4))
        #expect(
            wake(watch.check(after: .received(start + .seconds(3)), now: start + .seconds(3))) == start
                + .seconds(4))
        let error = try #require(
            expiry(watch.check(after: .received(start + .seconds(4)), now: start + .seconds(4))))
        #expect(error.message == "The response body did not end within its deadline.")
        let alone = SilenceWatch(deadline: start + .seconds(4))
        #expect(alone.isNeeded)
        #expect(wake(alone.check(after: .received(start), now: start)) == start + .seconds(4))
    }

    @Test func enforcingSleepsUntilEachCheckAndReturnsTheExpiry() async {
        let watch = SilenceWatch(Timeout(connect: .seconds(5), idle: .seconds(2)))
        let slept = LockedValue<[ContinuousClock.Instant]>([])
        let start = start
        // A manual clock: each sleep moves "now" to the instant it was asked to sleep until.
        let now = LockedValue(start)
        let sleep: @Sendable (ContinuousClock.Instant) async throws -> Void = { instant in
            slept.withLock { $0.append(instant) }
            now.withLock { $0 = instant }
        }
        let check: @Sendable (ContinuousClock.Instant) -> SilenceWatch.Check = { now in
            watch.check(after: .started(start), now: now)
        }
        let error = await SilenceWatch.enforce(sleep: sleep, now: { now.withLock { $0 } }, check)
        #expect(slept.withLock { $0 } == [start + .seconds(2), start + .seconds(4), start + .seconds(5)])
        #expect(error?.message.contains("connect timeout of 5.0 seconds") == true)
    }

    @Test func enforcingEndsWithoutAnErrorWhenTheWatchIsDoneOrTheSleepIsCancelled() async {
        let recordSleep: @Sendable (ContinuousClock.Instant) async throws -> Void = { _ in
            Issue.record("slept")
        }
        let done = await SilenceWatch.enforce(sleep: recordSleep) { _ in .done }
        #expect(done == nil)
        let cancelledSleep: @Sendable (ContinuousClock.Instant) async throws -> Void = { _ in
            throw CancellationError()
        }
        let cancelled = await SilenceWatch.enforce(sleep: cancelledSleep) { now in
            .wait(until: now + .seconds(1))
        }
        #expect(cancelled == nil)
    }
}
