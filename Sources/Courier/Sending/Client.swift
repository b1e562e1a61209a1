import Foundation

/// Sends endpoints through middleware and a transport, and decodes typed results.
///
/// ```swift
/// let client = Client(baseURL: BaseURL("api.example.com"))
/// let response = try await client.send(API.user(42))
/// switch response.result {
/// case .success(let user): print(user.name)
/// case .failure(let error): print(error.message)
/// }
/// ```
///
/// Everything but the base URL, transport, middleware and defaults is a
/// ``Configuration`` value:
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     configuration: Client.Configuration(timeout: Timeout(.seconds(30), connect: .seconds(5))))
/// ```
///
/// A client is a value; copies share their ``defaults`` and transport.
public struct Client: Sendable {
    /// Where endpoints are resolved.
    public let baseURL: BaseURL
    /// Sends each request hop over the network.
    public let transport: any Transport
    /// Applied in order, the first one outermost.
    public let middleware: [any Middleware]
    /// Headers and query parameters added to every request; change them at any time.
    public let defaults: ClientDefaults
    /// Encoders, decoder, redirect limit and timeouts.
    public let configuration: Configuration
    /// The middleware folded around the end of the chain, which resolves each attempt's URL and
    /// follows its redirects over ``transport``; built once.
    let chain: Middleware.Next
    /// Whether a ``ValidationMiddleware`` checks responses; without one, the client holds a
    /// response to its endpoint's declared ``ResponseValidation`` itself.
    let hasValidationMiddleware: Bool

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: Where endpoints are resolved.
    ///   - transport: Sends each request hop; a ``URLSessionTransport`` by default. On Linux,
    ///     against servers you do not control, pass `AsyncHTTPClientTransport`: FoundationNetworking
    ///     ends the process on a chunked response with trailer fields, which HTTP/1.1 allows
    ///     (<doc:ChoosingATransport>).
    ///   - middleware: Applied in order, the first one outermost.
    ///   - defaults: Headers and query parameters added to every request.
    ///   - configuration: Encoders, decoder, redirect limit and timeouts.
    public init(
        baseURL: BaseURL,
        transport: any Transport = URLSessionTransport(),
        middleware: [any Middleware] = [],
        defaults: ClientDefaults = ClientDefaults(),
        configuration: Configuration = Configuration()
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.middleware = middleware
        self.defaults = defaults
        self.configuration = configuration
        self.hasValidationMiddleware = middleware.contains { $0 is ValidationMiddleware }
        let follower = RedirectFollower(
            transport: transport, limit: configuration.redirectLimit, tls: configuration.tls)
        self.chain = Self.chain(middleware, around: follower)
    }

    /// Sends an endpoint and returns its typed response.
    ///
    /// A 2xx status decodes as `Success`; a non-2xx status whose body decodes as the documented
    /// `Failure` becomes `.failure`. Anything else throws.
    ///
    /// - Throws: ``CourierError`` for building, middleware, transport, an undocumented status, or
    ///   decoding.
    public func send<E: EndpointRepresentable>(_ endpoint: E) async throws(CourierError)
        -> EndpointResponse<E.Success, E.Failure>
    {
        try await send(endpoint, options: nil, progress: nil)
    }

    /// Sends an endpoint with options for this call only, and returns its typed response.
    ///
    /// ```swift
    /// let page = try await client.send(API.todos, options: CallOptions(url: nextLink))
    /// ```
    ///
    /// - Throws: As ``send(_:)``; a header or timeout in `options` that cannot be sent throws at
    ///   the ``CourierError/Stage/building`` stage.
    public func send<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions)
        async throws(CourierError) -> EndpointResponse<E.Success, E.Failure>
    {
        try await send(endpoint, options: options, progress: nil)
    }

    /// Every send, from the declaration to the typed result: the request is built and prepared,
    /// sent through the middleware, redirects and transport within its total timeout, and its
    /// response decoded.
    func send<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions?, progress: ProgressSink?)
        async throws(CourierError) -> EndpointResponse<E.Success, E.Failure>
    {
        let (request, decoder) = try prepare(endpoint, options: options)
        let response = try await perform(request, progress: progress)
        return try EndpointResponse.decoding(response, request: request, decoder: decoder) {
            response throws(CourierError) in
            do {
                return try ResponseDecoding.decode(
                    E.Success.self, from: response, to: request, decoder: decoder)
            } catch let error as CourierError {
                throw error
            } catch {
                throw CourierError.decoding(
                    error, type: E.Success.self, response: response, request: request, url: response.url)
            }
        }
    }

    /// Sends an endpoint and returns the success value, throwing the documented error as a value.
    ///
    /// - Throws: ``EndpointError/documented(_:)`` with the endpoint's `Failure`, or
    ///   ``EndpointError/courier(_:)``.
    public func value<E: EndpointRepresentable>(_ endpoint: E)
        async throws(EndpointError<E.Failure>) -> E.Success
    {
        try await value(endpoint, options: nil)
    }

    /// Sends an endpoint with options for this call only and returns the success value, throwing
    /// the documented error as a value.
    ///
    /// - Throws: ``EndpointError/documented(_:)`` with the endpoint's `Failure`, or
    ///   ``EndpointError/courier(_:)``.
    public func value<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions)
        async throws(EndpointError<E.Failure>) -> E.Success
    {
        try await value(endpoint, options: Optional(options))
    }

    /// The documented-error values' one body.
    func value<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions?)
        async throws(EndpointError<E.Failure>) -> E.Success
    {
        let response: EndpointResponse<E.Success, E.Failure>
        do {
            response = try await send(endpoint, options: options, progress: nil)
        } catch {
            throw .courier(error)
        }
        switch response.result {
        case .success(let value): return value
        case .failure(let failure): throw .documented(failure)
        }
    }

    /// Sends an endpoint that documents no error and returns the success value.
    ///
    /// - Throws: ``CourierError``.
    public func value<E: EndpointRepresentable>(_ endpoint: E) async throws(CourierError) -> E.Success
    where E.Failure == Never {
        switch try await send(endpoint, options: nil, progress: nil).result {
        case .success(let value): return value
        }
    }

    /// Sends an endpoint that documents no error, with options for this call only, and returns
    /// the success value.
    ///
    /// - Throws: ``CourierError``.
    public func value<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions)
        async throws(CourierError) -> E.Success
    where E.Failure == Never {
        switch try await send(endpoint, options: options, progress: nil).result {
        case .success(let value): return value
        }
    }
}
