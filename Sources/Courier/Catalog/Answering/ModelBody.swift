import Foundation

/// How a model's value is sent as a body, the way a client reads it back: a `String` as UTF-8
/// text, `Data` as its bytes, ``Empty`` or `nil` as no body, anything else as JSON
/// (`application/problem+json` for a ``ProblemDetails``).
package enum ModelBody {
    /// The body of `value` and its media type, or `nil` for a value sent without a body.
    package static func encode<Value: Encodable>(_ value: Value, encoder: JSONEncoder) throws
        -> (data: Data, mediaType: MediaType)?
    {
        switch value {
        case let optional as any OptionalValue where optional.isNone: nil
        case is Empty: nil
        case let text as String: (Data(text.utf8), .plainText)
        case let bytes as Data: (bytes, .octetStream)
        default: (try encoder.encode(value), Value.self == ProblemDetails.self ? .problemJSON : .json)
        }
    }

    /// The media type a body of `type` is sent with, or `nil` for ``Empty``, which has none.
    package static func mediaType(of type: Any.Type) -> MediaType? {
        switch type {
        case is Empty.Type: nil
        case is String.Type: .plainText
        case is Data.Type: .octetStream
        case is ProblemDetails.Type: .problemJSON
        default: .json
        }
    }
}

/// An optional, whatever it wraps, to send `nil` as no body.
private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}
