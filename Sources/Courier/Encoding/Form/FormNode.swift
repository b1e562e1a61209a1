/// A value as the form encoder sees it, before the strategies name its parameters.
indirect enum FormNode {
    /// Text already formatted by the strategies (booleans, dates, numbers).
    case scalar(String)
    /// `nil`: omitted from the output.
    case null
    /// A property kept out with ``FormExcluded``: omitted from the output.
    case excluded
    case list([FormNode])
    case object([(key: String, value: FormNode)])
}

/// A node under construction; containers write into it while a value encodes itself.
final class FormNodeSlot {
    enum Content {
        case empty
        case scalar(String)
        case null
        case excluded
        case list([FormNodeSlot])
        case object([(key: String, slot: FormNodeSlot)])
    }

    var content = Content.empty

    /// The finished node; a slot nothing was written to is an empty object, as `JSONEncoder` has it.
    var node: FormNode {
        switch content {
        case .empty: .object([])
        case .scalar(let text): .scalar(text)
        case .null: .null
        case .excluded: .excluded
        case .list(let slots): .list(slots.map(\.node))
        case .object(let entries): .object(entries.map { (key: $0.key, value: $0.slot.node) })
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeList() {
        if case .list = content { return }
        content = .list([])
    }

    /// The child slot for `key`, replacing an earlier value for the same key in place.
    func child(forKey key: String) -> FormNodeSlot {
        makeObject()
        guard case .object(var entries) = content else { return FormNodeSlot() }
        if let existing = entries.first(where: { $0.key == key }) { return existing.slot }
        let slot = FormNodeSlot()
        entries.append((key: key, slot: slot))
        content = .object(entries)
        return slot
    }

    /// A new slot appended to this list.
    func appendChild() -> FormNodeSlot {
        makeList()
        guard case .list(var slots) = content else { return FormNodeSlot() }
        let slot = FormNodeSlot()
        slots.append(slot)
        content = .list(slots)
        return slot
    }

    var count: Int {
        switch content {
        case .list(let slots): slots.count
        case .object(let entries): entries.count
        default: 0
        }
    }

    /// Orders an object's keys, integers numerically; for dictionaries, which have no order.
    func sortKeys() {
        guard case .object(let entries) = content else { return }
        content = .object(
            entries.sorted { left, right in
                switch (Int(left.key), Int(right.key)) {
                case (let a?, let b?): a < b
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): left.key < right.key
                }
            })
    }
}
