import Foundation

/// The schemas of an OpenAPI document's `components`, and the JSON Schema of a Swift type.
///
/// Models are described by probing: a value is decoded with ``ProbeDecoder`` and the top-level
/// keys it asks for, their types and whether they are optional become `properties` and
/// `required`. A model the probe cannot make gets an honest placeholder:
/// `{"type": "object", "title": "Name"}`.
struct OpenAPISchemas {
    /// The component schemas by name.
    private(set) var components: [String: JSONValue] = [:]

    /// The inline schema of a scalar or enum type, or a `$ref` to the component of a model.
    mutating func schema(for type: Any.Type) -> JSONValue {
        if let scalar = Self.scalar(type) ?? Self.enumeration(type) { return scalar }
        guard let model = type as? any Decodable.Type else { return [:] }
        let log = ProbeLog()
        _ = try? Self.probe(model, log: log)
        guard log.root == .unkeyed else { return reference(to: model) }
        guard let element = log.elementTypes[""] else { return ["type": "array"] }
        return ["type": "array", "items": schema(for: element)]
    }

    /// A `$ref` to the component schema of `type`, described the first time.
    mutating func reference(to type: any Decodable.Type) -> JSONValue {
        let name = Self.componentName(type)
        if components[name] == nil {
            components[name] = Self.placeholder(name)  // A recursive model refers to itself.
            components[name] = describe(type, name: name)
        }
        return Self.reference(name)
    }

    private mutating func describe(_ type: any Decodable.Type, name: String) -> JSONValue {
        let log = ProbeLog()
        guard (try? Self.probe(type, log: log)) != nil else { return Self.placeholder(name) }
        switch log.root {
        case .keyed:
            var properties: [String: JSONValue] = [:]
            for key in log.keys {
                properties[key] = log.types[key].map { schema(for: $0) } ?? [:]
            }
            var object: [String: JSONValue] = ["type": "object", "title": .string(name)]
            object["properties"] = .object(properties)
            let required = log.keys.filter { !log.optionalKeys.contains($0) }.sorted()
            if !required.isEmpty { object["required"] = .array(required.map(JSONValue.string)) }
            return .object(object)
        case .unkeyed: return ["type": "array", "title": .string(name)]
        case .singleValue, nil: return Self.placeholder(name)
        }
    }

    private static func probe<Model: Decodable>(_ type: Model.Type, log: ProbeLog) throws -> Model {
        try Model(from: ProbeDecoder(varying: nil, log: log))
    }

    static func reference(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static func placeholder(_ name: String) -> JSONValue {
        ["type": "object", "title": .string(name)]
    }

    /// The type's name as a component key: OpenAPI allows letters, digits, `.`, `-` and `_`.
    static func componentName(_ type: Any.Type) -> String {
        sanitized(String(describing: type))
    }

    private static func sanitized(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return String(name.map { allowed.contains($0) ? $0 : "_" })
    }

    /// The schema of a type Courier prints as a JSON scalar, if it is one.
    static func scalar(_ type: Any.Type) -> JSONValue? {
        switch type {
        case is String.Type: ["type": "string"]
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type,
            is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            ["type": "integer"]
        case is Double.Type, is Float.Type, is Decimal.Type: ["type": "number"]
        case is Bool.Type: ["type": "boolean"]
        case is UUID.Type: ["type": "string", "format": "uuid"]
        case is Date.Type: ["type": "string", "format": "date-time"]
        case is URL.Type: ["type": "string", "format": "uri"]
        case is Data.Type: ["type": "string", "contentEncoding": "base64"]
        case is MediaType.Type: ["type": "string"]
        default: nil
        }
    }

    /// `{"type": "string", "enum": [...]}` for a `CaseIterable` enum of `String` or `Int` raw
    /// values.
    static func enumeration(_ type: Any.Type) -> JSONValue? {
        guard let caseType = type as? any CaseIterable.Type else { return nil }
        let values = rawValues(caseType)
        guard !values.isEmpty else { return nil }
        if values.allSatisfy({ if case .string = $0 { true } else { false } }) {
            return ["type": "string", "enum": .array(values)]
        }
        if values.allSatisfy({ if case .integer = $0 { true } else { false } }) {
            return ["type": "integer", "enum": .array(values)]
        }
        return nil
    }

    private static func rawValues<C: CaseIterable>(_ type: C.Type) -> [JSONValue] {
        var values: [JSONValue] = []
        for value in type.allCases {
            guard let raw = (value as? any RawRepresentable)?.rawValue else { return [] }
            if let text = raw as? String {
                values.append(.string(text))
            } else if let number = raw as? Int {
                values.append(.integer(number))
            } else {
                return []
            }
        }
        return values
    }
}
