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
        if let essence = MediaTypeEssence(text) { return essence.isValid && essence.isPrintable }
        return isValidReadingCharacters(text)
    }

    /// ``isValid(_:)`` for any text, reading `Character`s.
    static func isValidReadingCharacters(_ text: String) -> Bool {
        let parts = essenceReadingCharacters(text).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(HTTPToken.isValid)
            && HeaderField(name: .contentType, value: text).hasValidValue
    }

    /// ``essence`` for any text, reading `Character`s, before lowercasing.
    static func essenceReadingCharacters(_ text: String) -> String {
        String(text.prefix { $0 != ";" }).trimmingCharacters(in: " \t")
    }

    /// The full value.
    public var description: String { rawValue }

    /// The type and subtype without parameters, lowercased (`"application/json"`).
    public var essence: String {
        MediaTypeEssence(rawValue)?.lowercased ?? Self.essenceReadingCharacters(rawValue).lowercased()
    }

    /// Whether this is a `multipart/*` type, read without building ``essence``.
    var isMultipart: Bool {
        var bytes = rawValue.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.makeIterator()
        for expected in "multipart/".utf8 {
            guard let byte = bytes.next() else { return false }
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            guard lowered == expected else { return false }
        }
        return true
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
        essence == "application/json" || essence.hasSuffix("+json")
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

extension StringProtocol {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = Substring(String(self))
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
