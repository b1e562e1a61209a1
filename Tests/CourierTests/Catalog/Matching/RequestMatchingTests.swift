import Courier
import Foundation
import Testing

struct RequestMatchingTests {
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
