import Foundation

extension JSONDecoder {
    /// A new decoder as Courier configures it by default: dates as ISO 8601, with or without
    /// fractional seconds and with `Z` or an offset (``JSONDecoder/DateDecodingStrategy/iso8601WithFractionalSeconds``).
    ///
    /// ``Client/Configuration`` decodes responses with it unless given another decoder, and a
    /// ``Catalog`` reads JSON request bodies with it, so what ``JSONEncoder/courierDefault()``
    /// writes reads back.
    ///
    /// ```swift
    /// let decoder = JSONDecoder.courierDefault()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// let client = Client(baseURL: base, configuration: .init(decoder: decoder))
    /// ```
    public static func courierDefault() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
        return decoder
    }
}
