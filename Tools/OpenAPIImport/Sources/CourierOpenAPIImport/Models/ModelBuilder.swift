import Foundation

/// Turns a document's schemas into Swift models: every component schema once, under its own
/// name, and each inline object, enum or union as a model named after where it is.
struct ModelBuilder {
    let document: SourceDocument
    var report: ImportReport
    /// The enum of servers and endpoints, which also holds `JSONValue`, `Indirect` and `JSONBody`.
    let namespace: String
    /// Every type name handed out, models and endpoints alike.
    var typeNames = NameScope(reserved: SwiftNames.reservedTypes)
    var declarations: [ModelDeclaration] = []
    /// Whether some model holds arbitrary JSON, which needs the generated `JSONValue`.
    var usesJSONValue = false
    /// Whether some model holds itself through a struct, which needs the generated `Indirect`.
    var usesIndirect = false
    /// Whether a JSON body is a string or bytes, which needs the generated `JSONBody`.
    var usesJSONBody = false

    /// Component schema name → Swift type name.
    private(set) var componentTypes: [String: String] = [:]
    /// Component schemas that allow `null`: a reference to one is optional.
    private var nullableComponents: Set<String> = []
    /// Component schemas being translated, so that a reference back to one is not translated again.
    private var translating: Set<String> = []
    /// The limits of each type alias of a scalar, by its Swift name: a reference to the alias
    /// has them, as the same schema written inline would.
    private var aliasConstraints: [String: [String]] = [:]
    /// The model of each inline schema declared so far, by its JSON Pointer.
    private var inlineModels: [String: String] = [:]

    /// The model declared for the inline schema at `pointer`, if there is one.
    func inlineModelName(at pointer: JSONPointer) -> String? {
        inlineModels[pointer.text]
    }

    /// Component schemas that are an endpoint's multipart body, which declares a property per
    /// part instead of the model: component name → the first such endpoint.
    var multipartBodies: [String: String] = [:]
    /// A vendor extension's name and the kind of object it is in (`schemas`, `operations`).
    struct ExtensionUse: Hashable {
        var name: String
        var kind: String
    }

    /// Vendor extensions seen, by name and kind: where first, and in how many places.
    var extensions: [ExtensionUse: (pointer: JSONPointer, count: Int)] = [:]
    /// The vendor extensions in the order they were first seen.
    var extensionOrder: [ExtensionUse] = []
    /// The places (`/paths/~1a/get/x-b`) of the vendor extensions counted, each counted once
    /// however often its object is read.
    var extensionPlaces: Set<String> = []

    init(document: SourceDocument, report: ImportReport, namespace: String) {
        self.document = document
        self.report = report
        self.namespace = namespace
    }

    /// The generated `JSONValue`, nested in the namespace so that two imported APIs do not clash.
    var jsonValue: SwiftType { .builtin(namespace + ".JSONValue") }

    /// The type of a JSON body of `type`: `type` itself, except that a `String` or `Data`, which
    /// Courier reads as the body's raw text or bytes, is read as JSON through the generated
    /// `JSONBody`; so is an alias of one (`typealias NullableString = String`).
    mutating func jsonBodyType(_ type: String) -> String {
        var target = type
        var seen: Set<String> = []
        while seen.insert(target).inserted, case .alias(let alias)? = declaration(named: target) {
            target = alias.type.text
        }
        guard target == "String" || target == "Data" else { return type }
        usesJSONBody = true
        return "\(namespace).JSONBody<\(type)>"
    }

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

    /// The generated model named `name`, if there is one.
    func declaration(named name: String) -> ModelDeclaration? {
        declarations.first { $0.name == name }
    }

    /// Whether `name` is a generated struct.
    func isStructure(_ name: String) -> Bool {
        if case .structure = declaration(named: name) { true } else { false }
    }

    /// Whether `name` is a generated enum of values.
    func isEnumeration(_ name: String) -> Bool {
        if case .enumeration = declaration(named: name) { true } else { false }
    }

    /// Declares the component schema `reference` points to or into
    /// (`#/components/schemas/Base/properties/meta`), unless it is declared or being declared,
    /// so that the models inside it are named after it (`BaseMeta`), not after the first struct
    /// that extends it with `allOf` or refers to them and reads them.
    mutating func declareComponent(at reference: String) {
        guard reference.hasPrefix("#"), let tokens = JSONPointer(reference)?.tokens, tokens.count >= 3,
            tokens[0] == "components", tokens[1] == "schemas", componentTypes[tokens[2]] != nil,
            let schema = document.root["components"]?["schemas"]?[tokens[2]]
        else { return }
        declareComponent(tokens[2], schema)
    }

