import Foundation

/// Turns a document's schemas into Swift models: every component schema once, under its own
/// name, and each inline object, enum or union as a model named after where it is.
struct ModelBuilder {
    let document: SourceDocument
    var report: ImportReport
    /// The enum of servers and endpoints, which also holds `JSONValue` and `Indirect`.
    let namespace: String
    /// Every type name handed out, models and endpoints alike.
    var typeNames = NameScope(reserved: SwiftNames.reservedTypes)
    var declarations: [ModelDeclaration] = []
    /// Whether some model holds arbitrary JSON, which needs the generated `JSONValue`.
    private(set) var usesJSONValue = false
    /// Whether some model holds itself through a struct, which needs the generated `Indirect`.
    var usesIndirect = false

    /// Component schema name → Swift type name.
    private(set) var componentTypes: [String: String] = [:]
    /// Component schemas that allow `null`: a reference to one is optional.
    private var nullableComponents: Set<String> = []
    /// Component schemas being translated, so that a reference back to one is not translated again.
    private var translating: Set<String> = []
    /// The model of each inline schema declared so far, by its JSON Pointer.
    private var inlineModels: [String: String] = [:]
    /// Vendor extensions seen: name → where first, and how often.
    private var extensions: [String: (pointer: JSONPointer, count: Int)] = [:]
    private var extensionOrder: [String] = []

    init(document: SourceDocument, report: ImportReport, namespace: String) {
        self.document = document
        self.report = report
        self.namespace = namespace
    }

    /// The generated `JSONValue`, nested in the namespace so that two imported APIs do not clash.
    var jsonValue: SwiftType { .builtin(namespace + ".JSONValue") }

    // MARK: - Components

    /// Names and translates every component schema, in document order.
    mutating func declareComponents() {
        let schemas = document.root["components"]?["schemas"]?.members ?? .init()
        for (name, _) in schemas {
            var swiftName = SwiftNames.typeName(name)
            if SwiftNames.reservedTypes.contains(swiftName) { swiftName += "Model" }
            let claimed = typeNames.claim(swiftName)
            componentTypes[name] = claimed
            if claimed != name {
                report.schemaRenames[name] = claimed
                if claimed != SwiftNames.typeName(name) {
                    report.add(
                        Self.componentPointer(name), .renamed,
                        "The schema \(name) is the Swift type \(claimed), since \(SwiftNames.typeName(name)) is taken.",
                        changesExport: false)
                }
            }
        }
        for (name, schema) in schemas {
            declareComponent(name, schema)
        }
    }

    /// Marks the models of `names` as errors, since they are some endpoint's `Failure`.
    mutating func markAsErrors(_ name: String) {
        for index in declarations.indices {
            guard case .structure(var structure) = declarations[index], structure.name == name else {
                continue
            }
            structure.isError = true
            declarations[index] = .structure(structure)
        }
    }

    /// Whether `name` is a generated struct.
    func isStructure(_ name: String) -> Bool {
        declarations.contains {
            if case .structure(let structure) = $0 { structure.name == name } else { false }
        }
    }

    static func componentPointer(_ name: String) -> JSONPointer {
        JSONPointer(tokens: ["components", "schemas", name])
    }

