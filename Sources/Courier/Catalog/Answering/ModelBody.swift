import Foundation

/// How a model's value is sent as a body, the way a client reads it back: a `String` as UTF-8
/// text, `Data` as its bytes, ``Empty`` or `nil` as no body, anything else as JSON
/// (`application/problem+json` for a ``ProblemDetails``).
package enum ModelBody {
    /// The body of `value` and its media type, or `nil` for a value sent without a body.
    package static func encode<Value: Encodable>(_ value: Value, encoder: JSONEncoder) throws
        -> (data: Data, mediaType: MediaType)?
    {
        if let optional = value as? any OptionalMarker, optional.wrapped == nil { return nil }
        guard let mediaType = mediaType(of: Value.self) else { return nil }
        let data =
            switch value {
            case let text as String: Data(text.utf8)
            case let bytes as Data: bytes
            default: try encoder.encode(value)
            }
        return (data, mediaType)
    }

    /// The media type a body of `type` is sent with (an optional's as its wrapped type's), or
    /// `nil` for ``Empty``, which has none.
    package static func mediaType(of type: Any.Type) -> MediaType? {
        if let optional = type as? any OptionalMarker.Type { return mediaType(of: optional.wrappedType) }
        return switch type {
        case is Empty.Type: nil
        case is String.Type: .plainText
        case is Data.Type: .octetStream
        case is ProblemDetails.Type: .problemJSON
        default: .json
        }
    }
}
