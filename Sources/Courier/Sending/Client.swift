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
/// A client is a value; copies share their ``defaults`` and transport.
public struct Client: Sendable {
    /// Where endpoints are resolved.
    public let baseURL: BaseURL
    /// Performs the exchanges.
    public let transport: any Transport
    /// Applied in order, the first one outermost.
    public let middleware: [any Middleware]
    /// Encodes ``Body/json(_:encoder:)`` bodies that name no encoder.
    public let encoder: JSONEncoder
    /// Writes queries and form bodies of endpoints that declare no ``FormEncoding``.
    public let formEncoding: FormEncoding
    /// Decodes JSON responses of endpoints that name no decoder.
    public let decoder: JSONDecoder
    /// Headers and query parameters added to every request; change them at any time.
    public let defaults: ClientDefaults
    /// The most redirects followed for one request.
    public let redirectLimit: Int
    /// The total time allowed for endpoints that declare no ``Timeout``; `nil` for none.
    public let timeout: Duration?
    /// The time allowed until the server shows a sign of life, for endpoints that declare none.
    public let connectTimeout: Duration?
    /// The longest silence allowed, for endpoints that declare none; `nil` uses the total timeout
    /// (or the transport's own default).
    public let idleTimeout: Duration?

    /// Creates a client.
    ///
    /// What each timeout covers: <doc:HandlingFaults#Timeouts>.
    ///
    /// - Parameters:
    ///   - baseURL: Where endpoints are resolved.
    ///   - transport: Performs the exchanges; a ``URLSessionTransport`` by default.
    ///   - middleware: Applied in order, the first one outermost.
    ///   - encoder: The default encoder for JSON bodies; sorted keys by default, for stable bytes.
    ///   - formEncoding: The default rules for queries and form bodies; see <doc:EncodingRules>.
    ///   - decoder: The default decoder for JSON responses.
    ///   - defaults: Headers and query parameters added to every request.
    ///   - redirectLimit: The most redirects followed for one request (10 by default).
    ///   - timeout: The total time allowed for endpoints that declare no ``Timeout``.
    ///   - connectTimeout: The time until the server shows a sign of life, for those endpoints.
    ///   - idleTimeout: The longest silence while sending or receiving, for those endpoints.
    public init(
        baseURL: BaseURL,
        transport: any Transport = URLSessionTransport(),
        middleware: [any Middleware] = [],
        encoder: JSONEncoder = .sortedKeys(),
        formEncoding: FormEncoding = FormEncoding(),
        decoder: JSONDecoder = JSONDecoder(),
        defaults: ClientDefaults = ClientDefaults(),
        redirectLimit: Int = 10,
        timeout: Duration? = nil,
        connectTimeout: Duration? = nil,
        idleTimeout: Duration? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.middleware = middleware
        self.encoder = encoder
        self.formEncoding = formEncoding
        self.decoder = decoder
        self.defaults = defaults
        self.redirectLimit = redirectLimit
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
    }

    /// Sends an endpoint and returns its typed response.
    ///
    /// A 2xx status decodes as `Success`; a non-2xx status whose body decodes as the documented
    /// `Failure` becomes `.failure`. Anything else throws.
    ///
    /// - Throws: ``CourierError`` for building, middleware, transport, an undocumented status, or
    ///   decoding.
    public func send<E: EndpointRepresentable>(_ endpointValue: E) async throws(CourierError)
        -> EndpointResponse<
            E.Success, E.Failure
        >
    {
        let request = try await request(for: endpointValue)
        let raw = try await perform(request)
        let decoder = endpointValue.endpoint.decoder ?? self.decoder
        return try response(E.self, from: raw, request: request, decoder: decoder) {
            raw throws(CourierError) in
            do {
                return try ResponseDecoding.decode(E.Success.self, from: raw, decoder: decoder)
            } catch {
                throw CourierError.decoding(
                    error, type: E.Success.self, response: raw, request: request, url: raw.url)
            }
        }
    }

