import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

struct PreconditionStatusTests {
    private struct Conflict: Decodable, Error {
        let current: String
    }

    private static func client(status: Int, body: String = "", etag: String? = nil) -> Client {
        Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(
                    status: HTTPStatus(status),
                    headers: HeaderFields(
                        [HeaderField(name: .contentType, value: "application/json")]
                            + (etag.map { [HeaderField(name: .etag, value: $0)] } ?? [])),
                    body: Data(body.utf8), url: request.url)
            })
    }

    private static let write = Endpoint<Empty, Never> {
        Method(.put)
        Path("documents", "7")
        Header.ifMatch(EntityTag(#""v1""#)!)
    }

    @Test func anUndocumented412IsAPreconditionFailureCarryingTheCurrentValidator() async {
        let error = await expectCourierError(.preconditionFailed, stage: .status) {
            try await Self.client(status: 412, etag: #""v2""#).send(Self.write)
        }
        #expect(error?.response?.entityTag == EntityTag(#""v2""#))
        #expect(error?.message.contains("412") == true)
    }

    @Test func anUndocumented428IsAPreconditionRequirement() async {
        await expectCourierError(.preconditionRequired, stage: .status) {
            try await Self.client(status: 428).send(Self.write)
        }
        await expectCourierError(.notModified, stage: .status) {
            try await Self.client(status: 304).send(Self.write)
        }
        await expectCourierError(.undocumentedStatus, stage: .status) {
            try await Self.client(status: 409).send(Self.write)
        }
    }

    @Test func aDocumented412DecodesAsTheEndpointsFailure() async throws {
        let write = Endpoint<Empty, Conflict> {
            Method(.put)
            Path("documents", "7")
        }
        let response = try await Self.client(status: 412, body: #"{"current":"v2"}"#).send(write)
        #expect(response.result.failure?.current == "v2")
    }
}
