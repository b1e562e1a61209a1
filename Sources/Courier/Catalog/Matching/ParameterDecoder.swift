import Foundation

/// Decodes a ``CatalogEndpoint`` from the parameter values a request carried: text from the
/// path, query, headers and multipart text fields, the body's JSON, and the bytes of other
/// multipart parts.
struct ParameterDecoder: Decoder {
    /// Where one property's value came from.
    enum Source: Sendable {
        /// Text, decoded by ``TextDecoder``.
        case text(String)
        /// A JSON body.
        case body(Data)
        /// The content of a multipart part that is not a text field: `Data` as it is, anything
        /// else decoded from the part's JSON (a JSON part) or UTF-8 text.
        case bytes(Data, isJSON: Bool)
        /// A body sent as it is (``Body/data(_:contentType:)``, ``Body/text(_:contentType:)``):
        /// `Data` as it is, a `String` as its UTF-8 text, anything else decoded from the body's
        /// JSON (of a JSON media type) or UTF-8 text.
        case verbatim(Data, isJSON: Bool)
        /// Pairs written by a ``FormEncoding``, read by ``FormDecoder`` from `position`: a form
        /// body (`.named(nil)`), a query array (`.named("tag")`), or one query value's text.
        case form([QueryItem], position: FormDecoder.Position, encoding: FormEncoding)
    }

    /// The properties whose values did not decode, in order, so a mismatch can say where it
    /// was; the errors themselves pass through unchanged, for models that catch them.
    ///
    /// Not `Sendable`: it lives inside one synchronous parse.
    final class FailedKeys {
        private(set) var keys: [String] = []
        func note(_ key: String) { keys.append(key) }
    }

    /// The values that broke a constraint, in the order they decoded: the first
    /// ``limit`` distinct ones, so that a request with a million bad values costs a bounded answer.
    ///
    /// Not `Sendable`: it lives inside one synchronous parse.
    final class Violations {
        /// The most violations one mismatch lists.
        static let limit = 100
        private(set) var found: [ConstraintViolation] = []
        /// How many distinct violations were left out past ``limit``.
        private(set) var omitted = 0
        private var seen: Set<ConstraintViolation> = []

        func note(_ violations: [ConstraintViolation]) {
            for violation in violations where seen.insert(violation).inserted {
                if found.count < Self.limit { found.append(violation) } else { omitted += 1 }
            }
        }
    }

    let values: [String: Source]
    /// Whether a required property the request did not carry gets a probe value instead of
    /// failing, to check some properties (the path's) on their own.
    var fillsGapsWithProbes = false
    /// The constraints each decoded value is checked against.
    var constraints = ConstraintRules.none
    let failedKeys = FailedKeys()
    let violations = Violations()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .courier(codingPath: codingPath, debugDescription: "A request model is keyed by its properties."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self,
            .courier(codingPath: codingPath, debugDescription: "A request model is keyed by its properties."))
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ParameterDecoder
        var values: [String: Source] { decoder.values }
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { values.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            switch values[key.stringValue] {
            case nil: true
            // `Body.json(nil)` sends `null`.
            case .body(let data)?:
                String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    == "null"
            default: false
            }
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let decoded: T
            do {
                decoded = try value(type, forKey: key)
            } catch {
                decoder.failedKeys.note(key.stringValue)
                throw DecodingFailureReason.namingCases(error, of: type, at: [key])
            }
            if !decoder.constraints.isEmpty {
                decoder.violations.note(decoder.constraints.violations(of: decoded, for: key.stringValue))
            }
            return decoded
        }

        /// `Data` as it is, anything else decoded from `data`'s JSON or UTF-8 text.
        private func bytes<T: Decodable>(_ data: Data, isJSON: Bool, as type: T.Type, forKey key: Key) throws
            -> T
        {
            if let data = data as? T { return data }
            if isJSON { return try JSONDecoder.courierDefault().decode(T.self, from: data) }
            guard let text = String(strictUTF8: data) else {
                throw DecodingError.typeMismatch(
                    T.self,
                    .courier(codingPath: [key], debugDescription: "The bytes are not UTF-8 text."))
            }
            return try T(from: TextDecoder(text: text, codingPath: [key]))
        }