    private mutating func declareComponent(_ name: String, _ schema: DocumentValue) {
        let pointer = Self.componentPointer(name)
        let swiftName = componentTypes[name]!
        guard !declarations.contains(where: { $0.name == swiftName }), translating.insert(name).inserted
        else {
            return
        }
        defer { translating.remove(name) }
        let (core, nullable) = nonNull(schema, at: pointer)
        if nullable { nullableComponents.insert(name) }
        if let kind = modelKind(of: core, at: pointer) {
            declareModel(kind, named: swiftName, core, at: pointer)
            if case .enumeration = kind {
                report.add(
                    pointer, .approximated,
                    "The enum \(swiftName) is exported inline where it is used, not as a component.")
            }
        } else {
            var resolved = type(of: core, at: pointer, hint: swiftName)
            if case .named(let other) = resolved.type, let target = componentName(ofType: other),
                translating.contains(target)
            {
                // `A: {$ref: B}` and `B: {$ref: A}` name no schema at all.
                report.add(
                    pointer, .notExpressed,
                    "The schema is only a reference that leads back to itself, so it is any JSON value.")
                usesJSONValue = true
                resolved.type = jsonValue
            }
            declarations.append(
                .alias(
                    .init(
                        schemaName: name, name: swiftName, documentation: documentation(of: core),
                        type: resolved.type)))
            for constraint in resolved.constraints {
                report.add(
                    pointer, .notExpressed,
                    "The limit \(constraint) of \(swiftName) is not checked: Courier's limits belong to a property."
                )
            }
            report.add(
                pointer, .approximated,
                "\(swiftName) is a type alias of \(resolved.type.text); the export writes that type where it is used."
            )
        }
    }

    // MARK: - Schemas

    /// The Swift type of `schema` at `pointer`; an inline object, enum or union becomes a model
    /// named `hint`.
    mutating func type(of schema: DocumentValue, at pointer: JSONPointer, hint: String) -> ResolvedSchema {
        noteExtensions(of: schema, at: pointer)
        if let reference = schema["$ref"]?.string {
            return referenced(reference, schema, at: pointer, hint: hint)
        }
        let (core, nullable) = nonNull(schema, at: pointer)
        var resolved: ResolvedSchema
        if core != schema, core["$ref"] != nil {
            resolved = type(of: core, at: pointer, hint: hint)
        } else if let kind = modelKind(of: core, at: pointer) {
            // One place in the document is one model, however often it is reached (an allOf
            // member's properties are read again for every struct that extends it).
            let name = inlineModels[pointer.text] ?? typeNames.claim(hint)
            if inlineModels[pointer.text] == nil {
                inlineModels[pointer.text] = name
                declareModel(kind, named: name, core, at: pointer)
            }
            resolved = ResolvedSchema(type: .named(name))
        } else {
            resolved = scalarOrCollection(core, at: pointer, hint: hint)
        }
        resolved.nullable = resolved.nullable || nullable
        resolved.documentation = documentation(of: schema) + resolved.documentation
        return resolved
    }

    private mutating func referenced(
        _ reference: String, _ schema: DocumentValue, at pointer: JSONPointer, hint: String
    ) -> ResolvedSchema {
        if let name = SourceDocument.componentSchemaName(reference), let swiftName = componentTypes[name] {
            if !declarations.contains(where: { $0.name == swiftName }), !translating.contains(name),
                let target = document.root["components"]?["schemas"]?[name]
            {
                declareComponent(name, target)
            }
            var resolved = ResolvedSchema(
                type: .named(swiftName), nullable: nullableComponents.contains(name))
            if case .alias(let alias) = declarations.first(where: { $0.name == swiftName }) {
                resolved.type = .named(alias.name)
            }
            resolved.documentation = documentation(of: schema)
            return resolved
        }
        do {
            let (target, targetPointer) = try document.resolved(schema, at: pointer)
            return type(of: target, at: targetPointer, hint: hint)
        } catch {
            report.add(pointer, .notExpressed, "\(error.description) The value is arbitrary JSON.")
            usesJSONValue = true
            return ResolvedSchema(type: jsonValue)
        }
    }

    private enum ModelKind {
        case structure
        case enumeration
        case union([DocumentValue])
    }

    /// Which kind of named model `schema` needs, or `nil` for a scalar, an array or a map.
    private func modelKind(of schema: DocumentValue, at pointer: JSONPointer) -> ModelKind? {
        if let values = schema["enum"]?.array, !values.isEmpty,
            values.allSatisfy({ $0.string != nil })
                || values.allSatisfy({ if case .integer = $0 { true } else { false } })
        {
            return .enumeration
        }
        for keyword in ["oneOf", "anyOf"] {
            if let members = schema[keyword]?.array, members.count > 1 { return .union(members) }
        }
        if let members = schema["allOf"]?.array, members.count > 1 { return .structure }
        let types = jsonTypes(of: schema)
        if types.count > 1 { return .union(types.map { .object(.init([("type", .string($0))])) }) }
        if schema["properties"]?.members.map({ !$0.isEmpty }) ?? false { return .structure }
        return nil
    }

