/// Declares path segments inside an endpoint block: literal text is split on `/`, and a value is
/// exactly one segment.
///
/// ```swift
/// Path("users/\(userID)/posts")   // /users/42/posts
/// Path("/v1/users")               // /v1/users (a leading slash only separates)
/// Path("api/users/")              // /api/users/ (a trailing slash is sent, unless a Path follows)
/// Path("users", userID, "posts")  // /users/42/posts
/// Path("files", fileName)         // /files/a%2Fb when fileName is "a/b": a value never splits
/// ```
///
/// A string literal passed as the first argument is a ``PathLiteral``: its slashes are the API's
/// structure, and each value interpolated into it stays one segment. Every further argument, and
/// any `String` variable, is one segment whatever it contains. An empty segment (`"a//b"`, or an
/// empty value) is rejected when the request is built.
///
/// Segments are percent-encoded by Courier (everything outside RFC 3986 unreserved), so a value
/// can never add segments, change the host or escape the base path. `.` and `..` (also
/// percent-encoded) are rejected when the request is built.
public struct Path: EndpointComponent {
    let segments: [String]
    /// Which segments are literal text, for ``Endpoint/description``.
    let display: PathDisplay
    /// A sentence naming what the literal cannot send, reported when the request is built.
    let problem: String?

    /// Declares the segments of a literal, then one segment per further argument.
    public init<each Value: ParameterValue>(_ literal: PathLiteral, _ values: repeat each Value) {
        var count = literal.count
        for _ in repeat each values { count += 1 }
        var texts: [String] = []
        texts.reserveCapacity(count)
        literal.append(to: &texts)
        for value in repeat each values {
            texts.append(value.parameterText)
        }
        segments = texts
        display = PathDisplay(
            literalCount: literal.count, template: literal.template,
            endsWithSlash: literal.endsWithSlash && texts.count == literal.count, secrets: literal.secrets,
            redactedSegments: literal.redactedSegments.map { $0 + texts.dropFirst(literal.count) })
        problem = Self.urlProblem(texts) ?? literal.problem
    }

    /// Declares one segment per argument; a `String` argument is one segment even if it holds `/`.
    @_disfavoredOverload
    public init<each Value: ParameterValue>(_ values: repeat each Value) {
        var texts: [String] = []
        for value in repeat each values {
            texts.append(value.parameterText)
        }
        segments = texts
        display = PathDisplay(literalCount: 0, template: nil)
        problem = Self.urlProblem(texts)
    }

    /// Declares one segment per element of an array.
    public init(segments: [any ParameterValue]) {
        self.segments = segments.map(\.parameterText)
        display = PathDisplay(literalCount: 0, template: nil)
        problem = Self.urlProblem(self.segments)
    }

    /// A sentence when the first segment starts an http(s) URL, which would be sent as a path
    /// segment under the base URL: ``AbsoluteURL`` is the spelling for another URL.
    static func urlProblem(_ segments: [String]) -> String? {
        guard let first = segments.first, let byte = first.utf8.first, byte | 0x20 == UInt8(ascii: "h") else {
            return nil
        }
        let lowered = first.lowercased()
        guard lowered.hasPrefix("http:") || lowered.hasPrefix("https:") else { return nil }
        return
            "Path takes path segments, not a URL: \(first.prefix(8).debugDescription)… would be sent as a segment "
            + "under the base URL. Write AbsoluteURL(url) to send the request to another URL."
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        if let problem {
            return EndpointParts(
                .invalid(CourierError(stage: .building, kind: .invalidPathSegment, message: problem)))
        }
        return EndpointParts(.path(segments, display))
    }
}

/// Which of a ``Path``'s segments are literal text and which hold values, so a description can
/// show the template (`/users/{…}/posts`) without a value, and whether the path ends with a slash.
struct PathDisplay: Sendable {
    /// How many leading segments came from the literal; every later one is a value.
    let literalCount: Int
    /// The literal's segments with each value marked, when it interpolates any.
    let template: [String]?
    /// Whether the literal ends with a slash and no value follows it: the request's path does too,
    /// unless a later ``Path`` adds segments.
    var endsWithSlash = false
    /// The texts of the values interpolated as `secret:` (``PathLiteral``).
    var secrets: [String] = []
    /// The segments with each secret value replaced by ``PathLiteral/secretMark``, when there is
    /// one.
    var redactedSegments: [String]?

    /// The segments percent-encoded, each value shown as `{…}`.
    func shown(_ segments: [String]) -> [String] {
        segments.indices.map { index in
            guard index < literalCount else { return "{…}" }
            guard let template else { return PercentEncoding.encode(segments[index]) }
            return template[index].split(separator: PathLiteral.valueMark, omittingEmptySubsequences: false)
                .map { PercentEncoding.encode(String($0)) }.joined(separator: "{…}")
        }
    }
}
