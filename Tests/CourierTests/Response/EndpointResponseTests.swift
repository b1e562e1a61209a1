import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct EndpointResponseTests {
    static func client(status: HTTPStatus, body: String) -> Client {
        Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(
                    status: status,
                    headers: [
                        HeaderField(name: .contentType, value: "application/json"),
                        HeaderField(name: HeaderName("ETag"), value: "\"v7\""),
                    ],
                    body: Data(body.utf8), url: $0.url)
            }
        )
    }

    static let user = Endpoint<User, APIError> {
        Method.get
        Path("users/42")
    }

    @Test func getGivesTheValueWhileHeadersStayAtHand() async throws {
        let response = try await Self.client(status: .ok, body: #"{"id":42,"name":"Ada"}"#).send(Self.user)
        let user = try response.get()
        #expect(user == User(id: 42, name: "Ada"))
        #expect(response.status == .ok)
        #expect(response.headers["etag"] == "\"v7\"")
    }

    @Test func getThrowsTheDocumentedErrorTyped() async throws {
        let response = try await Self.client(status: .notFound, body: #"{"message":"gone"}"#).send(Self.user)
        #expect(throws: APIError(message: "gone")) { try response.get() }
        do throws(APIError) {
            _ = try response.get()
        } catch {
            #expect(error.message == "gone")
        }
        #expect(response.headers["etag"] == "\"v7\"")
    }
}
