/// Path text written as a string literal: its slashes separate segments, and each value
/// interpolated into it stays inside one segment.
///
/// You rarely name this type: a string literal passed to ``Path`` is one.
///
/// ```swift
/// Path("/v1/users")              // /v1/users: two segments
/// Path("users/\(id)/posts")      // /users/42/posts: the value is one segment
/// Path("files/\(name)")          // name "a/b" is sent as /files/a%2Fb
/// ```
///
/// A leading slash only separates, so `"/users"` is the segment `users`. A trailing slash is sent
/// when nothing follows it in the endpoint's path (`"users/"` is `/users/`, which a server may
/// answer differently from `/users`); a later `Path` continues after it. An empty segment between
/// two slashes (`"a//b"`) is rejected when the request is built, as
/// ``CourierError/Kind/invalidPathSegment``. Literal text and a value may share a segment
/// (`"v\(version)"`, `"\(sid).json"`); the value's own `/` is still percent-encoded. A ``Catalog``
/// reads such a value back from between the text, but refuses two values in one segment.
///
/// A value that is a secret, such as a token an API takes in its path (`/bot<token>/getMe`), is
/// interpolated as `secret:`: it is sent as any value is, and shown as `<redacted>` wherever
/// Courier shows the request (logs, errors, renderings, metrics and spans).
///
/// ```swift
/// Path("bot\(secret: token)/getMe")   // logged as /bot<redacted>/getMe
/// ```
///
/// Interpolate ``ParameterValue`` values. Anything else still splits the literal, with a
/// deprecation warning on the line: an optional is rejected when the request is built (`nil` has
/// no path text), and any other value is sent as its raw value or `String(describing:)`.
public struct PathLiteral: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The segments, unencoded: one without an array, the common case, or several.
    private let storage: Storage
    /// The segments as written, each value marked by ``valueMark``, when the literal has values;
    /// `nil` when every segment is literal text.
    let template: [String]?
    /// A sentence naming what the literal cannot send (an empty segment, an optional), reported
    /// when the request is built.
    let problem: String?
    /// Whether the text ends with a slash after at least one segment (`"users/"`, not `"/"`).
    let endsWithSlash: Bool
    /// The texts of the values interpolated as `secret:`.
    let secrets: [String]
    /// The segments with each secret value replaced by ``secretMark``, when the literal has one.
    let redactedSegments: [String]?

    /// Where a secret value stands in a ``redactedSegments`` segment.
    static let secretMark: Character = "\u{E000}"

    /// Where a value stands in a ``template`` segment.
    static let valueMark: Character = "\u{0}"

    private enum Storage: Sendable, Hashable {
        case one(String)
        case many([String])
    }

    /// Creates the segments of a literal without interpolations.
    public init(stringLiteral value: String) {
        if !value.isEmpty, !value.utf8.contains(UInt8(ascii: "/")) {
            storage = .one(value)
            template = nil
            problem = nil
            endsWithSlash = false
            secrets = []
            redactedSegments = nil
        } else {
            var interpolation = StringInterpolation(literalCapacity: value.utf8.count, interpolationCount: 0)
            interpolation.appendLiteral(value)
            (storage, template, problem, endsWithSlash) = Self.segments(of: interpolation)
            secrets = []
            redactedSegments = nil
        }
    }

    /// Creates the segments of a literal with interpolated values.
    public init(stringInterpolation: StringInterpolation) {
        (storage, template, problem, endsWithSlash) = Self.segments(of: stringInterpolation)
        secrets = stringInterpolation.secrets
        redactedSegments =
            secrets.isEmpty ? nil : Self.pieces(of: stringInterpolation.finished()).map(\.redacted)
    }

    private static func segments(
        of interpolation: StringInterpolation
    ) -> (Storage, template: [String]?, problem: String?, endsWithSlash: Bool) {
        let written = interpolation.finished()
        let pieces = pieces(of: written)
        let endsWithSlash = !pieces.isEmpty && written.last?.isSeparatorOnly == true
        var problem = interpolation.problem
        if problem == nil, pieces.contains(where: \.isSeparatorOnly) {
            let text = written.map { $0.shown.replacingOccurrences(of: String(valueMark), with: "{…}") }
                .joined(separator: "/")
            problem =
                "The path \(text.debugDescription) has an empty segment between two slashes; remove the extra slash."
        }
        let holdsValues = pieces.contains(where: \.holdsValue)
        return (.many(pieces.map(\.text)), holdsValues ? pieces.map(\.shown) : nil, problem, endsWithSlash)
    }

    /// The pieces of the segments: without the empty one before a leading slash or after a
    /// trailing one.
    private static func pieces(of written: [Piece]) -> ArraySlice<Piece> {
        var pieces = written[...]
        if let first = pieces.first, first.isSeparatorOnly { pieces.removeFirst() }
        if let last = pieces.last, last.isSeparatorOnly { pieces.removeLast() }
        return pieces
    }

    /// How many segments the literal has.
    var count: Int {
        switch storage {
        case .one: 1
        case .many(let segments): segments.count
        }
    }

    /// Appends the segments to `texts`.
    func append(to texts: inout [String]) {
        switch storage {
        case .one(let segment): texts.append(segment)
        case .many(let segments): texts += segments
        }
    }

    /// Collects a path literal's text, splitting literal parts on `/`.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        private var pieces: [Piece] = []
        private var current = Piece()
        fileprivate var problem: String?
        fileprivate var secrets: [String] = []

        /// Prepares for a literal of the given size.
        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount + 2)
        }

        /// Adds literal text: each `/` in it ends a segment.
        public mutating func appendLiteral(_ literal: String) {
            var rest = Substring(literal)
            while let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
                current.text += rest[..<slash]
                current.shown += rest[..<slash]
                current.redacted += rest[..<slash]
                pieces.append(current)
                current = Piece()
                rest = rest[rest.utf8.index(after: slash)...]
            }
            current.text += rest
            current.shown += rest
            current.redacted += rest
        }

        /// Adds a value as text inside the current segment; a `/` in it is sent as `%2F`.
        public mutating func appendInterpolation(_ value: some ParameterValue) {
            current.text += value.parameterText
            current.redacted += value.parameterText
            current.markValue()
        }

        /// Adds a secret value as text inside the current segment, as any value is sent, to be
        /// shown as `<redacted>` wherever Courier shows the request.
        public mutating func appendInterpolation(secret value: some ParameterValue) {
            current.text += value.parameterText
            current.redacted.append(PathLiteral.secretMark)
            current.markValue()
            secrets.append(value.parameterText)
        }

        /// Rejects an optional when the request is built: `nil` has no path text, and
        /// `Optional(42)` is not the segment anyone means.
        ///
        /// Unwrap the value before the path (`guard let`, `??`), so the endpoint states what a
        /// missing value means.
        @available(*, deprecated, message: "An optional has no path text; unwrap it before the Path.")
        public mutating func appendInterpolation<Wrapped>(_ value: Wrapped?) {
            current.markValue()
            problem =
                problem
                ?? "The path interpolates an optional \(Wrapped.self); unwrap it first, since nil has no path text."
        }

        /// Adds a value that is not a ``ParameterValue`` as its raw value, or else
        /// `String(describing:)`, inside the current segment.
        ///
        /// This keeps the literal's slashes as structure for any value, but the text may not be
        /// what the API expects (a date, a struct's memberwise description): conform the type to
        /// ``ParameterValue``, or interpolate the text you mean.
        @available(
            *, deprecated,
            message: "Path values should be ParameterValue; conform the type, or interpolate its text."
        )
        public mutating func appendInterpolation<Value>(_ value: Value) {
            current.text += Self.fallbackText(of: value)
            current.redacted += Self.fallbackText(of: value)
            current.markValue()
        }

        private static func fallbackText(of value: some Any) -> String {
            if let representable = value as? any RawRepresentable {
                return String(describing: rawValue(of: representable))
            }
            return String(describing: value)
        }

        private static func rawValue(of value: some RawRepresentable) -> Any { value.rawValue }

        fileprivate func finished() -> [Piece] {
            pieces + [current]
        }
    }

    /// A segment in progress, and whether a value went into it: an empty value is a value (and
    /// rejected as such when the request is built), while nothing between two slashes is not.
    fileprivate struct Piece: Sendable {
        var text = ""
        /// The segment as written, each value replaced by ``PathLiteral/valueMark``.
        var shown = ""
        /// The segment as sent, each secret value replaced by ``PathLiteral/secretMark``.
        var redacted = ""
        var holdsValue = false

        mutating func markValue() {
            shown.append(PathLiteral.valueMark)
            holdsValue = true
        }

        var isSeparatorOnly: Bool { text.isEmpty && !holdsValue }
    }
}