    /// Turns a raw response into the endpoint's result: `success` for a 2xx status, the
    /// documented `Failure` when the body decodes as one, else an `undocumentedStatus` error.
    func response<E: EndpointRepresentable, Success>(
        _ endpointType: E.Type, from raw: RawResponse, request: EndpointRequest, decoder: JSONDecoder,
        success: (RawResponse) throws(CourierError) -> Success
    ) throws(CourierError) -> EndpointResponse<Success, E.Failure> {
        let url = raw.url
        if raw.status.isSuccess {
            return EndpointResponse(
                status: raw.status, headers: raw.headers, body: raw.body, url: url,
                result: .success(try success(raw)))
        }
        let (failure, decodingError) = ResponseDecoding.documentedFailure(
            E.Failure.self, from: raw, decoder: decoder)
        if let failure {
            return EndpointResponse(
                status: raw.status, headers: raw.headers, body: raw.body, url: url, result: .failure(failure))
        }
        var message = "The server answered \(raw.status), which the endpoint does not document"
        if let decodingError = decodingError as? DecodingError {
            message +=
                "; the body did not decode as \(E.Failure.self): " + CourierError.describe(decodingError)
        }
        if !raw.body.isEmpty {
            message += ". Body: " + BodySnippet.redacted(raw.body, hiding: BodySnippet.secrets(of: request))
        }
        throw CourierError(
            stage: .status, kind: .undocumentedStatus, message: message + (raw.body.isEmpty ? "." : ""),
            request: request, url: url, response: raw, underlying: decodingError
        )
    }

    /// Sends an endpoint and returns the success value, throwing the documented error as a value.
    ///
    /// - Throws: ``EndpointError/documented(_:)`` with the endpoint's `Failure`, or
    ///   ``EndpointError/courier(_:)``.
    public func value<E: EndpointRepresentable>(_ endpoint: E) async throws(EndpointError<E.Failure>)
        -> E.Success
    {
        let response: EndpointResponse<E.Success, E.Failure>
        do {
            response = try await send(endpoint)
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
        switch try await send(endpoint).result {
        case .success(let value): return value
        }
    }

    /// Runs the middleware chain, within the endpoint's or the client's total timeout.
    func perform(_ request: EndpointRequest) async throws(CourierError) -> RawResponse {
        let chain = chain(from: 0)
        let baseURL = baseURL
        guard let timeout = request.timeout else { return try await chain(request, baseURL) }
        do {
            return try await Deadline.run(within: timeout) { () throws(CourierError) in
                try await chain(request, baseURL)
            }
        } catch {
            throw error.adding(request: request)
        }
    }

    /// The middleware chain starting at `index`, ending in redirect handling and the transport.
    private func chain(from index: Int) -> Middleware.Next {
        guard index < middleware.count else {
            let follower = RedirectFollower(transport: transport, limit: redirectLimit)
            return { request, baseURL throws(CourierError) in
                let transportRequest = try request.transportRequest(baseURL: baseURL)
                do throws(CourierError) {
                    return try await follower.send(transportRequest)
                } catch {
                    throw error.adding(request: request, url: transportRequest.url)
                }
            }
        }
        let middleware = middleware[index]
        let next = chain(from: index + 1)
        return { request, baseURL throws(CourierError) in
            do {
                return try await middleware.intercept(request, baseURL: baseURL, next: next)
            } catch let error as CourierError {
                throw error
            } catch is CancellationError {
                throw CourierError(
                    stage: .middleware, kind: .cancelled, message: "The request was cancelled.",
                    request: request, underlying: CancellationError()
                )
            } catch {
                throw CourierError(
                    stage: .middleware, kind: .middlewareFailed,
                    message: "The middleware \(type(of: middleware)) failed: \(error).",
                    request: request, underlying: error
                )
            }
        }
    }
}
