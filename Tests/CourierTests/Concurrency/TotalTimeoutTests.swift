import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// A transport that answers only after `delay`, or when cancelled; models a slow server.
/// With `redirecting`, every answer is a 307 to the request's path plus one more `x`.
/// `answers` counts the calls that waited out their whole delay.
private func slowTransport(
    _ delay: Duration, redirecting: Bool = false, answers: LockedValue<Int> = LockedValue(0)
) -> RecordingTransport {
    RecordingTransport(
        answeringWith: StubTransport { request in
            try await Task.sleep(for: delay)
            answers.withLock { $0 += 1 }
            if redirecting {
                let location = request.url.path + "x"
                return RawResponse(
                    status: 307, headers: [HeaderField(name: .location, value: location)], url: request.url)
            }
            return RawResponse(status: .noContent, url: request.url)
        }
    )
}

/// The faults here last 60 s against timeouts of 0.2 s: on a loaded two-core machine a 0.2 s
/// timer was seen to fire 18 s late, so the tests tell a timeout that held from one that did not
/// by what happened first, never by a wall-clock bound.
@Suite(.timeLimit(.minutes(2))) struct TotalTimeoutTests {
    @Test func endpointTimeoutIsATotalDeadline() async {
        let answers = LockedValue(0)
        let client = Client(baseURL: exampleBase, transport: slowTransport(.seconds(60), answers: answers))
        let error = await expectCourierError(.timedOut, stage: .transport) {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Timeout(.milliseconds(200))
                })
        }
        #expect(error?.message == "The request did not complete within its timeout of 0.2 seconds.")
        #expect(error?.request?.method == .get)
        #expect(error?.url?.absoluteString == "https://api.example.com/")
        // The timeout came before the transport's 60 s were up.
        #expect(answers.withLock { $0 } == 0, "the caller waited for the transport's answer")
    }

    @Test func theDeadlineCoversEveryRedirectHop() async {
        // Each hop alone fits in the timeout; the chain of them does not. The redirect limit is
        // 30 s of hops away, so a late timer still ends the chain before the limit does.
        let recorder = slowTransport(.milliseconds(150), redirecting: true)
        let client = Client(
            baseURL: exampleBase, transport: recorder, configuration: Client.Configuration(redirectLimit: 200)
        )
        await expectCourierError(.timedOut) {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("start")
                    Timeout(.milliseconds(400))
                })
        }
        #expect(await recorder.requests.count < 200)
    }

    @Test func clientTimeoutAppliesToEndpointsWithoutOne() async {
        let client = Client(
            baseURL: exampleBase,
            transport: slowTransport(.seconds(60)),
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(200)))
        )
        await expectCourierError(.timedOut) { try await client.send(Endpoint<Empty, Never> { Method.get }) }
    }

    @Test func fastRequestsFinishWithinTheirTimeout() async throws {
        let client = Client(
            baseURL: exampleBase, transport: slowTransport(.zero),
            configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
        #expect(try await client.send(Endpoint<Empty, Never> { Method.get }).status == .noContent)
    }

    @Test func cancellationInsideTheDeadlineIsCancelled() async {
        let client = Client(
            baseURL: exampleBase,
            transport: slowTransport(.seconds(60)),
            configuration: Client.Configuration(timeout: Timeout(.seconds(50)))
        )
        let task = Task { try await client.send(Endpoint<Empty, Never> { Method.get }) }
        task.cancel()
        await expectCourierError(.cancelled) { try await task.value }
    }
}

struct UncooperativeTotalTimeoutTests {
    /// A transport that ignores cancellation cannot stretch the deadline: the caller gets its
    /// timeout while the transport still holds its answer, and the late answer is dropped.
    @Test func theDeadlineHoldsAgainstATransportThatIgnoresCancellation() async throws {
        // The transport answers when the test releases it (or after 60 s, so that a broken
        // deadline fails the test instead of hanging it), and never looks at cancellation.
        let release = DispatchSemaphore(value: 0)
        let answered = LockedValue(false)
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        _ = release.wait(timeout: .now() + 60)
                        continuation.resume()
                    }
                }
                answered.withLock { $0 = true }
                return RawResponse(status: .ok, url: request.url)
            },
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(200)))
        )
        await expectCourierError(.timedOut) {
            try await client.send(Endpoint<Empty, Never> { Method.get })
        }
        // Without the race the caller would get nothing before the transport answers; checking
        // the order instead of the time holds however long a busy machine delays the timer.
        #expect(answered.withLock { $0 } == false, "the caller waited for the transport")
        release.signal()
    }
}

