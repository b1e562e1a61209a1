/// A reusable group of components, itself usable as a component.
///
/// Declare shared parts once and use them in every endpoint of a catalog:
///
/// ```swift
/// enum API {
///     static let v2 = Components {
///         Path("api", "v2")
///         Header.accept(.json)
///     }
///
///     static func user(_ id: Int) -> Endpoint<User, APIError> {
///         Endpoint {
///             Method.get
///             v2
///             Path("users", id)
///         }
///     }
/// }
/// ```
///
/// A group keeps what it declares in its type, so a group with a body still cannot join a
/// `GET` endpoint.
public struct Components<MethodDeclared: MethodState, BodyDeclared: BodyState>: EndpointComponent {
    /// The grouped parts.
    public let endpointParts: EndpointParts<MethodDeclared, BodyDeclared>

    /// Groups the components of a block.
    public init(@EndpointBuilder _ build: () -> EndpointParts<MethodDeclared, BodyDeclared>) {
        endpointParts = build()
    }
}
