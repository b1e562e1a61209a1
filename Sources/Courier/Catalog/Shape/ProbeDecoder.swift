import Foundation

/// Makes values of a `Decodable` request model without any input, to see where each of its
/// properties is printed in the request it builds.
///
/// Every value is derived from a seed and the coding path, so two probes differ exactly in the
/// properties they are asked to vary: `varying` names the top-level key whose values (nested
/// ones included) come out different. Optional properties are present, and a
/// ``SchemaDescribing`` union with a discriminator reads a value of it that names a member (one
/// that decodes by its discriminator alone decodes nothing else). A type the probe cannot make
/// (an enum that is not `CaseIterable`, say) fails with a `DecodingError`, which
/// ``EndpointShape`` turns into a sentence, and is noted as the log's ``ProbeLog/unmade``.
struct ProbeDecoder: Decoder {
    /// Which top-level key to vary, if any.
    let varying: String?
    /// Top-level keys asked for, in order, and whether each is optional; filled as the model
    /// decodes itself.
    let log: ProbeLog
    /// What the varied key's values look like besides being different: the edge cases a
    /// catalog checks it can read back.
    var mode = ProbeMode.plain
    var codingPath: [any CodingKey] = []
    /// How many types in a row decoded themselves from this decoder without a new key.
    var selfDecodes = 0
    /// The discriminator a ``SchemaDescribing`` union being made reads here, and the value it is
    /// given: one that names a member, since such a union may decode no other.
    var discriminator: (depth: Int, property: String, value: String)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var isVaried: Bool { codingPath.first.map { $0.stringValue == varying } ?? false }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if codingPath.isEmpty { log.noteRoot(.keyed) }
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if codingPath.isEmpty { log.noteRoot(.unkeyed) }
        if codingPath.count == 1, let key = codingPath.first?.stringValue { log.noteList(key) }
        return ProbeUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        if codingPath.isEmpty { log.noteRoot(.singleValue) }
        return ProbeSingleValue(decoder: self)
    }

    func nested(_ key: any CodingKey) -> ProbeDecoder {
        var copy = self
        copy.codingPath.append(key)
        copy.selfDecodes = 0
        return copy
    }

    /// A probe value of `type`, distinct per coding path, and different when varied.
    func value<T: Decodable>(of type: T.Type) throws -> T {
        let path = codingPath.map(\.stringValue).joined(separator: ".")
        let salt = isVaried ? "b" : "a"
        // Varying always changes a number by one, so two probes can never print the same.
        let number = Int(truncatingIfNeeded: stableHash(path) % 90_000) + 10_000 + (isVaried ? 1 : 0)
        var text = "probe-\(salt)-\(path.isEmpty ? "value" : path)"
        if isVaried, type == String.self {
            if mode == .reserved {
                text = ProbeMode.reservedText
                log.noteApplied()
            } else if mode == .blank, codingPath.contains(where: { $0 is ProbeIndex }) {
                text = ""
                log.noteApplied()
            }
        }
        let made: Any? =
            switch type {
            case is String.Type: text
            case is Int.Type: number
            case is Int64.Type: Int64(number)
            case is Int32.Type: Int32(number)
            case is UInt.Type: UInt(number)
            case is UInt64.Type: UInt64(number)
            case is UInt32.Type: UInt32(number)
            case is Int16.Type: Int16(truncatingIfNeeded: number)
            case is UInt16.Type: UInt16(truncatingIfNeeded: number)
            case is Int8.Type: Int8(truncatingIfNeeded: number)
            case is UInt8.Type: UInt8(truncatingIfNeeded: number)
            case is Double.Type: Double(number) + 0.5
            case is Float.Type: Float(number) + 0.5
            case is Bool.Type: isVaried
            case is UUID.Type: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))
            case is Date.Type: Date(timeIntervalSince1970: TimeInterval(number) * 86_400)
            case is Decimal.Type: Decimal(number)
            case is URL.Type: URL(string: "https://probe.example/\(salt)/\(number)")
            case is MediaType.Type: MediaType(known: "application/x-probe-\(number)")
            default: nil
            }
        // `made` first: a `nil` of `Any?` would cast to an `Optional` T as a value that is `nil`.
        if let made, let value = made as? T {
            noteText((value as? any ParameterValue)?.parameterText ?? "\(value)")
            return value
        }
        if let caseType = type as? any CaseIterable.Type {
            let cases = Self.allCases(caseType)
            // With one case there is no other to vary to: a type that decodes a value it does not
            // list (an imported enum's `unknown(_)`) is made from the probe's text instead, within
            // the depth every value is probed to.
            if isVaried, cases.count < 2, selfDecodes == 0, codingPath.count < Self.maximumDepth {
                var inner = self
                inner.selfDecodes += 1
                let before = log.attemptState
                if let other = try? T(from: inner) { return other }
                // A failed attempt applied no mode to the value the probe makes instead, and
                // leaves no value unmade.
                log.restore(before)
            }
            let pick = isVaried && cases.count >= 2 ? cases.dropFirst().first : cases.first
            if let value = pick as? T {
                // A case prints as its text, else its raw value; its name is not what is sent.
                let raw = (value as? any RawRepresentable).map { "\(Self.rawValue(of: $0))" }
                if let text = (value as? any ParameterValue)?.parameterText ?? raw { noteText(text) }
                return value
            }
        }
        guard codingPath.count < Self.maximumDepth, selfDecodes < Self.maximumDepth else {
            // A recursive model, or a type that asks for a single value of its own type, would
            // otherwise be probed forever.
            log.noteUnmade(T.self, at: codingPath)
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(T.self) nests too deeply to probe"))
        }
        var inner = self
        inner.selfDecodes += 1
        if let union = type as? any SchemaDescribing.Type,
            case .union(_, let types, let discriminator?) = union.schemaDescription.kind
        {
            // A value its mapping lists, else a member's own name, as OpenAPI reads one.
            let before = log.attemptState
            for value in discriminator.mapping.keys.sorted() + types.map({ String(describing: $0) }) {
                inner.discriminator = (codingPath.count, discriminator.property, value)
                if let made = try? T(from: inner) { return made }
                // A failed attempt applied no mode to the value the next one makes, and left
                // no value unmade.
                log.restore(before)
            }
            inner.discriminator = nil
        }
        do {
            return try T(from: inner)
        } catch {
            log.noteUnmade(T.self, at: codingPath)
            throw error
        }
    }

    /// The value of the discriminator ``discriminator`` names, when `key` is its property here:
    /// its text, or for a property of another type (an enum of tags, such as the one-case enum of
    /// a member's own tag `courier-import` writes) the value that text decodes to in JSON.
    func discriminatorValue<T: Decodable>(for key: some CodingKey, as type: T.Type) -> T? {
        guard let discriminator, discriminator.depth == codingPath.count,
            discriminator.property == key.stringValue
        else { return nil }
        if let text = discriminator.value as? T { return text }
        guard let json = try? JSONEncoder().encode(discriminator.value) else { return nil }
        return try? JSONDecoder().decode(T.self, from: json)
    }

    /// Notes how a top-level value reads as text when printed into a path, query or header.
    private func noteText(_ text: String) {
        guard codingPath.count == 1, !isVaried, let key = codingPath.first?.stringValue else { return }
        log.note(text: text, for: key)
    }

    private static func rawValue(of value: some RawRepresentable) -> Any { value.rawValue }

    /// How deep a probe value may nest.
    static let maximumDepth = 24

    /// How deep an optional value is still present: deeper ones are `nil`, so that a model
    /// that holds itself through an optional property can be probed.
    static let optionalDepth = 8

    private static func allCases<C: CaseIterable>(_ type: C.Type) -> [Any] {
        Array(type.allCases)
    }

    /// FNV-1a, so probe values are the same in every run.
    private func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(14_695_981_039_346_656_037 as UInt64) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}

