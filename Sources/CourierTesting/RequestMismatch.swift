import Courier
import Foundation

/// The error ``RequestAssertion`` throws when two requests differ.
public struct RequestMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line diff from the expected request to the actual one.
    public let difference: RequestDifference
    /// The secret headers whose values differ, when nothing else does (their values are redacted).
    public let secretHeaders: [String]

    /// A sentence, then the diff.
    public var description: String {
        if difference.isEmpty {
            return "The requests differ only in the redacted value of "
                + secretHeaders.joined(separator: ", ") + "."
        }
        return "The request differs from the expected one (- expected, + actual):\n"
            + difference.description
    }
}
