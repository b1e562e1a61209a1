import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RenderingTests {
    static let create = Endpoint<User, APIError> {
        Method.post
        Path("api", "users")
        Query("notify", "it's")
        Header.accept(.json)
        Header.bearer("s3cr3t")
        Header("Cookie", "session=abc")
        Header("X-Api-Key", "k3y", isSecret: true)
        Body.json(User(id: 1, name: "O'Brien"))
    }

    @Test func curlIsSingleQuotedAndRedacted() throws {
        let curl = try Self.create.built().curlCommand(baseURL: exampleBase)
        #expect(
            curl == """
                curl -X 'POST' 'https://api.example.com/api/users?notify=it%27s' -H 'Accept: application/json' \
                -H 'Authorization: <redacted>' -H 'Cookie: <redacted>' -H 'X-Api-Key: <redacted>' \
                -H 'Content-Type: application/json' --data-binary '{"id":1,"name":"O'\\''Brien"}'
                """
        )
        #expect(!curl.contains("s3cr3t") && !curl.contains("abc") && !curl.contains("k3y"))
    }

    @Test func curlRevealsSecretsOnlyWhenAsked() throws {
        let curl = try Self.create.built().curlCommand(baseURL: exampleBase, revealingSecrets: true)
        #expect(curl.contains("-H 'Authorization: Bearer s3cr3t'"))
        #expect(curl.contains("-H 'X-Api-Key: k3y'"))
    }

    @Test func quotingSurvivesAShell() throws {
        let hostile = "'; rm -rf / #"
        let curl = try Endpoint<Empty, Never> {
            Method.post
            Body.text(hostile)
        }.built().curlCommand(baseURL: exampleBase)
        #expect(curl.hasSuffix(#"--data-binary ''\''; rm -rf / #'"#))
    }

    @Test func http1TextIsCanonical() throws {
        let text = try Self.create.built().http1Text(baseURL: BaseURL("http://localhost:8080"))
        #expect(
            text
                == [
                    "POST /api/users?notify=it%27s HTTP/1.1",
                    "Host: localhost:8080",
                    "Accept: application/json",
                    "Authorization: <redacted>",
                    "Cookie: <redacted>",
                    "X-Api-Key: <redacted>",
                    "Content-Type: application/json",
                    "Content-Length: 25",
                    "",
                    #"{"id":1,"name":"O'Brien"}"#,
                ].joined(separator: "\r\n")
        )
    }

    @Test func http1TextHidesQuerySecretsAndNamesTheRealTargetsHost() throws {
        let files = Endpoint<Empty, Never> {
            Method.get
            Path("files")
            Query("access_token", "T")
            Query("page", 2)
        }
        let text = try files.built().http1Text(baseURL: BaseURL("api.example.com"))
        #expect(!text.contains("=T"))
        #expect(
            text.hasPrefix("GET /files?access_token=<redacted>&page=2 HTTP/1.1\r\nHost: api.example.com\r\n"))
        let revealed = try files.built().http1Text(
            baseURL: BaseURL("api.example.com"), revealingSecrets: true)
        #expect(revealed.hasPrefix("GET /files?access_token=T&page=2 HTTP/1.1\r\n"))
        let absolute = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL(URL(string: "https://cdn.example.net:8443/v1")!)
            Path("files")
        }
        let absoluteText = try absolute.built().http1Text(baseURL: BaseURL("api.example.com"))
        #expect(absoluteText == "GET /v1/files HTTP/1.1\r\nHost: cdn.example.net:8443\r\n\r\n")
    }

    @Test func http1TextOfABodilessRequest() throws {
        let text = try Endpoint<Empty, Never> { Method.get }.built().http1Text(
            baseURL: BaseURL("example.com/base"))
        #expect(text == "GET /base HTTP/1.1\r\nHost: example.com\r\n\r\n")
    }

    @Test func urlRequestCarriesEverything() throws {
        let request = try Endpoint<Empty, Never> {
            Method.put
            Path("a b")
            Header("X-One", "1")
            Timeout(.milliseconds(2500))
            Body.text("hi")
        }.built().urlRequest(baseURL: exampleBase)
        #expect(request.url?.absoluteString == "https://api.example.com/a%20b")
        #expect(request.httpMethod == "PUT")
        #expect(request.value(forHTTPHeaderField: "x-one") == "1")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
        #expect(request.httpBody == Data("hi".utf8))
        // Whole seconds, rounded up: URLSession on Linux truncates fractions.
        #expect(request.timeoutInterval == 3)
    }

    /// Every method reaches the `URLRequest`, GET included (which a new request already has).
    @Test(arguments: [HTTPMethod.get, .head, .post, .put, .patch, .delete, .options])
    func urlRequestCarriesEachMethod(_ method: HTTPMethod) {
        let request = TransportRequest(
            method: method, url: URL(string: "https://api.example.com/")!, headers: [], body: nil)
        #expect(request.urlRequest.httpMethod == method.rawValue)
    }

    /// `URLRequest` keeps one value per name: repeated fields, whatever their case, are joined.
    @Test func urlRequestJoinsRepeatedHeaderNames() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Header("X-Tag", "a")
            Header("Accept", "text/plain")
            Header("x-tag", "b")
        }.built().urlRequest(baseURL: exampleBase)
        #expect(request.value(forHTTPHeaderField: "X-Tag") == "a, b")
        #expect(request.value(forHTTPHeaderField: "accept") == "text/plain")
        #expect(request.allHTTPHeaderFields?.count == 2)
    }

    /// A hand-made transport request cannot smuggle a header line through `URLRequest`.
    @Test func aHeaderValueWithALineBreakIsLeftOutOfTheURLRequest() throws {
        let request = TransportRequest(
            method: .get, url: URL(string: "https://api.example.com/")!,
            headers: [
                HeaderField(name: HeaderName("X-Inject"), value: "a\r\nX-Injected: 1"),
                HeaderField(name: HeaderName("X-Plain"), value: "p"),
            ], body: nil)
        #expect(request.urlRequest.allHTTPHeaderFields == ["X-Plain": "p"])
    }

    @Test func redactedCopyKeepsNamesAndHidesValues() throws {
        let redacted = try Self.create.built().redacted()
        #expect(redacted.headers[.authorization] == "<redacted>")
        #expect(redacted.headers[.accept] == "application/json")
    }

    static let signedDownload = Endpoint<Data, Never> {
        Method.get
        Path("files", "a.png")
        Query("api_key", "query-key-1")
        Query("tenant", "acme-tenant", isSecret: true)
        Query("size", 2)
    }

    @Test func curlHidesSecretQueryValuesUnlessRevealed() throws {
        let request = try Self.signedDownload.built()
        #expect(
            try request.curlCommand(baseURL: exampleBase)
                == "curl -X 'GET' 'https://api.example.com/files/a.png?api_key=<redacted>&tenant=<redacted>&size=2'"
        )
        #expect(
            try request.curlCommand(baseURL: exampleBase, revealingSecrets: true)
                == "curl -X 'GET' 'https://api.example.com/files/a.png?api_key=query-key-1&tenant=acme-tenant&size=2'"
        )
        #expect(
            request.redacted().query.map(\.description) == [
                "api_key=<redacted>", "tenant=<redacted>", "size=2",
            ])
        #expect("\(request.query)" == "[api_key=<redacted>, tenant=<redacted>, size=2]")
    }

    @Test func curlHidesSecretFieldsOfFormAndJSONBodies() throws {
        struct SignIn: Encodable, Sendable {
            let user: String
            let password: String
        }
        let form = try Endpoint<Empty, Never> {
            Method.post
            Body.form(SignIn(user: "ann", password: "form-pass-1"))
        }.built()
        #expect(
            try form.curlCommand(baseURL: exampleBase).hasSuffix(
                "--data-binary 'user=ann&password=<redacted>'"))
        #expect(try form.curlCommand(baseURL: exampleBase, revealingSecrets: true).contains("form-pass-1"))
        let json = try Endpoint<Empty, Never> {
            Method.post
            Body.json(SignIn(user: "ann", password: "json-pass-1"))
        }.built()
        #expect(
            try json.curlCommand(baseURL: exampleBase).hasSuffix(
                #"--data-binary '{"password":"<redacted>","user":"ann"}'"#))
        #expect(try json.curlCommand(baseURL: exampleBase, revealingSecrets: true).contains("json-pass-1"))
    }
}

