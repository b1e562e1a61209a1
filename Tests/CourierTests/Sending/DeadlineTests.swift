import Courier
import CourierTesting
import Foundation
import Testing

/// A transport that answers only after `delay`, or when cancelled; models a slow server.
/// With `redirecting`, every answer is a 307 to the request's path plus one more `x`.
private func slowTransport(_ delay: Duration, redirecting: Bool = false) -> RecordingTransport {
    RecordingTransport(
        answeringWith: StubTransport { request in
            try await Task.sleep(for: delay)
            if redirecting {
                let location = request.url.path + "x"
                return RawResponse(
                    status: 307, headers: [HeaderField(name: .location, value: location)], url: request.url)
            }
            return RawResponse(status: .noContent, url: request.url)
        }
    )
}

@Suite(.timeLimit(.minutes(1))) struct DeadlineTests {
    @Test func endpointTimeoutIsATotalDeadline() async {
        let client = Client(baseURL: exampleBase, transport: slowTransport(.seconds(30)))
        let started = ContinuousClock.now
        do {
            _ = try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Timeout(.milliseconds(200))
                })
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timedOut)
            #expect(error.stage == .transport)
            #expect(error.message == "The request did not complete within its timeout of 0.2 seconds.")
            #expect(error.request?.method == .get)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func theDeadlineCoversEveryRedirectHop() async {
        // Each hop alone fits in the timeout; the chain of them does not.
        let recorder = slowTransport(.milliseconds(150), redirecting: true)
        let client = Client(baseURL: exampleBase, transport: recorder)
        do {
            _ = try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("start")
                    Timeout(.milliseconds(400))
                })
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timedOut)
        }
        #expect(await recorder.requests.count < 10)
    }

    @Test func clientTimeoutAppliesToEndpointsWithoutOne() async {
        let client = Client(
            baseURL: exampleBase,
            transport: slowTransport(.seconds(30)),
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(200)))
        )
        do {
            _ = try await client.send(Endpoint<Empty, Never> { Method.get })
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .timedOut)
        }
    }

    @Test func fastExchangesFinishWithinTheirTimeout() async throws {
        let client = Client(
            baseURL: exampleBase, transport: slowTransport(.zero),
            configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
        #expect(try await client.send(Endpoint<Empty, Never> { Method.get }).status == .noContent)
    }

    @Test func cancellationInsideTheDeadlineIsCancelled() async {
        let client = Client(
            baseURL: exampleBase,
            transport: slowTransport(.seconds(30)),
            configuration: Client.Configuration(timeout: Timeout(.seconds(20)))
        )
        let task = Task { try await client.send(Endpoint<Empty, Never> { Method.get }) }
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as CourierError {
            #expect(error.kind == .cancelled)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

struct UncooperativeDeadlineTests {
    /// A transport that ignores cancellation cannot stretch the deadline: the caller gets its
    /// timeout at once, and the transport's late answer is dropped.
    @Test func theDeadlineHoldsAgainstATransportThatIgnoresCancellation() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 10) { continuation.resume() }
                }
                return RawResponse(status: .ok, url: request.url)
            },
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(200)))
        )
        let start = ContinuousClock.now
        await #expect {
            _ = try await client.send(Endpoint<Empty, Never> { Method.get })
        } throws: { error in
            (error as? CourierError)?.kind == .timedOut
        }
        // 10 s without the race; the bound leaves room for a loaded two-core machine.
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
