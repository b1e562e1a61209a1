/// Sends one HTTP request and receives its response, and nothing else: no redirects, retries,
/// decoding or policy.
///
/// Courier ships ``URLSessionTransport``; `CourierTesting` has stub and recording transports. A
/// transport of your own hands each response to a ``ResponseReceiver``, which applies Courier's
/// framing checks, size limits, downloads and progress.
/// Throw a ``CourierError`` at the ``CourierError/Stage/transport`` stage with a Courier kind
/// (``CourierError/Kind/timedOut``, ``CourierError/Kind/cancelled``, …); any other error is
/// wrapped as ``CourierError/Kind/transportFailed``.
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: TransportRequest) async throws -> RawResponse {
///         RawResponse(status: .ok, body: try request.body?.collectData() ?? Data(), url: request.url)
///     }
/// }
/// ```
public protocol Transport: Sendable {
    /// Sends `request` and returns the complete response.
    func send(_ request: TransportRequest) async throws -> RawResponse
}
