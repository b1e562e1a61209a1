import Testing

@testable import Courier

/// Each test has a timer of its own, so that the deadlines of tests running beside it (every
/// client's go to ``Deadline/timer``) cannot change what it sees. Most schedule deadlines an hour
/// away and run them with ``DeadlineTimer/runDue(asOf:)``, so that a loaded machine cannot run one
/// before the test is ready; the ones that wait for the sleeper look only at what happens, never at
/// when.
@Suite(.timeLimit(.minutes(2))) struct DeadlineTimerTests {
    /// What the timer's actions report, in the order they run.
    private let fired = LockedValue<[String]>([])
    /// An hour from now: far enough that the sleeper never wakes during a test.
    private let base = ContinuousClock.now + .seconds(3_600)

    /// Schedules an action that reports `name`, `offset` after ``base``.
    private func schedule(_ name: String, at offset: Duration, on timer: DeadlineTimer)
        -> DeadlineTimer.Ticket
    {
        let fired = fired
        return timer.schedule(at: base + offset) { fired.withLock { $0.append(name) } }
    }

    @Test func entriesRunInDeadlineOrderWhateverOrderTheyCameIn() {
        let timer = DeadlineTimer()
        _ = schedule("second", at: .milliseconds(300), on: timer)
        let late = schedule("late", at: .seconds(60), on: timer)
        _ = schedule("first", at: .milliseconds(100), on: timer)
        timer.runDue(asOf: base + .milliseconds(50))
        #expect(fired.withLock { $0 }.isEmpty)
        timer.runDue(asOf: base + .seconds(1))
        #expect(fired.withLock { $0 } == ["first", "second"])
        #expect(timer.pendingCount == 1)
        timer.cancel(late)
        #expect(timer.pendingCount == 0)
    }

    @Test func aCancelledEntryNeverRuns() {
        let timer = DeadlineTimer()
        let cancelled = schedule("cancelled", at: .milliseconds(50), on: timer)
        _ = schedule("kept", at: .milliseconds(200), on: timer)
        timer.cancel(cancelled)
        timer.cancel(cancelled)  // Taking an entry back twice changes nothing.
        #expect(timer.pendingCount == 1)
        timer.runDue(asOf: base + .seconds(1))
        #expect(fired.withLock { $0 } == ["kept"])
        #expect(timer.pendingCount == 0)
    }

    @Test func anEntryOfAnotherTimerIsNotTakenOutOfThisOne() {
        let timer = DeadlineTimer()
        let other = DeadlineTimer()
        _ = schedule("mine", at: .milliseconds(100), on: timer)
        let stranger = schedule("stranger", at: .milliseconds(100), on: other)
        timer.cancel(stranger)
        #expect(timer.pendingCount == 1)
        #expect(other.pendingCount == 1)
        other.cancel(stranger)
        #expect(other.pendingCount == 0)
    }

    @Test func manyEntriesTakenBackInAnyOrderLeaveTheHeapInOrder() {
        let timer = DeadlineTimer()
        // 60 entries a minute or more later, every third taken back, then three earlier ones,
        // which must run in their order and before any of the later ones.
        var later: [(offset: Duration, entry: DeadlineTimer.Ticket)] = []
        for step in [37, 5, 59, 12, 44, 0, 23, 51, 8, 30] {
            for offset in 0..<6 {
                let at = Duration.seconds(60 + step * 6 + offset)
                later.append((at, schedule("\(at)", at: at, on: timer)))
            }
        }
        for (index, entry) in later.enumerated() where index % 3 == 0 { timer.cancel(entry.entry) }
        #expect(timer.pendingCount == 40)
        _ = schedule("c", at: .milliseconds(300), on: timer)
        _ = schedule("a", at: .milliseconds(100), on: timer)
        _ = schedule("b", at: .milliseconds(200), on: timer)
        timer.runDue(asOf: base + .seconds(1))
        #expect(fired.withLock { $0 } == ["a", "b", "c"])
        // The rest come out in deadline order too.
        timer.runDue(asOf: base + .seconds(3_600))
        let kept = later.enumerated().filter { $0.offset % 3 != 0 }.map(\.element.offset).sorted()
        #expect(fired.withLock { Array($0.dropFirst(3)) } == kept.map { "\($0)" })
        #expect(timer.pendingCount == 0)
    }

    @Test func anEarlierDeadlineWakesTheSleeperBeforeALaterOne() async throws {
        let timer = DeadlineTimer()
        let (runs, running) = AsyncStream<String>.makeStream()
        // The sleeper sleeps for an hour...
        let late = timer.schedule(at: base) { running.yield("late") }
        #expect(timer.isSleeping)
        // ...until a deadline before that takes its place. Without a new sleeper this would wait
        // an hour, past the suite's time limit.
        _ = timer.schedule(at: .now + .milliseconds(50)) { running.yield("soon") }
        var iterator = runs.makeAsyncIterator()
        #expect(await iterator.next() == "soon")
        #expect(timer.pendingCount == 1)
        #expect(timer.isSleeping, "a sleeper waits for the later deadline")
        timer.cancel(late)
    }

    @Test func theSleeperSleepsOnUntilTheNextDeadline() async {
        let timer = DeadlineTimer()
        let (runs, running) = AsyncStream<String>.makeStream()
        _ = timer.schedule(at: .now + .milliseconds(50)) { running.yield("a") }
        _ = timer.schedule(at: .now + .milliseconds(100)) { running.yield("b") }
        // One sleeper serves both: were it to end after its first wake, "b" would never run and
        // the suite's time limit would end the test.
        var iterator = runs.makeAsyncIterator()
        #expect(await iterator.next() == "a")
        #expect(await iterator.next() == "b")
        #expect(timer.isSleeping == false)
    }

    @Test func theSleeperEndsWithItsLastEntryAndALaterOneStartsAnother() async {
        let timer = DeadlineTimer()
        let (runs, running) = AsyncStream<String>.makeStream()
        #expect(timer.isSleeping == false)
        _ = timer.schedule(at: .now + .milliseconds(50)) { running.yield("one") }
        #expect(timer.isSleeping)
        var iterator = runs.makeAsyncIterator()
        #expect(await iterator.next() == "one")
        // The sleeper let go before it ran the action.
        #expect(timer.isSleeping == false)
        _ = timer.schedule(at: .now + .milliseconds(50)) { running.yield("two") }
        #expect(timer.isSleeping)
        #expect(await iterator.next() == "two")
    }
}
