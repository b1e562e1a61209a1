import Foundation

extension ModelBuilder {
    // MARK: - Scalars and collections

    mutating func scalarOrCollection(
        _ schema: DocumentValue, at pointer: JSONPointer, hint: String
    ) -> ResolvedSchema {
        var resolved: ResolvedSchema
        let jsonType =
            jsonTypes(of: schema).first ?? (schema["items"] != nil ? "array" : Self.typeOfValues(schema))
        // A format belongs to a string or a number; on any other type it is reported unread.
        var handled: Set<String> = ["type", "nullable"]
        switch jsonType {
        case "string":
            resolved = ResolvedSchema(type: stringType(schema, at: pointer))
            resolved.constraints += lengthConstraints(schema, at: pointer)
            handled.formUnion([
                "format", "minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType",
            ])
        case "integer":
            resolved = ResolvedSchema(type: integerType(schema, at: pointer))
            resolved.constraints += numberConstraints(schema, at: pointer, integer: true)
            handled.formUnion([
                "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
            ])
        case "number":
            let format = schema["format"]?.string
            resolved = ResolvedSchema(type: .builtin(format == "float" ? "Float" : "Double"))
            if let format, !["float", "double"].contains(format) {
                report.add(
                    pointer.appending("format"), .approximated, "The number format \(format) is a Double.")
            }
            resolved.constraints += numberConstraints(schema, at: pointer, integer: false)
            handled.formUnion([
                "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
            ])
        case "boolean":
            resolved = ResolvedSchema(type: .builtin("Bool"))
        case "array":
            let items = schema["items"] ?? .object(.init())
            // Without `items`, the array's place is where the export differs.
            let element = type(
                of: items, at: schema["items"] == nil ? pointer : pointer.appending("items"),
                hint: hint + "Item")
            if element.nullable {
                report.add(
                    pointer.appending("items"), .notExpressed,
                    "An array element may be null; the Swift array's elements are not optional.")
            }
            for constraint in element.constraints {
                report.add(
                    pointer.appending("items"), .notExpressed,
                    "The elements' limit \(constraint) is not checked: Courier's constraints apply to a whole property."
                )
            }
            resolved = ResolvedSchema(type: .array(element.type))
            resolved.constraints += itemConstraints(schema)
            handled.formUnion(["items", "minItems", "maxItems"])
        case "object", nil:
            resolved = mapType(schema, at: pointer, hint: hint)
            handled.formUnion(["additionalProperties", "properties"])
        default:
            report.add(
                pointer.appending("type"), .notExpressed,
                "The type \(jsonType ?? "") is unknown; the value is arbitrary JSON.")
            usesJSONValue = true
            resolved = ResolvedSchema(type: jsonValue)
        }
        reportUnread(schema, at: pointer, handled: handled)
        return resolved
    }

    /// The JSON type of a schema's `const` or `enum` values, for a schema that names no type.
    static func typeOfValues(_ schema: DocumentValue) -> String? {
        switch schema["const"] ?? schema["enum"]?.array?.first {
        case .string?: "string"
        case .integer?: "integer"
        case .number?: "number"
        case .bool?: "boolean"
        default: nil
        }
    }

    mutating func stringType(_ schema: DocumentValue, at pointer: JSONPointer) -> SwiftType {
        switch schema["format"]?.string {
        case nil: return schema["contentEncoding"]?.string == "base64" ? .builtin("Data") : .builtin("String")
        case "date-time": return .builtin("Date")
        case "uuid": return .builtin("UUID")
        case "uri": return .builtin("URL")
        case "url":
            report.add(
                pointer.appending("format"), .approximated,
                "The string format url is a URL; the export writes uri, the format's standard name.")
            return .builtin("URL")
        case "byte", "binary": return .builtin("Data")
        case let format?:
            report.add(
                pointer.appending("format"), .approximated,
                "The string format \(format) is a String; the export does not say the format.")
            return .builtin("String")
        }
    }

    /// The Swift type of each integer format of the OpenAPI Format Registry the importer reads;
    /// an integer without a format is an `Int` too.
    static let integerFormatTypes: [String: String] = [
        "int64": "Int", "int32": "Int32", "int16": "Int16", "int8": "Int8", "uint64": "UInt64",
        "uint32": "UInt32", "uint16": "UInt16", "uint8": "UInt8",
    ]

