import Courier
import Testing

@testable import CourierAsyncHTTPClient

/// Which timeout runs when, decided without a clock or a server.
struct SilenceWatchTests {
    private let start = ContinuousClock.now

    @Test func withoutTimeoutsNoWatchIsNeeded() {
        let watch = SilenceWatch(Timeout())
        #expect(!watch.isNeeded)
        #expect(watch.expiry(after: .started(start)) == nil)
    }

    @Test func theConnectTimeoutRunsUntilTheFirstSignOfLife() throws {
        let watch = SilenceWatch(Timeout(connect: .seconds(1), idle: .seconds(5)))
        let expiry = try #require(watch.expiry(after: .started(start)))
        #expect(expiry.deadline == start + .seconds(1))
        #expect(expiry.error.kind == .timedOut)
        #expect(
            expiry.error.message
                == "No response arrived within the connect timeout of 1.0 seconds; "
                + "the server may be unreachable or overloaded.")
    }

    @Test func theIdleTimeoutRunsUntilTheHeadWithoutAConnectTimeout() throws {
        let watch = SilenceWatch(Timeout(idle: .seconds(2)))
        let expiry = try #require(watch.expiry(after: .started(start)))
        #expect(expiry.deadline == start + .seconds(2))
        #expect(expiry.error.message == "The server sent nothing within the idle timeout of 2.0 seconds.")
    }

    @Test func theIdleTimeoutRunsFromTheLastChunkSentOrReceived() throws {
        let watch = SilenceWatch(Timeout(connect: .seconds(1), idle: .seconds(3)))
        let later = start + .seconds(10)
        let sending = try #require(watch.expiry(after: .sent(later)))
        #expect(sending.deadline == later + .seconds(3))
        #expect(sending.error.message.contains("to take more of the request body or to answer"))
        let receiving = try #require(watch.expiry(after: .received(later)))
        #expect(receiving.deadline == later + .seconds(3))
        #expect(
            receiving.error.message
                == "The response stalled for longer than the idle timeout of 3.0 seconds; "
                + "the partial body was discarded.")
    }

    @Test func aConnectTimeoutAloneEndsWithTheFirstSignOfLife() {
        let watch = SilenceWatch(Timeout(connect: .seconds(1)))
        #expect(watch.isNeeded)
        #expect(watch.expiry(after: .sent(start)) == nil)
        #expect(watch.expiry(after: .received(start)) == nil)
    }

    @Test func theWatchLooksAgainWithinOneIdleTimeoutSoALaterIdleDeadlineIsNotOverslept() {
        let watch = SilenceWatch(Timeout(connect: .seconds(20), idle: .seconds(1)))
        guard case .wait(let first) = watch.check(after: .started(start), now: start) else {
            Issue.record("expected a wait")
            return
        }
        #expect(first == start + .seconds(1))
        // The head arrived meanwhile: its idle timeout runs out 1 s after it.
        let head = start + .milliseconds(10)
        guard case .wait(let second) = watch.check(after: .received(head), now: first) else {
            Issue.record("expected a wait")
            return
        }
        #expect(second == head + .seconds(1))
        guard case .expired(let error) = watch.check(after: .received(head), now: second) else {
            Issue.record("expected the idle timeout to run out")
            return
        }
        #expect(error.message.contains("idle timeout of 1.0 seconds"))
    }

    @Test func withOnlyAConnectTimeoutTheWatchEndsAfterTheFirstSignOfLife() {
        let watch = SilenceWatch(Timeout(connect: .seconds(5)))
        guard case .wait(let instant) = watch.check(after: .started(start), now: start) else {
            Issue.record("expected a wait")
            return
        }
        #expect(instant == start + .seconds(5))
        guard case .done = watch.check(after: .sent(start + .seconds(1)), now: instant) else {
            Issue.record("expected the watch to end")
            return
        }
    }
}
