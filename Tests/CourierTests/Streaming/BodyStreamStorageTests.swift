import CourierTestSupport
import Foundation
import Testing

@testable import Courier

struct BodyStreamStorageTests {
    /// Counts what the storage asks its writer to do.
    final class Calls: Sendable {
        let counts = LockedValue((pause: 0, resume: 0, close: 0))

        func controls() -> BodyStreamStorage.Controls {
            BodyStreamStorage.Controls(
                pause: { self.counts.withLock { $0.pause += 1 } },
                resume: { self.counts.withLock { $0.resume += 1 } },
                close: { self.counts.withLock { $0.close += 1 } })
        }

        var now: (pause: Int, resume: Int, close: Int) { counts.withLock { $0 } }
    }

    @Test func theWriterIsPausedPastTheHighWaterMarkAndResumedAtTheLowOne() async throws {
        let storage = BodyStreamStorage(highWater: 100)
        let calls = Calls()
        storage.attach(calls.controls())
        for _ in 0..<5 { #expect(storage.write(Data(count: 30))) }
        #expect(calls.now.pause == 1)
        #expect(calls.now.resume == 0)
        // 150 bytes wait; reading joins them into one chunk and drains below 25.
        let chunk = try await storage.next()
        #expect(chunk?.count == 150)
        #expect(calls.now.resume == 1)
    }

    /// The idle timeout counts only while the reader waits: silence while nobody reads does not
    /// fail a reader that starts waiting later, and the reader's own wait does. Decided at
    /// instants the test gives, not by a clock.
    @Test func silenceCountsOnlyWhileTheReaderWaits() async throws {
        let storage = BodyStreamStorage(idleTimeout: .seconds(10))
        let start = ContinuousClock.now
        storage.write(Data("ab".utf8))
        #expect(try await storage.next() == Data("ab".utf8))
        // Nobody reads: an hour of silence is not a timeout.
        guard case .wait = storage.check(at: start + .seconds(3_600)) else {
            Issue.record("a stream nobody waited on timed out")
            return
        }
        let reader = Task { try await storage.next() }
        try await waitUntil("the reader waits") { storage.hasWaitingReader }
        let waitingSince = ContinuousClock.now
        guard case .wait = storage.check(at: waitingSince + .seconds(9)) else {
            Issue.record("the reader timed out before its idle timeout")
            return
        }
        guard case .expired(let error) = storage.check(at: waitingSince + .seconds(11)) else {
            Issue.record("the reader waited past its idle timeout")
            return
        }
        #expect(error.kind == .timedOut)
        storage.write(Data("c".utf8))
        #expect(try await reader.value == Data("c".utf8))
    }

    @Test func chunksWrittenBeforeAnErrorArriveBeforeIt() async throws {
        let storage = BodyStreamStorage()
        storage.write(Data("ab".utf8))
        storage.finish(CourierError(stage: .transport, kind: .truncatedResponse, message: "Cut."))
        #expect(try await storage.next() == Data("ab".utf8))
        await #expect(throws: CourierError.self) { try await storage.next() }
    }

    @Test func aBacklogPastItsLimitFailsAsTooLargeAndClosesTheConnection() async throws {
        let storage = BodyStreamStorage(highWater: 10, backlogLimit: 100)
        let calls = Calls()
        storage.attach(calls.controls())
        for _ in 0..<3 { #expect(storage.write(Data(count: 30))) }
        #expect(!storage.write(Data(count: 30)))
        #expect(calls.now.close == 1)
        let error = await #expect(throws: CourierError.self) { try await storage.next() }
        #expect(error?.kind == .responseTooLarge)
        #expect(
            error?.message
                == "The response body's reader fell more than 100 bytes behind the server, and the transport cannot "
                + "slow the server down.")
    }

    @Test func cancellingTheReaderClosesTheConnectionAndRefusesLaterWrites() async throws {
        let storage = BodyStreamStorage()
        let calls = Calls()
        storage.attach(calls.controls())
        let reader = Task { try await storage.next() }
        reader.cancel()
        let outcome = await reader.result
        #expect((outcome.failure as? CourierError)?.kind == .cancelled)
        #expect(calls.now.close == 1)
        #expect(!storage.write(Data("late".utf8)))
    }

    @Test func aCancelledReaderStopsEvenWhileChunksWait() async throws {
        let storage = BodyStreamStorage(highWater: 10)
        let calls = Calls()
        storage.attach(calls.controls())
        for _ in 0..<4 { #expect(storage.write(Data(count: 30))) }
        let reader = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await storage.next()
        }
        let outcome = await reader.result
        #expect((outcome.failure as? CourierError)?.kind == .cancelled)
        #expect(calls.now.close == 1)
        #expect(!storage.write(Data("late".utf8)))
    }

    /// The writer's pause is decided first; the control it calls is held up (as a writer thread
    /// preempted between deciding and calling would be) while the reader drains the buffer. The
    /// resume the reader decides must still reach the writer after the pause.
    @Test func aResumeNeverReachesTheWriterBeforeItsPause() async throws {
        let storage = BodyStreamStorage(highWater: 100)
        let order = LockedValue<[String]>([])
        let pauseCalled = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        storage.attach(
            BodyStreamStorage.Controls(
                pause: {
                    pauseCalled.signal()
                    // Long enough for the reader to drain the buffer if the lock allows it.
                    _ = readerDone.wait(timeout: .now() + .milliseconds(500))
                    order.withLock { $0.append("pause") }
                },
                resume: { order.withLock { $0.append("resume") } }))
        let writer = DispatchQueue(label: "writer")
        writer.async { storage.write(Data(count: 150)) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                pauseCalled.wait()
                continuation.resume()
            }
        }
        let chunk = try await storage.next()
        readerDone.signal()
        #expect(chunk?.count == 150)
        writer.sync {}
        #expect(order.withLock { $0 } == ["pause", "resume"])
    }

