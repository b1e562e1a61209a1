import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite struct URLSessionTransportTests {
    /// A hand-made request with a line break in a header value is refused before any I/O.
    @Test func aHeaderValueWithALineBreakIsRefusedBeforeSending() async {
        let request = TransportRequest(
            method: .get, url: URL(string: "http://127.0.0.1:9/")!,
            headers: [HeaderField(name: HeaderName("X-Inject"), value: "a\r\nX-Injected: 1")], body: nil)
        let error = await expectCourierError(.invalidHeaderValue, stage: .transport) {
            try await URLSessionTransport().send(request)
        }
        #expect(
            error?.message.hasPrefix("The value of header 'X-Inject' contains a control character") == true)
    }

    @Test func onlyARequestThatMaySafelyGoTwiceReusesConnections() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/"))
        func request(
            _ method: HTTPMethod, _ headers: HeaderFields = [], body: RequestBody? = nil
        ) -> TransportRequest {
            TransportRequest(method: method, url: url, headers: headers, body: body)
        }
        let key: HeaderFields = [HeaderField(name: .idempotencyKey, value: "k-1")]
        let body = RequestBody(data: Data("x".utf8), contentType: .plainText)
        #expect(URLSessionTransport.reusesConnections(for: request(.get)))
        #expect(URLSessionTransport.reusesConnections(for: request(.post, key)))
        #expect(!URLSessionTransport.reusesConnections(for: request(.post)))
        #expect(!URLSessionTransport.reusesConnections(for: request(.post, body: body)))
        // libcurl would send an idempotent request with a body again without its body.
        #if canImport(FoundationNetworking)
            #expect(!URLSessionTransport.reusesConnections(for: request(.put, body: body)))
            #expect(!URLSessionTransport.reusesConnections(for: request(.post, key, body: body)))
        #else
            #expect(URLSessionTransport.reusesConnections(for: request(.put, body: body)))
            #expect(URLSessionTransport.reusesConnections(for: request(.post, key, body: body)))
        #endif
    }

    /// A `URLRequest` changed by `CallOptions.configureURLRequest` to another method or to carry
    /// a body is no longer the request the connection decision was made for.
    @Test func aURLRequestChangedByTheCallIsNotTheDeclaredOne() throws {
        let request = TransportRequest(
            method: .get, url: try #require(URL(string: "http://127.0.0.1:9/")), headers: [], body: nil)
        var urlRequest = request.urlRequest
        #expect(URLSessionTransport.sendsAsDeclared(urlRequest, request))
        urlRequest.httpMethod = "POST"
        #expect(!URLSessionTransport.sendsAsDeclared(urlRequest, request))
        urlRequest = request.urlRequest
        urlRequest.httpBody = Data("x".utf8)
        #expect(!URLSessionTransport.sendsAsDeclared(urlRequest, request))
    }
}
