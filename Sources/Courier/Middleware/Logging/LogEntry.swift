/// One thing a ``LoggingMiddleware`` reports: a level and an already redacted message.
///
/// The first line of the message is the summary (`GET https://api.example.com/users → 200 …`);
/// at ``LogLevel/debug`` and ``LogLevel/trace`` further lines, indented by two spaces, carry
/// headers and bodies. Every secret is redacted before the entry is made, so a sink may write the
/// message anywhere.
///
/// ```swift
/// let entry = LogEntry(level: .info, message: "GET https://api.example.com/users → 200 (2 bytes, 12 ms)")
/// ```
///
/// Two entries are equal when level, message and ``metadata`` are, and the metadata of an
/// outcome holds its measured ``Metadata/duration``: compare an entry a test received with
/// `level` and `message` (or the metadata with its duration set aside), not with an entry of your
/// own.
public struct LogEntry: Sendable, Hashable, CustomStringConvertible {
    /// How important the entry is.
    public let level: LogLevel
    /// The redacted text; lines are separated by `"\n"`.
    public let message: String
    /// The request the entry is about, as separate values; `nil` for entries not made by a
    /// ``LoggingMiddleware``.
    public let metadata: Metadata?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - level: How important the entry is.
    ///   - message: The redacted text; lines are separated by `"\n"`.
    ///   - metadata: The request the entry is about, as separate values.
    public init(level: LogLevel, message: String, metadata: Metadata? = nil) {
        self.level = level
        self.message = message
        self.metadata = metadata
    }

    /// The message's lines, the summary first.
    public var lines: [String] {
        message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The level in brackets before each line, for example `[info] GET … → 200 (2 bytes, 12 ms)`.
    public var description: String {
        lines.map { "[\(level)] \($0)" }.joined(separator: "\n")
    }
}
