import Courier
import CourierHTTPTypes
import Foundation
import HTTPTypes
import Testing

@Suite struct MessageConversionTests {
    struct Note: Codable, Sendable, Hashable {
        var text: String
    }

    /// An endpoint with a path value, a query value, a header and a JSON body.
    struct PutNote: CatalogEndpoint, Hashable {
        typealias Success = Empty
        typealias Failure = Never

        var folder: String
        var id: String
        var tag: String
        var trace: String
        var note: Note

        var definition: some EndpointDefinition {
            Method.put
            Path("folders", folder, "notes", id)
            Query("tag", tag)
            Header("X-Trace", trace)
            Body.json(note)
        }
    }

    @Test func anEndpointRequestBecomesTheHeadAClientSends() throws {
        let request = try PutNote(folder: "a b", id: "7", tag: "x&y", trace: "t-1", note: Note(text: "hi"))
            .request()
        let head = try HTTPRequest(request, baseURL: BaseURL(validating: "https://api.example.com:8443/v1"))
        #expect(head.method == .put)
        #expect(head.scheme == "https")
        #expect(head.authority == "api.example.com:8443")
        #expect(head.path == "/v1/folders/a%20b/notes/7?tag=x%26y")
        #expect(head.headerFields[HTTPField.Name("X-Trace")!] == "t-1")
        #expect(head.headerFields[.contentType] == "application/json")
    }

    /// Generated endpoints, sent as swift-http-types heads and received as catalog requests: each
    /// matches as the value that was sent.
    @Test func aGeneratedEndpointSurvivesTheTripToACatalog() throws {
        let catalog = try Catalog([PutNote.self])
        let base = try BaseURL(validating: "http://127.0.0.1:8080")
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            let sent = PutNote(
                // A path value of only dots is refused when the request is built.
                folder: "f" + GeneratedValues.text(&generator), id: GeneratedValues.text(&generator) + "n",
                tag: GeneratedValues.text(&generator), trace: GeneratedValues.token(&generator),
                note: Note(text: GeneratedValues.text(&generator)))
            let request = try sent.request()
            let head = try HTTPRequest(request, baseURL: base)
            let incoming = try IncomingRequest(head, body: try request.body?.collectData() ?? Data())
            #expect(incoming == (try IncomingRequest(request)))
            #expect(try catalog.match(incoming) as? PutNote == sent)
        }
    }

    struct GetInbox: CatalogEndpoint, Hashable {
        typealias Success = Empty
        typealias Failure = Never

        var session: String
        var theme: String

        var definition: some EndpointDefinition {
            Method.get
            Path("inbox")
            Cookie("session", session)
            Cookie("theme", theme)
        }
    }

    /// HTTP/2 and HTTP/3 split `Cookie` into one field per cookie (RFC 9113 §8.2.3); a catalog
    /// reads them all.
    @Test func cookiesSplitIntoFieldsAreMatched() throws {
        let head = HTTPRequest(
            method: .get, scheme: "https", authority: "example.com", path: "/inbox",
            headerFields: [.cookie: "session=abc", .cookie: "theme=dark"])
        let matched = try Catalog([GetInbox.self]).match(IncomingRequest(head))
        #expect(matched as? GetInbox == GetInbox(session: "abc", theme: "dark"))
    }

    @Test func aRequestWithoutAPathCannotBeMatched() {
        let connect = HTTPRequest(method: .connect, scheme: nil, authority: "example.com:443", path: nil)
        let error = #expect(throws: CourierError.self) { try IncomingRequest(connect) }
        #expect(error?.kind == .unparseableEndpoint)
    }

    @Test func responsesKeepStatusFieldsAndBodyBothWays() throws {
        var generator = SeededGenerator(seed: 4)
        for _ in 0..<500 {
            let status = HTTPStatus(Int.random(in: 100...999, using: &generator))
            let fields = HeaderFields(
                GeneratedValues.headerFields(&generator).map {
                    HeaderField(name: $0.name, value: $0.value, isSecret: $0.isSensitive)
                })
            let body = Data(GeneratedValues.text(&generator).utf8)
            let url = URL(string: "https://example.com/x")!
            let raw = RawResponse(status: status, headers: fields, body: body, url: url)
            let head = try HTTPResponse(raw)
            #expect(head.status.code == status.code)
            let back = try RawResponse(head, body: body, url: url)
            #expect(back.status == raw.status)
            #expect(back.headers == raw.headers)
            #expect(back.body == raw.body)
            #expect(back.url == raw.url)
            #expect(try HTTPResponse(back) == head)
        }
    }

    /// A transport may keep the whitespace around a received value; the head leaves it out, as
    /// RFC 9112 §5 does, rather than refusing the response.
    @Test func aReceivedValueWithWhitespaceAroundItConverts() throws {
        let raw = RawResponse(
            status: .ok,
            headers: [
                HeaderField(name: HeaderName("X-Trail"), value: "abc \t"),
                HeaderField(name: HeaderName("X-Lead"), value: " a b"),
            ])
        let head = try HTTPResponse(raw)
        #expect(head.headerFields[HTTPField.Name("X-Trail")!] == "abc")
        #expect(head.headerFields[HTTPField.Name("X-Lead")!] == "a b")
    }

    @Test func aCatalogAnswerBecomesTheResponseHead() throws {
        let answer = CatalogAnswer(
            status: .created, headers: [HeaderField(name: .contentType, value: "application/json")],
            body: Data("{}".utf8))
        let head = try HTTPResponse(answer)
        #expect(head.status == .created)
        #expect(head.headerFields[.contentType] == "application/json")
        let refused = #expect(throws: CourierError.self) {
            try HTTPResponse(CatalogAnswer(status: HTTPStatus(1_000)))
        }
        #expect(refused?.kind == .invalidResponse)
    }
}
