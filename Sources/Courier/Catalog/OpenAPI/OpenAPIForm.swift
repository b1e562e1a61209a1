import Foundation

/// Describes in OpenAPI what a ``FormEncoding`` writes: the schema of a value sent as text (a
/// date by the date strategy, a boolean by the boolean strategy), and the
/// `application/x-www-form-urlencoded` media type of a form body, with an `encoding` entry per
/// property saying how its pairs are named.
///
/// OpenAPI can say a scalar, an array of scalars under repeated keys (`style: form`), under
/// `tag[]` (a property named `tag[]`) or joined by commas (`explode: false`), an array of
/// scalars under indices (`style: deepObject` on an object keyed by index), and an object of
/// scalars under brackets (`style: deepObject`). Anything deeper (an object under dots nesting,
/// objects or arrays inside an array or an object) has no OpenAPI style: its `encoding` entry
/// carries `x-courier-form-style` with the strategies instead.
enum OpenAPIForm {
    /// The schema of an index as an indexed array writes it: `0`, `1`, … without leading zeros.
    static let indexNames: JSONValue = ["type": "string", "pattern": "^(0|[1-9][0-9]*)$"]

    /// An indexed array (`tag[0]=a&tag[1]=b`) as the object `deepObject` writes that way: keyed
    /// by index, in index order.
    static func indexedArray(items: JSONValue) -> JSONValue {
        ["type": "object", "propertyNames": indexNames, "additionalProperties": items]
    }

    /// The schema of a value of `type` written as one pair's text: a date as the date strategy
    /// writes it, a boolean as the boolean strategy writes it (`1` and `0` are the integers a
    /// generated client sends for them), anything else as its JSON Schema.
    static func textSchema(for type: Any.Type, encoding: FormEncoding, schemas: inout OpenAPISchemas)
        -> JSONValue
    {
        if type == Bool.self, encoding.booleans == .numeric {
            return ["type": "integer", "enum": [.integer(0), .integer(1)]]
        }
        guard type == Date.self else { return schemas.schema(for: type) }
        switch encoding.dates {
        case .iso8601:
            return [
                "type": "string", "format": "date-time",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$",
            ]
        case .iso8601WithFractionalSeconds:
            return [
                "type": "string", "format": "date-time",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
            ]
        case .secondsSince1970, .millisecondsSince1970: return ["type": "number"]
        case .custom: return ["type": "string"]
        }
    }

