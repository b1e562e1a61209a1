import CourierTestSupport
import Testing

@testable import Courier

/// The wait every timeout is enforced with: never shorter than asked, and ended by a
/// cancellation at once, giving its timer back.
struct SilenceWatchSleepTests {
    /// A reference to a wait that does not keep it.
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

    @Test(.timeLimit(.minutes(1))) func aCancelledSleepEndsAtOnceAndGivesItsTimerBack() async throws {
        let unretained = try await { () async throws -> Unretained in
            let wait = TimerWait()
            let sleeper = Task { try await wait.sleep(until: .now + .seconds(3_600)) }
            try await waitUntil("the sleep's timer runs") { wait.isWaiting }
            sleeper.cancel()
            await #expect(throws: CancellationError.self) { try await sleeper.value }
            #expect(!wait.isWaiting)
            return Unretained(wait: wait)
        }()
        // The timer, scheduled an hour away, held the wait until it was cancelled.
        try await waitUntil("the cancelled timer lets the wait go") { unretained.wait == nil }
    }

    @Test(.timeLimit(.minutes(1))) func aSleepInACancelledTaskThrowsWithoutStartingATimer() async {
        let wait = TimerWait()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await wait.sleep(until: .now + .seconds(3_600))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(!wait.isWaiting)
    }

    @Test func enforcingWithTheDefaultSleepExpiresOnTime() async {
        let start = ContinuousClock.now
        let watch = SilenceWatch(connect: .milliseconds(20))
        let error = await SilenceWatch.enforce { now in watch.check(after: .started(start), now: now) }
        #expect(error?.kind == .timedOut)
        #expect(ContinuousClock.now >= start + .milliseconds(20))
    }
}
