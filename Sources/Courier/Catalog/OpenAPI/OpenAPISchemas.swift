import Foundation

/// The schemas of an OpenAPI document's `components`, and the JSON Schema of a Swift type.
///
/// Models are described by probing: a value is decoded with ``ProbeDecoder`` and the top-level
/// keys it asks for, their types and whether they are optional become `properties` and
/// `required`. A keyed model the probe cannot make lists the properties it asked for before the
/// value that failed, and a `description` that names that value and says the list is
/// incomplete; any other model the probe cannot make gets a placeholder:
/// `{"type": "object", "title": "Name"}`.
struct OpenAPISchemas {
    /// The component schemas by name.
    private(set) var components: [String: JSONValue] = [:]
    /// The component name of each model described, and the model of each name: a name is the
    /// type's own (``componentName(_:)``), or its qualified name when another type took it.
    private var names: [ObjectIdentifier: String] = [:]
    private var owners: [String: ObjectIdentifier] = [:]
    /// The models that describe themselves as another type's schema, being unwrapped.
    private var unwrapping: Set<ObjectIdentifier> = []

    /// The inline schema of a scalar, enum, array or dictionary with `String` keys, or a `$ref`
    /// to the component of a model.
    mutating func schema(for type: Any.Type) -> JSONValue {
        if let describing = type as? any SchemaDescribing.Type { return schema(describedBy: describing) }
        if let scalar = Self.scalar(type) ?? Self.enumeration(type) { return scalar }
        if let dictionary = type as? any DictionaryMarker.Type, dictionary.keyType == String.self {
            return ["type": "object", "additionalProperties": schema(for: dictionary.valueType)]
        }
        guard let model = type as? any Decodable.Type else { return [:] }
        let log = ProbeLog()
        _ = try? Self.probe(model, log: log)
        guard log.root == .unkeyed else { return reference(to: model) }
        guard let element = log.elementTypes[""] else { return ["type": "array"] }
        return ["type": "array", "items": schema(for: element)]
    }

    /// The schema a model states itself: inline for any value or the schema of another type,
    /// a component of its own for a union.
    private mutating func schema(describedBy type: any SchemaDescribing.Type) -> JSONValue {
        switch type.schemaDescription.kind {
        case .anyValue: return [:]
        case .union: return reference(to: type)
        case .schema(let wrapped):
            // A box that holds itself, directly or through others, says nothing more.
            let key = ObjectIdentifier(type)
            guard unwrapping.insert(key).inserted else { return [:] }
            defer { unwrapping.remove(key) }
            return schema(for: wrapped)
        }
    }

    /// The component of a model that states its schema.
    private mutating func describe(_ type: any SchemaDescribing.Type, name: String) -> JSONValue {
        guard case .union(let keyword, let types, let discriminator) = type.schemaDescription.kind else {
            return schema(describedBy: type)
        }
        var union: [String: JSONValue] = ["title": .string(name)]
        union[keyword] = .array(types.map { schema(for: $0) })
        if let discriminator {
            var object: [String: JSONValue] = ["propertyName": .string(discriminator.property)]
            let mapping = discriminator.mapping.compactMapValues { schema(for: $0).members["$ref"] }
            if !mapping.isEmpty { object["mapping"] = .object(mapping) }
            union["discriminator"] = .object(object)
        }
        return .object(union)
    }

    /// A `$ref` to the component schema of `type`, described the first time.
    mutating func reference(to type: any Decodable.Type) -> JSONValue {
        let name = componentName(of: type)
        if components[name] == nil {
            components[name] = Self.placeholder(name)  // A recursive model refers to itself.
            components[name] = describe(type, name: name)
        }
        return Self.reference(name)
    }

    private mutating func describe(_ type: any Decodable.Type, name: String) -> JSONValue {
        if type == ProblemDetails.self { return Self.problemDetails }
        if let describing = type as? any SchemaDescribing.Type { return describe(describing, name: name) }
        let log = ProbeLog()
        guard (try? Self.probe(type, log: log)) != nil else {
            // A value of one scalar the probe's value does not fit (an enum of strings that does
            // not list its cases) is still that scalar.
            if log.root == .singleValue, let wrapped = log.singleValueType,
                var scalar = Self.scalar(wrapped)?.members
            {
                scalar["title"] = .string(name)
                return .object(scalar)
            }
            // A keyed model is described up to the value that failed, and says so: the
            // properties it decodes after that one are not known.
            if log.root == .keyed, let unmade = log.unmade {
                var object = keyed(type, name: name, log: log).members
                let place = unmade.path.joined(separator: ".")
                // The reader of the document learns what is missing; the catalog's author, in
                // an extension, why and what to do.
                object["description"] = .string(
                    "Not every property is listed: those decoded after \(place.isEmpty ? "a value" : "`\(place)`") "
                        + "are not described.")
                object["x-courier-undescribed"] = .string(
                    "Courier cannot make a value of \(unmade.type)\(place.isEmpty ? "" : " for \(place)"); make "
                        + "\(unmade.type) CaseIterable, or SchemaDescribing, to describe all of \(name).")
                return .object(object)
            }
            return Self.placeholder(name)
        }
        switch log.root {
        case .keyed: return keyed(type, name: name, log: log)
        case .unkeyed: return ["type": "array", "title": .string(name)]
        case .singleValue:
            // A wrapper of one value (an identifier around a `String`) is that value's schema;
            // one of a type the probe cannot tell claims no type.
            guard let wrapped = log.singleValueType, ObjectIdentifier(wrapped) != ObjectIdentifier(type)
            else {
                return ["title": .string(name)]
            }
            var members = schema(for: wrapped).members
            if members["$ref"] == nil { members["title"] = .string(name) }
            return .object(members)
        case nil: return Self.placeholder(name)
        }
    }

