import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct URLRequestConnectionCloseTests {
    @Test func connectionCloseReplacesAConnectionFieldInAnySpelling() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/")))
        request.allHTTPHeaderFields = ["connection": "keep-alive", "Accept": "*/*", "X-Connection": "1"]
        request.setConnectionClose()
        #expect(request.allHTTPHeaderFields == ["Connection": "close", "Accept": "*/*", "X-Connection": "1"])
    }

    @Test func connectionCloseIsAddedToARequestWithoutFields() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/")))
        request.setConnectionClose()
        #expect(request.allHTTPHeaderFields == ["Connection": "close"])
    }
}
