/// Why an incoming request is not a given endpoint (or any endpoint of a ``Catalog``).
///
/// ```swift
/// do {
///     let todo = try GetTodo.parse(incoming)
/// } catch {
///     print(error)    // The request does not match GET /todos/{id}: the path has 3 segments, not 2.
/// }
/// ```
public struct EndpointMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template of the endpoint the request was compared with.
    public let template: String
    /// What did not fit, in the order checked.
    public let reasons: [String]

    /// Creates a mismatch.
    ///
    /// - Parameters:
    ///   - template: The template of the endpoint the request was compared with.
    ///   - reasons: What did not fit.
    public init(template: String, reasons: [String]) {
        self.template = template
        self.reasons = reasons
    }

    /// A sentence naming the endpoint and every reason.
    public var description: String {
        "The request does not match \(template): " + reasons.joined(separator: "; ") + "."
    }
}
