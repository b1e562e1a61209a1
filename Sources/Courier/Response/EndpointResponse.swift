import Foundation

/// A response decoded for an endpoint: its status and headers, and either the success value or
/// the documented error.
///
/// ```swift
/// let response = try await client.send(API.user(42))
/// switch response.result {
/// case .success(let user): print(user.name)
/// case .failure(let apiError): print(apiError.message)
/// }
/// ```
public struct EndpointResponse<Success: Sendable, Failure: Error>: Sendable {
    /// The status code.
    public let status: HTTPStatus
    /// The header fields; look them up case-insensitively, `response.headers["content-type"]`.
    public let headers: HeaderFields
    /// The raw body, always reachable whatever it decoded to.
    public let body: Data
    /// The final URL, after any redirects.
    public let url: URL?
    /// The success value for a 2xx status, or the documented error.
    public let result: Result<Success, Failure>
    /// The HTTP version the response came over, when the transport reports it
    /// (``RawResponse/httpVersion``).
    public let httpVersion: HTTPVersion?
    /// What an ``HTTPCacheMiddleware`` did for the call (``RawResponse/cacheOutcome``): `nil`
    /// without one.
    ///
    /// ```swift
    /// let response = try await client.send(API.user(42))
    /// if response.cacheOutcome == .hit { print("served from the cache") }
    /// ```
    public let cacheOutcome: CacheOutcome?

    /// Creates a response; used by the client and by test doubles.
    public init(
        status: HTTPStatus, headers: HeaderFields, body: Data, url: URL?, result: Result<Success, Failure>,
        httpVersion: HTTPVersion? = nil, cacheOutcome: CacheOutcome? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.result = result
        self.httpVersion = httpVersion
        self.cacheOutcome = cacheOutcome
    }

    /// The success value, or `nil` for a documented error.
    public var value: Success? {
        try? result.get()
    }

    /// The success value; for a documented error, throws it.
    ///
    /// With ``Client/send(_:)``, it gives the value while the status and headers stay at hand,
    /// which ``Client/value(_:)-1ytyd`` drops:
    ///
    /// ```swift
    /// let response = try await client.send(API.user(42))
    /// let user = try response.get()   // throws the documented APIError
    /// print(user.name, response.headers["ETag"] ?? "no ETag")
    /// ```
    public func get() throws(Failure) -> Success {
        try result.get()
    }
}
