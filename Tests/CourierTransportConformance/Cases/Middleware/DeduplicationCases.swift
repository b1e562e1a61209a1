#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``DeduplicationMiddleware`` against the fault server: `/delay` answers each request with a
    /// fresh random token, so identical bodies prove that the callers shared one request.
    ///
    /// Nothing here depends on timing: the shared call is held before the transport (a
    /// ``CallGate``) until the case has seen every request join it
    /// (``DeduplicationMiddleware/waitingRequests``).
    extension ConformanceCase {
        static let deduplicationCases: [ConformanceCase] = [
            // Goal B6: 100 concurrent identical GETs, exactly one server hit.
            ConformanceCase(.middleware, "aHundredIdenticalGetsReachTheServerOnce") { context in
                let key = FaultServer.uniqueKey()
                let deduplication = DeduplicationMiddleware()
                let gate = CallGate()
                try await context.withClient(middleware: [deduplication, gate]) { client in
                    let endpoint = FaultServer.delay(key: key)
                    let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
                        for _ in 0..<100 {
                            group.addTask { try await client.send(endpoint).body }
                        }
                        // The call goes to the server only once all hundred wait for it.
                        try await waitUntil("a hundred requests wait") {
                            deduplication.waitingRequests == 100
                        }
                        gate.open()
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(gate.calls == 1)
                    #expect(bodies.count == 100)
                    #expect(Set(bodies).count == 1)
                    let token = try JSONDecoder().decode(
                        FaultServer.Token.self, from: try #require(bodies.first))
                    #expect(token.token.count == 32)
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.middleware, "theLastWaiterGetsTheDataAfterFortyNineCancel") { context in
                let key = FaultServer.uniqueKey()
                let deduplication = DeduplicationMiddleware()
                let gate = CallGate()
                try await context.withClient(middleware: [deduplication, gate]) { client in
                    let endpoint = FaultServer.delay(key: key)
                    // The first request starts the shared call; it is among those cancelled.
                    let first = Task { try await client.send(endpoint) }
                    try await waitUntil("the shared call started") { gate.calls == 1 }
                    let answered = LockedBox(false)
                    let others = (1..<50).map { index in
                        Task {
                            let response = try await client.send(endpoint)
                            if index == 49 { answered.set(true) }
                            return response
                        }
                    }
                    try await waitUntil("fifty requests wait") { deduplication.waitingRequests == 50 }
                    let tasks = [first] + others
                    for task in tasks.dropLast() { task.cancel() }
                    for task in tasks.dropLast() {
                        await expectCourierError(.cancelled) { try await task.value }
                    }
                    // The cancelled requests ended while the shared call was still held, and it goes
                    // on.
                    #expect(answered.get() == false)
                    #expect(deduplication.waitingRequests == 1)
                    gate.open()
                    let response = try await tasks[49].value
                    #expect(response.status == .ok)
                    #expect(try #require(response.value).token.count == 32)
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
        ]
    }
#endif
