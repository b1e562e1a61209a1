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

/// Assertions about requests that throw a ``RequestMismatch`` with a readable diff, so they work
/// with Swift Testing and XCTest alike.
///
/// ```swift
/// @Test func searchSendsTheTerm() throws {
///     let expected = try Endpoint<[User], APIError> {
///         Method.get
///         Path("users")
///         Query("q", "ada")
///     }.request()
///     try RequestAssertion.expect(try API.search("ada").request(), equals: expected, baseURL: base)
/// }
/// ```
public enum RequestAssertion {
    /// Throws a ``RequestMismatch`` unless both requests have the same method, target, headers
    /// (in order, secret values included) and body.
    ///
    /// Multipart boundaries are ignored. Timeouts and other settings that are not sent are not
    /// compared.
    ///
    /// - Parameters:
    ///   - actual: The request the code produced.
    ///   - expected: The request the test expects.
    ///   - baseURL: The base URL both requests are resolved against.
    public static func expect(
        _ actual: EndpointRequest, equals expected: EndpointRequest, baseURL: BaseURL
    ) throws {
        let difference = try RequestDifference(expected: expected, actual: actual, baseURL: baseURL)
        let secrets = zip(expected.headers, actual.headers).filter { pair in
            (pair.0.isSensitive || pair.1.isSensitive) && pair.0.value != pair.1.value
        }.map(\.1.name.rawValue)
        if !difference.isEmpty || !secrets.isEmpty {
            throw RequestMismatch(difference: difference, secretHeaders: secrets)
        }
    }
}

/// A line-level longest-common-subsequence diff rendered as unified hunks.
enum LineDiff {
    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)

        var isChange: Bool {
            if case .same = self { false } else { true }
        }
    }

    /// The lines of `text`; a last line without a line break is followed by git's
    /// `\ No newline at end of file`, so a missing final line break shows in a diff.
    static func lines(of text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" {
            lines.removeLast()
        } else {
            lines.append("\\ No newline at end of file")
        }
        return lines
    }

    static func edits(from old: [String], to new: [String]) -> [Edit] {
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] =
                    old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                edits.append(.removed(old[i]))
                i += 1
            } else {
                edits.append(.added(new[j]))
                j += 1
            }
        }
        return edits
    }

    /// Groups of changes with `context` unchanged lines around them, each under an `@@` line.
    static func hunks(_ edits: [Edit], context: Int) -> [String] {
        let changed = edits.indices.filter { edits[$0].isChange }
        guard !changed.isEmpty else { return [] }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { range in
            let before = edits[..<range.lowerBound]
            let oldStart = before.filter { if case .added = $0 { false } else { true } }.count
            let newStart = before.filter { if case .removed = $0 { false } else { true } }.count
            let lines = edits[range]
            let oldCount = lines.filter { if case .added = $0 { false } else { true } }.count
            let newCount = lines.filter { if case .removed = $0 { false } else { true } }.count
            let header =
                "@@ -\(oldStart + (oldCount == 0 ? 0 : 1)),\(oldCount) "
                + "+\(newStart + (newCount == 0 ? 0 : 1)),\(newCount) @@"
            return ([header] + lines.map(render)).joined(separator: "\n")
        }
    }

    private static func render(_ edit: Edit) -> String {
        let (marker, line) =
            switch edit {
            case .same(let line): (" ", line)
            case .removed(let line): ("-", line)
            case .added(let line): ("+", line)
            }
        return line.isEmpty ? marker.trimmingCharacters(in: .whitespaces) : marker + " " + line
    }
}
