/// The ordered, declared parts of a request, tagged with what the block declared so far.
///
/// Every component converts to this type inside an ``EndpointBuilder`` block. You rarely name
/// it; ``Components`` is the value to store and reuse.
public struct EndpointParts<MethodDeclared: MethodState, BodyDeclared: BodyState>: Sendable, EndpointComponent
{
    /// The parts as the block joined them.
    @usableFromInline let list: PartList

    @inlinable
    init(list: PartList) {
        self.list = list
    }

    init(_ parts: [RequestPart]) {
        list = PartList(parts)
    }

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

/// The parts of a block as the builder joins them, line by line, in declaration order.
///
/// A block's code keeps every line's result until the block ends, so the array a join receives
/// is never its only reference, and appending to it would copy it: an allocation, and a copy of
/// every part so far, per line. Instead, a line's one part is held in place, and the first join
/// puts the parts in a locked array with room for a typical block; a later join appends to that
/// array when no other join has appended to it since the value it extends was made. Parts are
/// only ever appended, so the prefix an earlier value sees never changes; a join onto a value that
/// was already extended copies its prefix instead, and so does a join onto a block's result
/// (``finished``), which a stored ``Components`` is. A block of up to ``typicalCount`` parts costs
/// two allocations in all (the lock's and the array's), and its final array is the one the parts
/// were appended to, not a copy.
///
/// Only the builder's own code holds an unfinished value, for as long as the block runs; the lock
/// and the count keep a value right when a caller of the builder's functions holds one and extends
/// it twice, or on several tasks at once (such a value keeps the parts appended after it alive
/// until it goes).
@usableFromInline
struct PartList: Sendable {
    private enum Storage: Sendable {
        case empty
        case one(RequestPart)
        case array([RequestPart])
        /// The first `count` parts of an array that joins append to.
        case prefix(LockedValue<[RequestPart]>, count: Int)
    }

    /// The capacity of a block's array: enough for most blocks' parts.
    static let typicalCount = 8

    private let storage: Storage

    private init(storage: Storage) {
        self.storage = storage
    }

    /// No parts.
    @usableFromInline static let empty = PartList([])

    /// The parts as they are; no allocation.
    init(_ parts: [RequestPart]) {
        storage = parts.isEmpty ? .empty : .array(parts)
    }

    /// One part, held in place.
    init(_ part: RequestPart) {
        storage = .one(part)
    }

    /// How many parts the list holds.
    var count: Int {
        switch storage {
        case .empty: 0
        case .one: 1
        case .array(let parts): parts.count
        case .prefix(_, let count): count
        }
    }

    /// The parts in order, in one array.
    var parts: [RequestPart] {
        switch storage {
        case .empty: return []
        case .one(let part): return [part]
        case .array(let parts): return parts
        case .prefix(let shared, let count):
            return shared.withLock { parts in parts.count == count ? parts : Array(parts[..<count]) }
        }
    }

    /// The same parts, which no join will extend in place: a block's result, which may be stored
    /// (a ``Components``) and open other blocks. Extended in place, a stored group's array would
    /// keep the first such block's parts, its secrets among them, for as long as the group lives.
    @usableFromInline
    var finished: PartList {
        guard case .prefix = storage else { return self }
        return PartList(parts)
    }

    /// These parts followed by `next`'s.
    @usableFromInline
    func appending(_ next: PartList) -> PartList {
        if case .prefix(let shared, let count) = storage {
            let extended: Bool
            if case .one(let part) = next.storage {
                extended = shared.withLock { parts in
                    guard parts.count == count else { return false }
                    parts.append(part)
                    return true
                }
            } else {
                // Read before taking this lock: `next` may hold the same array (a group joined
                // to itself), whose lock is not reentrant.
                let tail = next.parts
                extended = shared.withLock { parts in
                    guard parts.count == count else { return false }
                    parts.append(contentsOf: tail)
                    return true
                }
            }
            if extended { return PartList(storage: .prefix(shared, count: count + next.count)) }
        } else if case .empty = storage {
            return next
        }
        if case .empty = next.storage { return self }
        var parts: [RequestPart] = []
        parts.reserveCapacity(Swift.max(Self.typicalCount, count + next.count))
        append(to: &parts)
        next.append(to: &parts)
        return PartList(storage: .prefix(LockedValue(parts), count: parts.count))
    }

    /// Appends these parts to `parts`.
    private func append(to parts: inout [RequestPart]) {
        switch storage {
        case .empty: break
        case .one(let part): parts.append(part)
        case .array(let list): parts.append(contentsOf: list)
        case .prefix(let shared, let count):
            shared.withLock { shared in parts.append(contentsOf: shared[..<count]) }
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
    @usableFromInline let list: PartList

    @inlinable
    init(list: PartList) {
        self.list = list
    }

    /// The parts in declaration order, in one array.
    var parts: [RequestPart] { list.parts }
}
