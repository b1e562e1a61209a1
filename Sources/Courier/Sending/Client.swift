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
    /// Follows redirects and sends each hop over ``transport``.
    let follower: RedirectFollower
    /// The middleware folded around ``follower``, built once; `nil` without middleware, where
    /// ``perform(_:)`` calls the follower itself, one async call fewer per send.
    let chain: Middleware.Next?
    /// Whether a ``ValidationMiddleware`` checks responses; without one, ``perform(_:)`` holds an
    /// endpoint to its declared ``ResponseValidation`` itself.
    let hasValidationMiddleware: Bool
    /// The request last built from a fixed declaration, the request last prepared from one for a
    /// send, and the URL last parsed, shared by copies.
    let memo: BuiltRequestMemo

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: Where endpoints are resolved.
    ///   - transport: Sends each request hop; a ``URLSessionTransport`` by default.
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
        let memo = BuiltRequestMemo()
        self.memo = memo
        let follower = RedirectFollower(transport: transport, limit: configuration.redirectLimit)
        self.follower = follower
        self.chain = middleware.isEmpty ? nil : Self.chain(middleware[...], around: follower, memo: memo)
    }

    /// Sends an endpoint and returns its typed response.
    ///
    /// A 2xx status decodes as `Success`; a non-2xx status whose body decodes as the documented
    /// `Failure` becomes `.failure`. Anything else throws.
    ///
    /// - Throws: ``CourierError`` for building, middleware, transport, an undocumented status, or
    ///   decoding.
    @inlinable public func send<E: EndpointRepresentable>(_ endpointValue: E) async throws(CourierError)
        -> EndpointResponse<E.Success, E.Failure>
    {
        try await send(endpointValue, callOptions: nil)
    }

    /// Sends an endpoint with options for this call only, and returns its typed response.
    ///
    /// ```swift
    /// let page = try await client.send(API.todos, options: CallOptions(url: nextLink))
    /// ```
    ///
    /// - Throws: As ``send(_:)``; a header or timeout in `options` that cannot be sent throws at
    ///   the ``CourierError/Stage/building`` stage.
    @inlinable public func send<E: EndpointRepresentable>(_ endpointValue: E, options: CallOptions)
        async throws(CourierError)
        -> EndpointResponse<E.Success, E.Failure>
    {
        try await send(endpointValue, callOptions: options)
    }

    /// The sends' one body. It is inlinable so that it is specialized for the caller's endpoint
    /// type: unspecialized, each send looked up the generic metadata of its response and result
    /// types and copied the decoded value through its type's value witnesses. Building the request,
    /// the middleware and the transport, which do not depend on those types, and a non-2xx answer,
    /// the rare path, are not inlined.
    @inlinable func send<E: EndpointRepresentable>(_ endpointValue: E, callOptions: CallOptions?)
        async throws(CourierError) -> EndpointResponse<E.Success, E.Failure>
    {
        let endpoint = endpointValue.endpoint
        let facts = EndpointTypeFacts.of(endpointValue)
        let request = try request(for: endpoint, facts: facts, options: callOptions)
        let raw = try await perform(request)
        let decoder = endpoint.decoder ?? configuration.decoder
        guard raw.status.isSuccess else {
            return try EndpointResponse.documentedFailure(raw, request: request, decoder: decoder)
        }
        let value: E.Success
        do {
            value = try ResponseDecoding.decode(
                E.Success.self, from: raw, decoder: decoder, decodesItself: facts.successDecodesItself)
        } catch {
            throw CourierError.decoding(
                error, type: E.Success.self, response: raw, request: request, url: raw.url)
        }
        return EndpointResponse(
            status: raw.status, headers: raw.headers, body: raw.body, url: raw.url, result: .success(value))
    }

    /// Sends an endpoint and returns the success value, throwing the documented error as a value.
    ///
    /// - Throws: ``EndpointError/documented(_:)`` with the endpoint's `Failure`, or
    ///   ``EndpointError/courier(_:)``.
    @inlinable public func value<E: EndpointRepresentable>(_ endpoint: E)
        async throws(EndpointError<E.Failure>) -> E.Success
    {
        try await value(endpoint, callOptions: nil)
    }

    /// Sends an endpoint with options for this call only and returns the success value, throwing
    /// the documented error as a value.
    ///
    /// - Throws: ``EndpointError/documented(_:)`` with the endpoint's `Failure`, or
    ///   ``EndpointError/courier(_:)``.
    @inlinable public func value<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions)
        async throws(EndpointError<E.Failure>) -> E.Success
    {
        try await value(endpoint, callOptions: options)
    }

    /// The documented-error values' one body, inlinable as ``send(_:callOptions:)`` is.
    @inlinable func value<E: EndpointRepresentable>(_ endpoint: E, callOptions: CallOptions?)
        async throws(EndpointError<E.Failure>) -> E.Success
    {
        let response: EndpointResponse<E.Success, E.Failure>
        do {
            response = try await send(endpoint, callOptions: callOptions)
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
    @inlinable public func value<E: EndpointRepresentable>(_ endpoint: E) async throws(CourierError)
        -> E.Success
    where E.Failure == Never {
        switch try await send(endpoint, callOptions: nil).result {
        case .success(let value): return value
        }
    }

    /// Sends an endpoint that documents no error, with options for this call only, and returns
    /// the success value.
    ///
    /// - Throws: ``CourierError``.
    @inlinable public func value<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions)
        async throws(CourierError)
        -> E.Success
    where E.Failure == Never {
        switch try await send(endpoint, callOptions: options).result {
        case .success(let value): return value
        }
    }
}