/// ``TotalTimeout/run(until:timeout:sleep:_:)`` itself.
@Suite(.timeLimit(.minutes(2))) struct TotalTimeoutRaceTests {
    /// What the operations answer.
    private static let answer = RawResponse(status: .ok, url: URL(string: "https://api.example.com/")!)

    @Test func anOperationThatEndsInTimeGivesItsAnswer() async throws {
        for _ in 0..<20 {
            let response = try await TotalTimeout.run(until: .now + .seconds(3_600), timeout: .seconds(3_600))
            {
                () throws(CourierError) in Self.answer
            }
            #expect(response.status == .ok)
        }
    }

    @Test func theTimeoutComesWhileTheOperationStillWaits() async throws {
        let answered = LockedValue(false)
        let error = await expectCourierError(.timedOut, stage: .transport) {
            try await TotalTimeout.run(until: .now + .milliseconds(200), timeout: .milliseconds(200)) {
                () throws(CourierError) in
                // Cancelled by the timeout; 60 s otherwise, so that a broken deadline fails the
                // test rather than passing late.
                do {
                    try await Task.sleep(for: .seconds(60))
                    answered.withLock { $0 = true }
                } catch {}
                return Self.answer
            }
        }
        #expect(error?.message == "The request did not complete within its timeout of 0.2 seconds.")
        #expect(answered.withLock { $0 } == false, "the caller waited for the operation")
    }

    @Test func anOperationsOwnErrorPassesThrough() async {
        await expectCourierError(.invalidMethod) {
            try await TotalTimeout.run(until: .now + .seconds(30), timeout: .seconds(30)) {
                () throws(CourierError) -> RawResponse in
                await Task.yield()
                throw CourierError(stage: .building, kind: .invalidMethod, message: "no")
            }
        }
    }

    @Test func aCallerCancelledBeforeTheStartCancelsTheOperation() async throws {
        let sawCancellation = LockedValue<Bool?>(nil)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await TotalTimeout.run(until: .now + .seconds(30), timeout: .seconds(30)) {
                () throws(CourierError) in
                sawCancellation.withLock { $0 = Task.isCancelled }
                return Self.answer
            }
        }
        _ = try await task.value
        #expect(sawCancellation.withLock { $0 } == true)
    }

    @Test func aCallerCancelledWhileTheOperationWaitsCancelsIt() async throws {
        let started = LockedValue(false)
        let task = Task {
            try await TotalTimeout.run(until: .now + .seconds(50), timeout: .seconds(50)) {
                () throws(CourierError) in
                started.withLock { $0 = true }
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    throw CourierError(stage: .transport, kind: .cancelled, message: "cancelled")
                }
                return Self.answer
            }
        }
        try await waitUntil("the operation started") { started.withLock { $0 } }
        task.cancel()
        await expectCourierError(.cancelled) { try await task.value }
    }

    @Test func aCancelledCallerWhoseOperationIgnoresItGetsACancellationAtTheDeadline() async throws {
        // The operation cancels its caller, then waits without looking at it; the test wakes the
        // deadline's sleep once both happened, so their order is the test's, not the machine's.
        let alarm = ManualAlarm()
        let release = DispatchSemaphore(value: 0)
        let cancelledItsCaller = LockedValue(false)
        let caller = LockedValue<Task<RawResponse, any Error>?>(nil)
        let task = Task {
            try await waitUntil("the task knows its handle") { caller.withLock { $0 } != nil }
            return try await TotalTimeout.run(
                until: .now + .seconds(3_600), timeout: .seconds(3_600), sleep: alarm.sleep
            ) { () throws(CourierError) in
                caller.withLock { $0 }?.cancel()
                cancelledItsCaller.withLock { $0 = true }
                await Self.wait(for: release)
                return Self.answer
            }
        }
        caller.withLock { $0 = task }
        try await waitUntil("the caller is cancelled and its deadline set") {
            cancelledItsCaller.withLock { $0 } && alarm.isSleeping
        }
        alarm.ring()
        let error = await expectCourierError(.cancelled, stage: .transport) { try await task.value }
        #expect(
            error?.message
                == "The request was cancelled, and had not stopped when its timeout of 3600.0 seconds ran out."
        )
        release.signal()
    }

    @Test func theDeadlineCancelsAnOperationThatIsLate() async throws {
        let alarm = ManualAlarm()
        let sawCancellation = LockedValue(false)
        let task = Task {
            try await TotalTimeout.run(
                until: .now + .seconds(3_600), timeout: .seconds(3_600), sleep: alarm.sleep
            ) {
                () throws(CourierError) in
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    sawCancellation.withLock { $0 = true }
                }
                return Self.answer
            }
        }
        try await waitUntil("the deadline's sleep started") { alarm.isSleeping }
        alarm.ring()
        await expectCourierError(.timedOut) { try await task.value }
        try await waitUntil("the operation saw its cancellation") { sawCancellation.withLock { $0 } }
    }

    @Test func withASettleTimeTheCallerGetsItsTimeoutOnceTheCancelledOperationEnded() async throws {
        // The operation, once cancelled, takes until the test releases it to end (as a transport
        // letting go of a download's file); the caller's settle wait is seen by its sleep.
        let alarm = ManualAlarm()
        let release = DispatchSemaphore(value: 0)
        let ended = LockedValue(false)
        let returned = LockedValue(false)
        let task = Task {
            defer { returned.withLock { $0 = true } }
            return try await TotalTimeout.run(
                until: .now + .seconds(3_600), timeout: .seconds(3_600), settleTime: .seconds(3_600),
                sleep: alarm.sleep
            ) { () throws(CourierError) in
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    await Self.wait(for: release)
                    ended.withLock { $0 = true }
                    throw CourierError(stage: .transport, kind: .cancelled, message: "cancelled")
                }
                return Self.answer
            }
        }
        try await waitUntil("the deadline's sleep started") { alarm.isSleeping }
        alarm.ring()
        try await waitUntil("the caller waits for the operation to end") { alarm.isSleeping }
        #expect(returned.withLock { $0 } == false)
        release.signal()
        await expectCourierError(.timedOut) { try await task.value }
        #expect(ended.withLock { $0 }, "the caller returned before the operation ended")
    }

    @Test func anOperationThatSucceedsWithinTheSettleTimeGivesItsAnswer() async throws {
        // A download whose last bytes arrive as its deadline passes: its file is complete, and
        // the timeout's error would throw it away.
        let alarm = ManualAlarm()
        let release = DispatchSemaphore(value: 0)
        let task = Task {
            try await TotalTimeout.run(
                until: .now + .seconds(3_600), timeout: .seconds(3_600), settleTime: .seconds(3_600),
                sleep: alarm.sleep
            ) { () throws(CourierError) in
                await Self.wait(for: release)
                return Self.answer
            }
        }
        try await waitUntil("the deadline's sleep started") { alarm.isSleeping }
        alarm.ring()
        try await waitUntil("the caller waits for the operation to end") { alarm.isSleeping }
        release.signal()
        #expect(try await task.value.status == .ok)
    }

    @Test func theSettleWaitEndsAtItsLimitWhenTheOperationIgnoresCancellation() async throws {
        let alarm = ManualAlarm()
        let release = DispatchSemaphore(value: 0)
        let answered = LockedValue(false)
        let task = Task {
            try await TotalTimeout.run(
                until: .now + .seconds(3_600), timeout: .seconds(3_600), settleTime: .seconds(3_600),
                sleep: alarm.sleep
            ) { () throws(CourierError) in
                await Self.wait(for: release)
                answered.withLock { $0 = true }
                return Self.answer
            }
        }
        try await waitUntil("the deadline's sleep started") { alarm.isSleeping }
        alarm.ring()
        try await waitUntil("the caller waits for the operation to end") { alarm.isSleeping }
        alarm.ring()
        await expectCourierError(.timedOut) { try await task.value }
        #expect(answered.withLock { $0 } == false, "the caller waited past its settle time")
        release.signal()
    }

    /// Waits on `semaphore` off the cooperative threads, at most 60 s.
    private static func wait(for semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = semaphore.wait(timeout: .now() + 60)
                continuation.resume()
            }
        }
    }
}

/// A deadline's sleep that ends when the test rings, whatever the instant.
private struct ManualAlarm: Sendable {
    private let sleeper = LockedValue<CheckedContinuation<Void, Never>?>(nil)

    /// Whether a sleep waits for the ring.
    var isSleeping: Bool { sleeper.withLock { $0 != nil } }

    /// Sleeps until ``ring()``, whatever `instant`.
    var sleep: @Sendable (ContinuousClock.Instant) async throws -> Void {
        { [sleeper] _ in
            await withCheckedContinuation { continuation in sleeper.withLock { $0 = continuation } }
        }
    }

    /// Ends the sleep.
    func ring() {
        sleeper.withLock { $0.take() }?.resume()
    }
}
