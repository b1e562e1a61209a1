import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLSession`'s errors become Courier's, before and after a response head arrived.
struct SessionDelegateFailureTests {
    @Test func anAnswerThatIsNotHTTPIsAnInvalidResponse() {
        let error = SessionDelegate.failure(URLError(.unsupportedURL), afterResponse: false)
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "The server's response was not HTTP.")
        #expect((error.underlying as? URLError)?.code == .unsupportedURL)
    }

    @Test func anEmptyReplyIsALostConnection() {
        let error = SessionDelegate.failure(URLError(.badServerResponse), afterResponse: false)
        #expect(error.kind == .connectionLost)
    }

    @Test func aConnectionLostBeforeAnyResponseSaysSoAndNamesTheServer() {
        let url = URL(string: "https://127.0.0.1:18451/x")!
        let lost = URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: url])
        let error = SessionDelegate.failure(lost, afterResponse: false)
        #expect(error.kind == .connectionLost)
        #expect(error.message == "The connection to 127.0.0.1:18451 was lost before any response arrived.")
        let unnamed = SessionDelegate.failure(URLError(.networkConnectionLost), afterResponse: false)
        #expect(unnamed.message == "The connection was lost before any response arrived.")
        // After the head, the receiver says what was lost (a truncated body).
        let late = SessionDelegate.failure(lost, afterResponse: true)
        #expect(late.message == "The connection was lost before the response was complete.")
    }

    @Test(arguments: [false, true])
    func aURLSessionTimeoutIsTheIdleTimeout(afterResponse: Bool) {
        let error = SessionDelegate.failure(URLError(.timedOut), afterResponse: afterResponse)
        #expect(error.kind == .timedOut)
        #expect(
            error.message
                == "Nothing arrived from the server within the idle timeout, which URLSession counts in whole seconds."
        )
    }

    @Test func theIdleTimeoutsMessageNamesTheIntervalTheTaskWasGiven() {
        let error = SessionDelegate.failure(URLError(.timedOut), afterResponse: true, idleTimeout: 2)
        #expect(error.kind == .timedOut)
        #expect(
            error.message
                == "Nothing arrived from the server within the idle timeout of 2.0 seconds, which URLSession counts in whole seconds."
        )
    }

    @Test func afterTheHeadTheCodesKeepTheirGeneralMeaning() {
        // The receiver decides what a failure after the head means (a truncated body).
        let error = SessionDelegate.failure(URLError(.badServerResponse), afterResponse: true)
        #expect(error.kind == .invalidResponse)
    }

    /// libcurl's sentences for a body it could not decode, as FoundationNetworking hands them
    /// over after the head (libcurl 7.88): an invalid response naming them, not a truncation.
    @Test(arguments: [
        "Error while processing content unencoding: incorrect data check",
        "Error while processing content unencoding: incorrect header check",
        "Unrecognized or bad HTTP Content or Transfer-Encoding",
        "Failed writing received data to disk/application",
    ])
    func aBodyLibcurlCouldNotDecodeIsAnInvalidResponse(sentence: String) {
        let cause = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: sentence])
        let error = SessionDelegate.failure(cause, afterResponse: true, coded: true)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains(sentence))
        #expect(SessionDelegate.failure(URLError(.unknown), afterResponse: true).kind == .connectionLost)
    }

    /// libcurl's generic write error says nothing of a coding: for a body without one it keeps
    /// its general meaning, which the receiver reads as a body cut short.
    @Test func aWriteErrorOfAnUncodedBodyIsNotADecodingFailure() {
        let cause = URLError(
            .unknown,
            userInfo: [NSLocalizedDescriptionKey: "Failed writing received data to disk/application"])
        #expect(SessionDelegate.failure(cause, afterResponse: true, coded: false).kind == .connectionLost)
        #expect(SessionDelegate.failure(cause, afterResponse: true, coded: true).kind == .invalidResponse)
    }

    /// libcurl stops with "Failed writing header" when FoundationNetworking's header callback
    /// refuses a line: the error says which lines, and where they can be read.
    @Test func aHeadFoundationNetworkingRefusedIsAnInvalidResponseThatSaysWhy() {
        let cause = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Failed writing header"])
        let error = SessionDelegate.failure(cause, afterResponse: false)
        #expect(error.kind == .invalidResponse)
        #expect(
            error.message
                == "URLSession could not read the response's status line or header fields (libcurl: Failed "
                + "writing header). FoundationNetworking refuses some lines that HTTP allows, such as a status "
                + "line without a reason phrase or a field without a space after its colon; "
                + "AsyncHTTPClientTransport reads them.")
    }
}

#if canImport(FoundationNetworking)
    /// A proxy's failures as libcurl reports them when URLSession on Linux follows `https_proxy`
    /// or `http_proxy` (sentences as FoundationNetworking hands them on, seen with squid and
    /// tinyproxy): the proxy's, whatever head came before, since the answer to `CONNECT` arrives
    /// as a head.
    struct SessionDelegateProxyFailureTests {
        static let server = URL(string: "https://127.0.0.1:18443/x")!

        static func libcurl(_ code: URLError.Code, _ sentence: String) -> URLError {
            URLError(
                code, userInfo: [NSLocalizedDescriptionKey: sentence, NSURLErrorFailingURLErrorKey: server])
        }

        @Test(arguments: [false, true])
        func aTunnelRefusedFor407IsTheProxysCredentials(afterResponse: Bool) {
            let error = SessionDelegate.failure(
                Self.libcurl(.unknown, "CONNECT tunnel failed, response 407"), afterResponse: afterResponse)
            #expect(error.kind == .proxyAuthenticationFailed)
            #expect(
                error.message
                    == "The proxy answered 407 to the tunnel request: the credentials for it are missing or wrong "
                    + "(URLSession on Linux takes them from the proxy URL in https_proxy); nothing reached the server."
            )
        }

        @Test(arguments: [false, true])
        func anotherRefusedTunnelIsAProxyFailureNamingItsStatus(afterResponse: Bool) {
            let error = SessionDelegate.failure(
                Self.libcurl(.unknown, "CONNECT tunnel failed, response 403"), afterResponse: afterResponse)
            #expect(error.kind == .proxyFailed)
            #expect(
                error.message
                    == "The proxy refused to open a tunnel to the server (it answered CONNECT with 403); nothing "
                    + "reached the server.")
        }

        @Test func aProxyNameThatDoesNotResolveIsNamed() {
            let error = SessionDelegate.failure(
                Self.libcurl(.unknown, "Could not resolve proxy: proxy.invalid"), afterResponse: false)
            #expect(error.kind == .cannotConnect)
            #expect(
                error.message == "Could not connect to the proxy proxy.invalid: its name did not resolve.")
        }

        @Test func aProxyThatTakesNoConnectionIsNamedNotTheServer() {
            let error = SessionDelegate.failure(
                Self.libcurl(
                    .cannotConnectToHost,
                    "Failed to connect to 127.0.0.1 port 3999 after 0 ms: Couldn't connect to server"),
                afterResponse: false)
            #expect(error.kind == .cannotConnect)
            #expect(
                error.message
                    == "Could not connect to the proxy 127.0.0.1:3999: no address of it accepted a connection."
            )
        }

        /// libcurl before 7.83 wrote the port with a colon after it, without "after N ms".
        @Test func olderLibcurlWordingNamesTheProxyToo() {
            let error = SessionDelegate.failure(
                Self.libcurl(
                    .cannotConnectToHost, "Failed to connect to proxy.example port 3128: Connection refused"),
                afterResponse: false)
            #expect(
                error.message
                    == "Could not connect to the proxy proxy.example:3128: no address of it accepted a connection."
            )
        }

        /// A password with an unencoded `@` in the proxy URL leaves its end in libcurl's name.
        @Test func aProxyNameIsQuotedAfterItsLastAt() {
            let error = SessionDelegate.failure(
                Self.libcurl(.unknown, "Could not resolve proxy: s3cret@proxy.invalid"), afterResponse: false)
            #expect(
                error.message == "Could not connect to the proxy proxy.invalid: its name did not resolve.")
        }

        @Test func aServerThatTakesNoConnectionIsTheServer() {
            let error = SessionDelegate.failure(
                Self.libcurl(
                    .cannotConnectToHost,
                    "Failed to connect to 127.0.0.1 port 18443 after 0 ms: Couldn't connect to server"),
                afterResponse: false)
            #expect(error.kind == .cannotConnect)
            #expect(
                error.message
                    == "Could not connect to the server: no address of 127.0.0.1 accepted a connection on port 18443."
            )
        }

        /// Behind a proxy's tunnel the server's certificate is judged after the proxy's answer to
        /// `CONNECT` arrived as a head: it is the certificate's failure, not a truncated response.
        @Test func aCertificateRefusedAfterATunnelsHeadIsTheCertificates() {
            let error = SessionDelegate.failure(
                Self.libcurl(.unknown, "SSL certificate problem: unable to get local issuer certificate"),
                afterResponse: true)
            #expect(error.kind == .untrustedCertificate)
        }
    }
#endif

#if canImport(FoundationNetworking)
    /// FoundationNetworking never reads a `connectionProxyDictionary`: a request would go directly.
    struct URLSessionTransportProxyDictionaryTests {
        @Test func aProxyDictionaryIsRefusedBeforeAnythingIsSent() async {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.connectionProxyDictionary = [
                "HTTPEnable": 1, "HTTPProxy": "127.0.0.1", "HTTPPort": 9,
            ]
            let transport = URLSessionTransport(configuration: configuration)
            let request = TransportRequest(
                method: .get, url: URL(string: "http://proxy-dictionary.invalid/")!, headers: [], body: nil)
            do {
                _ = try await transport.send(request)
                Issue.record("the proxy dictionary was not refused")
            } catch let error as CourierError {
                #expect(error.kind == .invalidProxy)
                #expect(
                    error.message.hasPrefix(
                        "URLSession on Linux ignores the configuration's connectionProxyDictionary"))
            } catch {
                Issue.record("\(error)")
            }
        }

        @Test func aDictionaryWithoutAProxyIsNoProxy() {
            let configuration = URLSessionConfiguration.ephemeral
            #expect(URLSessionTransport.proxyDictionaryRefusal(configuration) == nil)
            configuration.connectionProxyDictionary = [:]
            #expect(URLSessionTransport.proxyDictionaryRefusal(configuration) == nil)
            // Turning every proxy off asks for what happens anyway.
            configuration.connectionProxyDictionary = ["HTTPEnable": 0, "HTTPSEnable": false]
            #expect(URLSessionTransport.proxyDictionaryRefusal(configuration) == nil)
            configuration.connectionProxyDictionary = ["HTTPSEnable": true, "HTTPSProxy": "proxy.example"]
            #expect(URLSessionTransport.proxyDictionaryRefusal(configuration)?.kind == .invalidProxy)
        }
    }
#endif

#if canImport(FoundationNetworking)
    /// FoundationNetworking hands on a proxy's answer to `CONNECT` as a first response head, before
    /// the server's: the delegate holds a head that may be that answer until a later head, the
    /// body or the end shows whose it was. Driven by hand, with tasks that are never resumed.
    struct SessionDelegateTunnelHeadTests {
        static let url = URL(string: "https://127.0.0.1:9/x")!

        /// Runs `events` against a delegate that takes a proxy to be possible, for a request that
        /// streams its response or not, and returns what the caller got.
        static func outcome(
            streams: Bool = false, proxy: Bool = true,
            _ events: @escaping @Sendable (SessionDelegate, URLSession, URLSessionDataTask) -> Void
        ) async -> Result<RawResponse, any Error> {
            let tasks = SessionTaskTable()
            let delegate = SessionDelegate(tasks: tasks, proxyMayBeUsed: { proxy })
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            let task = session.dataTask(with: url)
            let request = TransportRequest(
                method: .get, url: url, headers: [], body: nil, streamsResponse: streams)
            do {
                return .success(
                    try await withCheckedThrowingContinuation { continuation in
                        tasks.start(
                            ObjectIdentifier(task),
                            SessionTaskState(
                                continuation: continuation,
                                receiver: ResponseReceiver(request: request, responseLimit: 1 << 20)))
                        events(delegate, session, task)
                    })
            } catch {
                return .failure(error)
            }
        }

        static func head(_ status: Int, _ fields: [String: String]) -> HTTPURLResponse {
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)!
        }

        static let tunnel = head(200, ["Proxy-Agent": "tinyproxy/1.11.1"])

        @Test func theServersHeadAfterATunnelsIsTheResponse() async throws {
            let result = await Self.outcome { delegate, session, task in
                delegate.urlSession(session, dataTask: task, didReceive: Self.tunnel) { _ in }
                delegate.urlSession(
                    session, dataTask: task, didReceive: Self.head(404, ["Content-Length": "2"])
                ) {
                    _ in
                }
                delegate.urlSession(session, dataTask: task, didReceive: Data("no".utf8))
                delegate.urlSession(session, task: task, didCompleteWithError: nil)
            }
            let response = try result.get()
            #expect(response.status.code == 404)
            #expect(response.headers[HeaderName("Proxy-Agent")] == nil)
            #expect(response.body == Data("no".utf8))
        }

        /// A streamed response starts at the server's head, not at the proxy's: a `404` behind a
        /// tunnel is no streamed success.
        @Test func aStreamStartsAtTheServersHead() async throws {
            let result = await Self.outcome(streams: true) { delegate, session, task in
                delegate.urlSession(session, dataTask: task, didReceive: Self.tunnel) { _ in }
                delegate.urlSession(
                    session, dataTask: task, didReceive: Self.head(404, ["Content-Length": "2"])
                ) {
                    _ in
                }
                delegate.urlSession(session, dataTask: task, didReceive: Data("no".utf8))
                delegate.urlSession(session, task: task, didCompleteWithError: nil)
            }
            let response = try result.get()
            #expect(response.status.code == 404)
            #expect(response.body == Data("no".utf8))
        }

        /// A server's head of the same shape (a body that ends with the connection) is handed on
        /// with the body's first bytes.
        @Test func aHeldHeadFollowedByTheBodyWasTheServers() async throws {
            let result = await Self.outcome { delegate, session, task in
                delegate.urlSession(session, dataTask: task, didReceive: Self.head(200, ["Server": "s"])) {
                    _ in
                }
                delegate.urlSession(session, dataTask: task, didReceive: Data("ok".utf8))
                delegate.urlSession(session, task: task, didCompleteWithError: nil)
            }
            let response = try result.get()
            #expect(response.status.code == 200 && response.headers[HeaderName("Server")] == "s")
            #expect(response.body == Data("ok".utf8))
        }

        @Test func aHeldHeadThatEndsTheExchangeWasTheServers() async throws {
            let result = await Self.outcome { delegate, session, task in
                delegate.urlSession(session, dataTask: task, didReceive: Self.head(204, [:])) { _ in }
                delegate.urlSession(session, task: task, didCompleteWithError: nil)
            }
            #expect(try result.get().status.code == 204)
        }

        /// A certificate refused behind the tunnel fails as the certificate's, not as a response
        /// cut short.
        @Test func aFailureAfterAHeldHeadCameBeforeAnyResponse() async {
            let result = await Self.outcome { delegate, session, task in
                delegate.urlSession(session, dataTask: task, didReceive: Self.tunnel) { _ in }
                delegate.urlSession(
                    session, task: task,
                    didCompleteWithError: URLError(
                        .unknown,
                        userInfo: [
                            NSLocalizedDescriptionKey:
                                "SSL certificate problem: unable to get local issuer certificate",
                            NSURLErrorFailingURLErrorKey: Self.url,
                        ]))
            }
            guard case .failure(let error as CourierError) = result else {
                Issue.record("\(result)")
                return
            }
            #expect(error.kind == .untrustedCertificate)
        }

        /// A head with a type is the server's (a proxy's answer to `CONNECT` has no body): a
        /// stream starts at it, before its first event.
        @Test func aHeadWithATypeIsNeverHeld() async throws {
            let result = await Self.outcome(streams: true) { delegate, session, task in
                delegate.urlSession(
                    session, dataTask: task, didReceive: Self.head(200, ["Content-Type": "text/event-stream"])
                ) { _ in }
            }
            #expect(try result.get().status.code == 200)
        }

        /// Without a proxy in the environment, a head is never held: a stream starts at it.
        @Test func withoutAProxyAHeadIsNeverHeld() async throws {
            let result = await Self.outcome(streams: true, proxy: false) { delegate, session, task in
                delegate.urlSession(session, dataTask: task, didReceive: Self.head(200, ["Server": "s"])) {
                    _ in
                }
            }
            #expect(try result.get().status.code == 200)
        }
    }
#endif
