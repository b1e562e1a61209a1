import Foundation

/// The containers of ``FormDecoder``: a keyed value reads `name[key]` pairs, an array its
/// elements by the array strategy, a scalar one pair's text.
extension FormDecoder {
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FormDecoder
        let prefix: String?
        var codingPath: [any CodingKey] { decoder.codingPath }

        /// The keys the pairs carry under the prefix, as written (dictionary keys are data).
        var allKeys: [Key] {
            decoder.pairs.keys(under: prefix).compactMap(Key.init(stringValue:))
        }

        /// The name of `key`'s pairs: by the key strategy, or as written for a dictionary's key.
        private func name(of key: Key) -> String {
            let converted = decoder.join(prefix, decoder.encoding.keys.name(for: key.stringValue))
            return decoder.carries(converted) ? converted : decoder.join(prefix, key.stringValue)
        }

        func contains(_ key: Key) -> Bool { decoder.carries(name(of: key)) }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            // Read even when no pair carries the key: an array none of whose elements was sent is
            // empty, a nested value with nothing to print is built from no pairs, and a scalar
            // that is missing throws, naming its pair.
            return try decoder.named(name(of: key), key: key).value(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try decoder.named(name(of: key), key: key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.named(name(of: key), key: key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder.named(name(of: key), key: key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: FormDecoder
        let elements: [FormDecoder]
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }
        var currentIndex = 0

        private mutating func next() throws -> FormDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self,
                    .courier(codingPath: codingPath, debugDescription: "The array has no more elements."))
            }
            defer { currentIndex += 1 }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().value(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct SingleValue: SingleValueDecodingContainer {
        let decoder: FormDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool {
            switch decoder.position {
            case .text: false
            case .named(let name?): !decoder.carries(name)
            case .named(nil): decoder.pairs.items.isEmpty
            }
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
    }
}
