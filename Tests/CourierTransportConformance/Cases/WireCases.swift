#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// httpbin's `/anything` answer.
    private struct HTTPBinAnything: Decodable, Sendable {
        let method: String
        let args: [String: String]
        let headers: [String: String]
        let json: User?
    }

    private struct User: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    extension ConformanceCase {
        static let wireCases: [ConformanceCase] = [
            ConformanceCase(.wire, "aGetArrivesWithItsQueryAndHeaders") { context in
                try await context.withClient(baseURL: context.servers.httpbin) { client in
                    let endpoint = Endpoint<HTTPBinAnything, Never> {
                        Method.get
                        Path("anything", "a b")
                        Query("q", "a+b c")
                        Query("amp", "x&y=z")
                        Header("X-Courier-Test", "yes")
                    }
                    let response = try await client.send(endpoint)
                    let seen = try #require(response.value)
                    #expect(response.status == .ok)
                    #expect(seen.method == "GET")
                    #expect(seen.args == ["q": "a+b c", "amp": "x&y=z"])
                    #expect(seen.headers["X-Courier-Test"] == "yes")
                    #expect(response.headers["CONTENT-TYPE"] == "application/json")
                }
            },
            ConformanceCase(.wire, "aJSONPostArrivesAsJSON") { context in
                try await context.withClient(baseURL: context.servers.httpbin) { client in
                    let endpoint = Endpoint<HTTPBinAnything, Never> {
                        Method.post
                        Path("anything")
                        Body.json(User(id: 7, name: "Grace"))
                    }
                    let seen = try #require(try await client.send(endpoint).value)
                    #expect(seen.method == "POST")
                    #expect(seen.json == User(id: 7, name: "Grace"))
                    #expect(seen.headers["Content-Type"] == "application/json")
                }
            },
            ConformanceCase(.wire, "theEncodingReachesTheWireExactly") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let endpoint = Endpoint<LoopbackServers.Echo, Never> {
                        Method("PURGE")
                        Path("echo", "a/b", "c d", "..%2F")
                        Query("q", "a+b c")
                        Query("q", "second")
                        Query("sym", "&=#%/?@")
                        Query("empty", "")
                        Header("X-Repeated", "one")
                        Header("X-Repeated", "two")
                        Header("x-MiXeD-Case", "kept")
                    }
                    let echo = try #require(try await client.send(endpoint).value)
                    #expect(echo.method == "PURGE")
                    #expect(
                        echo.target
                            == "/echo/a%2Fb/c%20d/..%252F?q=a%2Bb%20c&q=second&sym=%26%3D%23%25%2F%3F%40&empty="
                    )
                    let repeated = echo.headers.filter { $0.first?.lowercased() == "x-repeated" }.compactMap(
                        \.last)
                    #expect(repeated.joined(separator: ", ") == "one, two", "\(repeated)")
                    #expect(echo.header("x-mixed-case") == "kept")
                }
            },
            ConformanceCase(.wire, "aTrailingSlashArrivesAsDeclared") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    for (endpoint, target) in [
                        (
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.get
                                Path("echo/docs/")
                            }, "/echo/docs/"
                        ),
                        (
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.get
                                Path("echo/docs")
                            }, "/echo/docs"
                        ),
                    ] {
                        let echo = try #require(try await client.send(endpoint).value)
                        #expect(echo.target == target)
                    }
                }
            },
            ConformanceCase(.wire, "theMethodSentIsTheMethodShown") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    for (declared, sent) in [("get", "GET"), ("delete", "DELETE"), ("purge", "purge")] {
                        let endpoint = Endpoint<LoopbackServers.Echo, Never> {
                            Method(declared)
                            Path("echo")
                        }
                        #expect(try endpoint.request().method.rawValue == sent)
                        let echo = try #require(try await client.send(endpoint).value)
                        #expect(echo.method == sent)
                    }
                }
            },
            ConformanceCase(.wire, "aDocumentedErrorDecodesAsTheErrorModel") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let response = try await client.send(
                        Endpoint<User, LoopbackServers.ServerError> {
                            Method.get
                            Path("error", 404)
                        })
                    #expect(response.status == .notFound)
                    #expect(
                        response.result.failure
                            == LoopbackServers.ServerError(message: "error 404", code: 404))
                }
            },
            ConformanceCase(.wire, "anHTMLErrorPageIsAStatusErrorNotADecodingError") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let error = await expectCourierError(.undocumentedStatus, stage: .status) {
                        try await client.send(
                            Endpoint<User, LoopbackServers.ServerError> {
                                Method.get
                                Path("html-error", 502)
                            })
                    }
                    #expect(error?.response?.status == 502)
                    #expect(error?.response?.body == Data("<html><body>Bad gateway</body></html>".utf8))
                }
            },
            ConformanceCase(.wire, "emptyTextAndHeadResponsesArriveAsSent") { context in
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let empty = try await client.send(
                        Endpoint<Empty, Never> {
                            Method.get
                            Path("empty", 204)
                        })
                    #expect(empty.status == .noContent)
                    let text = try await client.send(
                        Endpoint<String, Never> {
                            Method.get
                            Path("text")
                        })
                    #expect(text.value == "héllo wörld")
                    let optional = try await client.send(
                        Endpoint<LoopbackServers.Echo?, Never> {
                            Method.get
                            Path("empty", 200)
                        })
                    #expect(optional.status == .ok)
                    #expect(optional.value.map { $0 == nil } == true)
                }
                try await context.withClient { client in
                    // HEAD: the length of the body a GET would have, and no body.
                    let head = try await client.send(
                        FaultServer.bytes(
                            "ok", key: FaultServer.uniqueKey(), method: .head, [("size", "5000")]))
                    #expect(head.status == .ok)
                    #expect(head.headers["Content-Length"] == "5000")
                    #expect(head.body.isEmpty)
                }
            },
            ConformanceCase(.wire, "aSuccessfulBodyEqualsWhatTheServerSent") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.bytes("ok", key: key, [("size", "300000")]))
                    #expect(response.value == FaultServer.pattern(300_000))
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.wire, "aPostBodyArrivesWhole") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let report = try await client.value(
                        Endpoint<FaultServer.SinkReport, Never> {
                            Method(.post)
                            Path("upload-sink")
                            Header("X-Count-Key", key)
                            Body.data(FaultServer.pattern(100_000))
                        })
                    #expect(report.size == 100_000)
                    #expect(report.sha256 == SHA256.hex(of: FaultServer.pattern(100_000)))
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.wire, "aBodyEchoedAsItArrivesComesBackWhole") { context in
                // The server writes each piece of the body back as it reads it, so the answer
                // arrives while the body is still going out: a transport that read nothing until
                // it had sent everything would stall once the socket buffers filled.
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let body = FaultServer.pattern(4 * 1024 * 1024)
                    let echoed = try await client.value(
                        Endpoint<Data, Never> {
                            Method(.post)
                            Path("echo-stream")
                            Header("X-Count-Key", key)
                            Body.data(body)
                        })
                    #expect(echoed.count == body.count)
                    #expect(echoed == body)
                    try await context.faults.expectCounts(key, received: 1...1)
                    #expect(try await context.faults.counts(key).complete == 1)
                }
            },
            ConformanceCase(.wire, "aHeaderWithAnEmptyValueArrivesEmpty") { context in
                // RFC 9110 §5.5: a field value may be empty; the field still goes out.
                try await context.withClient(baseURL: context.servers.loopback) { client in
                    let echo = try #require(
                        try await client.send(
                            Endpoint<LoopbackServers.Echo, Never> {
                                Method.get
                                Path("echo")
                                Header("X-Empty", "")
                            }
                        ).value)
                    #expect(echo.header("x-empty") == "")
                }
            },
            ConformanceCase(.wire, "aRepeatedResponseFieldKeepsEveryValue") { context in
                // RFC 9110 §5.3: fields of one name may be combined, in order, with commas.
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("repeated-header", key: FaultServer.uniqueKey()))
                    let values = response.headers.values(for: HeaderName("X-Test"))
                    #expect(values.joined(separator: ", ") == "one, two", "\(values)")
                }
            },
            ConformanceCase(.wire, "receivedFieldValuesHaveNoWhitespaceAroundThem") { context in
                // RFC 9110 §5.5: the spaces and tabs around a field value belong to the field
                // line, not to the value; a redirect goes to the reference without them.
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("padded-fields", key: FaultServer.uniqueKey()))
                    #expect(response.headers["X-Trail"] == "trail")
                    #expect(response.headers["X-Lead"] == "lead")
                    #expect(response.headers["ETag"] == "\"abc\"")
                    #expect(response.headers[.contentType] == "application/json")
                    let redirected = try await client.send(
                        FaultServer.bytes("redirect/padded", key: FaultServer.uniqueKey()))
                    #expect(redirected.value == FaultServer.pattern(10))
                    #expect(redirected.url?.path == "/ok", "\(String(describing: redirected.url))")
                }
            },
            ConformanceCase(.wire, "fieldLinesWithoutOptionalWhitespaceArrive") { context in
                // RFC 9112 §5: the whitespace after a field's colon is optional, and a value of
                // spaces only is empty; small servers write `Name:value`.
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("tight-fields", key: FaultServer.uniqueKey()))
                    #expect(response.value == Data("{}".utf8))
                    #expect(response.headers[.contentType] == "application/json")
                    #expect(response.headers["X-Spaces"] == "")
                }
            },
            ConformanceCase(.wire, "anObsTextHeaderValueArrivesWithTheResponse") { context in
                // RFC 9110 §5.5: field values may hold obs-text (bytes 0x80–0xFF); a response with
                // one is a response, and the value is read as Latin-1 or with replacement characters.
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("obs-text-header", key: FaultServer.uniqueKey()))
                    #expect(response.status == .ok)
                    #expect(response.value == Data("{}".utf8))
                    let value = try #require(response.headers["X-Latin1"])
                    #expect(value.hasPrefix("caf"), "\(value)")
                }
            },
        ]
    }
#endif
