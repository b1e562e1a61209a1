#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``HTTPCacheMiddleware`` against the fault server's `/cache` origin, which answers every
    /// `200` with a fresh token and counts the requests that reach it: equal tokens and the
    /// server's count prove what the cache answered without I/O.
    extension ConformanceCase {
        static let cacheCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "aFreshStoredResponseIsServedWithoutIO") { context in
                let key = FaultServer.uniqueKey()
                let outcomes = LockedBox<[CacheOutcome?]>([])
                let metrics = MetricsMiddleware { metrics in
                    outcomes.withLock { $0.append(metrics.cacheOutcome) }
                }
                try await context.withClient(middleware: [metrics, HTTPCacheMiddleware()]) { client in
                    let endpoint = FaultServer.cacheOrigin(key: key, [("cc", "max-age=600")])
                    let first = try await client.send(endpoint)
                    let second = try await client.send(endpoint)
                    #expect(try #require(first.value).token == second.value?.token)
                    #expect(second.status == .ok)
                    #expect(second.headers[.age] != nil)
                    #expect(outcomes.get() == [.miss, .hit])
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.middleware, "aStaleResponseIsRevalidatedAndTheServerCountsIt") { context in
                let key = FaultServer.uniqueKey()
                let outcomes = LockedBox<[CacheOutcome?]>([])
                let metrics = MetricsMiddleware { metrics in
                    outcomes.withLock { $0.append(metrics.cacheOutcome) }
                }
                try await context.withClient(middleware: [metrics, HTTPCacheMiddleware()]) { client in
                    let endpoint = FaultServer.cacheOrigin(key: key, [("cc", "no-cache"), ("etag", "v1")])
                    let first = try await client.send(endpoint)
                    // The server answers 304; the call sees the stored 200, decoded as one.
                    let second = try await client.send(endpoint)
                    #expect(second.status == .ok)
                    #expect(try #require(first.value).token == second.value?.token)
                    #expect(second.headers[.etag] == "\"v1\"")
                    #expect(outcomes.get() == [.miss, .revalidated])
                    try await context.faults.expectCounts(key, received: 2...2)
                    let requests = try await context.faults.counts(key).requests
                    #expect(requests.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
                }
            },
            ConformanceCase(.middleware, "aResponseWithOnlyAnETagIsRevalidatedAndAChangedOneReplacesIt") {
                context in
                // No Cache-Control, Expires or Last-Modified: no freshness, explicit or heuristic
                // (RFC 9111 §4.2.2), so every call asks the origin; the ETag changes every second
                // request, and its 200 replaces the stored response.
                let key = FaultServer.uniqueKey()
                let outcomes = LockedBox<[CacheOutcome?]>([])
                let metrics = MetricsMiddleware { metrics in
                    outcomes.withLock { $0.append(metrics.cacheOutcome) }
                }
                try await context.withClient(middleware: [metrics, HTTPCacheMiddleware()]) { client in
                    let endpoint = FaultServer.cacheOrigin(key: key, [("etag_every", "2")])
                    var tokens: [String] = []
                    for _ in 0..<4 {
                        let response = try await client.send(endpoint)
                        #expect(response.status == .ok)
                        tokens.append(try #require(response.value).token)
                    }
                    #expect(
                        tokens[0] == tokens[1] && tokens[2] == tokens[3] && tokens[1] != tokens[2],
                        "\(tokens)")
                    #expect(outcomes.get() == [.miss, .revalidated, .miss, .revalidated])
                    try await context.faults.expectCounts(key, received: 4...4)
                    let requests = try await context.faults.counts(key).requests
                    #expect(
                        requests.map { $0.header("If-None-Match") } == [nil, "\"r0\"", "\"r0\"", "\"r1\""])
                }
            },
            ConformanceCase(.middleware, "anUnquotedETagIsRevalidatedWithTheTextTheServerSent") { context in
                // ETag: v1, without the quotes RFC 9110 asks for: the server compares
                // If-None-Match with what it sent, as such servers do.
                let key = FaultServer.uniqueKey()
                try await context.withClient(middleware: [HTTPCacheMiddleware()]) { client in
                    let endpoint = FaultServer.cacheOrigin(
                        key: key, [("cc", "no-cache"), ("unquoted_etag", "v1")])
                    let first = try await client.send(endpoint)
                    let second = try await client.send(endpoint)
                    #expect(second.status == .ok)
                    #expect(try #require(first.value).token == second.value?.token)
                    let requests = try await context.faults.counts(key).requests
                    #expect(requests.map { $0.header("If-None-Match") } == [nil, "v1"])
                }
            },
            ConformanceCase(.middleware, "varyKeepsOneStoredResponsePerVariant") { context in
                let key = FaultServer.uniqueKey()
                try await context.withClient(middleware: [HTTPCacheMiddleware()]) { client in
                    func send(_ language: String) async throws -> FaultServer.CacheAnswer {
                        try await client.value(
                            FaultServer.cacheOrigin(
                                key: key, [("cc", "max-age=600"), ("vary", "Accept-Language")],
                                headers: [("Accept-Language", language)]))
                    }
                    let english = try await send("en")
                    let french = try await send("fr")
                    #expect(english.varied == "en" && french.varied == "fr")
                    #expect(english.token != french.token)
                    #expect(try await send("en") == english)
                    #expect(try await send("fr") == french)
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.middleware, "anUnsafeRequestInvalidatesTheStoredResponse") { context in
                let key = FaultServer.uniqueKey()
                try await context.withClient(middleware: [HTTPCacheMiddleware()]) { client in
                    let query = [("cc", "max-age=600")]
                    let before = try await client.value(FaultServer.cacheOrigin(key: key, query))
                    #expect(try await client.value(FaultServer.cacheOrigin(key: key, query)) == before)
                    let posted = try await client.send(
                        FaultServer.bytes("cache", key: key, method: .post, query))
                    #expect(posted.status == .ok)
                    let after = try await client.value(FaultServer.cacheOrigin(key: key, query))
                    #expect(after.token != before.token)
                    try await context.faults.expectCounts(key, received: 3...3)
                }
            },
            ConformanceCase(.middleware, "aDiskCacheAnswersANewClientWithoutIO") { context in
                let key = FaultServer.uniqueKey()
                let directory = context.directory.appendingPathComponent("http-cache")
                let endpoint = FaultServer.cacheOrigin(key: key, [("cc", "max-age=600")])
                let first = try await context.withClient(
                    middleware: [HTTPCacheMiddleware(storage: DiskCacheStorage(directory: directory))]
                ) { client in try await client.value(endpoint) }
                let second = try await context.withClient(
                    middleware: [HTTPCacheMiddleware(storage: DiskCacheStorage(directory: directory))]
                ) { client in try await client.value(endpoint) }
                #expect(first == second)
                try await context.faults.expectCounts(key, received: 1...1)
                try? FileManager.default.removeItem(at: directory)
            },
        ]
    }
#endif
