import Courier
import CourierOpenAPI
import CourierTesting
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@Suite struct CourierClientTransportResponseTests {
    static let server = URL(string: "https://api.example.com")!

    static func send(
        _ method: HTTPRequest.Method = .get, answering response: RawResponse,
        middleware: [any Middleware] = []
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let wire = Wire(answering: response)
        let client = Courier.Client(
            baseURL: BaseURL("https://api.example.com"), transport: wire.transport, middleware: middleware)
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: "/v1/todos/7")
        return try await CourierClientTransport(client: client).send(
            request, body: nil, baseURL: server, operationID: "getTodo")
    }

    static func text(_ body: HTTPBody?) async throws -> String? {
        guard let body else { return nil }
        return try await String(collecting: body, upTo: 1 << 20)
    }

    @Test func aSuccessComesBackWithItsHeadersAndItsBodyAsTheTransportStreamsIt() async throws {
        let (response, body) = try await Self.send(
            answering: RawResponse(
                status: .ok,
                headers: [
                    HeaderField(name: .contentType, value: "application/json"),
                    HeaderField(name: .etag, value: #""v1""#),
                    HeaderField(name: .setCookie, value: "a=1"), HeaderField(name: .setCookie, value: "b=2"),
                ],
                bodyStream: ResponseBodyStream(chunks: [Data(#"{"id""#.utf8), Data(#":7}"#.utf8)])))
        #expect(response.status == .ok)
        #expect(response.headerFields[.contentType] == "application/json")
        #expect(response.headerFields[.eTag] == #""v1""#)
        #expect(response.headerFields[values: .setCookie] == ["a=1", "b=2"])
        let streamed = try #require(body)
        #expect(streamed.iterationBehavior == .single)
        #expect(streamed.length == .unknown)
        #expect(try await Self.text(streamed) == #"{"id":7}"#)
    }

    @Test func aSuccessFromATransportThatDoesNotStreamComesBackWhole() async throws {
        let (response, body) = try await Self.send(
            answering: RawResponse(status: .ok, body: Data(#"{"id":7}"#.utf8)))
        #expect(response.status == .ok)
        let whole = try #require(body)
        #expect(whole.iterationBehavior == .multiple)
        #expect(whole.length == .known(8))
        #expect(try await Self.text(whole) == #"{"id":7}"#)
    }

    @Test(arguments: [400, 401, 404, 409, 422, 429, 500, 502, 503])
    func aFailureStatusComesBackUntouched(code: Int) async throws {
        let (response, body) = try await Self.send(
            answering: RawResponse(
                status: HTTPStatus(code),
                headers: [HeaderField(name: .contentType, value: "application/problem+json")],
                body: Data(#"{"title":"no"}"#.utf8)))
        #expect(response.status.code == code)
        #expect(response.headerFields[.contentType] == "application/problem+json")
        #expect(try await Self.text(body) == #"{"title":"no"}"#)
    }

    @Test func aClientsValidationMiddlewareLetsEveryStatusThrough() async throws {
        let (response, body) = try await Self.send(
            answering: RawResponse(
                status: .notFound, headers: [HeaderField(name: .contentType, value: "text/plain")],
                body: Data("gone".utf8)),
            middleware: [ValidationMiddleware(ResponseValidation(contentTypes: [.json]))])
        #expect(response.status == .notFound)
        #expect(try await Self.text(body) == "gone")
    }

    @Test func aResponseWithoutContentHasNoBody() async throws {
        let (noContent, noContentBody) = try await Self.send(answering: RawResponse(status: .noContent))
        #expect(noContent.status == .noContent)
        #expect(noContentBody == nil)
        let (head, headBody) = try await Self.send(
            .head,
            answering: RawResponse(status: .ok, headers: [HeaderField(name: .contentLength, value: "12")]))
        #expect(head.status == .ok)
        #expect(headBody == nil)
    }

    @Test func anEmptyFailureBodyIsAnEmptyBody() async throws {
        let (response, body) = try await Self.send(answering: RawResponse(status: .notFound))
        #expect(response.status == .notFound)
        #expect(try await Self.text(body) == "")
    }
}
