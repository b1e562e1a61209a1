/// Why a value could not be written as query parameters or a form body.
///
/// Building a request reports it as ``CourierError/Kind/formEncodingFailed``.
public struct FormEncodingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public let message: String
    /// The path of keys to the value that failed, such as `["filter", "tags"]`.
    public let codingPath: [String]

    init(_ message: String, codingPath: [String] = []) {
        self.message = message
        self.codingPath = codingPath
    }

    /// The message, with the coding path when there is one.
    public var description: String {
        codingPath.isEmpty ? message : "\(message) (at \(codingPath.joined(separator: ".")))"
    }
}
