import Courier
import CourierTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct MethodTests {
    @Test func aLowerCaseStandardMethodIsBuiltShownAndSentInUpperCase() throws {
        let request = try Endpoint<Empty, Never> {
            Method("get")
            Path("users")
        }.built()
        #expect(request.method == .get)
        #expect(
            try request.curlCommand(baseURL: exampleBase) == "curl -X 'GET' 'https://api.example.com/users'")
        #expect(try request.urlRequest(baseURL: exampleBase).httpMethod == "GET")
    }

    @Test func theBodyRuleAppliesAfterNormalising() {
        let error = expectCourierError(.bodyNotAllowed, stage: .building) {
            try Endpoint<Empty, Never> {
                Method("get")
                Body.text("hello")
            }.built()
        }
        #expect(error?.message == "A GET request cannot have a body.")
    }

    @Test func idempotencyAppliesAfterNormalising() throws {
        #expect(try Endpoint<Empty, Never> { Method("delete") }.built().isIdempotent)
        #expect(try !Endpoint<Empty, Never> { Method("post") }.built().isIdempotent)
    }

    @Test func anotherTokenIsShownAndSentAsWritten() throws {
        let request = try Endpoint<Empty, Never> {
            Method("purge")
            Path("cache")
        }.built()
        #expect(request.method.rawValue == "purge")
        #expect(
            try request.curlCommand(baseURL: exampleBase) == "curl -X 'purge' 'https://api.example.com/cache'"
        )
        #expect(try request.urlRequest(baseURL: exampleBase).httpMethod == "purge")
    }
}
