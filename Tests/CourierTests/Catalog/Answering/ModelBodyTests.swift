import CourierTesting
import Foundation
import Testing

@testable import Courier

/// One rule for a model's body, whether a catalog answers with it or a mock does.
struct ModelBodyTests {
    enum Failures: DocumentedErrors {
        case gone(Empty)
        case invalid(ProblemDetails)

        static var documentedStatuses: [DocumentedStatus<Failures>] {
            [
                .status(HTTPStatus(410), Empty.self, Failures.gone),
                .status(.badRequest, ProblemDetails.self, Failures.invalid),
            ]
        }
    }

    @Test func anOptionalIsSentAsItsWrappedTypeAndNilAsNoBody() throws {
        let encoder = JSONEncoder()
        let text: String? = "hi"
        let body = try #require(try ModelBody.encode(text, encoder: encoder))
        #expect(body.data == Data("hi".utf8))
        #expect(body.mediaType == .plainText)
        #expect(ModelBody.mediaType(of: String?.self) == .plainText)
        #expect(ModelBody.mediaType(of: ProblemDetails?.self) == .problemJSON)
        #expect(try ModelBody.encode(String?.none, encoder: encoder) == nil)
        #expect(try ModelBody.encode(Empty(), encoder: encoder) == nil)
        #expect(ModelBody.mediaType(of: Empty.self) == nil)
    }

    @Test func aMockedEmptyFailureHasNoBodyAndAProblemIsProblemJSON() async throws {
        let endpoint = Endpoint<String, Failures> {
            Method.get
            Path("things")
        }
        let mocks = MockTransport()
        let client = Client(baseURL: BaseURL("api.example.com"), transport: mocks)
        try await mocks.stub(
            endpoint, for: client, with: .failure(Empty(), status: HTTPStatus(410)), times: 1)
        let gone = try await client.send(endpoint)
        #expect(gone.body.isEmpty)
        #expect(gone.headers[.contentType] == nil)
        guard case .failure(.gone) = gone.result else {
            Issue.record("expected the documented 410, got \(gone.result)")
            return
        }
        let problem = ProblemDetails(title: "Bad thing", status: 400)
        try await mocks.stub(endpoint, for: client, with: .failure(problem, status: .badRequest))
        let invalid = try await client.send(endpoint)
        #expect(invalid.headers[.contentType] == MediaType.problemJSON.rawValue)
        guard case .failure(.invalid(let decoded)) = invalid.result else {
            Issue.record("expected the documented 400, got \(invalid.result)")
            return
        }
        #expect(decoded.title == "Bad thing")
    }
}
