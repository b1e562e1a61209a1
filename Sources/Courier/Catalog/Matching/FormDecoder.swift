import Foundation

/// Decodes a value from name/value pairs as a ``FormEncoding`` wrote them: a form body, or the
/// query items of one named value such as an array.
///
/// The value's type decides how the pairs are read: a keyed type reads `name[key]` (or
/// `name.key`) by the nesting strategy and the key strategy, an unkeyed type reads the
/// elements by the array strategy, a scalar reads the pair's text with the date and boolean
/// strategies.
struct FormDecoder: Decoder {
    /// Where the decoder stands: under a name (`nil` for the whole form), or on one element's
    /// text (a repeated key's value, or a piece of a comma-separated one).
    enum Position {
        case named(String?)
        case text(String)
    }

    let pairs: FormPairs
    let encoding: FormEncoding
    let position: Position
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(items: [QueryItem], encoding: FormEncoding, position: Position, codingPath: [any CodingKey] = []) {
        self.init(
            pairs: FormPairs(items, nesting: encoding.nesting), encoding: encoding, position: position,
            codingPath: codingPath)
    }

    private init(pairs: FormPairs, encoding: FormEncoding, position: Position, codingPath: [any CodingKey]) {
        self.pairs = pairs
        self.encoding = encoding
        self.position = position
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .named(let prefix) = position else { throw mismatch([String: Any].self, "a single value") }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, prefix: prefix))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .named(let name?) = position else {
            if case .named(nil) = position { throw mismatch([Any].self, "a whole form") }
            throw mismatch([Any].self, "a single value")
        }
        try checkArrayShape(of: name)
        return Unkeyed(decoder: self, elements: elements(of: name))
    }

    /// Refuses an array written by another strategy (`tag[]=a` where `tag=a` is declared), which
    /// would otherwise read as no elements.
    private func checkArrayShape(of name: String) throws {
        let shownName = shown(name)
        if !pairs.malformedIndices(under: name).isEmpty {
            // The brackets' text is the client's, never quoted.
            throw refusal(
                "\(shownName)[…] holds something other than an index as an array writes one: "
                    + "\(shownName)[0], \(shownName)[1], …")
        }
        var written: [String] = []
        if text(of: name) != nil { written.append("=…") }
        if text(of: name + "[]") != nil { written.append("[]=…") }
        if !pairs.indices(under: name).isEmpty { written.append("[0]=…") }
        let expected: String =
            switch encoding.arrays {
            case .repeatedKey, .commaSeparated: "=…"
            case .brackets: "[]=…"
            case .indexed: "[0]=…"
            }
        guard let other = written.first(where: { $0 != expected }) else { return }
        throw DecodingError.typeMismatch(
            [Any].self,
            .courier(
                codingPath: codingPath,
                debugDescription:
                    "The array is written as \(shownName + other), where this endpoint reads \(shownName + expected)."
            ))
    }

    /// `name` as a sentence may show it: `…` when a dictionary's key, which is the client's text,
    /// is part of it.
    private func shown(_ name: String) -> String {
        DecodingFailureReason.canShow(codingPath) ? name : "…"
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    /// The decoder of the value under `name`.
    func named(_ name: String, key: any CodingKey) -> FormDecoder {
        FormDecoder(pairs: pairs, encoding: encoding, position: .named(name), codingPath: codingPath + [key])
    }

    /// `parent[key]` or `parent.key`; a top-level key is its own name.
    func join(_ parent: String?, _ key: String) -> String {
        guard let parent else { return key }
        switch encoding.nesting {
        case .brackets: return "\(parent)[\(key)]"
        case .dots: return "\(parent).\(key)"
        }
    }

    /// Whether any pair is `name` or nested under it.
    func carries(_ name: String) -> Bool { pairs.carries(name) }

    /// The text of the first pair named `name`.
    func text(of name: String) -> String? { pairs.text(of: name) }

    /// The decoders of an array's elements, as the array strategy wrote them.
    private func elements(of name: String) -> [FormDecoder] {
        func element(_ index: Int, _ position: Position) -> FormDecoder {
            FormDecoder(
                pairs: pairs, encoding: encoding, position: position,
                codingPath: codingPath + [ProbeIndex(intValue: index)])
        }
        switch encoding.arrays {
        case .repeatedKey, .brackets:
            let itemName = encoding.arrays == .brackets ? name + "[]" : name
            return pairs.values(of: itemName).enumerated().map { element($0, .text($1)) }
        case .commaSeparated:
            guard let text = text(of: name) else { return [] }
            return text.split(separator: ",", omittingEmptySubsequences: false).enumerated().map {
                element($0, .text(String($1)))
            }
        case .indexed:
            return pairs.indices(under: name).enumerated().map { element($0, .named("\(name)[\($1)]")) }
        }
    }

    /// The value's text, for a scalar.
    func scalarText() throws -> String {
        switch position {
        case .text(let text): return text
        case .named(let name?):
            if pairs.values(of: name).count > 1 {
                throw refusal("\(shown(name)) is repeated, and it holds one value.")
            }
            if let text = text(of: name) { return text }
            throw DecodingError.valueNotFound(
                String.self,
                .courier(codingPath: codingPath, debugDescription: "The form has no \(shown(name))."))
        case .named(nil): throw mismatch(String.self, "a whole form")
        }
    }

    /// `type` from its text, by the encoding's date, data and boolean rules; anything else as a
    /// path segment or query value is read.
    func scalar<T: Decodable>(_ type: T.Type) throws -> T {
        let text = try scalarText()
        let value: Any?
        switch type {
        case is Date.Type:
            value = date(from: text)
        case is Data.Type:
            value = Data(base64Encoded: text)
        // The encoder writes no NaN or infinity (FormEncodingError), so none reads back.
        case is Double.Type:
            value = finite(text)
        case is Float.Type:
            value = (TextDecoder.decimal(text) as Float?).flatMap { $0.isFinite ? $0 : nil }
        case is Bool.Type:
            value =
                [encoding.booleans.text(for: true): true, encoding.booleans.text(for: false): false][text]
                ?? (try? TextDecoder(text: text, codingPath: codingPath).decode(Bool.self))
        default:
            return try TextDecoder(text: text, codingPath: codingPath).decode(type)
        }
        // Never the text itself: it may be a secret (a password field), echoed to a log.
        guard let value = value as? T else { throw mismatch(type, "The value") }
        return value
    }

    private func date(from text: String) -> Date? {
        switch encoding.dates {
        case .iso8601: try? Date.ISO8601FormatStyle().parse(text)
        case .iso8601WithFractionalSeconds:
            try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        case .secondsSince1970: finite(text).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970: finite(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        // Text of your own has no reading back.
        case .custom: nil
        }
    }

    /// A finite number written in decimal, as the date strategies write one; `nil` for NaN,
    /// infinity and hexadecimal text.
    private func finite(_ text: String) -> Double? {
        (TextDecoder.decimal(text) as Double?).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Decodes a value at this position: the types a form writes as text directly, anything
    /// else by asking it to decode itself.
    func value<T: Decodable>(_ type: T.Type) throws -> T {
        if Self.scalarTypes.contains(where: { $0 == type }) { return try scalar(type) }
        return try T(from: self)
    }

    /// The types written as one pair's text by ``FormValueEncoder`` or ``TextDecoder``.
    private static let scalarTypes: [Any.Type] = [
        String.self, Int.self, Int64.self, Int32.self, UInt.self, UInt64.self, UInt32.self, Int16.self,
        UInt16.self, Int8.self, UInt8.self, Double.self, Float.self, Decimal.self, Bool.self, UUID.self,
        URL.self, Date.self, Data.self,
    ]

    /// A value the pairs carry in a form no encoder writes.
    func refusal(_ sentence: String) -> DecodingError {
        .dataCorrupted(.courier(codingPath: codingPath, debugDescription: sentence))
    }

    /// What `found` names cannot be read as `type`, named in words where it has some.
    func mismatch(_ type: Any.Type, _ found: String) -> DecodingError {
        let name = DecodingFailureReason.name(of: type)
        return .typeMismatch(
            type, .courier(codingPath: codingPath, debugDescription: "\(found) cannot be read as \(name)."))
    }
}