    private mutating func declareModel(
        _ kind: ModelKind, named name: String, _ schema: DocumentValue, at pointer: JSONPointer
    ) {
        switch kind {
        case .structure: declareStructure(named: name, schema, at: pointer)
        case .enumeration: declareEnumeration(named: name, schema, at: pointer)
        case .union(let members): declareUnion(named: name, members, schema, at: pointer)
        }
    }

    /// The JSON Schema types `schema` names, without `null`.
    private func jsonTypes(of schema: DocumentValue) -> [String] {
        switch schema["type"] {
        case .string(let type): type == "null" ? [] : [type]
        case .array(let types): types.compactMap(\.string).filter { $0 != "null" }
        default: []
        }
    }

    /// `schema` without the `null` it allows, and whether it allowed one: 3.0's `nullable`, a
    /// `type` array with `null`, an enum with `null`, a `oneOf` or `anyOf` with a `null` member,
    /// and an `allOf` of one schema.
    private func nonNull(_ schema: DocumentValue, at pointer: JSONPointer) -> (DocumentValue, Bool) {
        guard var members = schema.members else { return (schema, false) }
        var nullable = false
        if members["nullable"]?.bool == true, document.version == .openAPI30 {
            nullable = true
        }
        members["nullable"] = nil
        if case .array(let types) = members["type"], types.contains(.string("null")) {
            nullable = true
            let rest = types.filter { $0 != .string("null") }
            members["type"] = rest.count == 1 ? rest[0] : .array(rest)
        }
        if case .array(let values) = members["enum"], values.contains(.null) {
            nullable = true
            members["enum"] = .array(values.filter { $0 != .null })
        }
        for keyword in ["oneOf", "anyOf"] {
            guard case .array(let options) = members[keyword] else { continue }
            let rest = options.filter { !Self.isNull($0) }
            if rest.count < options.count { nullable = true }
            // A single schema (`anyOf: [$ref]` beside `nullable`) is that schema.
            if rest.count == 1 {
                members[keyword] = nil
                return merged(rest[0], into: members, nullable: nullable)
            }
            if rest.count < options.count { members[keyword] = .array(rest) }
        }
        if case .array(let parts) = members["allOf"], parts.count == 1 {
            members["allOf"] = nil
            return merged(parts[0], into: members, nullable: nullable)
        }
        return (.object(members), nullable)
    }

    /// `schema` with the documentation members of `siblings`, for a single-member `allOf`,
    /// `oneOf` or `anyOf` whose siblings only describe it.
    private func merged(
        _ schema: DocumentValue, into siblings: DocumentValue.Members, nullable: Bool
    ) -> (DocumentValue, Bool) {
        let (inner, innerNullable) = nonNull(schema, at: .root)
        var result = inner.members ?? .init()
        for (key, value) in siblings where result[key] == nil && key != "type" {
            result[key] = value
        }
        return (.object(result), nullable || innerNullable)
    }

    private static func isNull(_ schema: DocumentValue) -> Bool {
        schema["type"] == .string("null") || schema["type"] == .array([.string("null")])
            || schema["enum"] == .array([.null]) || schema["const"] == .null
    }

    // MARK: - Scalars and collections

