/// One place where a catalog's OpenAPI export says something other than the document it was
/// imported from.
///
/// ``pointer`` is a JSON Pointer (RFC 6901) into the original document, at the deepest place
/// where the difference shows (a keyword of a schema, a parameter, a response), so that
/// ``ImportReport/allows(differenceAt:)`` can tell whether the import report explains it. A
/// difference about something only the export has points at the place in the original where it
/// would be, such as the operation's `parameters` or a schema's `properties`.
public struct RoundTripDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where in the original document, such as `/components/schemas/Pet/properties/tag/type`.
    public var pointer: String
    /// One sentence naming both sides' values, such as
    /// `type is integer in the document and string in the export`.
    public var message: String

    /// Creates a difference.
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `pointer: message`.
    public var description: String { "\(pointer): \(message)" }
}
