/// The ordered, declared parts of a request, tagged with what the block declared so far.
///
/// Every component converts to this type inside an ``EndpointBuilder`` block. You rarely name
/// it; ``Components`` is the value to store and reuse.
public struct EndpointParts<MethodDeclared: MethodState, BodyDeclared: BodyState>: Sendable, EndpointComponent
{
    /// The parts in declaration order.
    let parts: [RequestPart]

    /// The parts as they are.
    init(_ parts: [RequestPart]) {
        self.parts = parts
    }

    /// One part.
    init(_ part: RequestPart) {
        parts = [part]
    }

    /// The parts of `first` followed by those of `next`; `first` is given up, since a block's
    /// partial results are used once.
    init<M1, B1, M2, B2>(_ first: consuming EndpointParts<M1, B1>, _ next: EndpointParts<M2, B2>) {
        var parts = first.parts
        _ = consume first
        parts.append(contentsOf: next.parts)
        self.parts = parts
    }

    /// No parts.
    static var empty: Self { Self([]) }

    /// The parts themselves.
    public var endpointParts: EndpointParts<MethodDeclared, BodyDeclared> { self }
}
