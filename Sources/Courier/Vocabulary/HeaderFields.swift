/// An ordered list of header fields: duplicates allowed, names compared case-insensitively.
///
/// ```swift
/// let fields: HeaderFields = [HeaderField(name: .accept, value: "application/json")]
/// fields[.accept]          // "application/json"
/// fields["ACCEPT"]         // "application/json"
/// ```
public struct HeaderFields: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The fields in the order they were added.
    public private(set) var fields: [HeaderField]

    /// Creates a list from fields, keeping their order.
    public init(_ fields: [HeaderField] = []) {
        self.fields = fields
    }

    /// Creates a list from an array literal of fields.
    public init(arrayLiteral elements: HeaderField...) {
        fields = elements
    }

    /// The index of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The index past the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> HeaderField { fields[position] }

    /// The first value for `name`, or `nil`.
    public subscript(name: HeaderName) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The first value for a name given as a string (case-insensitive), or `nil`.
    public subscript(name: String) -> String? {
        HeaderName(validating: name).flatMap { self[$0] }
    }

    /// The value of every field named `name`, in order.
    ///
    /// A response's fields are as the transport delivered them: `URLSessionTransport` receives
    /// field lines of one name joined into one value (`a, b`), as RFC 9110 §5.3 allows, but for
    /// `Set-Cookie`, whose lines stay apart.
    public func values(for name: HeaderName) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The elements of the comma-separated lists that the fields named `name` hold, in order and
    /// in lowercase, each without the spaces and tabs around it; every field counts, since field
    /// lines of one name form one list (RFC 9110 §5.3, §5.6.1). Empty elements are kept.
    func listElements(for name: HeaderName) -> [String] {
        values(for: name).flatMap { value in
            value.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingOptionalWhitespace().lowercased()
            }
        }
    }

    /// Whether any field has `name`.
    public func contains(_ name: HeaderName) -> Bool {
        fields.contains { $0.name == name }
    }

    /// Whether a field carries an `Idempotency-Key` a server can recognise a repeat by: one that
    /// is not empty.
    var hasIdempotencyKey: Bool {
        fields.contains { $0.name == .idempotencyKey && !$0.value.isEmpty }
    }

    /// These fields with each value's leading and trailing spaces and tabs removed: what a field
    /// value is once received (RFC 9110 §5.5; the whitespace around it belongs to the field line).
    func withValuesTrimmed() -> HeaderFields {
        func isPadded(_ value: String) -> Bool {
            let isSpace = { (byte: UInt8?) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            return isSpace(value.utf8.first) || isSpace(value.utf8.last)
        }
        guard fields.contains(where: { isPadded($0.value) }) else { return self }
        var trimmed = self
        for index in trimmed.fields.indices where isPadded(trimmed.fields[index].value) {
            trimmed.fields[index].value = String(
                trimmed.fields[index].value[...].trimmingOptionalWhitespace())
        }
        return trimmed
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func append(_ field: HeaderField) {
        fields.append(field)
    }

    /// Removes every field named `name`.
    public mutating func removeAll(named name: HeaderName) {
        fields.removeAll { $0.name == name }
    }

    /// Replaces every field named `name` with a single field, at the position of the first one.
    public mutating func set(_ field: HeaderField) {
        if let index = fields.firstIndex(where: { $0.name == field.name }) {
            fields[index] = field
            fields.removeAll { $0.name == field.name && $0 != field }
        } else {
            fields.append(field)
        }
    }
}
