import TodoCatalog

/// A change as the store recorded it: its number (the event ID), what happened (the event
/// type) and the todo (the data).
struct RecordedChange: Sendable, Hashable {
    /// What happened to the todo.
    enum Kind: String, Sendable {
        case created, updated, deleted
    }

    /// The change's number: 1 for the first, then one more for each.
    let number: Int
    /// What happened.
    let kind: Kind
    /// The todo that changed.
    let change: TodoChange
}
