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
@Suite(.timeLimit(.minutes(2))) struct DeadlineTests {
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
        // The timeout came before the transport's 60 s were up.
        #expect(answers.withLock { $0 } == 0, "the caller waited for the transport's answer")
    }

    @Test func theDeadlineCoversEveryRedirectHop() async {
        // Each hop alone fits in the timeout; the chain of them does not.
        let recorder = slowTransport(.milliseconds(150), redirecting: true)
        let client = Client(baseURL: exampleBase, transport: recorder)
        await expectCourierError(.timedOut) {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("start")
                    Timeout(.milliseconds(400))
                })
        }
        #expect(await recorder.requests.count < 10)
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

struct UncooperativeDeadlineTests {
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
