import Foundation

/// An `Encodable` value a part carries until the request is built, with the encoders called for
/// the value's own type.
protocol EncodableValue: AnyObject, Sendable {
    /// The value's type, for error messages.
    var valueType: Any.Type { get }

    /// The value's JSON, written by `encoder`.
    func json(by encoder: JSONEncoder) throws -> Data

    /// The value's stored properties as query items, written by `encoding`.
    func queryItems(by encoding: FormEncoding) throws(FormEncodingError) -> [QueryItem]

    /// The value as the query items of one field called `name`, written by `encoding`.
    func queryItems(named name: String, by encoding: FormEncoding) throws(FormEncodingError) -> [QueryItem]
}

/// An ``EncodableValue`` of a known type.
final class EncodableBox<Value: Encodable & Sendable>: EncodableValue {
    let boxed: Value

    init(_ value: Value) {
        boxed = value
    }

    var valueType: Any.Type { type(of: boxed) }

    func json(by encoder: JSONEncoder) throws -> Data {
        try encoder.encode(boxed)
    }

    func queryItems(by encoding: FormEncoding) throws(FormEncodingError) -> [QueryItem] {
        try encoding.queryItems(for: boxed)
    }

    func queryItems(named name: String, by encoding: FormEncoding) throws(FormEncodingError) -> [QueryItem] {
        try encoding.queryItems(name: name, value: boxed)
    }
}
