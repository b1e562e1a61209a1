import Foundation

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 (RFC 3339) in UTC, with a fraction of up to nine digits when the date has one:
    /// `2024-05-01T12:00:00Z`, `2024-05-01T12:00:00.25Z`.
    ///
    /// A date reads back through ``JSONDecoder/DateDecodingStrategy/iso8601WithFractionalSeconds``
    /// as itself, to the nanosecond; Foundation's `.iso8601` drops the fraction.
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.dateEncodingStrategy = .iso8601WithFractionalSeconds
    /// ```
    public static var iso8601WithFractionalSeconds: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601DateText.text(for: date))
        }
    }
}
