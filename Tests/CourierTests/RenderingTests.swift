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
        #expect(request.timeoutInterval == 2.5)
    }

    @Test func redactedCopyKeepsNamesAndHidesValues() throws {
        let redacted = try Self.create.built().redacted()
        #expect(redacted.headers[.authorization] == "<redacted>")
        #expect(redacted.headers[.accept] == "application/json")
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
}
