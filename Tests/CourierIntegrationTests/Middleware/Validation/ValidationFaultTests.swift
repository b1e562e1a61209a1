import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// Validation middleware on real requests with the fault server.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct ValidationFaultTests {
    let server: FaultServer

    init() throws {
        server = try FaultServer.current()
    }

    @Test func validationRejectsJSONWhenOnlyTextIsAccepted() async throws {
        let key = FaultServer.uniqueKey()
        let client = Client(
            baseURL: server.primary,
            middleware: [ValidationMiddleware()],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let error = await expectCourierError(.unacceptableContentType, stage: .middleware) {
            try await client.send(
                Endpoint<Data, Never> {
                    Method.get
                    Path("json")
                    Header("X-Count-Key", key)
                    ResponseValidation(contentTypes: [.plainText])
                })
        }
        #expect(error?.message == "The response body is application/json; the endpoint accepts text/plain.")
        #expect(error?.response?.status == .ok)
        #expect(error?.response?.body == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
        try await server.expectCounts(key, received: 1...1)
    }
}