/// What a probe learned about the model's top-level keys.
///
/// Not `Sendable`: a log lives inside one synchronous probe, on one thread.
final class ProbeLog {
    /// How the model decoded itself at the top level.
    enum Root { case keyed, unkeyed, singleValue }

    private(set) var keys: [String] = []
    private(set) var optionalKeys: Set<String> = []
    /// How each top-level value of a simple type reads as text, to find it inside a header
    /// value such as `Bearer <token>` or a path segment such as `<sid>.json`.
    private(set) var texts: [String: String] = [:]

    func note(text: String, for key: String) {
        texts[key] = text
    }
    /// The Swift type each top-level key was decoded as (the wrapped type for an optional).
    private(set) var types: [String: Any.Type] = [:]
    /// The first container the model asked for at the top level, if any.
    private(set) var root: Root?
    /// The top-level keys whose values are arrays (or other unkeyed values).
    private(set) var listKeys: Set<String> = []
    /// The element type of each top-level array, by key; `""` for a root that is an array.
    private(set) var elementTypes: [String: Any.Type] = [:]

    func noteList(_ key: String) {
        listKeys.insert(key)
    }

    func noteElement(_ type: Any.Type, of key: String) {
        if elementTypes[key] == nil { elementTypes[key] = type }
    }

    func note(_ key: String, optional: Bool, type: Any.Type? = nil) {
        if !keys.contains(key) { keys.append(key) }
        if optional { optionalKeys.insert(key) }
        if let type, types[key] == nil { types[key] = type }
    }

    func noteRoot(_ kind: Root) {
        if root == nil { root = kind }
    }

    /// The type a model that decodes itself from one value (``Root/singleValue``) reads first.
    private(set) var singleValueType: Any.Type?

    func noteSingleValue(_ type: Any.Type) {
        if singleValueType == nil { singleValueType = type }
    }

    /// Whether the probe's ``ProbeMode`` changed any value.
    private(set) var applied = false

    func noteApplied() {
        applied = true
    }

    /// The innermost value the probe could not make, by its type and the coding path to it (a
    /// `String` enum that does not list its cases, say), once a probe has failed.
    private(set) var unmade: Unmade?

    /// A value the probe could not make.
    struct Unmade {
        /// The value's type.
        let type: Any.Type
        /// The keys from the model to the value.
        let path: [String]
    }

