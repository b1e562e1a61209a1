import Foundation

/// A document the importer cannot read, with a sentence saying why.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and where.
    public let description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
