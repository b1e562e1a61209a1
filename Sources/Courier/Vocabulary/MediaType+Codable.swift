extension MediaType: Codable {
    /// Decodes a media type from its text, such as `"image/png"`, validating it like
    /// ``init(validating:)``.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for text that is not a media type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let mediaType = MediaType(validating: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "\(text.debugDescription) is not a media type (type/subtype, then parameters name=value)."
            )
        }
        self = mediaType
    }

    /// Encodes the media type as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
