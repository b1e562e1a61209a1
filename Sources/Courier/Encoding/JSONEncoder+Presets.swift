import Foundation

extension JSONEncoder {
    /// A new encoder as Courier configures it by default: sorted keys, and dates as ISO 8601 in
    /// UTC (`2024-05-01T12:00:00Z`), with a fraction only when the date has one
    /// (`2024-05-01T12:00:00.25Z`), so a date reads back as itself
    /// (``JSONEncoder/DateEncodingStrategy/iso8601WithFractionalSeconds``).
    ///
    /// Both make a body the same bytes every time for equal values, so cURL renderings, golden
    /// files and `RequestSnapshot`s do not vary. ``Client/Configuration`` and
    /// ``Endpoint/request(encoder:formEncoding:)`` use it unless given another encoder.
    ///
    /// ```swift
    /// let encoder = JSONEncoder.courierDefault()
    /// encoder.keyEncodingStrategy = .convertToSnakeCase
    /// let client = Client(baseURL: base, configuration: .init(encoder: encoder))
    /// ```
    public static func courierDefault() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601WithFractionalSeconds
        return encoder
    }

    /// A new encoder whose output has sorted keys, and `Date`s in Foundation's default form
    /// (seconds since 2001).
    ///
    /// `JSONEncoder`'s key order otherwise varies between runs on Linux, which would make request
    /// bodies, cURL renderings and golden files differ for equal values. Courier's default is
    /// ``courierDefault()``, which also writes dates as ISO 8601.
    public static func sortedKeys() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
