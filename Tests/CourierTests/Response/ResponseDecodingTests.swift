import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct ResponseDecodingTests {
    static func client(status: HTTPStatus, body: String, headers: HeaderFields = []) -> Client {
        Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(status: status, headers: headers, body: Data(body.utf8), url: $0.url)
            }
        )
    }

    static func get<Success: Decodable & Sendable, Failure: Error>(
        _: Success.Type, _: Failure.Type = Never.self
    ) -> Endpoint<Success, Failure> {
        Endpoint {
            Method.get
            Path("x")
        }
    }

    @Test func successDecodesJSON() async throws {
        let response = try await Self.client(status: .ok, body: #"{"id":1,"name":"Ada"}"#).send(
            Self.get(User.self, APIError.self))
        #expect(response.status == .ok)
        #expect(response.value == User(id: 1, name: "Ada"))
        #expect(response.body == Data(#"{"id":1,"name":"Ada"}"#.utf8))
    }

    @Test func documentedErrorDecodesAsTheFailure() async throws {
        let response = try await Self.client(status: 400, body: #"{"message":"bad"}"#).send(
            Self.get(User.self, APIError.self))
        #expect(response.status == 400)
        guard case .failure(let error) = response.result else {
            Issue.record("expected the documented error")
            return
        }
        #expect(error == APIError(message: "bad"))
    }

    @Test(arguments: [
        (404, #"{"resource":"user"}"#, UserError.notFound(NotFound(resource: "user"))),
        (422, #"{"fields":["name"]}"#, UserError.invalid(ValidationErrors(fields: ["name"]))),
        (503, #"{"message":"down"}"#, UserError.server(APIError(message: "down"))),
    ])
    func perStatusModels(status: Int, body: String, expected: UserError) async throws {
        let response = try await Self.client(status: HTTPStatus(status), body: body).send(
            Self.get(User.self, UserError.self))
        guard case .failure(let error) = response.result else {
            Issue.record("expected a documented error")
            return
        }
        #expect(error == expected)
    }

    /// A plain-text or HTML error page documented with a `String`, `Data` or ``Empty`` model
    /// (``PageError``) decodes as that model does for a success body, not as JSON.
    @Test(arguments: [
        (418, "I'm a teapot", PageError.teapot("I'm a teapot")),
        (502, "<html>Bad Gateway</html>", PageError.page(Data("<html>Bad Gateway</html>".utf8))),
        (503, "", PageError.page(Data())),
        (410, "", PageError.gone),
    ])
    func documentedModelsThatAreNotJSON(status: Int, body: String, expected: PageError) async throws {
        let response = try await Self.client(status: HTTPStatus(status), body: body).send(
            Self.get(User.self, PageError.self))
        guard case .failure(let error) = response.result else {
            Issue.record("expected a documented error")
            return
        }
        #expect(error == expected)
    }

    @Test func documentedTextModelHonoursTheCharset() async throws {
        let latin1: HeaderFields = [HeaderField(name: .contentType, value: "text/plain; charset=ISO-8859-1")]
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(status: 418, headers: latin1, body: Data([0x63, 0x61, 0x66, 0xE9]), url: $0.url)
            }
        )
        guard case .failure(let error) = try await client.send(Self.get(User.self, PageError.self)).result
        else {
            Issue.record("expected a documented error")
            return
        }
        #expect(error == .teapot("café"))
    }

    /// The message names the model that failed, not only the failure type that documents it.
    @Test func aDocumentedModelThatDoesNotDecodeIsNamed() async throws {
        let latin2: HeaderFields = [HeaderField(name: .contentType, value: "text/plain; charset=ISO-8859-2")]
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(status: 418, headers: latin2, body: Data("tea".utf8), url: $0.url)
            }
        )
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await client.send(Self.get(User.self, PageError.self))
        }
        #expect(
            error?.message.hasPrefix(
                "The server answered 418, which the endpoint documents with String (in PageError); the body "
                    + "did not decode as String: ") == true, "\(error?.message ?? "")")
    }

    @Test func undocumentedStatusKeepsStatusHeadersAndBody() async throws {
        let headers: HeaderFields = [HeaderField(name: .contentType, value: "text/html")]
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await Self.client(status: 409, body: "<html>conflict</html>", headers: headers)
                .send(Self.get(User.self, UserError.self))
        }
        #expect(error?.response?.status == 409)
        #expect(error?.response?.headers["content-type"] == "text/html")
        #expect(error?.response?.body == Data("<html>conflict</html>".utf8))
        #expect(
            error?.message
                == "The server answered 409, which the endpoint does not document. Body: <html>conflict</html>"
        )
    }

    @Test func statusIsCheckedBeforeDecoding() async throws {
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await Self.client(status: 502, body: "<html>Bad gateway</html>").send(
                Self.get(User.self, APIError.self))
        }
        #expect(error?.underlying is DecodingError)
        #expect(
            error?.message
                == "The server answered 502, which the endpoint does not document; the body did not decode as "
                + "APIError: data corrupted at the top level: The given data was not valid JSON. "
                + "Body: <html>Bad gateway</html>")
        let empty = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await Self.client(status: 502, body: "").send(Self.get(User.self, APIError.self))
        }
        #expect(
            empty?.message
                == "The server answered 502, which the endpoint does not document; the body did not decode as "
                + "APIError: data corrupted at the top level: The given data was not valid JSON.")
    }

    @Test func neverMeansEveryErrorStatusIsUndocumented() async throws {
        let error = await expectCourierError(.undocumentedStatus) {
            try await Self.client(status: 404, body: #"{"message":"x"}"#).send(Self.get(User.self))
        }
        #expect(error?.underlying == nil)
    }

    @Test func decodingErrorNamesThePathAndQuotesARedactedSnippet() async throws {
        let body = #"{"items":[{"id":"one","token":"abc123"}]}"#
        struct Page: Decodable, Sendable { let items: [User] }
        let error = await expectCourierError(.decodingFailed, stage: .decoding) {
            try await Self.client(status: .ok, body: body).send(Self.get(Page.self))
        }
        #expect(error?.message.contains("at items[0].id") == true)
        #expect(error?.message.hasSuffix(#"Body: {"items":[{"id":"one","token":"<redacted>"}]}"#) == true)
        #expect(error?.description.contains("abc123") == false)
    }

    @Test func snippetIsAtMost512Bytes() async throws {
        let long = String(repeating: "é", count: 2000)
        let error = await expectCourierError(.decodingFailed, stage: .decoding) {
            try await Self.client(status: .ok, body: long).send(Self.get(User.self))
        }
        let snippet = try #require(error?.message.components(separatedBy: "Body: ").last)
        #expect(snippet.utf8.count <= 512)
        #expect(snippet.hasSuffix("…"))
    }

    @Test func secretsEchoedBackByTheServerAreRedactedInErrors() async throws {
        let echoing = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                let echoed = request.headers.fields.map { "\($0.name.rawValue)=\($0.value)" }.joined(
                    separator: "; ")
                return RawResponse(status: 418, body: Data("seen: \(echoed)".utf8), url: request.url)
            }
        )
        let endpoint = Endpoint<User, Never> {
            Method.get
            Header.bearer("bearer-secret-1")
            Header("X-Api-Key", "key-secret-2", isSecret: true)
            Header("X-Plain", "visible")
        }
        let error = await expectCourierError(.undocumentedStatus) { try await echoing.send(endpoint) }
        #expect(error?.description.contains("bearer-secret-1") == false)
        #expect(error?.description.contains("key-secret-2") == false)
        #expect(error?.message.contains("X-Plain=visible") == true)
        #expect(error?.message.contains("Authorization=<redacted>") == true)
    }

    @Test func emptyOptionalStringAndData() async throws {
        #expect(
            try await Self.client(status: .noContent, body: "").send(Self.get(Empty.self)).value == Empty())
        #expect(
            try await Self.client(status: .ok, body: "ignored").send(Self.get(Empty.self)).value == Empty())
        #expect(try await Self.client(status: .ok, body: "").send(Self.get(User?.self)).value == .some(nil))
        #expect(
            try await Self.client(status: .ok, body: #"{"id":2,"name":"B"}"#).send(Self.get(User?.self)).value
                == .some(User(id: 2, name: "B"))
        )
        #expect(
            try await Self.client(status: .ok, body: "héllo").send(Self.get(String.self)).value == "héllo")
        #expect(
            try await Self.client(status: .ok, body: "\u{1}\u{2}").send(Self.get(Data.self)).value
                == Data([1, 2]))
    }

    @Test func textHonoursTheDeclaredCharset() async throws {
        let latin1: HeaderFields = [HeaderField(name: .contentType, value: "text/plain; charset=ISO-8859-1")]
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(status: .ok, headers: latin1, body: Data([0x63, 0x61, 0x66, 0xE9]), url: $0.url)
            }
        )
        #expect(try await client.send(Self.get(String.self)).value == "café")
        let invalidUTF8 = Client(
            baseURL: exampleBase,
            transport: StubTransport { RawResponse(status: .ok, body: Data([0xFF, 0xFE]), url: $0.url) }
        )
        let error = await expectCourierError(.decodingFailed) {
            try await invalidUTF8.send(Self.get(String.self))
        }
        #expect(error?.message.contains("not valid text in charset utf-8") == true)
    }

    @Test func endpointDecoderWinsOverTheClients() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Profile: Decodable, Sendable, Equatable { let firstName: String }
        let endpoint = Endpoint<Profile, Never>(decoder: decoder) { Method.get }
        let response = try await Self.client(status: .ok, body: #"{"first_name":"Ada"}"#).send(endpoint)
        #expect(response.value == Profile(firstName: "Ada"))
    }

    @Test func valueThrowsTheDocumentedErrorTyped() async {
        do throws(EndpointError<UserError>) {
            _ = try await Self.client(status: 404, body: #"{"resource":"u"}"#).value(
                Self.get(User.self, UserError.self))
            Issue.record("expected an error")
        } catch {
            switch error {
            case .documented(let error): #expect(error == .notFound(NotFound(resource: "u")))
            case .courier(let error): Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func valueForNeverThrowsCourierError() async throws {
        let user = try await Self.client(status: .ok, body: #"{"id":3,"name":"C"}"#).value(
            Self.get(User.self))
        #expect(user == User(id: 3, name: "C"))
        await expectCourierError(.undocumentedStatus) {
            try await Self.client(status: 500, body: "").value(Self.get(User.self))
        }
    }
}
