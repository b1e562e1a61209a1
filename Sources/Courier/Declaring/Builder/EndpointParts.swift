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

    init(_ part: RequestPart) {
        parts = [part]
    }

    /// No parts.
    static var empty: Self { Self([]) }

    /// The parts themselves.
    public var endpointParts: EndpointParts<MethodDeclared, BodyDeclared> { self }
}
