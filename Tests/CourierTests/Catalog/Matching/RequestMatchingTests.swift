import Courier
import Foundation
import Testing

/// An endpoint with fixed secret query values: one marked secret, one secret by its name.
struct ReadVault: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.get
        Path("vault")
        Query("tenant_pass", "hunter2-tenant", isSecret: true)
        Query("api_key", "hunter2-key")
    }
}

struct RequestMatchingTests {
    /// A request without an endpoint's fixed secret is not told the secret.
    @Test func aMissingFixedSecretQueryValueIsNamedNotShown() {
        let request = IncomingRequest(method: .get, target: "/vault?tenant_pass=guess")
        let mismatch = #expect(throws: EndpointMismatch.self) { try ReadVault.parse(request) }
        #expect(
            mismatch?.reasons == [
                "the query lacks tenant_pass with its declared value",
                "the query lacks api_key with its declared value",
            ])
        let answer = mismatch.map { String(decoding: $0.answer(to: request).body, as: UTF8.self) } ?? ""
        #expect(!answer.contains("hunter2"), "\(answer)")
    }

    @Test func aRepeatedScalarQueryItemIsAMismatch() throws {
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try QueryArrays.ListTags<Forms.Defaults>.parse(
                IncomingRequest(method: .get, target: "/tags?page=1&page=2"))
        }
        #expect(mismatch?.closeness == .sameRoute)
        #expect(
            mismatch?.description.contains("the query item page is repeated, and it holds one value") == true)
        let one = try QueryArrays.ListTags<Forms.Defaults>.parse(
            IncomingRequest(method: .get, target: "/tags?page=2"))
        #expect(one.page == 2)
    }

    /// A server that allows more methods than the catalog keeps everything else of the mismatch.
    @Test func allowingOtherMethodsKeepsTheRestOfTheMismatch() {
        let mismatch = EndpointMismatch(
            template: "GET /todos", reasons: ["the method is PUT, not GET"], closeness: .otherMethod,
            allowedMethods: [.get], unsupportedContent: true)
        let allowing = mismatch.allowing([.get, .head])
        #expect(allowing.allowedMethods == [.get, .head])
        #expect(
            allowing.reasons == mismatch.reasons && allowing.closeness == .otherMethod
                && allowing.template == mismatch.template && allowing.unsupportedContent)
    }
}
