import Courier
import Foundation

/// A unified-style line diff between an expected request's text and an actual one.
///
/// Lines only in the expected text start with `- `, lines only in the actual text with `+ `,
/// and up to two unchanged lines around each change with two spaces. Each group of changes
/// starts with `@@ -line,count +line,count @@`:
///
/// ```swift
/// let difference = try RequestDifference(expected: expected, actual: actual, baseURL: base)
/// print(difference)
/// // @@ -1,3 +1,3 @@
/// // - GET /users?page=2 HTTP/1.1
/// // + GET /users?page=3 HTTP/1.1
/// //   Host: api.example.com
/// //   Accept: application/json
/// ```
public struct RequestDifference: Sendable, Hashable, CustomStringConvertible {
    /// The expected text, with `LF` line endings.
    public let expected: String
    /// The actual text, with `LF` line endings.
    public let actual: String

    /// The difference between two texts; `CRLF` counts as `LF`.
    ///
    /// - Parameters:
    ///   - expected: The text the test expects.
    ///   - actual: The text the code produced.
    public init(expected: String, actual: String) {
        self.expected = RequestSnapshot.lineFeeds(expected)
        self.actual = RequestSnapshot.lineFeeds(actual)
    }

    /// The difference between two requests' ``RequestSnapshot`` texts (secrets redacted,
    /// multipart boundaries replaced).
    ///
    /// - Parameters:
    ///   - expected: The request the test expects.
    ///   - actual: The request the code produced.
    ///   - baseURL: The base URL both requests are resolved against.
    public init(expected: EndpointRequest, actual: EndpointRequest, baseURL: BaseURL) throws(CourierError) {
        try self.init(
            expected: RequestSnapshot(expected, baseURL: baseURL).text,
            actual: RequestSnapshot(actual, baseURL: baseURL).text)
    }

    /// Whether the texts are equal.
    public var isEmpty: Bool { expected == actual }

    /// The diff, one group of changes after another; empty when the texts are equal.
    public var description: String {
        let edits = LineDiff.edits(from: LineDiff.lines(of: expected), to: LineDiff.lines(of: actual))
        return LineDiff.hunks(edits, context: 2).joined(separator: "\n")
    }
}
