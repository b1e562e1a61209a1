/// A media type for `Content-Type` and `Accept`, with its parameters as written.
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The full value, for example `"application/json"` or `"text/plain; charset=utf-8"`.
    public let rawValue: String

    /// Creates a media type from a runtime string, or returns `nil` unless it is `type/subtype`
    /// (RFC 9110 tokens) with optional parameters and no control characters.
    ///
    /// Each parameter is `name=value` as RFC 9110 §5.6.6 writes it: a token name, then `=` with no
    /// space around it, then a token or a quoted string. `text/plain; charset` and
    /// `text/plain; charset=utf-8, text/html` are not media types.
    public init?(validating rawValue: String) {
        guard Self.isValid(rawValue), MediaTypeParameters.isValidList(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Reads a `Content-Type` or `Accept` header value, or returns `nil` unless it is
    /// `type/subtype` with no control characters: its parameters are read as ``parameter(_:)``
    /// reads them, so a value a server, a client or a `Header` of the caller's wrote loosely
    /// (`charset = utf-8`, `boundary=a=b`) is still understood. Such a value may fail
    /// ``init(validating:)``, and so decoding from its text.
    package init?(headerValue rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a media type from a literal such as `"image/png"`; an invalid literal traps.
    public init(_ literal: StaticString) {
        let text = literal.description
        guard let mediaType = MediaType(validating: text) else {
            preconditionFailure(
                "'\(text)' is not a valid media type (type/subtype, then parameters name=value).")
        }
        self = mediaType
    }

    init(known rawValue: String) {
        self.rawValue = rawValue
    }

    private static func isValid(_ text: String) -> Bool {
        guard let (type, subtype) = typeAndSubtype(of: text) else { return false }
        return HTTPToken.isValid(bytes: type) && HTTPToken.isValid(bytes: subtype)
            && HeaderField(name: .contentType, value: text).hasValidValue
    }

    /// What comes before the first `;` of `text`, between spaces and tabs. Read as bytes, as a
    /// field value is: a `;` followed by a combining mark is still a `;`.
    private static func essenceBytes(of text: String) -> Substring.UTF8View {
        var bytes = text.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            bytes.removeFirst()
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes.removeLast()
        }
        return bytes
    }

    /// The two sides of the one `/` of `text`'s essence, or `nil` unless both are non-empty.
    private static func typeAndSubtype(of text: String) -> (Substring.UTF8View, Substring.UTF8View)? {
        let pieces = essenceBytes(of: text).split(
            separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else { return nil }
        return (pieces[0], pieces[1])
    }

    /// The full value.
    public var description: String { rawValue }

    /// The type and subtype without parameters, lowercased (`"application/json"`).
    public var essence: String {
        String(decoding: Self.essenceBytes(of: rawValue), as: UTF8.self).lowercased()
    }

    /// Whether this is a `multipart/*` type.
    var isMultipart: Bool {
        Self.essenceBytes(of: rawValue).lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            .starts(with: "multipart/".utf8)
    }

    /// The value of a parameter such as `charset`, matched case-insensitively, without quotes.
    ///
    /// ```swift
    /// MediaType("text/plain; charset=UTF-8").parameter("charset")   // "UTF-8"
    /// ```
    ///
    /// Quoted values are read as RFC 9110 quoted strings: `title="a;b"` is `a;b`, and `\"` inside
    /// the quotes is a quote.
    public func parameter(_ name: String) -> String? {
        MediaTypeParameters.parse(rawValue).first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The `charset` parameter, lowercased, if the type names one (an empty one names none).
    public var charset: String? {
        parameter("charset").flatMap { $0.isEmpty ? nil : $0.lowercased() }
    }

    /// Whether the type is JSON: `application/json` or any `+json` suffix such as
    /// `application/problem+json`.
    public var isJSON: Bool {
        let essence = essence
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// `application/json`.
    public static let json = MediaType(known: "application/json")
    /// `application/problem+json` (RFC 9457).
    public static let problemJSON = MediaType(known: "application/problem+json")
    /// `application/octet-stream`.
    public static let octetStream = MediaType(known: "application/octet-stream")
    /// `application/x-www-form-urlencoded`.
    public static let formURLEncoded = MediaType(known: "application/x-www-form-urlencoded")
    /// `multipart/form-data` (the boundary parameter is added by the body).
    public static let multipartFormData = MediaType(known: "multipart/form-data")
    /// `text/plain; charset=utf-8`.
    public static let plainText = MediaType(known: "text/plain; charset=utf-8")
    /// `text/html; charset=utf-8`.
    public static let html = MediaType(known: "text/html; charset=utf-8")
    /// `text/event-stream`: Server-Sent Events (``EventStream``).
    public static let eventStream = MediaType(known: "text/event-stream")
    /// `*/*`.
    public static let any = MediaType(known: "*/*")
}
