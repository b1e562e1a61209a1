import Courier
import Foundation
import Testing

@Suite struct CourierErrorTests {
    static let url = URL(string: "https://user:pass@api.example.com/v1/users/42?access_token=query-secret-1")!

    static func timedOut() throws -> CourierError {
        let request = try Endpoint<Data, Never> {
            Method.get
            Path("users", 42)
            Query("access_token", "query-secret-1")
        }.request()
        return CourierError(
            stage: .transport, kind: .timedOut, message: "The request took longer than its 1 s timeout.",
            request: request, url: url)
    }

    @Test func localizedDescriptionHasMethodAndPathButNoQueryOrUserInfo() throws {
        let error = try Self.timedOut()
        #expect(
            error.localizedDescription
                == "The request took longer than its 1 s timeout. [GET /v1/users/42]")
        #expect(!error.localizedDescription.contains("query-secret-1"))
        #expect(!error.localizedDescription.contains("pass"))
    }

    @Test func endpointErrorForwardsTheLocalizedDescriptionWithoutTheQuery() throws {
        let error: any Error = EndpointError<APIError>.courier(try Self.timedOut())
        #expect(
            error.localizedDescription == "The request took longer than its 1 s timeout. [GET /v1/users/42]")
        #expect(!error.localizedDescription.contains("query-secret-1"))
    }

    @Test func withoutARequestTheLocalizedDescriptionIsTheMessage() {
        let error = CourierError(stage: .building, kind: .invalidPathSegment, message: "The path is empty.")
        #expect(error.localizedDescription == "The path is empty.")
    }
}
