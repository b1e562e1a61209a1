import CourierTestSupport
import Testing

@testable import Courier

/// The wait every timeout is enforced with: never shorter than asked, and ended by a
/// cancellation at once, giving its timer back.
struct SilenceWatchSleepTests {
    /// A reference to a wait that does not keep it. The timer's handler holds the wait until
    /// Dispatch lets go of the timer, so the wait is freed only once its timer is.
    private struct Unretained: Sendable {
        weak var wait: TimerWait?
    }

    @Test func aSleepNeverEndsBeforeItsDeadline() async throws {
        for delay in [Duration.zero, .milliseconds(-5), .milliseconds(1), .milliseconds(30)] {
            let deadline = ContinuousClock.now + delay
            try await SilenceWatch.sleep(until: deadline)
            #expect(ContinuousClock.now >= deadline, "slept until now + \(delay)")
        }
    }

    @Test(.timeLimit(.minutes(2))) func aCancelledSleepEndsAtOnceAndGivesItsTimerBack() async throws {
        // A minute away: a cancellation that did not end the wait would show as a minute's wait,
        // and a timer kept after it would keep the wait for that minute.
        let unretained = try await { () async throws -> Unretained in
            let wait = TimerWait()
            let sleeper = Task { try await wait.sleep(until: .now + .seconds(60)) }
            try await waitUntil("the sleep's timer runs") { wait.isWaiting }
            let cancelled = ContinuousClock.now
            sleeper.cancel()
            await #expect(throws: CancellationError.self) { try await sleeper.value }
            #expect(ContinuousClock.now - cancelled < .seconds(30))
            #expect(!wait.isWaiting)
            #expect(wait.timersStarted == 1)
            return Unretained(wait: wait)
        }()
        try await waitUntil("the cancelled timer lets the wait go", within: .seconds(30)) {
            unretained.wait == nil
        }
    }

    @Test func aSleepThatEndsAtItsDeadlineGivesItsTimerBack() async throws {
        let unretained = try await { () async throws -> Unretained in
            let wait = TimerWait()
            try await wait.sleep(until: .now + .milliseconds(5))
            #expect(wait.timersStarted == 1)
            return Unretained(wait: wait)
        }()
        try await waitUntil("the fired timer lets the wait go") { unretained.wait == nil }
    }

    @Test(.timeLimit(.minutes(2))) func aSleepInACancelledTaskThrowsWithoutStartingATimer() async {
        let wait = TimerWait()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await wait.sleep(until: .now + .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(wait.timersStarted == 0)
    }

    @Test func enforcingWithTheDefaultSleepExpiresOnTime() async {
        let start = ContinuousClock.now
        let watch = SilenceWatch(connect: .milliseconds(20))
        let error = await SilenceWatch.enforce { now in watch.check(after: .started(start), now: now) }
        #expect(error?.kind == .timedOut)
        #expect(ContinuousClock.now >= start + .milliseconds(20))
    }
}
