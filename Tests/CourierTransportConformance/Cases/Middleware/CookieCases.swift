#if canImport(Testing)
    import Courier
    import Foundation
    import Testing

    /// ``CookieMiddleware`` against the fault server's `/cookies` routes: what a server sets comes
    /// back on the wire, by path, in one `Cookie` header, and what the rules refuse never does; a
    /// cookie set by a redirect goes with the hop it leads to.
    extension ConformanceCase {
        static let cookieCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "cookiesAServerSetsGoBackByPathInOneHeader") { context in
                let jar = CookieJar()
                try await context.withClient(middleware: [CookieMiddleware(jar: jar)]) { client in
                    let first = try await client.send(FaultServer.cookies("set"))
                    #expect(first.value?.cookies == [])
                    // `secure` came over plain HTTP and `foreign` names another domain: refused.
                    // `theme`'s Expires has a comma, which URLSession joins fields with.
                    #expect(jar.all.map(\.name) == ["session", "theme"])
                    let echoed = try await client.send(FaultServer.cookies("echo", declaring: ("lang", "fr")))
                    #expect(echoed.value?.cookies == ["lang=fr; theme=dark; session=abc123"])
                    // `theme` is for /cookies only.
                    let root = try await client.send(
                        Endpoint<FaultServer.Echo, Never> {
                            Method.get
                            Path("echo")
                        })
                    let sent = root.value?.headers.filter { $0.first?.lowercased() == "cookie" }
                    #expect(sent == [["Cookie", "session=abc123"]])
                    _ = try await client.send(FaultServer.cookies("clear"))
                    let cleared = try await client.send(FaultServer.cookies("echo"))
                    #expect(cleared.value?.cookies == ["theme=dark"])
                }
            },
            ConformanceCase(.middleware, "cookiesSetAtTheEndOfARedirectChainAreKept") { context in
                let jar = CookieJar()
                try await context.withClient(middleware: [CookieMiddleware(jar: jar)]) { client in
                    let response = try await client.send(
                        Endpoint<Data, Never> {
                            Method.get
                            Path("redirect", "chain")
                            Query("n", "1")
                            Query("to", "/cookies/set")
                        })
                    #expect(response.status == .ok)
                    let echoed = try await client.send(FaultServer.cookies("echo"))
                    #expect(echoed.value?.cookies == ["theme=dark; session=abc123"])
                }
            },
            ConformanceCase(.middleware, "aCookieSetByALoginRedirectGoesWithTheNextHop") { context in
                let jar = CookieJar()
                try await context.withClient(middleware: [CookieMiddleware(jar: jar)]) { client in
                    // POST /cookies/login answers 302 to /cookies/home with a cookie for that path
                    // only: the GET hop carries it, after the endpoint's own cookie.
                    let home = try await client.send(
                        Endpoint<FaultServer.CookiesReceived, Never> {
                            Method.post
                            Path("cookies", "login")
                            Cookie("lang", "fr")
                            Body.text("user=a")
                        })
                    #expect(home.status == .ok)
                    #expect(home.url?.path == "/cookies/home")
                    #expect(home.value?.cookies == ["lang=fr; login=ok42"])
                    #expect(jar.all.map(\.name) == ["login"])
                    let again = try await client.send(FaultServer.cookies("home"))
                    #expect(again.value?.cookies == ["login=ok42"])
                    let elsewhere = try await client.send(FaultServer.cookies("echo"))
                    #expect(elsewhere.value?.cookies == [])
                }
            },
        ]
    }

    extension FaultServer {
        /// What the fault server's `/cookies` routes answer: the `Cookie` fields they received.
        struct CookiesReceived: Decodable, Sendable, Equatable {
            let cookies: [String]
        }

        /// `/cookies/<route>`, declaring `cookie` when given.
        static func cookies(_ route: String, declaring cookie: (String, String)? = nil)
            -> Endpoint<CookiesReceived, Never>
        {
            Endpoint<CookiesReceived, Never> {
                Method.get
                Path("cookies", route)
                if let cookie { Cookie(cookie.0, cookie.1) }
            }
        }
    }
#endif
