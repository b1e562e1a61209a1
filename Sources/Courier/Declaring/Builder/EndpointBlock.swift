/// A complete endpoint block: the parts of a block that declares a method, as ``EndpointBuilder``
/// hands them to ``Endpoint/init(decoder:_:)``.
///
/// You never write this type. It has no type parameters, so a mistake on one line of a block
/// (a misspelt member, a value of the wrong type) is reported on that line alone, without a
/// second error about the types the block would have had.
public struct EndpointBlock: Sendable {
    /// The parts in declaration order.
    let parts: [RequestPart]
}
