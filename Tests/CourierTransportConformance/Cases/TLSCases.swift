#if canImport(Testing)
    import Courier
    import Foundation
    import Testing

    extension ConformanceContext {
        /// Runs `body` with a client of the subject's transport against `baseURL`, with `tls`.
        func withClient<T>(
            _ baseURL: BaseURL, tls: TLSOptions?, _ body: (Client) async throws -> T
        ) async throws -> T {
            var configuration = Self.safetyNet
            configuration.tls = tls
            return try await withClient(baseURL: baseURL, configuration: configuration, body)
        }
    }

    /// Checks that `error` is `kind`, in one sentence naming `baseURL`'s host and port, with no path
    /// of a source file or library dump in it.
    func expectTLSFailure(
        _ error: CourierError, _ kind: CourierError.Kind, at baseURL: BaseURL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.stage == .transport, sourceLocation: sourceLocation)
        let hostAndPort = "\(baseURL.host):\(baseURL.effectivePort)"
        #expect(error.message.contains(hostAndPort), "\(error.message)", sourceLocation: sourceLocation)
        #expect(
            !error.message.contains("/"), "no file path: \(error.message)", sourceLocation: sourceLocation)
        #expect(error.underlying != nil, "the transport's own error is kept", sourceLocation: sourceLocation)
    }

    extension ConformanceCase {
        static let tlsCases: [ConformanceCase] = [
            ConformanceCase(.tls, "aServerFromAnUnknownCAIsUntrustedByDefault") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.untrusted, tls: nil) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .untrustedCertificate, at: tls.untrusted)
                }
            },
            ConformanceCase(.tls, "aCustomRootIsTrusted") { context in
                let tls = try TLSServers.current()
                for options in [
                    try tls.trustingTheTestCA(), TLSOptions(trustRoots: .system(adding: [try tls.root()])),
                ] {
                    try await context.withClient(tls.trusted, tls: options) { client in
                        let answer = try await client.value(TLSServers.hello)
                        #expect(answer.client == nil)
                    }
                }
            },
            ConformanceCase(.tls, "aSelfSignedCertificateIsUntrustedEvenWithACustomRoot") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.untrusted, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .untrustedCertificate, at: tls.untrusted)
                }
            },
            ConformanceCase(.tls, "anExpiredCertificateIsTypedAsExpired") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.expired, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .certificateExpired, at: tls.expired)
                }
            },
            ConformanceCase(.tls, "anExpiredCertificateFromAnUnknownCAIsUntrustedNotExpired") { context in
                // Its dates are not the reason it fails: no trusted root issued it.
                let tls = try TLSServers.current()
                try await context.withClient(tls.expired, tls: nil) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .untrustedCertificate, at: tls.expired)
                }
            },
            ConformanceCase(.tls, "aCertificateNotYetValidIsTypedAsExpired") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.notYetValid, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .certificateExpired, at: tls.notYetValid)
                }
            },
            ConformanceCase(.tls, "aChainThroughAnIntermediateIsTrustedByItsRoot") { context in
                // Only the root is trusted; the server sends the intermediate that links its leaf to it.
                let tls = try TLSServers.current()
                try await context.withClient(tls.chained, tls: try tls.trustingTheTestCA()) { client in
                    _ = try await client.value(TLSServers.hello)
                }
            },
            ConformanceCase(.tls, "aLeafSentWithoutItsIntermediateIsUntrusted") { context in
                // Nothing fetches or remembers a missing intermediate: the chain ends short of the root.
                let tls = try TLSServers.current()
                try await context.withClient(tls.unchained, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .untrustedCertificate, at: tls.unchained)
                }
            },
            ConformanceCase(.tls, "anExpiredIntermediateIsTypedAsExpired") { context in
                // The leaf is valid now; the intermediate between it and the trusted root is not.
                let tls = try TLSServers.current()
                try await context.withClient(tls.staleChain, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .certificateExpired, at: tls.staleChain)
                }
            },
            ConformanceCase(.tls, "aCertificateForAnotherHostIsTypedAsAHostnameMismatch") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.wrongHost, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .hostnameMismatch, at: tls.wrongHost)
                }
            },
            ConformanceCase(.tls, "aMatchingPinIsAccepted") { context in
                let tls = try TLSServers.current()
                var options = try tls.trustingTheTestCA()
                options.pinnedKeys = try PublicKeyPins([tls.pin("trusted"), tls.pin("spare")])
                try await context.withClient(tls.trusted, tls: options) { client in
                    _ = try await client.value(TLSServers.hello)
                }
            },
            ConformanceCase(.tls, "aPinMismatchIsTyped") { context in
                let tls = try TLSServers.current()
                var options = try tls.trustingTheTestCA()
                options.pinnedKeys = try PublicKeyPins([
                    tls.pin("spare"), Data(repeating: 7, count: 32).base64EncodedString(),
                ])
                try await context.withClient(tls.trusted, tls: options) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .publicKeyPinMismatch, at: tls.trusted)
                }
            },
            ConformanceCase(.tls, "aTLSOptionIsHonouredOrRefusedByNameNeverIgnored") { context in
                // Each option set so that ignoring it would succeed: a pin no key matches, and a
                // minimum version above the server's.
                let tls = try TLSServers.current()
                var pinned = try tls.trustingTheTestCA()
                pinned.pinnedKeys = try PublicKeyPins([
                    tls.pin("spare"), Data(repeating: 7, count: 32).base64EncodedString(),
                ])
                var newer = try tls.trustingTheTestCA()
                newer.minimumVersion = .tls13
                let checks: [(BaseURL, TLSOptions, TLSOptions.Option, CourierError.Kind)] = [
                    (tls.trusted, pinned, .pinnedKeys, .publicKeyPinMismatch),
                    (tls.tls12, newer, .minimumVersion, .tlsHandshakeFailed),
                ]
                for (baseURL, options, option, kind) in checks {
                    try await context.withClient(baseURL, tls: options) { client in
                        let error = try await failure(of: TLSServers.hello, with: client)
                        // A transport that cannot honour an option refuses it by name, beside
                        // any other it cannot honour (trustRoots here), which it names too.
                        let named = error.message.contains("TLSOptions.\(option.name):")
                        let refusedByName = error.kind == .unsupportedTLSOption && named
                        #expect(error.kind == kind || refusedByName, "\(option): \(error)")
                    }
                }
            },
            ConformanceCase(.tls, "aMinimumVersionAboveTheServersFailsTheHandshake") { context in
                let tls = try TLSServers.current()
                var options = try tls.trustingTheTestCA()
                options.minimumVersion = .tls13
                try await context.withClient(tls.tls12, tls: options) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .tlsHandshakeFailed, at: tls.tls12)
                }
                options.minimumVersion = .tls12
                try await context.withClient(tls.tls12, tls: options) { client in
                    _ = try await client.value(TLSServers.hello)
                }
            },
            ConformanceCase(.tls, "mutualTLSPresentsTheClientIdentity") { context in
                let tls = try TLSServers.current()
                var options = try tls.trustingTheTestCA()
                options.clientIdentity = try tls.clientIdentity()
                try await context.withClient(tls.mutual, tls: options) { client in
                    let answer = try await client.value(TLSServers.hello)
                    #expect(answer.client == "courier-test-client")
                }
            },
            ConformanceCase(.tls, "mutualTLSWithoutAnIdentityIsTypedAsRejected") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.mutual, tls: try tls.trustingTheTestCA()) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .clientCertificateRejected, at: tls.mutual)
                }
            },
            ConformanceCase(.tls, "mutualTLSWithAnIdentityFromAnotherCAIsTypedAsRejected") { context in
                let tls = try TLSServers.current()
                var options = try tls.trustingTheTestCA()
                options.clientIdentity = try tls.clientIdentity(accepted: false)
                try await context.withClient(tls.mutual, tls: options) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    expectTLSFailure(error, .clientCertificateRejected, at: tls.mutual)
                }
            },
            ConformanceCase(.tls, "aClientIdentityWhoseKeyIsNotItsCertificatesIsRefused") { context in
                // The options' fault, named before anything is sent: not a handshake failure.
                let tls = try TLSServers.current()
                var options = try tls.trustingTheTestCA()
                options.clientIdentity = try TLSClientIdentity(
                    certificateChainPEM: tls.text("client.pem"),
                    privateKeyPEM: tls.text("other-client-key.pem"))
                try await context.withClient(tls.mutual, tls: options) { client in
                    let error = try await failure(of: TLSServers.hello, with: client)
                    let refusedByName =
                        error.kind == .unsupportedTLSOption
                        && error.message.contains("TLSOptions.clientIdentity")
                    #expect(error.kind == .invalidTLSOptions || refusedByName, "\(error)")
                    #expect(error.message.contains("nothing was sent"), "\(error)")
                }
            },
            ConformanceCase(.tls, "http2IsNegotiatedAndReportedAndConcurrentRequestsShareAConnection") {
                context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.http2, tls: try tls.trustingTheTestCA()) { client in
                    let first = try await client.send(TLSServers.version)
                    let answer = try #require(first.value)
                    // The version reported is the one the server saw.
                    #expect(first.httpVersion == (answer.version == "2" ? .http2 : .http11))
                    #expect(
                        answer.version == "2", "the server offers h2; the transport spoke \(answer.version)")
                    let connections = try await withThrowingTaskGroup(of: String.self) { group in
                        for _ in 0..<8 {
                            group.addTask { try await client.value(TLSServers.version).connection }
                        }
                        return try await group.reduce(into: Set<String>()) { $0.insert($1) }
                    }
                    // Multiplexed: eight requests in flight at once on the one connection.
                    #expect(connections == [answer.connection], "\(connections.sorted())")
                }
            },
            ConformanceCase(.tls, "aRedirectFromHTTPSToHTTPCarriesNoSecret") { context in
                let tls = try TLSServers.current()
                let target =
                    "http://\(context.servers.loopback.host):\(context.servers.loopback.effectivePort)/echo"
                try await context.withClient(tls.trusted, tls: try tls.trustingTheTestCA()) { client in
                    let endpoint = Endpoint<LoopbackServers.Echo, Never> {
                        Method.get
                        Path("redirect")
                        Query("to", target)
                        Header("Authorization", "Bearer s3cr3t-token")
                        Header("Cookie", "session=s3cr3t-cookie")
                        Header("X-Api-Key", "s3cr3t-key", isSecret: true)
                        Header("X-Plain", "kept")
                    }
                    let response = try await client.send(endpoint)
                    #expect(response.url?.scheme == "http")
                    let echo = try #require(response.value)
                    #expect(echo.header("X-Plain") == "kept")
                    let seen = echo.headers.flatMap { $0 }.joined(separator: " ")
                    for secret in ["s3cr3t-token", "s3cr3t-cookie", "s3cr3t-key"] {
                        #expect(!seen.contains(secret), "\(secret) left HTTPS for plain HTTP")
                    }
                }
            },
            ConformanceCase(.tls, "requestsWithOtherTLSOptionsNeverShareAConnection") { context in
                // Clients of one transport to one server: a connection made under some options
                // carries the requests of equal options, and never one with other options, which
                // would skip their checks.
                let tls = try TLSServers.current()
                func pinned(_ pins: [String]) throws -> TLSOptions {
                    var options = try tls.trustingTheTestCA()
                    options.pinnedKeys = try PublicKeyPins(pins)
                    return options
                }
                let matching = [try tls.pin("trusted"), try tls.pin("spare")]
                let mismatching = [try tls.pin("spare"), Data(repeating: 7, count: 32).base64EncodedString()]
                try await context.withClient(tls.trusted, tls: try pinned(matching)) { client in
                    func sharing(_ options: TLSOptions?) -> Client {
                        var configuration = ConformanceContext.safetyNet
                        configuration.tls = options
                        return Client(
                            baseURL: tls.trusted, transport: client.transport, configuration: configuration)
                    }
                    let first = try await client.value(TLSServers.hello).connection
                    let equal = try await sharing(try pinned(matching)).value(TLSServers.hello).connection
                    #expect(equal == first, "options equal in value share the connection")
                    let mismatch = try await failure(
                        of: TLSServers.hello, with: sharing(try pinned(mismatching)))
                    expectTLSFailure(mismatch, .publicKeyPinMismatch, at: tls.trusted)
                    let systemRoots = try await failure(of: TLSServers.hello, with: sharing(nil))
                    expectTLSFailure(systemRoots, .untrustedCertificate, at: tls.trusted)
                    // The same pins, other roots: the system's, which do not lead to the test CA.
                    let samePins = TLSOptions(pinnedKeys: try PublicKeyPins(matching), minimumVersion: .tls12)
                    let otherRoots = try await failure(of: TLSServers.hello, with: sharing(samePins))
                    expectTLSFailure(otherRoots, .untrustedCertificate, at: tls.trusted)
                    let again = try await client.value(TLSServers.hello).connection
                    #expect(again == first, "the first options' connection is still theirs")
                }
            },
            ConformanceCase(.tls, "sequentialRequestsReuseOneTLSConnection") { context in
                let tls = try TLSServers.current()
                try await context.withClient(tls.trusted, tls: try tls.trustingTheTestCA()) { client in
                    var connections: Set<Int> = []
                    for _ in 0..<20 {
                        connections.insert(try await client.value(TLSServers.hello).connection)
                    }
                    // One handshake for twenty requests: the pool kept the connection.
                    #expect(connections.count == 1, "connections: \(connections.sorted())")
                    // The server offers http/1.1 alone; a transport that reports a version says so.
                    let version = try await client.send(TLSServers.hello).httpVersion
                    #expect(version == nil || version == .http11, "\(String(describing: version))")
                }
            },
        ]
    }
#endif
