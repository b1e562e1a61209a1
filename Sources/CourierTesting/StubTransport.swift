import Courier
import Foundation

/// A transport that answers from a closure, with no I/O.
///
/// ```swift
/// let transport = StubTransport { request in
///     RawResponse(status: .ok, body: Data(#"{"id":42,"name":"Ada"}"#.utf8), url: request.url)
/// }
/// let client = Client(baseURL: BaseURL("api.example.com"), transport: transport)
/// ```
public struct StubTransport: Transport {
    private let handler: @Sendable (TransportRequest) async throws -> RawResponse

    /// Answers every request with `handler`.
    public init(_ handler: @escaping @Sendable (TransportRequest) async throws -> RawResponse) {
        self.handler = handler
    }

    /// Answers requests that match a canned response; any other request throws a
    /// `CourierError` whose message lists the request and every stub.
    public init(_ responses: [CannedResponse]) {
        self.handler = { request in
            guard let match = responses.first(where: { $0.matches(request) }) else {
                let known = responses.map(\.requestLine).joined(separator: ", ")
                throw CourierError(
                    stage: .transport, kind: .transportFailed,
                    message:
                        "No canned response for \(request.method) \(request.url.absoluteString); stubs: \(known)."
                )
            }
            return RawResponse(
                status: match.status, headers: match.headers, body: match.body, url: request.url)
        }
    }

    /// Returns the handler's response.
    public func send(_ request: TransportRequest) async throws -> RawResponse {
        try await handler(request)
    }
}
