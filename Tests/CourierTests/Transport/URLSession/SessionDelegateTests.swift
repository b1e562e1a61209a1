import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct SessionDelegateTests {
    @Test func headerFieldsAreEveryValidFieldSortedByName() throws {
        let response = try #require(
            HTTPURLResponse(
                url: URL(string: "http://127.0.0.1/")!, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: [
                    "X-Trace": "abc", "Content-Length": "10", "content-type": "application/json",
                    "Bad Name": "dropped",
                ]))
        let fields = SessionDelegate.headerFields(of: response)
        #expect(fields.map(\.name.canonicalName) == ["content-length", "content-type", "x-trace"])
        #expect(fields[.contentLength] == "10")
        #expect(fields[.contentType] == "application/json")
        #expect(fields["x-trace"] == "abc")
    }
}
