import Foundation

/// What an import could not express in Swift exactly, each item at its place in the document.
///
/// Nothing in a document is dropped without an item here: a keyword the importer does not read,
/// a construct the Swift approximates, a name it had to change. The items that make the
/// generated catalog's export differ from the document are the round trip's allowed
/// differences (``ImportReport/Item/changesExport``).
public struct ImportReport: Sendable, Hashable, Codable {
    /// One thing the Swift does not say as the document does.
    public struct Item: Sendable, Hashable, Codable, CustomStringConvertible {
        /// How the generated code departs from the document.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// Left out: the generated code does not carry it at all.
            case notExpressed
            /// Carried in another form, described by the message.
            case approximated
            /// A name the generated code spells differently (a Swift keyword, a clash).
            case renamed
        }

        /// Where in the document, as a JSON Pointer (RFC 6901), such as
        /// `/components/schemas/Pet/properties/tag`.
        public var pointer: String
        /// How the generated code departs from the document.
        public var kind: Kind
        /// A sentence saying what and why.
        public var message: String
        /// Whether the catalog's OpenAPI export differs from the document at ``pointer`` (or below
        /// it) because of this item.
        public var changesExport: Bool

        /// Creates an item.
        public init(pointer: String, kind: Kind, message: String, changesExport: Bool) {
            self.pointer = pointer
            self.kind = kind
            self.message = message
            self.changesExport = changesExport
        }

        /// `pointer: message`.
        public var description: String { "\(pointer): \(message)" }
    }

    /// The items, in document order.
    public var items: [Item] = []
    /// Component schema names that the generated models spell differently, so that their
    /// export carries the Swift name: document name → exported name.
    public var schemaRenames: [String: String] = [:]

    /// Creates an empty report.
    public init() {}

    /// Adds an item, unless the same one is there already.
    mutating func add(
        _ pointer: JSONPointer, _ kind: Item.Kind, _ message: String, changesExport: Bool = true
    ) {
        let item = Item(pointer: pointer.text, kind: kind, message: message, changesExport: changesExport)
        // An inherited part (the document's security, a shared parameter) is met once per use.
        if !items.contains(item) { items.append(item) }
    }

    /// Whether a difference of the round trip at `pointer` is one that an item explains.
    public func allows(differenceAt pointer: String) -> Bool {
        items.contains { item in
            item.changesExport
                && (pointer == item.pointer || pointer.hasPrefix(item.pointer + "/"))
        }
    }
}

extension DocumentValue {
    /// The value at `pointer`, if there is one.
    public func value(at pointer: JSONPointer) -> DocumentValue? {
        var current = self
        for token in pointer.tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