    /// The built-in types whose value is sent as text (a path segment, a query, header or cookie
    /// value, a multipart text part).
    static let textTypes: Set<String> = Set(integerFormatTypes.values).union([
        "String", "Double", "Float", "Bool", "UUID", "Date", "URL",
    ])

    mutating func integerType(_ schema: DocumentValue, at pointer: JSONPointer) -> SwiftType {
        guard let format = schema["format"]?.string else { return .builtin("Int") }
        if let type = Self.integerFormatTypes[format] { return .builtin(type) }
        report.add(
            pointer.appending("format"), .approximated,
            "The integer format \(format) is an Int; the export writes int64.")
        return .builtin("Int")
    }

    /// A map (`additionalProperties`), or arbitrary JSON for an object that says nothing more.
    mutating func mapType(_ schema: DocumentValue, at pointer: JSONPointer, hint: String)
        -> ResolvedSchema
    {
        switch schema["additionalProperties"] {
        case .object(let members) where !members.isEmpty:
            let value = type(
                of: .object(members), at: pointer.appending("additionalProperties"), hint: hint + "Value")
            if value.nullable {
                report.add(
                    pointer.appending("additionalProperties"), .notExpressed,
                    "A map value may be null; the Swift dictionary's values are not optional.")
            }
            for constraint in value.constraints {
                report.add(
                    pointer.appending("additionalProperties"), .notExpressed,
                    "The values' limit \(constraint) is not checked: Courier's limits apply to a whole property."
                )
            }
            return ResolvedSchema(type: .dictionary(value.type))
        case .bool(false):
            report.add(
                pointer, .notExpressed,
                "An object with no properties allowed is arbitrary JSON in Swift.")
        default:
            break
        }
        usesJSONValue = true
        if jsonTypes(of: schema) == ["object"] { return ResolvedSchema(type: .dictionary(jsonValue)) }
        return ResolvedSchema(type: jsonValue)
    }

    // MARK: - Constraints

    mutating func lengthConstraints(_ schema: DocumentValue, at pointer: JSONPointer) -> [String] {
        var constraints: [String] = []
        if let minimum = schema["minLength"].flatMap(Self.integer) {
            constraints.append(".minLength(\(minimum))")
        }
        if let maximum = schema["maxLength"].flatMap(Self.integer) {
            constraints.append(".maxLength(\(maximum))")
        }
        if let pattern = schema["pattern"]?.string {
            if (try? Regex(pattern)) != nil, !pattern.contains("\"\"\""),
                pattern.unicodeScalars.allSatisfy(\.isASCII)
            {
                constraints.append(".pattern(\(Self.rawStringLiteral(pattern)))")
            } else {
                report.add(
                    pointer.appending("pattern"), .notExpressed,
                    "Swift's Regex cannot read the pattern, so it is not checked.")
            }
        }
        return constraints
    }

    mutating func numberConstraints(
        _ schema: DocumentValue, at pointer: JSONPointer, integer: Bool
    ) -> [String] {
        var constraints: [String] = []
        for (keyword, name) in [("minimum", "minimum"), ("maximum", "maximum")] {
            guard let value = schema[keyword] else { continue }
            if integer, let bound = Self.integer(value) {
                constraints.append(".\(name)(\(bound))")
            } else {
                report.add(
                    pointer.appending(keyword), .notExpressed,
                    "A \(keyword) of a number that is not an integer is not checked: Courier's limits are integers."
                )
            }
        }
        for keyword in ["exclusiveMinimum", "exclusiveMaximum", "multipleOf"] where schema[keyword] != nil {
            report.add(pointer.appending(keyword), .notExpressed, "\(keyword) is not checked.")
        }
        return constraints
    }

    func itemConstraints(_ schema: DocumentValue) -> [String] {
        var constraints: [String] = []
        if let minimum = schema["minItems"].flatMap(Self.integer) {
            constraints.append(".minItems(\(minimum))")
        }
        if let maximum = schema["maxItems"].flatMap(Self.integer) {
            constraints.append(".maxItems(\(maximum))")
        }
        return constraints
    }

    static func integer(_ value: DocumentValue) -> Int? {
        switch value {
        case .integer(let integer): integer
        case .number(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
        default: nil
        }
    }
}
