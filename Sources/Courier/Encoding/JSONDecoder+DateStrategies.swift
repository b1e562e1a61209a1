import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 (RFC 3339) with or without fractional seconds (`2024-05-01T12:00:00Z`,
    /// `2024-05-01T12:00:00.123Z`, or with an offset); `.iso8601` alone rejects fractions.
    ///
    /// `T` and `Z` may be lower case, as RFC 3339 allows; a field out of range (`25:61:00`,
    /// February 30) is rejected rather than rolled over, and so is anything after the date.
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
    /// ```
    public static var iso8601WithFractionalSeconds: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601DateText.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\(text.debugDescription) is not an ISO 8601 date.")
            }
            return date
        }
    }
}
