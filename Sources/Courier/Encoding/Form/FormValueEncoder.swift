import Foundation

/// Dictionaries: their keys are data, never renamed, and sorted because they have no order.
protocol UnorderedKeyedCollection {}
extension Dictionary: UnorderedKeyedCollection {}

/// An `Encoder` that records a value as a ``FormNode`` tree, applying the scalar strategies
/// (booleans, dates, keys) as it goes. Flattening into names is ``FormFlattening``'s job.
struct FormValueEncoder: Encoder {
    let slot: FormNodeSlot
    let encoding: FormEncoding
    let codingPath: [any CodingKey]
    let keepsKeys: Bool
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The tree for `value`.
    static func node(for value: some Encodable, encoding: FormEncoding) throws(FormEncodingError) -> FormNode
    {
        let slot = FormNodeSlot()
        do {
            try encode(value, into: slot, encoding: encoding, codingPath: [])
        } catch let error as FormEncodingError {
            throw error
        } catch let EncodingError.invalidValue(_, context) {
            throw FormEncodingError(
                context.debugDescription, codingPath: context.codingPath.map(\.stringValue))
        } catch {
            throw FormEncodingError("The value could not be encoded: \(error).")
        }
        return slot.node
    }

    /// Encodes one value into `slot`, intercepting the types whose `Encodable` form is not what a
    /// form wants (dates, URLs, data, decimals) and ``FormExcluded`` properties.
    static func encode<Value: Encodable>(
        _ value: Value, into slot: FormNodeSlot, encoding: FormEncoding, codingPath: [any CodingKey]
    ) throws {
        switch value {
        case is any FormExcludedMarker:
            slot.content = .excluded
        case let date as Date:
            slot.content = .scalar(encoding.dates.text(for: date))
        case let url as URL:
            slot.content = .scalar(url.absoluteString)
        case let data as Data:
            slot.content = .scalar(data.base64EncodedString())
        case let decimal as Decimal:
            slot.content = .scalar(decimal.description)
        case let bool as Bool:
            slot.content = .scalar(encoding.booleans.text(for: bool))
        default:
            let isDictionary = value is any UnorderedKeyedCollection
            try value.encode(
                to: FormValueEncoder(
                    slot: slot, encoding: encoding, codingPath: codingPath, keepsKeys: isDictionary))
            if isDictionary {
                // A dictionary whose keys are not strings or integers encodes as a flat
                // [key, value, …] list in hash order, which would change from run to run.
                if case .list = slot.content {
                    throw FormEncodingError(
                        "A dictionary needs String or Int keys to be sent as parameters.",
                        codingPath: codingPath.map(\.stringValue))
                }
                slot.sortKeys()
            }
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(
            FormKeyedContainer<Key>(
                slot: slot, encoding: encoding, codingPath: codingPath, keepsKeys: keepsKeys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeList()
        return FormUnkeyedContainer(slot: slot, encoding: encoding, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueContainer(slot: slot, encoding: encoding, codingPath: codingPath)
    }
}

/// An index in an unkeyed container, as a coding key.
struct FormIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) {
        return nil
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }
}

struct FormSingleValueContainer: SingleValueEncodingContainer {
    let slot: FormNodeSlot
    let encoding: FormEncoding
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .null }
    mutating func encode(_ value: Bool) throws { slot.content = .scalar(encoding.booleans.text(for: value)) }
    mutating func encode(_ value: String) throws { slot.content = .scalar(value) }
    mutating func encode(_ value: Double) throws { slot.content = .scalar(try Self.text(value, codingPath)) }
    mutating func encode(_ value: Float) throws { slot.content = .scalar(try Self.text(value, codingPath)) }
    mutating func encode(_ value: Int) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int8) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int16) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int32) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int64) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt8) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt16) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt32) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt64) throws { slot.content = .scalar(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try FormValueEncoder.encode(value, into: slot, encoding: encoding, codingPath: codingPath)
    }

    /// A finite number as Swift prints it in its own precision (`1.5`, a `Float` `0.1` as `0.1`);
    /// NaN and infinity have no form.
    static func text<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, _ codingPath: [any CodingKey]
    ) throws -> String {
        guard value.isFinite else {
            throw FormEncodingError(
                "\(value) cannot be sent as a parameter.", codingPath: codingPath.map(\.stringValue))
        }
        return value.textWithoutZeroFraction
    }
}

struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: FormNodeSlot
    let encoding: FormEncoding
    let codingPath: [any CodingKey]
    let keepsKeys: Bool

    private func child(_ key: Key) -> FormNodeSlot {
        slot.child(forKey: keepsKeys ? key.stringValue : encoding.keys.name(for: key.stringValue))
    }

    private func single(_ key: Key) -> FormSingleValueContainer {
        FormSingleValueContainer(slot: child(key), encoding: encoding, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try FormValueEncoder.encode(
            value, into: child(key), encoding: encoding, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = child(key)
        nested.makeObject()
        return KeyedEncodingContainer(
            FormKeyedContainer<NestedKey>(
                slot: nested, encoding: encoding, codingPath: codingPath + [key], keepsKeys: false))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = child(key)
        nested.makeList()
        return FormUnkeyedContainer(slot: nested, encoding: encoding, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        FormValueEncoder(
            slot: slot.child(forKey: "super"), encoding: encoding, codingPath: codingPath, keepsKeys: false)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FormValueEncoder(
            slot: child(key), encoding: encoding, codingPath: codingPath + [key], keepsKeys: false)
    }
}

struct FormUnkeyedContainer: UnkeyedEncodingContainer {
    let slot: FormNodeSlot
    let encoding: FormEncoding
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    private func next() -> (FormNodeSlot, [any CodingKey]) {
        let path = codingPath + [FormIndexKey(slot.count)]
        return (slot.appendChild(), path)
    }

    private func single() -> FormSingleValueContainer {
        let (child, path) = next()
        return FormSingleValueContainer(slot: child, encoding: encoding, codingPath: path)
    }

    mutating func encodeNil() throws { next().0.content = .null }
    mutating func encode(_ value: Bool) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: String) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Double) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Float) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Int) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Int8) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Int16) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Int32) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: Int64) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: UInt) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: UInt8) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: UInt16) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: UInt32) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode(_ value: UInt64) throws {
        var container = single()
        try container.encode(value)
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let (child, path) = next()
        try FormValueEncoder.encode(value, into: child, encoding: encoding, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let (child, path) = next()
        child.makeObject()
        return KeyedEncodingContainer(
            FormKeyedContainer<NestedKey>(slot: child, encoding: encoding, codingPath: path, keepsKeys: false)
        )
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (child, path) = next()
        child.makeList()
        return FormUnkeyedContainer(slot: child, encoding: encoding, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let (child, path) = next()
        return FormValueEncoder(slot: child, encoding: encoding, codingPath: path, keepsKeys: false)
    }
}
