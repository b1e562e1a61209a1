/// Policy around the transport: authentication, retries, logging, metrics, …
///
/// The client applies middleware in the order given, onion style: the first middleware sees the
/// request first and the response last. Call `next` to continue (zero, one or several times).
///
/// ```swift
/// struct UserAgentMiddleware: Middleware {
///     func intercept(
///         _ request: EndpointRequest, baseURL: BaseURL, next: Next
///     ) async throws -> RawResponse {
///         try await next(request.settingHeader(HeaderField(name: .userAgent, value: "MyApp/1.0")), baseURL)
///     }
/// }
/// ```
///
/// An error thrown by a middleware that is not a ``CourierError`` reaches the caller as a
/// ``CourierError`` at the ``CourierError/Stage/middleware`` stage, with the error as its cause.
public protocol Middleware: Sendable {
    /// The rest of the chain: later middleware, redirect handling and the transport.
    typealias Next = @Sendable (EndpointRequest, BaseURL) async throws(CourierError) -> RawResponse

    /// Handles `request`, usually by calling `next` with it or with a modified copy.
    ///
    /// Pass on `request` or a copy changed with its methods (``EndpointRequest/settingHeader(_:)``,
    /// …): it carries the call's deadline, its metrics and progress observers, and the hooks that
    /// let a ``CookieMiddleware`` above take part in each redirect hop, which a request built anew
    /// does not.
    ///
    /// `next` may outlive the call: ``DeduplicationMiddleware`` hands it to a task of its own. A
    /// middleware that only calls it in place can declare the parameter without `@escaping`.
    func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: @escaping Next
    ) async throws -> RawResponse
}
