import Foundation

/// An `Encodable` value a part carries until the request is built, held by reference.
///
/// Held as `any Encodable & Sendable`, the value would make every ``RequestPart`` a type whose
/// copies go through its type's value witnesses (an existential of unknown size); held by a
/// class, a part is a few words that copy with a retain. A value too big for an existential's
/// inline buffer took an allocation anyway, so a box costs no more in that case.
@usableFromInline
protocol EncodableValue: AnyObject, Sendable {
    /// The value, for the form encoder.
    var value: any Encodable & Sendable { get }

    /// The value's JSON, written by `encoder` for the value's own type.
    func json(by encoder: JSONEncoder) throws -> Data
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
    var value: any Encodable & Sendable { boxed }

    @usableFromInline
    func json(by encoder: JSONEncoder) throws -> Data {
        try encoder.encode(boxed)
    }
}
