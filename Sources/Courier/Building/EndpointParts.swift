/// The ordered, declared parts of a request, tagged with what the block declared so far.
///
/// Every component converts to this type inside an ``EndpointBuilder`` block. You rarely name
/// it; ``Components`` is the value to store and reuse.
public struct EndpointParts<MethodDeclared: MethodState, BodyDeclared: BodyState>: Sendable, EndpointComponent
{
    let parts: [RequestPart]

    init(_ parts: [RequestPart]) {
        self.parts = parts
    }

    /// The parts themselves.
    public var endpointParts: EndpointParts<MethodDeclared, BodyDeclared> { self }
}

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
