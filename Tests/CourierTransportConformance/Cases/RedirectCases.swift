#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    extension ConformanceCase {
        static let redirectCases: [ConformanceCase] = [
            ConformanceCase(.redirects, "aShortChainArrivesAndALongOneStopsAtTheLimit") { context in
                try await context.withClient { client in
                    let short = try await client.send(
                        FaultServer.bytes("redirect/chain", key: FaultServer.uniqueKey(), [("n", "3")]))
                    #expect(short.value == FaultServer.pattern(16))
                }
                let limited = Client.Configuration(redirectLimit: 5, timeout: Timeout(.seconds(40)))
                try await context.withClient(configuration: limited) { client in
                    let error = try await failure(
                        of: FaultServer.bytes("redirect/chain", key: FaultServer.uniqueKey(), [("n", "8")]),
                        with: client)
                    #expect(error.kind == .tooManyRedirects, "\(error)")
                }
            },
            ConformanceCase(.redirects, "aRedirectLoopEndsInATypedError") { context in
                try await context.withClient { client in
                    let error = try await failure(
                        of: FaultServer.bytes("redirect/loop", key: FaultServer.uniqueKey()), with: client)
                    #expect(error.kind == .tooManyRedirects)
                    #expect(error.message.contains("cycle"), "\(error.message)")
                }
            },
            ConformanceCase(.redirects, "aRedirectStatusWithoutALocationIsTheResponseWithItsBody") {
                context in
                // Nothing to follow: the 3xx is the response, body and all (RFC 9110 §15.4).
                try await context.withClient { client in
                    for status in [301, 302, 303, 307, 308] {
                        let error = try await failure(
                            of: FaultServer.bytes("status/\(status)", key: FaultServer.uniqueKey()),
                            with: client)
                        #expect(error.kind == .undocumentedStatus, "\(status): \(error)")
                        #expect(error.response?.status.code == status, "\(error)")
                        #expect(
                            error.response?.body == Data(#"{"code": \#(status)}"#.utf8),
                            "\(status): \(String(decoding: error.response?.body ?? Data(), as: UTF8.self))")
                    }
                }
            },
            ConformanceCase(.redirects, "aRedirectToAFileIsRefused") { context in
                try await context.withClient { client in
                    let error = try await failure(
                        of: FaultServer.bytes("redirect/file", key: FaultServer.uniqueKey()), with: client)
                    #expect(error.kind == .unsupportedRedirect)
                }
            },
            ConformanceCase(.redirects, "aCrossHostRedirectCarriesNoSecretToTheOtherHost") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let endpoint = Endpoint<Data, Never> {
                        Method(.get)
                        Path("redirect", "cross-host")
                        Query("status", "307")
                        Query("to", "/echo")
                        Header("X-Count-Key", key)
                        Header("Authorization", "Bearer s3cr3t-token")
                        Header("Cookie", "session=s3cr3t-cookie")
                        Header("X-Api-Key", "s3cr3t-key", isSecret: true)
                        Header("X-Plain", "kept")
                    }
                    let response = try await client.send(endpoint)
                    #expect(response.status == .ok)
                    #expect(response.url?.host == "127.0.0.2")
                    let counts = try await context.faults.counts(key)
                    #expect(counts.requests.count == 2)
                    let second = try #require(counts.requests.last)
                    #expect(second.host?.hasPrefix("127.0.0.2") == true, "\(String(describing: second.host))")
                    #expect(second.header("X-Plain") == "kept")
                    let seen = second.headers.flatMap { $0 }.joined(separator: " ")
                    for secret in ["s3cr3t-token", "s3cr3t-cookie", "s3cr3t-key"] {
                        #expect(!seen.contains(secret), "\(secret) reached the other host")
                    }
                }
            },
            ConformanceCase(.redirects, "aSameOriginRedirectKeepsCredentials") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let echo = try #require(
                        try await client.send(
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.get
                                Path("redirect")
                                Query("status", 302)
                                Query("to", "/echo/same")
                                Header.bearer("top-secret")
                            }
                        ).value)
                    #expect(echo.target == "/echo/same")
                    #expect(echo.header("Authorization") == "Bearer top-secret")
                }
            },
            ConformanceCase(.redirects, "aTemporaryRedirectKeepsMethodAndBody") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let payload = String(repeating: "body-bytes ", count: 100)
                    let echo = try #require(
                        try await client.send(
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.post
                                Path("redirect")
                                Query("status", 307)
                                Query("to", "/echo/kept")
                                Body.text(payload)
                            }
                        ).value)
                    #expect(echo.method == "POST")
                    #expect(echo.target == "/echo/kept")
                    #expect(echo.body == payload)
                    #expect(echo.header("Content-Type") == "text/plain; charset=utf-8")
                }
            },
            ConformanceCase(.redirects, "permanentRedirectsArriveAsTheirTemporaryTwins") { context in
                // A GET through a 301 stays a GET; a POST through a 308 keeps its method and body.
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let moved = try #require(
                        try await client.send(
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.get
                                Path("redirect")
                                Query("status", 301)
                                Query("to", "/echo/moved")
                            }
                        ).value)
                    #expect(moved.method == "GET")
                    #expect(moved.target == "/echo/moved")
                    let payload = "kept body"
                    let permanent = try #require(
                        try await client.send(
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.post
                                Path("redirect")
                                Query("status", 308)
                                Query("to", "/echo/permanent")
                                Body.text(payload)
                            }
                        ).value)
                    #expect(permanent.method == "POST")
                    #expect(permanent.target == "/echo/permanent")
                    #expect(permanent.body == payload)
                }
            },
            ConformanceCase(.redirects, "seeOtherTurnsAPostIntoAGetWithoutBody") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let echo = try #require(
                        try await client.send(
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.post
                                Path("redirect")
                                Query("status", 303)
                                Query("to", "/echo/other")
                                Body.text("dropped")
                            }
                        ).value)
                    #expect(echo.method == "GET")
                    #expect(echo.target == "/echo/other")
                    #expect(echo.bodyLength == 0)
                    #expect(echo.header("Content-Type") == nil)
                }
            },
        ]
    }
#endif