        private func value<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            switch values[key.stringValue] {
            case .text(let text)?:
                return try T(from: TextDecoder(text: text, codingPath: [key]))
            case .body(let data)?:
                return try JSONDecoder.courierDefault().decode(T.self, from: data)
            case .verbatim(let data, let isJSON)?:
                if let text = String(strictUTF8: data) as? T { return text }
                return try bytes(data, isJSON: isJSON, as: type, forKey: key)
            case .bytes(let data, let isJSON)?:
                return try bytes(data, isJSON: isJSON, as: type, forKey: key)
            case .form(let items, let position, let encoding)?:
                return try FormDecoder(
                    items: items, encoding: encoding, position: position, codingPath: [key]
                )
                .value(type)
            case nil where decoder.fillsGapsWithProbes:
                return try ProbeDecoder(varying: nil, log: ProbeLog()).nested(key).value(of: type)
            case nil:
                throw DecodingError.keyNotFound(
                    key,
                    .courier(codingPath: [], debugDescription: "The request carries no \(key.stringValue).")
                )
            }
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw DecodingError.typeMismatch(
                type, .courier(codingPath: [key], debugDescription: "Nested values come from the body only."))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self,
                .courier(codingPath: [key], debugDescription: "Nested values come from the body only."))
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }
}

/// Decodes one value from the text of a path segment, query value or header value.
struct TextDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let codingPath: [any CodingKey]
    /// How many types in a row decoded themselves from this text.
    var depth = 0
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch(type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch([Any].self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value: Any? =
            switch type {
            case is String.Type: text
            case is Int.Type: Int(text)
            case is Int64.Type: Int64(text)
            case is Int32.Type: Int32(text)
            case is UInt.Type: UInt(text)
            case is UInt64.Type: UInt64(text)
            case is UInt32.Type: UInt32(text)
            case is Int16.Type: Int16(text)
            case is UInt16.Type: UInt16(text)
            case is Int8.Type: Int8(text)
            case is UInt8.Type: UInt8(text)
            case is Double.Type: Self.decimal(text) as Double?
            case is Float.Type: Self.decimal(text) as Float?
            case is Decimal.Type: Decimal(string: text)
            case is Bool.Type: ["true": true, "1": true, "false": false, "0": false][text.lowercased()]
            case is UUID.Type: UUID(uuidString: text)
            case is URL.Type: URL(string: text)
            default: nil
            }
        if let value = value as? T { return value }
        guard !Self.builtIn.contains(where: { $0 == type }), depth < 8 else { throw mismatch(type) }
        // A type that decodes itself from text (an enum's raw value, say) asks this decoder again;
        // a type that only ever asks for itself ends here instead of recursing forever.
        return try T(from: TextDecoder(text: text, codingPath: codingPath, depth: depth + 1))
    }

    /// A number written in decimal, as Swift writes one (`nan` and `inf` included); `nil` for
    /// hexadecimal text and for a number too large for `Number`, which its initializer alone reads
    /// as a value (`0x10` as 16, `1e999` as infinity).
    static func decimal<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ text: String)
        -> Number?
    {
        guard !text.contains(where: { $0 == "x" || $0 == "X" }), let number = Number(text) else { return nil }
        let unsigned = text.lowercased().drop { $0 == "+" || $0 == "-" }
        if number.isInfinite, unsigned != "inf", unsigned != "infinity" { return nil }
        return number
    }

    /// The types read straight from text above; anything else decodes itself from them.
    private static let builtIn: [Any.Type] = [
        String.self, Int.self, Int64.self, Int32.self, UInt.self, UInt64.self, UInt32.self, Int16.self,
        UInt16.self, Int8.self, UInt8.self, Double.self, Float.self, Decimal.self, Bool.self, UUID.self,
        URL.self,
    ]

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            .courier(
                codingPath: codingPath,
                // Never the text itself: it may be a secret (a key, a cookie), echoed to a log.
                debugDescription: "The value cannot be read as \(DecodingFailureReason.name(of: type))."))
    }
}
