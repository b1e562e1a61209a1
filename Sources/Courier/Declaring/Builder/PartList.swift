/// The parts of a block as the builder joins them, line by line, in declaration order.
///
/// A block's code keeps every line's value until the block ends, so appending to the array a join
/// receives would copy it at every line. Instead a line's one part is held in place, and the first
/// join puts the parts in a locked array with room for ``typicalCount``, which later joins extend
/// in place while no other join has extended it since: two allocations for a typical block. Parts
/// are only appended, so the prefix a value sees never changes; a join onto a value already
/// extended, or onto a block's result (``finished``, which a stored ``Components`` is), copies.
/// Only the builder's own code holds an unfinished value; the lock and count keep one right when
/// a direct caller of the builder's functions extends it twice or on several tasks (it then keeps
/// the parts appended after it alive until it goes). The article "Performance" has the figures.
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
            } else if case .empty = next.storage {
                return self
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
