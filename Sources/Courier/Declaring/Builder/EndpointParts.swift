/// The ordered, declared parts of a request, tagged with what the block declared so far.
///
/// Every component converts to this type inside an ``EndpointBuilder`` block. You rarely name
/// it; ``Components`` is the value to store and reuse.
public struct EndpointParts<MethodDeclared: MethodState, BodyDeclared: BodyState>: Sendable, EndpointComponent
{
    /// The parts as the block joined them, flattened once by ``parts``.
    let tree: PartTree

    init(_ parts: [RequestPart]) {
        tree = parts.isEmpty ? .empty : .list(parts)
    }

    init(_ part: RequestPart) {
        tree = .one(part)
    }

    /// The parts of `first` followed by those of `next`, without copying either.
    init<M1, B1, M2, B2>(_ first: EndpointParts<M1, B1>, _ next: EndpointParts<M2, B2>) {
        tree = PartTree.joining(first.tree, next.tree)
    }

    /// No parts.
    static var empty: Self { Self([]) }

    /// The parts in declaration order, in one array.
    var parts: [RequestPart] { tree.flattened }

    /// The parts themselves.
    public var endpointParts: EndpointParts<MethodDeclared, BodyDeclared> { self }
}

/// The parts of a block as the builder joins them: each line is joined to the lines before it
/// without copying them, and ``flattened`` copies every part once, into one array.
///
/// Joining arrays line by line would copy the first part once per line after it, and allocate
/// an array per line (the caller keeps each partial result alive, so none can be extended in
/// place). A join here is one small allocation holding two references.
indirect enum PartTree: Sendable {
    case empty
    case one(RequestPart)
    case list([RequestPart])
    case pair(PartTree, PartTree, count: Int)

    /// `first`'s parts followed by `next`'s; an empty side adds no node.
    static func joining(_ first: PartTree, _ next: PartTree) -> PartTree {
        if case .empty = first { return next }
        if case .empty = next { return first }
        return .pair(first, next, count: first.count + next.count)
    }

    /// How many parts the tree holds.
    var count: Int {
        switch self {
        case .empty: 0
        case .one: 1
        case .list(let parts): parts.count
        case .pair(_, _, let count): count
        }
    }

    /// The parts in order, in one array of exactly their number.
    var flattened: [RequestPart] {
        switch self {
        case .empty: return []
        case .list(let parts): return parts
        case .one, .pair:
            var parts: [RequestPart] = []
            parts.reserveCapacity(count)
            append(to: &parts)
            return parts
        }
    }

    private func append(to parts: inout [RequestPart]) {
        switch self {
        case .empty: break
        case .one(let part): parts.append(part)
        case .list(let list): parts.append(contentsOf: list)
        case .pair(let first, let next, _):
            first.append(to: &parts)
            next.append(to: &parts)
        }
    }
}

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
