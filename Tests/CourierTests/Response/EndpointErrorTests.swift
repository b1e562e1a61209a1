import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct EndpointErrorTests {
    static let courier = CourierError(
        stage: .transport, kind: .timedOut, message: "The request took longer than its 1 s timeout.")

    @Test func aCourierErrorPrintsAsItself() {
        let error = EndpointError<APIError>.courier(Self.courier)
        #expect(
            "\(error)" == "Courier transport error (timedOut): The request took longer than its 1 s timeout.")
        #expect(String(reflecting: error) == String(reflecting: Self.courier))
        #expect((error as any Error).localizedDescription == Self.courier.message)
        #expect((Self.courier as any Error).localizedDescription == Self.courier.message)
    }

    @Test func aDocumentedErrorPrintsAsItself() {
        let error = EndpointError<APIError>.documented(APIError(message: "gone"))
        #expect("\(error)" == "\(APIError(message: "gone"))")
        #expect(String(reflecting: error) == String(reflecting: APIError(message: "gone")))
        #expect((error as any Error).localizedDescription == "\(APIError(message: "gone"))")
    }
}