    /// The name of a place inside a component schema, as the component names the models it
    /// declares there: `BaseMeta` for `/components/schemas/Base/properties/meta`, `BaseTagsItem`
    /// for its `tags`' items; `nil` outside the component schemas.
    func placeName(of pointer: JSONPointer) -> String? {
        let tokens = pointer.tokens
        guard tokens.count >= 3, tokens[0] == "components", tokens[1] == "schemas",
            var name = componentTypes[tokens[2]]
        else { return nil }
        var index = 3
        while index < tokens.count {
            let token = tokens[index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch token {
            case "properties" where next != nil:
                name += SwiftNames.typeName(next!)
                index += 2
            case "allOf" where next.flatMap(Int.init) != nil:
                index += 2
            case "oneOf" where next.flatMap(Int.init) != nil, "anyOf" where next.flatMap(Int.init) != nil:
                // Named as the union names its member: by its title, else by its place.
                let member = document.root.value(at: JSONPointer(tokens: Array(tokens[...(index + 1)])))
                name +=
                    member.flatMap(Self.memberTitle).map(SwiftNames.typeName) ?? "Option\(Int(next!)! + 1)"
                index += 2
            case "items":
                name += "Item"
                index += 1
            case "additionalProperties":
                name += "Value"
                index += 1
            default:
                name += SwiftNames.typeName(token)
                index += 1
            }
        }
        return name
    }

    static func componentPointer(_ name: String) -> JSONPointer {
        JSONPointer(tokens: ["components", "schemas", name])
    }

    private mutating func declareComponent(_ name: String, _ schema: DocumentValue) {
        let pointer = Self.componentPointer(name)
        let swiftName = componentTypes[name]!
        guard declaration(named: swiftName) == nil, translating.insert(name).inserted
        else {
            return
        }
        defer { translating.remove(name) }
        noteExtensions(of: schema, at: pointer)
        reportRefusedDefault(of: schema, at: pointer)
        reportSingleMemberUnion(schema, at: pointer)
        reportOpenEnumeration(schema, at: pointer)
        let (core, nullable, scalarMerge) = nonNull(schema, at: pointer)
        reportNotKept(scalarMerge, at: pointer)
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
                        subject: "`\(name)` schema", name: swiftName, documentation: documentation(of: core),
                        type: resolved.type)))
            // The limits are checked where the alias is used: each place that cannot carry them
            // reports them.
            aliasConstraints[swiftName] = resolved.constraints
            report.add(
                pointer, .approximated,
                "\(swiftName) is a type alias of \(resolved.type.text); the export writes that type where it is used."
            )
        }
    }

    // MARK: - Schemas

    /// The keywords that limit a value: where the Swift cannot check a schema's limits (beside a
    /// `$ref`, on a text or bytes body), each one the schema has is reported as not checked.
    static let limitKeywords = [
        "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "pattern", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "enum", "const",
    ]

    /// The Swift type of `schema` at `pointer`; an inline object, enum or union becomes a model
    /// named `hint`.
    mutating func type(of schema: DocumentValue, at pointer: JSONPointer, hint: String) -> ResolvedSchema {
        noteExtensions(of: schema, at: pointer)
        reportRefusedDefault(of: schema, at: pointer)
        if let reference = schema["$ref"]?.string {
            return referenced(reference, schema, at: pointer, hint: hint)
        }
        reportSingleMemberUnion(schema, at: pointer)
        reportOpenEnumeration(schema, at: pointer)
        if schema == .bool(false) {
            report.add(
                pointer, .notExpressed,
                "This schema accepts no value, which no Swift type says: the value is any JSON value.")
        } else if Self.isNull(schema) {
            report.add(
                pointer, .approximated,
                "A value that is always null is any JSON value in Swift, and optional.")
        }
        let (core, nullable, scalarMerge) = nonNull(schema, at: pointer)
        reportNotKept(scalarMerge, at: pointer)
        var resolved: ResolvedSchema
        if core != schema, core["$ref"] != nil {
            resolved = type(of: core, at: pointer, hint: hint)
        } else if let kind = modelKind(of: core, at: pointer) {
            // One place in the document is one model, however often it is reached (an allOf
            // member's properties are read again for every struct that extends it).
            if inlineModels[pointer.text] == nil, case .enumeration = kind,
                let shared = sharedEnumeration(core, at: pointer, named: hint)
            {
                inlineModels[pointer.text] = shared
            }
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
        // An allOf read as one scalar has the documentation of its members too.
        resolved.documentation =
            documentation(of: scalarMerge == nil ? schema : core) + resolved.documentation
        return resolved
    }

    /// `name`, when another place declares an inline enum of that name with the same raw type,
    /// cases and documentation as `schema` at `pointer` would have, which the two places then
    /// share; else `nil`. The place's own report items (renamed cases, keywords not read) are
    /// made either way.
    ///
    /// Only an enum the importer names alike is shared: two with other names stay two types, as
    /// a caller who reads the document finds each under the name of its own place.
    private mutating func sharedEnumeration(
        _ schema: DocumentValue, at pointer: JSONPointer, named name: String
    ) -> String? {
        guard inlineModels.values.contains(name), !componentTypes.values.contains(name),
            case .enumeration(let existing)? = declaration(named: name)
        else { return nil }
        let count = declarations.count
        declareEnumeration(named: name, schema, at: pointer)
        let added = Array(declarations[count...])
        declarations.removeSubrange(count...)
        guard added.count == 1, case .enumeration(let candidate) = added[0],
            candidate.rawType == existing.rawType,
            candidate.cases == existing.cases, candidate.documentation == existing.documentation
        else { return nil }
        // The documentation of an enum without a description names every place it is the schema of.
        let prefix = "schema of the "
        let place =
            "the "
            + (candidate.subject.hasPrefix(prefix)
                ? candidate.subject.dropFirst(prefix.count) : candidate.subject[...])
        if candidate.subject != existing.subject, !existing.subject.hasSuffix(place),
            !existing.subject.contains(place + " and "),
            let index = declarations.firstIndex(where: { $0.name == name })
        {
            var shared = existing
            shared.subject += " and " + place
            declarations[index] = .enumeration(shared)
        }
        return name
    }

    private mutating func referenced(
        _ reference: String, _ schema: DocumentValue, at pointer: JSONPointer, hint: String
    ) -> ResolvedSchema {
        // OpenAPI 3.1 reads a limit beside a `$ref` with the referenced schema's (3.0 ignores
        // it); the Swift type is the referenced one, with its own limits only.
        if document.version != .openAPI30 {
            for keyword in Self.limitKeywords where schema[keyword] != nil {
                report.add(
                    pointer.appending(keyword), .notExpressed,
                    "The \(keyword) beside the $ref is not checked: the Swift type is \(reference)'s, with its "
                        + "limits only.")
            }
        }
        if let name = SourceDocument.componentSchemaName(reference), let swiftName = componentTypes[name] {
            if declaration(named: swiftName) == nil, !translating.contains(name),
                let target = document.root["components"]?["schemas"]?[name]
            {
                declareComponent(name, target)
            }
            var resolved = ResolvedSchema(
                type: .named(swiftName), nullable: nullableComponents.contains(name))
            if case .alias(let alias) = declaration(named: swiftName) {
                resolved.type = .named(alias.name)
                resolved.constraints = aliasConstraints[alias.name] ?? []
            }
            resolved.documentation = documentation(of: schema)
            return resolved
        }
        // A place inside a component is that component's: its models are named after it.
        declareComponent(at: reference)
        do {
            let (target, targetPointer) = try document.resolved(schema, at: pointer)
            return type(of: target, at: targetPointer, hint: placeName(of: targetPointer) ?? hint)
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
        // Values of another type than the schema's, such as unquoted numbers under
        // `type: string`, are no enum: the schema's type is what the server sends.
        if let values = schema["enum"]?.array, !values.isEmpty,
            let valueType = values.allSatisfy({ $0.string != nil })
                ? "string"
                : values.allSatisfy({ if case .integer = $0 { true } else { false } }) ? "integer" : nil,
            jsonTypes(of: schema).isEmpty || jsonTypes(of: schema).contains(valueType)
        {
            return .enumeration
        }
        for keyword in ["oneOf", "anyOf"] {
            // Members that only require or limit the properties declared beside them leave a struct.
            if let members = schema[keyword]?.array, members.count > 1,
                !Self.onlyNarrows(members, declaredBy: schema)
            {
                return .union(members)
            }
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
    func jsonTypes(of schema: DocumentValue) -> [String] {
        switch schema["type"] {
        case .string(let type): type == "null" ? [] : [type]
        case .array(let types): types.compactMap(\.string).filter { $0 != "null" }
        default: []
        }
    }

    /// `schema` without the `null` it allows, and whether it allowed one: 3.0's `nullable`, a
    /// `type` array with `null`, an enum with `null`, a `oneOf` or `anyOf` with a `null` member,
    /// and an `allOf` of one schema. An `allOf` member that constrains nothing (it only describes,
    /// as `{description: …}` beside a `$ref` does) is left out and its documentation kept; an
    /// `allOf` of scalars of one type is that scalar with every member's limits (``ScalarAllOf``),
    /// and then the third value is what of the members that scalar does not keep.
    private func nonNull(_ schema: DocumentValue, at pointer: JSONPointer) -> (
        DocumentValue, Bool, scalarMerge: [ScalarAllOf.NotKept]?
    ) {
        guard var members = schema.members else { return (schema, false, nil) }
        if case .array(let parts) = members["allOf"], parts.count > 1 {
            let constraining = parts.filter { !SchemaNormaliser.acceptsAnything($0) }
            if constraining.count < parts.count, !constraining.isEmpty {
                for part in parts where SchemaNormaliser.acceptsAnything(part) {
                    for (key, value) in part.members ?? .init() where members[key] == nil && key != "nullable"
                    {
                        members[key] = value
                    }
                }
                members["allOf"] = .array(constraining)
            }
        }
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
            // A single schema (`anyOf: [$ref]` beside `nullable`) is that schema, and so is the
            // enum of an `anyOf` of any string and an enum of strings.
            if rest.count == 1 {
                members[keyword] = nil
                return merged(rest[0], into: members, nullable: nullable)
            }
            if keyword == "anyOf", let index = openEnumerationMember(of: rest) {
                members[keyword] = nil
                return merged(rest[index], into: members, nullable: nullable)
            }
            if rest.count < options.count { members[keyword] = .array(rest) }
        }
        if case .array(let parts) = members["allOf"], parts.count == 1 {
            members["allOf"] = nil
            return merged(parts[0], into: members, nullable: nullable)
        }
        if case .scalar(let scalar, let allowsNull, let notKept) = scalarAllOf(.object(members)) {
            return (scalar, nullable || allowsNull, notKept)
        }
        return (.object(members), nullable, nil)
    }

    /// Reports what of an `allOf`'s members the scalar it is read as does not keep: another
    /// `format` only annotates, so the value is still read; another `multipleOf` is not checked.
    private mutating func reportNotKept(_ notKept: [ScalarAllOf.NotKept]?, at pointer: JSONPointer) {
        for item in notKept ?? [] {
            report.add(
                pointer.appending("allOf"), item.keyword == "format" ? .approximated : .notExpressed,
                item.reason)
        }
    }

    /// How `schema`'s `allOf` reads as one scalar (``ScalarAllOf``).
    func scalarAllOf(_ schema: DocumentValue) -> ScalarAllOf.Reading {
        ScalarAllOf.read(schema, readsNullable: document.version == .openAPI30) { reference in
            try? document.resolved(.object(.init([("$ref", .string(reference))])), at: .root).value
        }
    }

    /// Reports a `oneOf` or `anyOf` of one schema (besides `null`) with a discriminator, which
    /// ``nonNull(_:at:)`` reads as that schema: the export has neither the union nor the
    /// discriminator.
    private mutating func reportSingleMemberUnion(_ schema: DocumentValue, at pointer: JSONPointer) {
        guard schema["discriminator"] != nil else { return }
        for keyword in ["oneOf", "anyOf"] {
            guard let options = schema[keyword]?.array, options.filter({ !Self.isNull($0) }).count == 1
            else { continue }
            for place in [keyword, "discriminator"] {
                report.add(
                    pointer.appending(place), .approximated,
                    "\(keyword) of one schema is that schema; the export names it directly, without a discriminator."
                )
            }
        }
    }

    /// `schema` with the documentation members of `siblings`, for a single-member `allOf`,
    /// `oneOf` or `anyOf` whose siblings only describe it.
    private func merged(
        _ schema: DocumentValue, into siblings: DocumentValue.Members, nullable: Bool
    ) -> (DocumentValue, Bool, scalarMerge: [ScalarAllOf.NotKept]?) {
        let (inner, innerNullable, scalarMerge) = nonNull(schema, at: .root)
        var result = inner.members ?? .init()
        for (key, value) in siblings where result[key] == nil && key != "type" {
            result[key] = value
        }
        return (.object(result), nullable || innerNullable, scalarMerge)
    }

    static func isNull(_ schema: DocumentValue) -> Bool {
        schema["type"] == .string("null") || schema["type"] == .array([.string("null")])
            || schema["enum"] == .array([.null]) || schema["const"] == .null
    }

    // MARK: - Shared with the model declarations

    /// Reports each of `constraints` as not checked, for `reason`: by default, that the value at
    /// `pointer` has no property to carry them.
    mutating func reportUnchecked(
        _ constraints: [String], at pointer: JSONPointer,
        because reason: String = "Courier's limits belong to a model's property or an endpoint's parameter"
    ) {
        for constraint in constraints {
            report.add(pointer, .notExpressed, "The limit \(constraint) is not checked: \(reason).")
        }
    }

    /// Adds a declaration.
    mutating func append(_ declaration: ModelDeclaration) {
        declarations.append(declaration)
    }

    /// The original name of the component behind a Swift model name.
    func componentName(ofType swiftName: String) -> String? {
        componentTypes.first { $0.value == swiftName }?.key
    }
}
