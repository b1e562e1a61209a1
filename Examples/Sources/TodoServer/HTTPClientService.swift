import AsyncHTTPClient
import ServiceLifecycle

/// Shuts an `HTTPClient` down as a swift-service-lifecycle `Service`, once the server that uses
/// it has stopped.
///
/// Add it to the Hummingbird `Application` whose handlers send through the client. The
/// application's service group starts its services in order, the HTTP server last, and shuts
/// them down gracefully in reverse: the server first, which finishes the requests in flight
/// (and the upstream calls they make), then this service, which shuts the client down.
///
/// ```swift
/// let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.configuration())
/// let app = Application(router: router, services: [HTTPClientService(httpClient: httpClient)])
/// try await app.runService()
/// ```
package struct HTTPClientService: Service {
    /// The client to shut down.
    package let httpClient: HTTPClient

    /// Waits for the group's graceful shutdown, then shuts the client down.
    ///
    /// - Throws: The client's shutdown error, if any.
    package func run() async throws {
        // It throws only CancellationError: a group cancelled instead of shut down gracefully
        // (a service failed) must still shut the client down, so either way, on to the shutdown.
        try? await gracefulShutdown()
        try await httpClient.shutdown()
    }
}
