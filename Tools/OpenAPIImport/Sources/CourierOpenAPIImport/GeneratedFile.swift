import Foundation

/// A Swift source file the importer wrote.
public struct GeneratedFile: Sendable, Hashable {
    /// The path relative to the output folder, such as `Models/Pet.swift`.
    public var path: String
    /// The Swift source.
    public var contents: String
}
