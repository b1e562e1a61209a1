import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 with or without fractional seconds (`2024-05-01T12:00:00Z`,
    /// `2024-05-01T12:00:00.123Z`, or with an offset); `.iso8601` alone rejects fractions.
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
    /// ```
    public static var iso8601WithFractionalSeconds: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            if isWholeISO8601(text),
                let date = (try? fractional.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
            {
                return date
            }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text.debugDescription) is not an ISO 8601 date.")
        }
    }
}

/// Whether `text` is a whole ISO 8601 date-time, nothing before or after it: the format style's
/// parser stops at the end of a date and ignores what follows.
private func isWholeISO8601(_ text: String) -> Bool {
    let pattern = #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})/#
    return text.wholeMatch(of: pattern) != nil
}