    @Test func aReaderLeftBeforeTheControlsArriveClosesOnAttach() {
        let storage = BodyStreamStorage()
        storage.readerLeft()
        let calls = Calls()
        storage.attach(calls.controls())
        #expect(calls.now.close == 1)
    }

    @Test func aReaderWaitingLongerThanTheIdleTimeoutFails() async throws {
        let storage = BodyStreamStorage(idleTimeout: .milliseconds(200))
        let started = ContinuousClock.now
        let error = await #expect(throws: CourierError.self) { try await storage.next() }
        #expect(error?.kind == .timedOut)
        #expect(started.duration(to: .now) >= .milliseconds(200))
    }

    /// A storage with a watchdog that nobody holds any more is freed: its watchdog does not keep
    /// it alive while it sleeps (the idle timeout fires only while a reader waits, so without a
    /// reader the watchdog would sleep and wake for ever). One watchdog each: for an idle timeout,
    /// and for a deadline.
    @Test(arguments: [true, false])
    func aStorageNobodyHoldsIsFreedWithItsWatchdog(idle: Bool) async throws {
        weak var freed: BodyStreamStorage?
        do {
            let storage = idle ? BodyStreamStorage(idleTimeout: .seconds(3600)) : BodyStreamStorage()
            if !idle { storage.limit(until: .now.advanced(by: .seconds(3600))) }
            freed = storage
            // Held until the watchdog has checked once, so that it is asleep (or about to be)
            // when the storage is let go: a watchdog that kept it while sleeping would be caught.
            let end = ContinuousClock.now.advanced(by: .seconds(30))
            while storage.watchdogChecks == 0, ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(1))
            }
            try #require(storage.watchdogChecks >= 1)
        }
        // The watchdog holds it for the moment it checks; then only the weak reference is left.
        let end = ContinuousClock.now.advanced(by: .seconds(30))
        while freed != nil, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(freed == nil)
    }

    @Test func aDeadlineEndsTheBody() async throws {
        let storage = BodyStreamStorage()
        storage.limit(until: .now.advanced(by: .milliseconds(100)))
        let error = await #expect(throws: CourierError.self) { try await storage.next() }
        #expect(error?.message == "The response body did not end within its deadline.")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
