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
}
