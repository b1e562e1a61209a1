/// A value that can appear on its own line inside an endpoint block.
///
/// ``Method``, ``Path``, ``Query``, ``Header``, ``Body``, ``Timeout`` and ``Components`` conform.
public protocol EndpointComponent: Sendable {
    /// Whether this component declares a method; see ``EndpointState``.
    associatedtype MethodDeclared: MethodState
    /// Whether this component declares a body; see ``EndpointState``.
    associatedtype BodyDeclared: BodyState
    /// The component as parts of a request.
    var endpointParts: EndpointParts<MethodDeclared, BodyDeclared> { get }
}
