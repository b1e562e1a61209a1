import Foundation

/// An HTTP endpoint: how to build its request, and what its responses decode to.
///
/// `Success` is what a 2xx response decodes to; `Failure` is the error body the API documents
/// (use `Never` when it documents none, or a ``DocumentedErrors`` type for per-status models).
///
/// ```swift
/// enum API {
///     static func user(_ id: Int) -> Endpoint<User, APIError> {
///         Endpoint {
///             Method.get
///             Path("users", id)
///             Header.accept(.json)
///         }
///     }
/// }
/// ```
///
/// The compiler rejects a block without a method, with two methods, with two bodies, or with a
/// body on `GET`/`HEAD`. Everything else is checked by ``request(encoder:formEncoding:)``.
public struct Endpoint<Success: Decodable & Sendable, Failure: Error>: Sendable {
    let parts: [RequestPart]
    /// The decoder for this endpoint's responses, overriding the client's.
    public let decoder: JSONDecoder?

    /// Declares an endpoint from a block of components.
    ///
    /// - Parameters:
    ///   - decoder: A decoder for this endpoint's JSON responses; `nil` uses the client's.
    ///   - build: The components: exactly one ``Method``, plus ``Path``, ``Query``, ``Header``,
    ///     ``Body``, ``Timeout`` and ``Components``.
    public init(decoder: JSONDecoder? = nil, @EndpointBuilder _ build: () -> EndpointBlock) {
        self.parts = build().parts
        self.decoder = decoder
    }

    init(parts: [RequestPart], decoder: JSONDecoder?) {
        self.parts = parts
        self.decoder = decoder
    }

    /// Builds the validated request value, with no client and no I/O.
    ///
    /// - Parameters:
    ///   - encoder: The encoder for a ``Body/json(_:encoder:)`` body that names none; by default
    ///     the client's default, with sorted keys and ISO 8601 dates.
    ///   - formEncoding: The encoding for queries and form bodies when the block declares none.
    /// - Throws: ``CourierError`` at the ``CourierError/Stage/building`` stage, naming what is wrong.
    public func request(
        encoder: JSONEncoder = .courierDefault(), formEncoding: FormEncoding = FormEncoding()
    ) throws(CourierError) -> EndpointRequest {
        try RequestAssembly.build(parts, defaultEncoder: encoder, formEncoding: formEncoding)
    }
}
