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
}
