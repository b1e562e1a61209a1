import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct RedirectFollowerTests {
    /// A server map: absolute URL → (status, Location); anything else answers 200 and echoes the method.
    static func transport(_ routes: [String: (Int, String)]) -> RecordingTransport {
        RecordingTransport(
            answeringWith: StubTransport { request in
                if let (status, location) = routes[request.url.absoluteString] {
                    return RawResponse(
                        status: HTTPStatus(status), headers: [HeaderField(name: .location, value: location)],
                        url: request.url
                    )
                }
                return RawResponse(status: .ok, body: Data(request.method.rawValue.utf8), url: request.url)
            }
        )
    }

    static let post = Endpoint<String, Never> {
        Method.post
        Path("start")
        Header.bearer("token")
        Header("Cookie", "c=1")
        Header("X-Secret", "s", isSecret: true)
        Header("X-Plain", "p")
        Body.text("payload")
    }

    @Test(arguments: [301, 302, 303])
    func postBecomesGETWithoutBody(status: Int) async throws {
        let recorder = Self.transport(["https://api.example.com/start": (status, "/next")])
        let response = try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        let sent = await recorder.requests
        #expect(response.value == "GET")
        #expect(sent.map(\.method) == [.post, .get])
        #expect(sent.last?.body == nil)
        #expect(sent.last?.headers[.contentType] == nil)
        #expect(sent.last?.url.absoluteString == "https://api.example.com/next")
        #expect(response.url?.absoluteString == "https://api.example.com/next")
    }

    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsKeepMethodAndBody(status: Int) async throws {
        let recorder = Self.transport([
            "https://api.example.com/start": (status, "https://api.example.com/other")
        ])
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        let sent = await recorder.requests
        #expect(sent.map(\.method) == [.post, .post])
        #expect(sent.last?.body?.data == Data("payload".utf8))
        #expect(sent.last?.headers[.authorization] == "Bearer token")
    }

    /// A hop is as idempotent as a request of its method: a POST that becomes a GET is, a POST
    /// kept by a 307 is not, unless it carries an `Idempotency-Key`.
    @Test(arguments: [(303, false, true), (307, false, false), (307, true, true)])
    func aHopIsIdempotentWhenItsMethodIs(status: Int, hasKey: Bool, expected: Bool) async throws {
        let recorder = Self.transport(["https://api.example.com/start": (status, "/next")])
        let endpoint = Endpoint<String, Never> {
            Method.post
            Path("start")
            if hasKey { Header("Idempotency-Key", "k-1") }
            Body.text("payload")
        }
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(endpoint)
        let sent = await recorder.requests
        #expect(sent.map(\.isIdempotent) == [hasKey, expected])
    }

    /// (A 307 to plain HTTP is not followed with a body: aBodyIsNeverSentAgainFromHTTPSOverPlainHTTP.)
    @Test(arguments: ["https://evil.example.org/x", "https://api.example.com:8443/x"])
    func crossOriginHopsDropSecretsForTheRestOfTheChain(target: String) async throws {
        let recorder = Self.transport([
            "https://api.example.com/start": (307, target),
            target: (307, "https://api.example.com/back"),
        ])
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        let sent = await recorder.requests
        #expect(sent.count == 3)
        for request in sent.dropFirst() {
            #expect(request.headers.map(\.name.rawValue) == ["X-Plain", "Content-Type"])
        }
    }

    /// A server that echoes its request's query into a location on another origin (nginx's
    /// `return 302 http://…$request_uri`) sends no secret value of the request there; what the
    /// request did not carry, a presigned URL's signature, and plain values stay.
    @Test func aLocationOnAnotherOriginLosesTheRequestsSecretQueryValues() async throws {
        let endpoint = Endpoint<String, Never> {
            Method.get
            Path("start")
            Query("ticket", "t-123", isSecret: true)
            Query("api_key", "k 456")
            Query("page", 2)
        }
        let start = "https://api.example.com/start?ticket=t-123&api_key=k%20456&page=2"
        // A form encoder writes the space of `k 456` as `+`.
        let echoed = "?ticket=t-123&api_key=k+456&page=2&api_key=other&X-Amz-Signature=sig-9"
        let recorder = Self.transport([
            start: (302, "http://plain.example.org/start" + echoed),
            "http://plain.example.org/start?page=2&api_key=other&X-Amz-Signature=sig-9": (
                302, "https://api.example.com/back" + echoed
            ),
        ])
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(endpoint)
        let sent = await recorder.requests.map(\.url.absoluteString)
        #expect(
            sent == [
                start, "http://plain.example.org/start?page=2&api_key=other&X-Amz-Signature=sig-9",
                // Back on the first request's origin, the location is followed as written.
                "https://api.example.com/back" + echoed,
            ])
    }

    /// A secret written with a literal `+` in the first URL is dropped however the echo writes
    /// it back: a server that reads the `+` as a space may write `%20`.
    @Test func aSecretQueryValueWithAPlusIsDroppedInEitherReading() async throws {
        let endpoint = Endpoint<String, Never> {
            Method.get
            AbsoluteURL("https://api.example.com/start?access_token=ab+cd1234&page=2")
        }
        let recorder = Self.transport([
            "https://api.example.com/start?access_token=ab+cd1234&page=2": (
                302, "http://plain.example.org/next?access_token=ab%20cd1234&page=2&access_token=ab%2Bcd1234"
            )
        ])
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(endpoint)
        #expect(await recorder.requests.last?.url.absoluteString == "http://plain.example.org/next?page=2")
    }

    @Test func sameOriginHopsKeepHeaders() async throws {
        let recorder = Self.transport([
            "https://api.example.com/start": (308, "https://API.example.com:443/again")
        ])
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        #expect(await recorder.requests.last?.headers[.authorization] == "Bearer token")
    }

    @Test func cyclesAreDetected() async {
        let recorder = Self.transport([
            "https://api.example.com/start": (307, "/a"),
            "https://api.example.com/a": (307, "/start"),
        ])
        let error = await expectCourierError(.tooManyRedirects) {
            try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        }
        #expect(error?.message == "The redirects form a cycle back to https://api.example.com/start.")
        #expect(await recorder.requests.map(\.url.path) == ["/start", "/a", "/start", "/a"])
    }

    /// A second visit is how a server sets a cookie and sends the client back; a third is a cycle.
    @Test func aRedirectToItselfIsFollowedOnceThenACycle() async {
        let recorder = Self.transport(["https://api.example.com/start": (307, "/start")])
        let error = await expectCourierError(.tooManyRedirects) {
            try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        }
        #expect(error?.message == "The redirects form a cycle back to https://api.example.com/start.")
        #expect(await recorder.requests.count == 2)
    }

    /// A server that sets a cookie and redirects back to the URL asked for (directly, or through a
    /// sign-in page) is answered with the cookie.
    @Test(arguments: [["/start"], ["/sign-in", "/start"]])
    func aServerThatSetsACookieAndRedirectsBackIsFollowed(hops: [String]) async throws {
        let recorder = RecordingTransport(
            answeringWith: StubTransport { request in
                if request.url.path == "/start", request.headers[.cookie] == "seen=1" {
                    return RawResponse(status: .ok, body: Data("signed in".utf8), url: request.url)
                }
                // The sign-in page, or the start page itself, sets the cookie on its redirect.
                let setsCookie = request.url.path == hops.first
                var fields = [HeaderField(name: .location, value: setsCookie ? "/start" : hops[0])]
                if setsCookie { fields.append(HeaderField(name: .setCookie, value: "seen=1; Path=/")) }
                return RawResponse(status: 302, headers: HeaderFields(fields), url: request.url)
            })
        let client = Client(
            baseURL: exampleBase, transport: recorder, middleware: [CookieMiddleware(jar: CookieJar())])
        let response = try await client.send(
            Endpoint<String, Never> {
                Method.get
                Path("start")
            })
        #expect(response.value == "signed in")
        #expect(await recorder.requests.map(\.url.path) == ["/start"] + hops)
    }

    /// Fetch's request-body-header names describe the body a redirect to `GET` drops.
    @Test(arguments: [301, 302, 303])
    func theFieldsDescribingTheBodyGoWithIt(status: Int) async throws {
        let recorder = Self.transport(["https://api.example.com/start": (status, "/next")])
        let post = Endpoint<String, Never> {
            Method.post
            Path("start")
            Header("Content-Encoding", "identity")
            Header("Content-Language", "en-US")
            Header("Content-Location", "/drafts/1")
            Header("X-Plain", "p")
            Body.text("payload")
        }
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(post)
        let names = await recorder.requests.last?.headers.map(\.name.rawValue)
        #expect(names == ["X-Plain"])
    }

    /// A user name or password in a `Location` is never sent, nor shown in the error.
    @Test func aLocationWithAPasswordIsRefusedWithoutShowingIt() async {
        let recorder = Self.transport([
            "https://api.example.com/start": (302, "https://user:pw-secret@api.example.com/loop")
        ])
        let error = await expectCourierError(.unsupportedRedirect) {
            try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        }
        #expect(await recorder.requests.count == 1)
        let shown = [error?.message, error?.errorDescription, error.map { "\($0)" }].compactMap { $0 }
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { !$0.contains("pw-secret") && !$0.contains("user:") })
    }

    /// A refused redirect was not followed: metrics count only the hops sent.
    @Test func aRefusedRedirectIsNotCountedAsFollowed() async {
        let observer = CapturingMetricsObserver()
        let recorder = Self.transport(["https://api.example.com/start": (302, "file:///etc/passwd")])
        let client = Client(
            baseURL: exampleBase, transport: recorder, middleware: [MetricsMiddleware(observer: observer)])
        await expectCourierError(.unsupportedRedirect) { try await client.send(Self.post) }
        #expect(observer.reports.map(\.redirects) == [0])
    }

    @Test func aCycleMessageLeavesTheQueryOut() async {
        let recorder = Self.transport([
            "https://api.example.com/start": (307, "/a?code=one-time-code-1"),
            "https://api.example.com/a?code=one-time-code-1": (307, "/a?code=one-time-code-1"),
        ])
        let error = await expectCourierError(.tooManyRedirects) {
            try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        }
        #expect(error?.message == "The redirects form a cycle back to https://api.example.com/a.")
        #expect(error?.url?.absoluteString == "https://api.example.com/a?code=one-time-code-1")
    }

    @Test func atMostTenHops() async {
        var routes: [String: (Int, String)] = [:]
        for hop in 0..<20 {
            routes["https://api.example.com/\(hop == 0 ? "start" : "hop\(hop)")"] = (302, "/hop\(hop + 1)")
        }
        let recorder = Self.transport(routes)
        let error = await expectCourierError(.tooManyRedirects) {
            try await Client(baseURL: exampleBase, transport: recorder).send(
                Endpoint<String, Never> {
                    Method.get
                    Path("start")
                })
        }
        #expect(error?.message == "The server redirected more than 10 times.")
        #expect(await recorder.requests.count == 11)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://example.com/x", "javascript:alert(1)", "http://"])
    func nonHTTPTargetsAreRefused(location: String) async {
        let recorder = Self.transport(["https://api.example.com/start": (302, location)])
        await expectCourierError(.unsupportedRedirect) {
            try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        }
        #expect(await recorder.requests.count == 1)
    }

    /// A location is read as a base URL is: a host or port no URL can carry is never sent to
    /// (AsyncHTTPClient traps on a port past 65535), and its secret-looking parts are not shown.
    @Test(arguments: [
        "http://127.0.0.1:65536/x", "http://127.0.0.1:0/x", "http://TOKEN123%40127.0.0.1/x",
        "http://127.0.0.1%2Fa.example/x", "http://[fe80::1%25eth0]/x", "http://256.0.0.1/x",
    ])
    func aLocationWithAnUnusableHostOrPortIsRefused(location: String) async {
        let recorder = Self.transport(["https://api.example.com/start": (302, location)])
        let error = await expectCourierError(.unsupportedRedirect) {
            try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        }
        #expect(await recorder.requests.count == 1)
        #expect(
            error?.message.contains("host or port Courier cannot send to") == true,
            "\(String(describing: error))")
        #expect(error.map { !"\($0)".contains("TOKEN123") } == true)
        #expect((error?.underlying as? CourierError).map { !"\($0)".contains("TOKEN123") } == true)
    }

    /// The next hop's URL is what is sent: dot segments resolved, the host written as sent.
    @Test(arguments: [
        ("/a/../b/./c", "https://api.example.com/b/c"), ("/a/%2E%2e/b", "https://api.example.com/b"),
        ("/a/b/..", "https://api.example.com/a/"), ("/../../x?y=1", "https://api.example.com/x?y=1"),
        ("https://API.example.com:443/x", "https://api.example.com/x"),
        ("https://bücher.example/x", "https://xn--bcher-kva.example/x"),
    ])
    func theNextHopIsSentAsItsURLReads(location: String, sent: String) async throws {
        let recorder = Self.transport(["https://api.example.com/start": (302, location)])
        _ = try await Client(baseURL: exampleBase, transport: recorder).send(Self.post)
        #expect(await recorder.requests.last?.url.absoluteString == sent)
    }

    /// A 307 or 308 from HTTPS to plain HTTP would send the body again in the clear: not
    /// followed. The same redirect to HTTPS is followed with the body.
    @Test(arguments: [307, 308])
    func aBodyIsNeverSentAgainFromHTTPSOverPlainHTTP(status: Int) async throws {
        let down = Self.transport(["https://api.example.com/start": (status, "http://api.example.com/next")])
        let error = await expectCourierError(.unsupportedRedirect) {
            try await Client(baseURL: exampleBase, transport: down).send(Self.post)
        }
        #expect(error?.message.contains("over plain HTTP") == true)
        #expect(await down.requests.count == 1)
        let across = Self.transport([
            "https://api.example.com/start": (status, "https://other.example.com/next")
        ])
        _ = try await Client(baseURL: exampleBase, transport: across).send(Self.post)
        let requests = await across.requests
        #expect(requests.count == 2)
        #expect(requests.last?.body != nil)
    }

    @Test(arguments: [nil, "", "  "])
    func redirectWithoutLocationIsReturnedAsIs(location: String?) async {
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                RawResponse(
                    status: 302,
                    headers: HeaderFields(location.map { [HeaderField(name: .location, value: $0)] } ?? []),
                    url: request.url)
            })
        let error = await expectCourierError(.undocumentedStatus) { try await client.send(Self.post) }
        #expect(error?.response?.status == 302)
    }
}