@Suite struct CurlSpecialCaseTests {
    @Test func headUsesTheHeadFlag() throws {
        let curl = try Endpoint<Empty, Never> {
            Method.head
            Path("a")
        }.built().curlCommand(baseURL: exampleBase)
        #expect(curl == "curl --head 'https://api.example.com/a'")
    }

    @Test func binaryBodiesAreFedFromPrintfEscapes() throws {
        let request = try Endpoint<Empty, Never> {
            Method.put
            Body.data(Data([0x00, 0xFF, 0x0A, 0x27]))
        }.built()
        #expect(
            try request.curlCommand(baseURL: exampleBase)
                == #"curl -X 'PUT' 'https://api.example.com/' -H 'Content-Type: application/octet-stream' --data-binary @<(printf '\x00\xFF\x0A\x27')"#
        )
    }

    /// Runs the `--data-binary @…` argument of a cURL line through bash and returns its bytes.
    private static func bytesBashFeeds(_ curl: String) async throws -> Data {
        let marker = "--data-binary @"
        let range = try #require(curl.range(of: marker))
        let result = try await ShellCommand.run("/bin/bash", ["-c", "cat " + curl[range.upperBound...]])
        #expect(result.status == 0)
        return result.output
    }

    @Test func bashFeedsExactlyTheBodyBytesForBinaryAndStreamedBodies() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("it's a file.bin")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: file)
        let binary = Data([0x00, 0xFF, 0x0A, 0x27, 0x25, 0x5C, 0x41, 0x0D])

        let requests = [
            try Endpoint<Empty, Never> {
                Method.put
                Body.data(binary)
            }.built(),
            try Endpoint<Empty, Never> {
                Method.post
                Body.multipart(
                    .text("note", "100% 'quoted' \\ back\r\nslash é"),
                    .data("raw", binary, filename: "r.bin"),
                    .file("file", file), boundary: "b-o-u-n-d")
            }.built(),
        ]
        for request in requests {
            let body = try #require(request.body)
            let curl = try request.curlCommand(baseURL: exampleBase)
            let fed = try await Self.bytesBashFeeds(curl)
            let expected = try body.collectData()
            #expect(fed == expected, "bash fed \(fed.count) bytes, the body has \(expected.count): \(curl)")
        }
    }
}
