#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``AuthenticationMiddleware`` against the fault server's rotating tokens and cross-host
    /// redirects. Tokens are fetched over a transport of the subject too; the server's statistics
    /// are asked with the default transport, like its counts.
    extension ConformanceCase {
        static let authenticationCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "twentyConcurrentRequestsAfterARotationShareOneRefresh") { context in
                let key = FaultServer.uniqueKey()
                try await context.withClient { plain in
                    let middleware = AuthenticationMiddleware(
                        tokenProvider: ServerTokens(auth: plain, key: key), for: context.faults.primary)
                    try await context.withClient(middleware: [middleware]) { client in
                        #expect(
                            try await client.value(FaultServer.authResource(key))
                                == FaultServer.AuthResource(ok: true, token: "tok-\(key)-1"))

                        _ = try await plain.send(
                            Endpoint<Empty, Never> {
                                Method.post
                                Path("auth", "rotate")
                                Query("key", key)
                            })
                        let resources = try await withThrowingTaskGroup(of: FaultServer.AuthResource.self) {
                            group in
                            for _ in 0..<20 {
                                group.addTask { try await client.value(FaultServer.authResource(key)) }
                            }
                            return try await group.reduce(into: []) { $0.append($1) }
                        }
                        #expect(
                            resources
                                == Array(
                                    repeating: FaultServer.AuthResource(ok: true, token: "tok-\(key)-2"),
                                    count: 20))
                        let stats = try await context.faults.authStats(key)
                        #expect(stats.refreshes == 2, "one initial token and exactly one refresh")
                        #expect(stats.generation == 2)
                        #expect(stats.accepted == 21)
                        #expect((1...20).contains(stats.rejected), "rejected \(stats.rejected)")
                        try await context.faults.expectCounts(
                            key, received: (21 + stats.rejected)...(21 + stats.rejected))
                    }
                }
            },
            ConformanceCase(.middleware, "aFailingTokenEndpointFailsTheRequestBeforeItIsSent") { context in
                let key = FaultServer.uniqueKey()
                try await context.withClient { plain in
                    let broken = ServerTokens(auth: plain, key: key, path: "missing")
                    try await context.withClient(
                        middleware: [
                            AuthenticationMiddleware(tokenProvider: broken, for: context.faults.primary)
                        ]
                    ) { client in
                        let error = await expectCourierError(.authenticationFailed, stage: .middleware) {
                            try await client.send(FaultServer.authResource(key))
                        }
                        #expect((error?.underlying as? CourierError)?.response?.status == .notFound)
                        try await context.faults.expectCounts(key, received: 0...0)
                    }
                }
            },
            ConformanceCase(.middleware, "aCrossHostRedirectCarriesNoCredentials") { context in
                let key = FaultServer.uniqueKey()
                let primary = context.faults.primary
                try await context.withClient(
                    middleware: [
                        AuthenticationMiddleware(try .bearer("s3cr3t"), for: primary),
                        AuthenticationMiddleware(try .apiKey("k3y"), for: primary),
                    ]
                ) { client in
                    let response = try await client.send(
                        Endpoint<Data, Never> {
                            Method.get
                            Path("redirect", "cross-host")
                            Query("to", "/echo")
                            Header("X-Count-Key", key)
                        })
                    #expect(response.status == .ok)
                    try await context.faults.expectCounts(key, received: 2...2)
                    let recorded = try await context.faults.counts(key).requests
                    #expect(
                        recorded.map(\.host)
                            == [primary.origin, context.faults.alternate.origin].map { $0.droppingScheme })
                    #expect(recorded.map { $0.header("Authorization") } == ["Bearer s3cr3t", nil])
                    #expect(recorded.map { $0.header("X-Api-Key") } == ["k3y", nil])
                }
            },
            ConformanceCase(.middleware, "anotherOriginIsNeverSigned") { context in
                let key = FaultServer.uniqueKey()
                try await context.withClient { plain in
                    let provider = ServerTokens(auth: plain, key: key)
                    try await context.withClient(
                        baseURL: context.faults.alternate,
                        middleware: [
                            AuthenticationMiddleware(tokenProvider: provider, for: context.faults.primary)
                        ]
                    ) { client in
                        let error = await expectCourierError(.undocumentedStatus) {
                            try await client.send(FaultServer.authResource(key))
                        }
                        #expect(error?.response?.status == .unauthorized)
                        let recorded = try await context.faults.counts(key).requests
                        #expect(recorded.map { $0.header("Authorization") } == [nil])
                        #expect(try await context.faults.authStats(key).refreshes == 0)
                    }
                }
            },
        ]
    }

    extension String {
        /// `host:port` of an origin `scheme://host:port`.
        fileprivate var droppingScheme: String {
            components(separatedBy: "://").last ?? self
        }
    }
#endif
