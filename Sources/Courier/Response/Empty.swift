/// The success type of an endpoint whose response has no content (204, `HEAD`, an empty body).
///
/// Any body the server sends anyway is ignored; it stays reachable as
/// ``EndpointResponse/body``.
///
/// ```swift
/// static func delete(_ id: Int) -> Endpoint<Empty, APIError> {
///     Endpoint { Method.delete; Path("todos", id) }
/// }
/// ```
public struct Empty: Decodable, Sendable, Hashable {
    /// Creates the empty value.
    public init() {}

    /// Decodes from anything, ignoring it.
    public init(from decoder: any Decoder) throws {}
}