    /// The media type object of a form body of `type`, or `nil` when `type` is not keyed (a
    /// dictionary of unknown keys, say), whose schema is then its component.
    static func media(for type: any Decodable.Type, encoding: FormEncoding, schemas: inout OpenAPISchemas)
        -> [String: JSONValue]?
    {
        let log = probe(type)
        guard log.root == .keyed, !log.keys.isEmpty else { return nil }
        let constraints = (type as? any SchemaConstrained.Type)?.schemaConstraints ?? [:]
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        var encodings: [String: JSONValue] = [:]
        for key in log.keys {
            guard let propertyType = log.types[key] else { continue }
            var name = encoding.keys.name(for: key)
            let property = describe(propertyType, encoding: encoding, schemas: &schemas)
            if property.isBracketArray { name += "[]" }
            properties[name] = constraints[key]?.applied(to: property.schema) ?? property.schema
            if let style = property.encoding { encodings[name] = style }
            // An empty array, or an object whose properties are all absent, sends no pair.
            if !log.optionalKeys.contains(key), !property.canBeAbsent { required.append(.string(name)) }
        }
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required) }
        var media: [String: JSONValue] = ["schema": .object(schema)]
        if !encodings.isEmpty { media["encoding"] = .object(encodings) }
        return media
    }

    /// One top-level property of a form: its schema, its `encoding` entry, whether its name
    /// takes `[]`, and whether a value of it can send no pair at all.
    private struct Property {
        var schema: JSONValue
        var encoding: JSONValue?
        var isBracketArray = false
        var canBeAbsent = false
    }

    private static func describe(_ type: Any.Type, encoding: FormEncoding, schemas: inout OpenAPISchemas)
        -> Property
    {
        if isText(type) {
            return Property(schema: textSchema(for: type, encoding: encoding, schemas: &schemas))
        }
        let unsaid: JSONValue = [
            "x-courier-form-style": [
                "arrays": .string("\(encoding.arrays)"), "nesting": .string("\(encoding.nesting)"),
            ]
        ]
        if let describing = type as? any SchemaDescribing.Type {
            switch describing.schemaDescription.kind {
            case .schema(let wrapped) where wrapped != type:
                return describe(wrapped, encoding: encoding, schemas: &schemas)
            default:
                // A union's pairs, or any value's, are its content's, which no OpenAPI style names.
                return Property(schema: schemas.schema(for: type), encoding: unsaid)
            }
        }
        guard let decodable = type as? any Decodable.Type else { return Property(schema: [:]) }
        let log = probe(decodable)
        let allOptional = log.keys.allSatisfy { log.optionalKeys.contains($0) }
        // An empty array, or an empty dictionary, sends no pair.
        let canBeAbsent =
            log.root == .unkeyed || (log.root == .keyed && allOptional) || type is any DictionaryMarker.Type
        var property = describe(type, log: log, encoding: encoding, unsaid: unsaid, schemas: &schemas)
        property.canBeAbsent = canBeAbsent
        return property
    }

    private static func describe(
        _ type: Any.Type, log: ProbeLog, encoding: FormEncoding, unsaid: JSONValue,
        schemas: inout OpenAPISchemas
    ) -> Property {
        switch log.root {
        case .unkeyed:
            guard let element = log.elementTypes[""], isText(element) else {
                return Property(schema: schemas.schema(for: type), encoding: unsaid)
            }
            let items = textSchema(for: element, encoding: encoding, schemas: &schemas)
            let array: JSONValue = ["type": "array", "items": items]
            switch encoding.arrays {
            case .repeatedKey: return Property(schema: array, encoding: ["style": "form", "explode": true])
            case .brackets:
                return Property(
                    schema: array, encoding: ["style": "form", "explode": true], isBracketArray: true)
            case .commaSeparated:
                return Property(schema: array, encoding: ["style": "form", "explode": false])
            case .indexed:
                return Property(
                    schema: indexedArray(items: items), encoding: ["style": "deepObject", "explode": true])
            }
        case .keyed:
            if let dictionary = type as? any DictionaryMarker.Type, dictionary.keyType == String.self {
                // `metadata[key]=value` under brackets nesting: an object of any keys.
                guard encoding.nesting == .brackets, isText(dictionary.valueType) else {
                    return Property(schema: schemas.schema(for: type), encoding: unsaid)
                }
                let values = textSchema(for: dictionary.valueType, encoding: encoding, schemas: &schemas)
                return Property(
                    schema: ["type": "object", "additionalProperties": values],
                    encoding: ["style": "deepObject", "explode": true])
            }
            let scalarOnly = log.keys.allSatisfy { key in log.types[key].map(isText) ?? false }
            guard encoding.nesting == .brackets, scalarOnly, !log.keys.isEmpty else {
                return Property(schema: schemas.schema(for: type), encoding: unsaid)
            }
            let constraints = (type as? any SchemaConstrained.Type)?.schemaConstraints ?? [:]
            var properties: [String: JSONValue] = [:]
            var required: [JSONValue] = []
            for key in log.keys {
                guard let child = log.types[key] else { continue }
                let name = encoding.keys.name(for: key)
                let schema = textSchema(for: child, encoding: encoding, schemas: &schemas)
                properties[name] = constraints[key]?.applied(to: schema) ?? schema
                if !log.optionalKeys.contains(key) { required.append(.string(name)) }
            }
            var object: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
            if !required.isEmpty { object["required"] = .array(required) }
            return Property(schema: .object(object), encoding: ["style": "deepObject", "explode": true])
        case .singleValue, nil:
            return Property(schema: schemas.schema(for: type))
        }
    }

    /// Whether a value of `type` is written as one pair's text: a scalar or an enum.
    private static func isText(_ type: Any.Type) -> Bool {
        OpenAPISchemas.scalar(type) != nil || OpenAPISchemas.enumeration(type) != nil
    }

    private static func probe(_ type: any Decodable.Type) -> ProbeLog {
        let log = ProbeLog()
        _ = try? decode(type, log: log)
        return log
    }

    private static func decode<Model: Decodable>(_ type: Model.Type, log: ProbeLog) throws -> Model {
        try Model(from: ProbeDecoder(varying: nil, log: log))
    }
}