    /// Notes that a value of `type` at `codingPath` could not be made. A value that holds an
    /// unmade one (at its path or deeper) fails after it, and is not noted over it.
    func noteUnmade(_ type: Any.Type, at codingPath: [any CodingKey]) {
        let path = codingPath.map(\.stringValue)
        if let unmade, unmade.path.starts(with: path) { return }
        unmade = Unmade(type: type, path: path)
    }

    /// What an attempt to make a value changes in the log: ``applied`` and ``unmade``.
    struct AttemptState {
        let applied: Bool
        let unmade: Unmade?
    }

    /// The log's ``AttemptState`` now, to ``restore(_:)`` after an attempt that failed.
    var attemptState: AttemptState {
        AttemptState(applied: applied, unmade: unmade)
    }

    /// Sets ``applied`` and ``unmade`` back to what they were before an attempt that failed.
    func restore(_ state: AttemptState) {
        applied = state.applied
        unmade = state.unmade
    }
}

/// The edge cases a probe can give the key it varies, to check that a catalog reads back what
/// the client sends.
enum ProbeMode: CaseIterable {
    /// Different values, nothing more.
    case plain
    /// An optional key left out.
    case absent
    /// Arrays without elements.
    case empty
    /// Arrays of one element, whose text is empty.
    case blank
    /// Text with every character a URL or a form reserves, spaces and non-ASCII, and arrays of
    /// two elements.
    case reserved

    static let reservedText = "a b+c&d=e,f;g[h]i.j%2Fk?l#m/n:o@p$q'r\"s ü🎷"

    /// The case, for a sentence.
    var description: String {
        switch self {
        case .plain: "with a probe value"
        case .absent: "left out (nil)"
        case .empty: "as an empty array"
        case .blank: "as an array of \"\""
        case .reserved: "with reserved characters (\(Self.reservedText.debugDescription))"
        }
    }
}

private struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    /// One key where any name is a key (a dictionary's), so that a dictionary probes with an
    /// entry whose value varies; none where the keys are a model's own, or as deep as an
    /// optional is left out (a model that holds a dictionary of itself ends there).
    var allKeys: [Key] {
        guard decoder.codingPath.count < ProbeDecoder.optionalDepth else { return [] }
        return Key(stringValue: "probe-key").map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        note(key, optional: true)
        // A union's discriminator is never left out, however deep (`decodeIfPresent` of a
        // `String` asks here first).
        if decoder.discriminatorValue(for: key, as: String.self) != nil { return false }
        return isLeftOut(key) || isTooDeep
    }

    /// Whether an optional value here is left out, as too deep (``ProbeDecoder/optionalDepth``).
    private var isTooDeep: Bool { decoder.codingPath.count >= ProbeDecoder.optionalDepth }

    /// Whether the probe leaves the optional key out: the varied key in ``ProbeMode/absent``.
    private func isLeftOut(_ key: Key) -> Bool {
        guard decoder.codingPath.isEmpty, decoder.mode == .absent, key.stringValue == decoder.varying else {
            return false
        }
        decoder.log.noteApplied()
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        note(key, optional: false, type: type)
        if let value = decoder.discriminatorValue(for: key, as: type) { return value }
        return try decoder.nested(key).value(of: type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        note(key, optional: true, type: type)
        if let value = decoder.discriminatorValue(for: key, as: type) { return value }
        if isLeftOut(key) || isTooDeep { return nil }
        return try decoder.nested(key).value(of: type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder.nested(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.nested(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.nested(key) }

    private func note(_ key: Key, optional: Bool, type: Any.Type? = nil) {
        if decoder.codingPath.isEmpty { decoder.log.note(key.stringValue, optional: optional, type: type) }
    }
}

/// One element, so arrays are neither empty nor ambiguous; none or two when the mode says so.
private struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    let length: Int
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { length }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= length }

    init(decoder: ProbeDecoder) {
        self.decoder = decoder
        // As deep as an optional is left out, an array is empty, so that a model that holds
        // itself through an array (a tree's `children: [Node]`) can be probed.
        let isTooDeep = decoder.codingPath.count >= ProbeDecoder.optionalDepth
        switch decoder.mode {
        case _ where isTooDeep: length = 0
        case .empty where decoder.isVaried: length = 0
        case .reserved where decoder.isVaried: length = 2
        default: length = 1
        }
        if length != 1, !isTooDeep { decoder.log.noteApplied() }
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        if decoder.codingPath.count <= 1 {
            decoder.log.noteElement(type, of: decoder.codingPath.first?.stringValue ?? "")
        }
        return try decoder.nested(ProbeIndex(intValue: currentIndex)).value(of: type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        defer { currentIndex += 1 }
        return try decoder.nested(ProbeIndex(intValue: currentIndex)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        defer { currentIndex += 1 }
        return ProbeUnkeyedContainer(decoder: decoder.nested(ProbeIndex(intValue: currentIndex)))
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}

private struct ProbeSingleValue: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if decoder.codingPath.isEmpty { decoder.log.noteSingleValue(type) }
        return try decoder.value(of: type)
    }
}

/// An array index as a coding key.
struct ProbeIndex: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
