import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import CourierAsyncHTTPClient

@Suite(.timeLimit(.minutes(1))) struct SharedCheckTests {
    /// Callers that ask while a check of their key runs get its answer; the check runs once, and
    /// nothing of it is kept once it ended.
    @Test func callersOfOneKeyShareTheCheckUnderWay() async throws {
        let checks = SharedCheck<String, Int>()
        let runs = NIOLockedValueBox(0)
        // Check number N ends once the test released N checks.
        let released = NIOLockedValueBox(0)
        let check: @Sendable () async -> Int = {
            let run = runs.withLockedValue { runs in
                runs += 1
                return runs
            }
            while released.withLockedValue({ $0 }) < run { try? await Task.sleep(for: .milliseconds(2)) }
            return run
        }
        let answers = Task {
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<20 { group.addTask { await checks.answer(for: "a", ifCancelled: 0, check) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        // The check waits until the test releases it, once every caller waits for it.
        try await waitUntil { checks.callers(of: "a") == 20 && runs.withLockedValue { $0 } == 1 }
        released.withLockedValue { $0 += 1 }
        #expect(await answers.value == Array(repeating: 1, count: 20))
        // Another key, and the same key afterwards, run checks of their own.
        released.withLockedValue { $0 += 1 }
        #expect(await checks.answer(for: "b", ifCancelled: 0, check) == 2)
        released.withLockedValue { $0 += 1 }
        #expect(await checks.answer(for: "a", ifCancelled: 0, check) == 3)
    }

    /// A caller cancelled while it waits gets the fallback at once; the check goes on for the
    /// others.
    @Test func aCancelledCallerStopsWaitingAndTheCheckGoesOn() async throws {
        let checks = SharedCheck<String, Int>()
        let released = NIOLockedValueBox(false)
        let check: @Sendable () async -> Int = {
            while !released.withLockedValue({ $0 }) { try? await Task.sleep(for: .milliseconds(2)) }
            return 7
        }
        let patient = Task { await checks.answer(for: "a", ifCancelled: -1, check) }
        let impatient = Task { await checks.answer(for: "a", ifCancelled: -1, check) }
        try await waitUntil { checks.callers(of: "a") == 2 }
        impatient.cancel()
        #expect(await impatient.value == -1)
        #expect(checks.callers(of: "a") == 1)
        released.withLockedValue { $0 = true }
        #expect(await patient.value == 7)
        #expect(checks.callers(of: "a") == 0)
    }

    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