    /// The object schema of the keys `log` noted, with their types, and `required` for the
    /// non-optional ones.
    private mutating func keyed(_ type: any Decodable.Type, name: String, log: ProbeLog) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        let constraints = (type as? any SchemaConstrained.Type)?.schemaConstraints ?? [:]
        for key in log.keys {
            var property = log.types[key].map { schema(for: $0) } ?? [:]
            if let constraint = constraints[key] { property = constraint.applied(to: property) }
            // A synthesized decoder reads `null` as `nil` for an optional property.
            properties[key] = log.optionalKeys.contains(key) ? Self.nullable(property) : property
        }
        var object: [String: JSONValue] = ["type": "object", "title": .string(name)]
        object["properties"] = .object(properties)
        let required = log.keys.filter { !log.optionalKeys.contains($0) }.sorted()
        if !required.isEmpty { object["required"] = .array(required.map(JSONValue.string)) }
        return .object(object)
    }

    private static func probe<Model: Decodable>(_ type: Model.Type, log: ProbeLog) throws -> Model {
        try Model(from: ProbeDecoder(varying: nil, log: log))
    }

    /// `schema`, or `null`, as `anyOf` (which keeps a constraint such as `minLength` on the
    /// non-null branch only); an empty schema already allows `null`.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        schema.members.isEmpty ? schema : ["anyOf": [schema, ["type": "null"]]]
    }

    /// RFC 9457's members, any others allowed.
    static let problemDetails: JSONValue = [
        "type": "object", "title": "ProblemDetails",
        "properties": [
            "type": ["type": "string"], "title": ["type": "string"], "status": ["type": "integer"],
            "detail": ["type": "string"], "instance": ["type": "string"],
        ],
    ]

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

    /// `type`'s component name in this document: its own name, unless another type of the same
    /// name (`V1.Thing` and `V2.Thing`) took it first; then its qualified name (`App.V2.Thing`).
    mutating func componentName(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        var name = Self.componentName(type)
        if owners[name] != nil { name = Self.qualifiedName(type) }
        let base = name
        var suffix = 2
        while owners[name] != nil {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        names[id] = name
        owners[name] = id
        return name
    }

    /// The type's module-qualified name (`App.V2.Thing`) as a component key or `operationId`;
    /// a private type's has no `(unknown context at $…)`, whose address changes from run to run.
    static func qualifiedName(_ type: Any.Type) -> String {
        sanitized(String(reflecting: type).replacing(/\(unknown context at \$[0-9a-fA-F]+\)\./, with: ""))
    }

    /// `name` as a component key: OpenAPI allows letters, digits, `.`, `-` and `_`.
    static func componentName(named name: String) -> String {
        sanitized(name)
    }

    private static func sanitized(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return String(name.map { allowed.contains($0) ? $0 : "_" })
    }

    /// The schema of a type Courier prints as a JSON scalar, if it is one.
    static func scalar(_ type: Any.Type) -> JSONValue? {
        switch type {
        case is String.Type: ["type": "string"]
        case is Int.Type, is Int64.Type: integer(Int64.min, Int64.max, format: "int64")
        case is Int32.Type: integer(Int32.min, Int32.max, format: "int32")
        case is Int16.Type: integer(Int16.min, Int16.max, format: "int16")
        case is Int8.Type: integer(Int8.min, Int8.max, format: "int8")
        case is UInt.Type, is UInt64.Type: ["type": "integer", "minimum": .integer(0), "format": "uint64"]
        case is UInt32.Type: integer(UInt32.min, UInt32.max, format: "uint32")
        case is UInt16.Type: integer(UInt16.min, UInt16.max, format: "uint16")
        case is UInt8.Type: integer(UInt8.min, UInt8.max, format: "uint8")
        case is Double.Type: ["type": "number", "format": "double"]
        case is Float.Type: ["type": "number", "format": "float"]
        case is Decimal.Type: ["type": "number"]
        case is Bool.Type: ["type": "boolean"]
        case is UUID.Type: ["type": "string", "format": "uuid"]
        case is Date.Type: ["type": "string", "format": "date-time"]
        case is URL.Type: ["type": "string", "format": "uri"]
        case is Data.Type: ["type": "string", "contentEncoding": "base64"]
        case is MediaType.Type: ["type": "string"]
        default: nil
        }
    }

    /// An integer schema with the type's bounds, which is what a decoder accepts.
    private static func integer<Bound: FixedWidthInteger>(_ minimum: Bound, _ maximum: Bound, format: String)
        -> JSONValue
    {
        [
            "type": "integer", "minimum": .integer(Int(minimum)), "maximum": .integer(Int(maximum)),
            "format": .string(format),
        ]
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

    /// The raw values of `type`'s cases, in order; empty unless every one is a `String` or an
    /// `Int`.
    static func rawValues<C: CaseIterable>(_ type: C.Type) -> [JSONValue] {
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
