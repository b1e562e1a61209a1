/// A media type for `Content-Type` and `Accept`, with its parameters as written.
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The full value, for example `"application/json"` or `"text/plain; charset=utf-8"`.
    public let rawValue: String

    /// Creates a media type from a runtime string; validated with the header value when sent.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The full value.
    public var description: String { rawValue }

    /// The type and subtype without parameters, lowercased (`"application/json"`).
    public var essence: String {
        String(rawValue.prefix { $0 != ";" }).trimmingCharacters(in: " \t").lowercased()
    }

    /// `application/json`.
    public static let json = MediaType("application/json")
    /// `application/problem+json` (RFC 9457).
    public static let problemJSON = MediaType("application/problem+json")
    /// `application/octet-stream`.
    public static let octetStream = MediaType("application/octet-stream")
    /// `application/x-www-form-urlencoded`.
    public static let formURLEncoded = MediaType("application/x-www-form-urlencoded")
    /// `multipart/form-data` (the boundary parameter is added by the body).
    public static let multipartFormData = MediaType("multipart/form-data")
    /// `text/plain; charset=utf-8`.
    public static let plainText = MediaType("text/plain; charset=utf-8")
    /// `text/html; charset=utf-8`.
    public static let html = MediaType("text/html; charset=utf-8")
    /// `*/*`.
    public static let any = MediaType("*/*")
}

extension String {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
