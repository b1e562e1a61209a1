/// Walks a decoded body as it encodes, checking each member of a ``SchemaConstrained`` type
/// inside it against that type's constraints, at any depth.
///
/// The walk is an `Encoder` that writes nothing: a model's own `encode(to:)` names its members,
/// so a member's key is the one its type's constraints are listed by.
struct ConstraintInspector {
    /// Where the body is, in words: `the body`, `the part "meta"`.
    let place: String
    /// Whether the whole body is a secret, whose members' values are never shown.
    let isSecret: Bool
    /// A member's name as the request carries it (a form's key strategy applied, say).
    let memberName: (String) -> String

    /// Every constraint a member of `value` breaks, in the order the members encode.
    func violations<Value: Encodable>(in value: Value) -> [ConstraintViolation] {
        let findings = Findings()
        let walker = Walker(
            owner: Value.self, path: "", isSecret: isSecret, inspector: self, findings: findings)
        // A value that does not encode has nothing more to show; the members before the
        // failure are checked.
        try? value.encode(to: walker)
        return findings.violations
    }
}

/// The violations one walk finds.
///
/// Not `Sendable`: it lives inside one synchronous walk.
private final class Findings {
    var violations: [ConstraintViolation] = []
}

/// The encoder of one value in the walk: `owner` is the type whose `encode(to:)` asks for a
/// container (`nil` under a container nested by hand, whose keys are no type's members).
private struct Walker: Encoder {
    let owner: Any.Type?
    let path: String
    /// Whether the value is a secret: the whole body is one, or a member on its path has a name
    /// that holds one (`password`, `credentials`), as in logs
    /// (``QueryItem/isSensitiveByDefault(name:)``). A name is judged whole, whatever it contains
    /// (`country.code` is no `code`).
    let isSecret: Bool
    let inspector: ConstraintInspector
    let findings: Findings
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let constraints = (owner as? any SchemaConstrained.Type)?.schemaConstraints ?? [:]
        return KeyedEncodingContainer(KeyedWalk<Key>(walker: self, constraints: constraints))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedWalk(walker: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleWalk(walker: self) }

    /// The walker of a value inside this one, at `path`: a member, an element, or a container
    /// nested by hand, whose keys are no type's members until the value's own `encode(to:)`
    /// asks for a container (``visit(_:at:constraint:)``).
    private func inner(at path: String, isSecret: Bool) -> Walker {
        Walker(owner: nil, path: path, isSecret: isSecret, inspector: inspector, findings: findings)
    }

    /// The walker of this value's member `key`, named as the request carries it: a secret when
    /// this value is one, or when the name, as declared or as carried, holds one. A dictionary's
    /// keys are its data, not member names: inside a secret they read `<redacted>`, as the
    /// secret's whole value does in logs.
    func member(_ key: String) -> Walker {
        let name = isSecret && owner is any KeyedByItsData.Type ? "<redacted>" : inspector.memberName(key)
        return inner(
            at: path.isEmpty ? name : "\(path).\(name)",
            isSecret: isSecret || QueryItem.isSensitiveByDefault(name: name)
                || QueryItem.isSensitiveByDefault(name: key))
    }

    /// The walker of this value's element `index`.
    func element(_ index: Int) -> Walker { inner(at: "\(path)[\(index)]", isSecret: isSecret) }

    /// The walker of a container nested by hand at this value's own path.
    var itself: Walker { inner(at: path, isSecret: isSecret) }

    /// Checks `value`, found at `spot`, against `constraint`, then walks into it unless it is a
    /// scalar.
    func visit<Value: Encodable>(_ value: Value, at spot: Walker, constraint: SchemaConstraint?) throws {
        if let constraint {
            let place = spot.path.isEmpty ? inspector.place : "the member \(spot.path) of \(inspector.place)"
            findings.violations += ConstraintCheck.violations(
                of: constraint, by: value, name: spot.path, place: place, isSecret: spot.isSecret)
        }
        guard OpenAPISchemas.scalar(Value.self) == nil else { return }
        try value.encode(
            to: Walker(
                owner: Value.self, path: spot.path, isSecret: spot.isSecret, inspector: inspector,
                findings: findings))
    }
}

/// A type whose keyed container is keyed by its data rather than by member names.
private protocol KeyedByItsData {}

extension Dictionary: KeyedByItsData {}

private struct KeyedWalk<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let walker: Walker
    let constraints: [String: SchemaConstraint]
    var codingPath: [any CodingKey] { [] }

    private func visit<Value: Encodable>(_ value: Value, _ key: Key) throws {
        try walker.visit(value, at: walker.member(key.stringValue), constraint: constraints[key.stringValue])
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try visit(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        walker.member(key.stringValue).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        walker.member(key.stringValue).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { walker.itself }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        walker.member(key.stringValue)
    }
}

private struct UnkeyedWalk: UnkeyedEncodingContainer {
    let walker: Walker
    var codingPath: [any CodingKey] { [] }
    var count = 0

    /// The walker of the next element, counted.
    private mutating func next() -> Walker {
        defer { count += 1 }
        return walker.element(count)
    }

    private mutating func visit<Value: Encodable>(_ value: Value) throws {
        try walker.visit(value, at: next(), constraint: nil)
    }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { try visit(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        next().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { next() }
}

/// A value that encodes as another (a wrapper, a raw value): walked at the same path.
private struct SingleWalk: SingleValueEncodingContainer {
    let walker: Walker
    var codingPath: [any CodingKey] { [] }

    private func visit<Value: Encodable>(_ value: Value) throws {
        try walker.visit(value, at: walker, constraint: nil)
    }

    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws { try visit(value) }
}