    private mutating func scalarOrCollection(
        _ schema: DocumentValue, at pointer: JSONPointer, hint: String
    ) -> ResolvedSchema {
        var resolved: ResolvedSchema
        let jsonType =
            jsonTypes(of: schema).first ?? (schema["items"] != nil ? "array" : Self.typeOfValues(schema))
        var handled: Set<String> = ["type", "format", "nullable"]
        switch jsonType {
        case "string":
            resolved = ResolvedSchema(type: stringType(schema, at: pointer))
            resolved.constraints += lengthConstraints(schema, at: pointer)
            handled.formUnion(["minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType"])
        case "integer":
            resolved = ResolvedSchema(type: integerType(schema, at: pointer))
            resolved.constraints += numberConstraints(schema, at: pointer, integer: true)
            handled.formUnion(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
        case "number":
            let format = schema["format"]?.string
            resolved = ResolvedSchema(type: .builtin(format == "float" ? "Float" : "Double"))
            if let format, !["float", "double"].contains(format) {
                report.add(
                    pointer.appending("format"), .approximated, "The number format \(format) is a Double.")
            }
            resolved.constraints += numberConstraints(schema, at: pointer, integer: false)
            handled.formUnion(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
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
    private static func typeOfValues(_ schema: DocumentValue) -> String? {
        switch schema["const"] ?? schema["enum"]?.array?.first {
        case .string?: "string"
        case .integer?: "integer"
        case .number?: "number"
        case .bool?: "boolean"
        default: nil
        }
    }

    private mutating func stringType(_ schema: DocumentValue, at pointer: JSONPointer) -> SwiftType {
        switch schema["format"]?.string {
        case nil: return schema["contentEncoding"]?.string == "base64" ? .builtin("Data") : .builtin("String")
        case "date-time": return .builtin("Date")
        case "uuid": return .builtin("UUID")
        case "uri", "url": return .builtin("URL")
        case "byte", "binary": return .builtin("Data")
        case let format?:
            report.add(
                pointer.appending("format"), .approximated,
                "The string format \(format) is a String; the export does not say the format.")
            return .builtin("String")
        }
    }

    private mutating func integerType(_ schema: DocumentValue, at pointer: JSONPointer) -> SwiftType {
        switch schema["format"]?.string {
        case nil, "int64": return .builtin("Int")
        case "int32": return .builtin("Int32")
        case let format?:
            report.add(
                pointer.appending("format"), .approximated,
                "The integer format \(format) is an Int; the export writes int64.")
            return .builtin("Int")
        }
    }

    /// A map (`additionalProperties`), or arbitrary JSON for an object that says nothing more.
    private mutating func mapType(_ schema: DocumentValue, at pointer: JSONPointer, hint: String)
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
        if jsonTypes(of: schema) == ["object"] {
            report.add(
                pointer, .approximated,
                "An object of any members is [String: JSONValue]; the export describes its values as JSONValue's placeholder."
            )
            return ResolvedSchema(type: .dictionary(jsonValue))
        }
        report.add(
            pointer, .approximated,
            "Any JSON value is the generated JSONValue, which the export describes as an object placeholder.")
        return ResolvedSchema(type: jsonValue)
    }

    // MARK: - Constraints

    private mutating func lengthConstraints(_ schema: DocumentValue, at pointer: JSONPointer) -> [String] {
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
                constraints.append(".pattern(#\"\(pattern)\"#)")
            } else {
                report.add(
                    pointer.appending("pattern"), .notExpressed,
                    "Swift's Regex cannot read the pattern, so it is not checked.")
            }
        }
        return constraints
    }

    private mutating func numberConstraints(
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

    private func itemConstraints(_ schema: DocumentValue) -> [String] {
        var constraints: [String] = []
        if let minimum = schema["minItems"].flatMap(Self.integer) {
            constraints.append(".minItems(\(minimum))")
        }
        if let maximum = schema["maxItems"].flatMap(Self.integer) {
            constraints.append(".maxItems(\(maximum))")
        }
        return constraints
    }

    private static func integer(_ value: DocumentValue) -> Int? {
        switch value {
        case .integer(let integer): integer
        case .number(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
        default: nil
        }
    }

    // MARK: - Documentation and what is not read

    /// Keywords that only describe: they become DocC text or are left to readers of the
    /// document.
    static let descriptive: Set<String> = [
        "description", "title", "example", "examples", "default", "deprecated", "readOnly", "writeOnly",
        "externalDocs", "$comment", "$schema", "$id",
    ]

    /// DocC lines for a schema: its description, then its default, whether it is read- or
    /// write-only, and whether it is deprecated.
    func documentation(of schema: DocumentValue) -> [String] {
        var lines: [String] = []
        if let description = schema["description"]?.string ?? schema["title"]?.string {
            lines += Self.lines(description)
        }
        var notes: [String] = []
        if let value = schema["default"] { notes.append("Defaults to `\(value.jsonText)`.") }
        if schema["readOnly"]?.bool == true { notes.append("Sent by the server only.") }
        if schema["writeOnly"]?.bool == true { notes.append("Sent by the client only.") }
        if schema["deprecated"]?.bool == true { notes.append("Deprecated.") }
        if !notes.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(notes.joined(separator: " "))
        }
        return lines
    }

    /// The lines of a description, without trailing spaces or blank lines at either end.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(
                $0.replacingOccurrences(of: "\t", with: "    ").reversed().drop(while: \.isWhitespace)
                    .reversed())
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Reports every keyword of `schema` that neither `handled` nor the descriptive ones cover.
    mutating func reportUnread(_ schema: DocumentValue, at pointer: JSONPointer, handled: Set<String>) {
        guard let members = schema.members else { return }
        for (key, _) in members
        where !handled.contains(key) && !Self.descriptive.contains(key) && !key.hasPrefix("x-") {
            switch key {
            case "xml":
                report.add(
                    pointer.appending(key), .notExpressed, "XML names are not used: Courier sends JSON.",
                    changesExport: false)
            case "discriminator", "oneOf", "anyOf", "allOf", "$ref":
                continue
            case "enum", "const":
                report.add(
                    pointer.appending(key), .approximated,
                    "The \(key == "enum" ? "listed values are" : "one value is") not a type of its own in Swift: "
                        + "the property takes any value of its type.")
            default:
                report.add(
                    pointer.appending(key), .notExpressed, "The keyword \(key) is not expressed in Swift.")
            }
        }
    }

    /// Counts vendor extensions (`x-…`), which are reported once per name at the end.
    mutating func noteExtensions(of value: DocumentValue, at pointer: JSONPointer) {
        guard let members = value.members else { return }
        for (key, _) in members where key.hasPrefix("x-") {
            if let seen = extensions[key] {
                extensions[key] = (seen.pointer, seen.count + 1)
            } else {
                extensions[key] = (pointer.appending(key), 1)
                extensionOrder.append(key)
            }
        }
    }

    /// Adds one report item per vendor extension seen.
    mutating func reportExtensions() {
        for key in extensionOrder {
            let (pointer, count) = extensions[key]!
            report.add(
                pointer, .notExpressed,
                "The extension \(key) is not read (\(count == 1 ? "once" : "\(count) times") in schemas).",
                changesExport: false)
        }
    }

    // MARK: - Shared with the model declarations

    /// Reports each of `constraints` as not checked, since the value at `pointer` has no
    /// property to carry them.
    mutating func reportUnchecked(_ constraints: [String], at pointer: JSONPointer) {
        for constraint in constraints {
            report.add(
                pointer, .notExpressed,
                "The limit \(constraint) is not checked: Courier's limits belong to a model's property or an endpoint's parameter."
            )
        }
    }

    /// Adds a declaration.
    mutating func append(_ declaration: ModelDeclaration) {
        declarations.append(declaration)
    }

    /// Notes that the generated code needs `JSONValue`.
    mutating func needJSONValue() {
        usesJSONValue = true
    }

    /// Translates the component a reference names, if that has not happened, and returns its
    /// schema and pointer; `nil` for a reference to something else.
    func componentSchema(_ reference: String) -> (DocumentValue, JSONPointer)? {
        guard let name = SourceDocument.componentSchemaName(reference),
            let schema = document.root["components"]?["schemas"]?[name]
        else { return nil }
        return (schema, Self.componentPointer(name))
    }

    /// The original name of the component behind a Swift model name.
    func componentName(ofType swiftName: String) -> String? {
        componentTypes.first { $0.value == swiftName }?.key
    }
}
