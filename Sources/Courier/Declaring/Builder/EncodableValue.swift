import Foundation

/// An `Encodable` value a part carries until the request is built, held by reference.
///
/// Held as `any Encodable & Sendable`, the value would make every ``RequestPart`` a type whose
/// copies go through its type's value witnesses (an existential of unknown size); held by a
/// class, a part is a few words that copy with a retain, for one allocation per value. Each
/// encoder is called for the value's own type, never through an existential.
@usableFromInline
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
@usableFromInline
final class EncodableBox<Value: Encodable & Sendable>: EncodableValue {
    @usableFromInline let boxed: Value

    @inlinable
    init(_ value: Value) {
        boxed = value
    }

    @usableFromInline
    var valueType: Any.Type { type(of: boxed) }

    @usableFromInline
    func json(by encoder: JSONEncoder) throws -> Data {
        try encoder.encode(boxed)
    }

    @usableFromInline
    func queryItems(by encoding: FormEncoding) throws(FormEncodingError) -> [QueryItem] {
        try encoding.queryItems(for: boxed)
    }

    @usableFromInline
    func queryItems(named name: String, by encoding: FormEncoding) throws(FormEncodingError) -> [QueryItem] {
        try encoding.queryItems(name: name, value: boxed)
    }
}
