/// The ordered, declared parts of a request, tagged with what the block declared so far.
///
/// Every component converts to this type inside an ``EndpointBuilder`` block. You rarely name
/// it; ``Components`` is the value to store and reuse.
public struct EndpointParts<MethodDeclared: MethodState, BodyDeclared: BodyState>: Sendable, EndpointComponent
{
    /// The parts as the block joined them.
    @usableFromInline let list: PartList

    /// Parts as the builder joined them.
    @inlinable
    init(list: PartList) {
        self.list = list
    }

    /// The parts as they are.
    init(_ parts: [RequestPart]) {
        list = PartList(parts)
    }

    /// One part.
    init(_ part: RequestPart) {
        list = PartList(part)
    }

    /// The parts of `first` followed by those of `next`.
    ///
    /// Inlinable, like the builder functions that call it, so that the block's code calls the
    /// join for its own types: a generic call would look up the metadata of both sides' types.
    @inlinable
    init<M1, B1, M2, B2>(_ first: EndpointParts<M1, B1>, _ next: EndpointParts<M2, B2>) {
        list = first.list.appending(next.list)
    }

    /// No parts.
    @inlinable
    static var empty: Self { Self(list: .empty) }

    /// The parts in declaration order, in one array.
    var parts: [RequestPart] { list.parts }

    /// The parts themselves.
    @inlinable
    public var endpointParts: EndpointParts<MethodDeclared, BodyDeclared> { self }
}

/// A complete endpoint block: the parts of a block that declares a method, as ``EndpointBuilder``
/// hands them to ``Endpoint/init(decoder:_:)``.
///
/// You never write this type. It has no type parameters, so a mistake on one line of a block
/// (a misspelt member, a value of the wrong type) is reported on that line alone, without a
/// second error about the types the block would have had.
public struct EndpointBlock: Sendable {
    /// The parts in declaration order.
    @usableFromInline let list: PartList

    /// The block's parts.
    @inlinable
    init(list: PartList) {
        self.list = list
    }

    /// The parts in declaration order, in one array.
    var parts: [RequestPart] { list.parts }
}
