import Foundation

extension ModelBuilder {
    /// Declares a struct for an object schema, or for an `allOf` of object schemas (their
    /// properties together).
    mutating func declareStructure(named name: String, _ schema: DocumentValue, at pointer: JSONPointer) {
        let index = declarations.count
        append(
            .structure(
                .init(
                    subject: schemaSubject(pointer), name: name,
                    documentation: documentation(of: schema),
                    properties: [])))
        var parts: [(DocumentValue, JSONPointer)] = []
        if let members = schema["allOf"]?.array {
            report.add(
                pointer.appending("allOf"), .approximated,
                "The allOf is one struct with the properties of all \(members.count) schemas.")
            if case .conflict(let reason) = scalarAllOf(schema) {
                report.add(pointer.appending("allOf"), .notExpressed, reason)
            }
            for (offset, member) in members.enumerated() {
                parts += objectParts(member, at: pointer.appending("allOf", String(offset)), depth: 0)
            }
        }
        parts.append((schema, pointer))
        reportNarrowing(of: schema, at: pointer)
        var properties: [PropertyDeclaration] = []
        var names = NameScope()
        var seen: Set<String> = []
        // Where the type of each property comes from, for one that several parts declare.
        var typedAt: [String: JSONPointer] = [:]
        let required = Set(parts.flatMap { $0.0["required"]?.array?.compactMap(\.string) ?? [] })
        for (part, partPointer) in parts {
            // A part the allOf refers to is named after where it is (`BaseMeta`), whichever
            // struct reads it first.
            let partName =
                partPointer == pointer || partPointer.text.hasPrefix(pointer.text + "/")
                ? name : placeName(of: partPointer) ?? name
            for (jsonName, propertySchema) in part["properties"]?.members ?? .init() {
                let propertyPointer = partPointer.appending("properties", jsonName)
                if let earlier = properties.firstIndex(where: { $0.jsonName == jsonName }) {
                    mergeProperty(
                        &properties[earlier], propertySchema, at: propertyPointer, typedAt: &typedAt,
                        hint: partName + SwiftNames.typeName(jsonName),
                        isRequired: required.contains(jsonName))
                    continue
                }
                seen.insert(jsonName)
                if Self.declaresAType(propertySchema) { typedAt[jsonName] = propertyPointer }
                let resolved = type(
                    of: propertySchema, at: propertyPointer, hint: partName + SwiftNames.typeName(jsonName))
                let swiftName = claimMemberName(
                    jsonName, in: &names, at: propertyPointer, subject: "The property \(jsonName)")
                // A required readOnly property is required in responses only, a writeOnly one in
                // requests only (OpenAPI 3.x): one model serves both, so it is optional.
                let direction = oneWay(propertySchema, at: propertyPointer)
                if required.contains(jsonName), resolved.nullable {
                    report.add(
                        propertyPointer, .approximated,
                        "\(jsonName) is required but may be null: an optional in Swift, which the export does not list as required."
                    )
                } else if required.contains(jsonName), let direction {
                    report.add(
                        propertyPointer, .approximated,
                        "\(jsonName) is \(direction), so it is required in \(direction == "readOnly" ? "responses" : "requests") "
                            + "only: an optional in Swift, which the export does not list as required.")
                }
                properties.append(
                    PropertyDeclaration(
                        name: swiftName, jsonName: jsonName, type: resolved.type,
                        isOptional: !required.contains(jsonName) || resolved.nullable || direction != nil,
                        documentation: resolved.documentation, constraints: resolved.constraints))
            }
            if part["additionalProperties"] == .bool(false) {
                report.add(
                    partPointer.appending("additionalProperties"), .approximated,
                    "No other properties are allowed, which Swift's decoding does not check: it ignores them."
                )
            }
            if let additional = part["additionalProperties"], additional != .bool(true),
                additional != .bool(false),
                part["properties"] != nil
            {
                report.add(
                    partPointer.appending("additionalProperties"), .notExpressed,
                    "Properties beyond the declared ones are not kept: the struct has only those.")
            }
            reportUnread(
                part, at: partPointer,
                handled: ["type", "properties", "required", "allOf", "additionalProperties", "nullable"])
        }
        for missing in required.subtracting(seen).sorted() {
            report.add(
                pointer.appending("required"), .notExpressed,
                "\(missing) is required but has no schema among the properties, so the struct has no such property."
            )
        }
        if case .structure(var structure) = declarations[index] {
            structure.properties = properties
            declarations[index] = .structure(structure)
        }
    }

    /// Merges the schema of a property that another part of an `allOf` declared already into
    /// `property`: a value must match both, and the later one is most often the narrower (a
    /// generic wrapper's `data`, then its items), so its type replaces the first, unless it gives
    /// no type at all. The documentation stays the first that is not empty; another one, and a
    /// type that differs from the one it replaces, are reported.
    private mutating func mergeProperty(
        _ property: inout PropertyDeclaration, _ schema: DocumentValue, at pointer: JSONPointer,
        typedAt: inout [String: JSONPointer], hint: String, isRequired: Bool
    ) {
        let jsonName = property.jsonName
        let lines: [String]
        if Self.declaresAType(schema) {
            let resolved = type(of: schema, at: pointer, hint: hint)
            lines = resolved.documentation
            let earlierType = property.type.text
            if earlierType != resolved.type.text, let earlier = typedAt[jsonName] {
                report.add(
                    pointer, .approximated,
                    "\(jsonName) is declared by more than one schema of the allOf, as \(resolved.type.text) here and "
                        + "as \(earlierType) at \(earlier.text); the struct takes this, the last that gives it a "
                        + "type, though a value must match them all.")
            } else {
                report.add(
                    pointer, .approximated,
                    "\(jsonName) is declared by more than one schema of the allOf; the struct takes this, the "
                        + "last that gives it a type, though a value must match them all.")
            }
            typedAt[jsonName] = pointer
            property.type = resolved.type
            property.constraints = resolved.constraints
            property.isOptional = property.isOptional && (!isRequired || resolved.nullable)
        } else {
            // A schema that only describes the property: what else it says is reported, and its
            // notes (read-only, a default) are not the property's, which the typed schema decides.
            noteExtensions(of: schema, at: pointer)
            reportUnread(schema, at: pointer, handled: [])
            lines = (schema["description"]?.string ?? schema["title"]?.string).map(Self.lines) ?? []
            for keyword in ["readOnly", "writeOnly", "default", "deprecated"] where schema[keyword] != nil {
                report.add(
                    pointer.appending(keyword), .notExpressed,
                    "\(keyword) here is not applied to \(jsonName): the property is as the schema of the allOf "
                        + "that gives it a type declares it.")
            }
        }
        if property.documentation.isEmpty {
            property.documentation = lines
        } else if !lines.isEmpty, lines != property.documentation {
            report.add(
                pointer, .notExpressed,
                "The documentation of \(jsonName) here is left out: the property keeps the first that a schema "
                    + "of the allOf gives it.",
                changesExport: false)
        }
    }

    /// Whether a property's schema says what type its value has, rather than only describing it.
    static func declaresAType(_ schema: DocumentValue) -> Bool {
        ["type", "$ref", "items", "properties", "allOf", "oneOf", "anyOf", "enum", "const"].contains {
            schema[$0] != nil
        }
    }

    /// The object schemas an `allOf` member contributes: itself, or the members of its own
    /// `allOf`, following references.
    private mutating func objectParts(
        _ member: DocumentValue, at pointer: JSONPointer, depth: Int
    ) -> [(DocumentValue, JSONPointer)] {
        guard depth < 32 else { return [] }
        var target = (member, pointer)
        if let reference = member["$ref"]?.string {
            declareComponent(at: reference)
            do {
                target = try document.resolved(member, at: pointer)
            } catch {
                report.add(pointer, .notExpressed, error.description)
                return []
            }
        }
        var parts: [(DocumentValue, JSONPointer)] = []
        if let members = target.0["allOf"]?.array {
            for (offset, inner) in members.enumerated() {
                parts += objectParts(inner, at: target.1.appending("allOf", String(offset)), depth: depth + 1)
            }
        }
        if target.0["oneOf"] != nil || target.0["anyOf"] != nil {
            report.add(
                target.1, .notExpressed,
                "A oneOf or anyOf inside an allOf is not expressed: the struct has only the declared properties."
            )
        }
        let types = jsonTypes(of: target.0)
        if target.0["enum"] != nil || target.0["const"] != nil || !(types.isEmpty || types.contains("object"))
        {
            report.add(
                target.1, .notExpressed,
                "This member of the allOf is not an object schema, so the struct made of the allOf has no place "
                    + "for its value, which is not read.")
        }
        parts.append(target)
        return parts
    }

    /// Declares an enum of a schema's string or integer values, with `unknown` for any other
    /// value a newer server sends.
    mutating func declareEnumeration(named name: String, _ schema: DocumentValue, at pointer: JSONPointer) {
        let values = schema["enum"]?.array ?? []
        var names = NameScope(reserved: ["unknown", "allCases", "rawValue"])
        var cases: [ModelDeclaration.Enumeration.Case] = []
        let isText = values.allSatisfy { $0.string != nil }
        for (offset, value) in values.enumerated() {
            switch value {
            case .string(let text):
                let name = claimCaseName(text, in: &names, at: pointer.appending("enum", String(offset)))
                cases.append(.init(name: name, rawValue: Self.stringLiteral(text)))
            case .integer(let number):
                let base = number < 0 ? "minus\(number.magnitude)" : "value\(number)"
                cases.append(.init(name: names.claim(base), rawValue: String(number)))
            default:
                continue
            }
        }
        append(
            .enumeration(
                .init(
                    subject: schemaSubject(pointer), name: name,
                    documentation: documentation(of: schema),
                    rawType: isText ? "String" : "Int", cases: cases)))
        if schema["type"] == nil {
            report.add(
                pointer, .approximated,
                "The enum has no type; its values make it \(isText ? "a String" : "an Int").")
        }
        for keyword in ["minLength", "maxLength", "pattern"] where schema[keyword] != nil {
            report.add(
                pointer.appending(keyword), .notExpressed,
                "The enum's \(keyword) is not checked: its values are listed, and an unknown one is kept as it is."
            )
        }
        reportUnread(
            schema, at: pointer,
            handled: ["type", "enum", "nullable", "format", "minLength", "maxLength", "pattern"])
    }

    /// Where each member is written: its index in the document's list, which still has the
    /// `null` members the union leaves out; the `type` for a union of types.
    private func memberPlaces(
        _ members: [DocumentValue], written: [DocumentValue]?, keyword: String, at pointer: JSONPointer
    ) -> [JSONPointer] {
        guard keyword != "type" else { return members.map { _ in pointer.appending("type") } }
        let written = written ?? members
        var next = 0
        return members.enumerated().map { offset, member in
            while next < written.count, Self.isNull(written[next]), !Self.isNull(member) { next += 1 }
            defer { next += 1 }
            return pointer.appending(keyword, String(next < written.count ? next : offset))
        }
    }

    /// `readOnly` or `writeOnly` when the property schema, or the schema it refers to, is one.
    private func oneWay(_ schema: DocumentValue, at pointer: JSONPointer) -> String? {
        let target = (try? document.resolved(schema, at: pointer))?.value
        for keyword in ["readOnly", "writeOnly"]
        where schema[keyword]?.bool == true || target?[keyword]?.bool == true {
            return keyword
        }
        return nil
    }

    /// Reports where a union's document allows `null`, which no case holds: a property of the
    /// union that may be null is an optional instead.
    private mutating func reportNull(
        in name: String, _ members: [DocumentValue], at places: [JSONPointer], written: [DocumentValue]?,
        _ pointer: JSONPointer
    ) {
        if written?.contains(where: Self.isNull) == true {
            report.add(
                pointer, .approximated,
                "null is not a case of \(name): a property of it that may be null is optional, and an array "
                    + "or a map of it holds no null.")
        }
        for (offset, member) in members.enumerated()
        where member["nullable"]?.bool == true || member["type"]?.array?.contains(.string("null")) == true {
            report.add(
                places[offset], .approximated,
                "The member allows null, which a case of \(name) does not hold: a property of \(name) that may "
                    + "be null is optional.")
        }
    }

    /// The `title` of a union's member written inline, when it has words to name a Swift type.
    static func memberTitle(_ member: DocumentValue) -> String? {
        guard member["$ref"] == nil, let title = member["title"]?.string, !SwiftNames.words(title).isEmpty
        else { return nil }
        return title
    }

    /// Reports a union member whose title names its model or case with a number, since the name
    /// its title gives is taken.
    private mutating func reportTitleRename(
        _ title: String, model: SwiftType, wanted: String, caseName: String, wantedCase: String,
        at pointer: JSONPointer
    ) {
        var renames: [String] = []
        if case .named(let declared) = model, declared != wanted, inlineModelName(at: pointer) == declared {
            renames.append("the Swift type \(declared), since \(wanted) is taken")
        }
        if caseName != wantedCase {
            renames.append("the case .\(caseName), since .\(wantedCase) is taken")
        }
        guard !renames.isEmpty else { return }
        report.add(
            pointer, .renamed,
            "The member titled \(title.debugDescription) is \(renames.joined(separator: ", and ")).",
            changesExport: false)
    }

    /// The name of a union's case holding `type`, without a title: a model inside the union by
    /// the rest of its name (`PayBodyCard` is `.card` in `PayBody`), another model or a type of
    /// Swift by its own, a dictionary by `object`, and an array by `array`, or with
    /// `byElement` by its element (`intArray`).
    private static func caseName(of type: SwiftType, inUnion union: String, byElement: Bool = false) -> String
    {
        switch type {
        // An inline member's model is named after the union: its case is named by the rest.
        case .named(let model) where model.hasPrefix(union) && model.count > union.count:
            SwiftNames.memberName(String(model.dropFirst(union.count)))
        case .named(let model), .builtin(let model): SwiftNames.memberName(model)
        case .array(let element) where byElement:
            caseName(of: element, inUnion: union, byElement: true) + "Array"
        case .array: "array"
        case .dictionary: "object"
        }
    }

    /// Declares an enum with a case per member of a `oneOf` or `anyOf`, decoded as the member the
    /// discriminator's value names when there is one (a value that names none is an error), or
    /// the member whose own string a property every member requires holds (``tags(of:at:)``),
    /// else as the first member the value decodes as, trying first only the members whose
    /// strings it has.
    mutating func declareUnion(
        named name: String, _ members: [DocumentValue], _ schema: DocumentValue, at pointer: JSONPointer
    ) {
        let keyword = schema["oneOf"] != nil ? "oneOf" : schema["anyOf"] != nil ? "anyOf" : "type"
        let index = declarations.count
        append(
            .union(
                .init(
                    subject: schemaSubject(pointer), name: name,
                    documentation: documentation(of: schema),
                    cases: [])))
        var mapping: [String: [String]] = [:]
        for (value, reference) in schema["discriminator"]?["mapping"]?.members ?? .init() {
            if let reference = reference.string {
                let target = reference.hasPrefix("#") ? reference : "#/components/schemas/" + reference
                mapping[target, default: []].append(value)
            }
        }
        var names = NameScope()
        var cases: [ModelDeclaration.Union.Case] = []
        // The members as the document writes them, `null` included.
        let written = keyword == "type" ? nil : document.root.value(at: pointer)?[keyword]?.array
        let places = memberPlaces(members, written: written, keyword: keyword, at: pointer)
        // Each member's case is named once all are known: how arrays are named depends on how many
        // there are.
        var named:
            [(
                pointer: JSONPointer, type: SwiftType, values: [String], title: String?, hint: String,
                base: String, tags: [ModelDeclaration.Union.Tag]
            )] =
                []
        for (offset, member) in members.enumerated() {
            let memberPointer = places[offset]
            // A member's title names its model and case (`PayBodyCard`, `.card`); without one,
            // its place does (`PayBodyOption1`, `.option1`).
            let title = Self.memberTitle(member)
            let hint = name + (title.map(SwiftNames.typeName) ?? "Option\(offset + 1)")
            let resolved = type(of: member, at: memberPointer, hint: hint)
            // A member that is the union itself adds no value the others do not; as a case, its
            // decoding would try the union again, without end.
            if resolved.type == .named(name), members.count > 1 {
                report.add(
                    memberPointer, .approximated,
                    "This member is \(name) itself, which adds no value the other members do not: it has no case."
                )
                continue
            }
            reportUnchecked(resolved.constraints, at: memberPointer)
            var values: [String] = []
            if let reference = member["$ref"]?.string {
                values = mapping[reference] ?? []
                if values.isEmpty, let component = SourceDocument.componentSchemaName(reference) {
                    values = [component]
                }
            }
            let base = title.map(SwiftNames.memberName) ?? Self.caseName(of: resolved.type, inUnion: name)
            named.append(
                (memberPointer, resolved.type, values, title, hint, base, tags(of: member, at: memberPointer))
            )
        }
        // Two arrays or more are each named by their elements (`.strings`, `.intArrays`) rather
        // than `.array`, `.array2`.
        let untitledArrays = named.indices.filter { index in
            guard named[index].title == nil, case .array = named[index].type else { return false }
            return true
        }
        if untitledArrays.count > 1 {
            for index in untitledArrays {
                guard case .array(let element) = named[index].type else { continue }
                named[index].base = SwiftNames.plural(
                    Self.caseName(of: element, inUnion: name, byElement: true))
            }
        }
        for member in named {
            let caseName = names.claim(member.base)
            if let title = member.title {
                reportTitleRename(
                    title, model: member.type, wanted: member.hint, caseName: caseName,
                    wantedCase: member.base,
                    at: member.pointer)
            }
            cases.append(
                .init(
                    name: caseName, type: member.type, discriminatorValues: member.values, tags: member.tags))
        }
        let discriminator = schema["discriminator"]?["propertyName"]?.string
        // Without a discriminator, a property every member requires to hold a string of its own
        // picks the member as one would.
        let implied = discriminator == nil ? Self.impliedDiscriminator(cases.map(\.tags)) : nil
        if let implied {
            report.add(
                pointer.appending("discriminator"), .approximated,
                "The \(keyword) has no discriminator, but each member requires the property \(implied) to hold a "
                    + "string of its own: \(name) "
                    + "reads it to pick the member, and the export names it as the discriminator.")
            for index in cases.indices {
                let tag = cases[index].tags.first { $0.property == implied }
                cases[index].discriminatorValues = tag.map { [$0.value] } ?? []
            }
        }
        let memberReferences = Set(members.compactMap { $0["$ref"]?.string })
        for target in mapping.keys.sorted() where !memberReferences.contains(target) {
            let values = mapping[target, default: []].sorted().map { "'\($0)'" }.joined(separator: ", ")
            report.add(
                pointer.appending("discriminator").appending("mapping"), .notExpressed,
                "The mapping's \(values) names \(target), which is no member of the \(keyword): \(name) refuses "
                    + "a value that names it.")
        }
        if discriminator != nil, cases.allSatisfy({ $0.discriminatorValues.isEmpty }) {
            report.add(
                pointer.appending("discriminator"), .notExpressed,
                "No member is a reference, so no discriminator value names one: they are tried in order.")
        } else if let discriminator, cases.contains(where: { $0.discriminatorValues.isEmpty }) {
            let unnamed = cases.filter(\.discriminatorValues.isEmpty).map { "." + $0.name }
            report.add(
                pointer.appending("discriminator"), .notExpressed,
                "Members that are not references have no discriminator value, and \(name) decodes the member "
                    + "its \(discriminator) names only: no value decodes as \(unnamed.joined(separator: ", "))."
            )
        }
        reportNull(in: name, members, at: places, written: written, pointer)
        if keyword != "type", let type = schema["type"], !jsonTypes(of: schema).isEmpty {
            report.add(
                pointer.appending("type"), .approximated,
                "The type \(type.phrase) beside the \(keyword) is not in the export, whose members each have "
                    + "their own.")
        }
        if keyword == "type" {
            report.add(
                pointer.appending("type"), .approximated,
                "\(name) is an enum with a case per type, which the export describes as a oneOf of them.")
            // Each case is made of its type alone: the keywords beside `type` are not read.
            for key in ["properties", "items"] where schema[key] != nil {
                report.add(
                    pointer.appending(key), .notExpressed,
                    "The \(key == "properties" ? "object" : "array") case holds any \(key == "properties" ? "object" : "array"); "
                        + "its \(key) are not read.")
            }
        }
        if keyword == "anyOf" {
            report.add(
                pointer.appending("anyOf"), .approximated,
                implied.map { "The anyOf is decoded as the one member its \($0) names, as a oneOf would be." }
                    ?? (cases.contains(where: { !$0.discriminatorValues.isEmpty }) && discriminator != nil
                        ? "The anyOf is decoded as the one member its discriminator names, as a oneOf would be."
                        : "The anyOf is decoded as the first member that matches, as a oneOf would be."),
                changesExport: false)
        }
        if case .union(var union) = declarations[index] {
            union.cases = cases
            union.discriminator = discriminator ?? implied
            union.isAnyOf = keyword == "anyOf"
            declarations[index] = .union(union)
        }
        reportUnread(
            schema, at: pointer,
            handled: ["type", "oneOf", "anyOf", "discriminator", "nullable", "properties", "required"])
        if schema["properties"] != nil {
            report.add(
                pointer.appending("properties"), .notExpressed,
                "Properties beside \(keyword) are not expressed: each case has its own model.")
        }
    }

    /// What documentation calls the schema at `pointer`: `` `Pet` schema `` for a component, else
    /// the schema of what it belongs to (a property, a parameter, an operation's body or
    /// response), or of its JSON Pointer.
    func schemaSubject(_ pointer: JSONPointer) -> String {
        let tokens = pointer.tokens
        if tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" {
            return "`\(tokens[2])` schema"
        }
        if let index = tokens.lastIndex(of: "properties"), index + 1 < tokens.count {
            return "schema of the `\(tokens[index + 1])` property"
        }
        if tokens.count > 3, tokens[0] == "components", tokens[1] == "schemas" {
            return "schema inside the `\(tokens[2])` schema"
        }
        if tokens.count >= 3, tokens[0] == "components" {
            let kinds = [
                "parameters": "parameter", "responses": "response", "requestBodies": "request body",
                "headers": "header",
            ]
            return "schema of the `\(tokens[2])` \(kinds[tokens[1]] ?? "component")"
        }
        if tokens.count >= 4, tokens[0] == "paths" {
            // An operation: a method's field, or one of 3.2's additionalOperations.
            var operation: (method: String, depth: Int)?
            if EndpointBuilder.methods32.contains(tokens[2]) {
                operation = (tokens[2].uppercased(), 3)
            } else if tokens[2] == "additionalOperations", tokens.count >= 5 {
                operation = (tokens[3], 4)
            }
            if let (method, depth) = operation {
                let name = "`\(method) \(tokens[1])`"
                let rest = Array(tokens.dropFirst(depth))
                switch rest[0] {
                case "requestBody": return "schema of the \(name) request body"
                case "responses" where rest.count >= 4 && rest[2] == "headers":
                    return "schema of the `\(rest[3])` header of the \(name) \(rest[1]) response"
                case "responses" where rest.count >= 2:
                    return "schema of the \(name) \(rest[1]) response"
                case "parameters" where rest.count >= 2:
                    return "schema of \(parameterPhrase(Array(tokens.prefix(depth + 2)))) of \(name)"
                default: break
                }
            } else if tokens[2] == "parameters" {
                return
                    "schema of \(parameterPhrase(Array(tokens.prefix(4)))) of the operations of `\(tokens[1])`"
            }
        }
        return "schema at `\(pointer.text)`"
    }

    /// `` the `limit` query parameter `` for the parameter at `tokens`, or `a parameter`.
    private func parameterPhrase(_ tokens: [String]) -> String {
        let place = JSONPointer(tokens: tokens)
        guard let entry = document.root.value(at: place),
            let parameter = try? document.resolved(entry, at: place).value,
            let name = parameter["name"]?.string
        else { return "a parameter" }
        return (["the `\(name)`", parameter["in"]?.string].compactMap { $0 } + ["parameter"]).joined(
            separator: " ")
    }

    /// `text` as a raw string literal (`#"…"#`) with as many `#` as keep a quote or a backslash
    /// in it from ending the literal or starting an escape, or as ``stringLiteral(_:)`` writes it
    /// when it holds a control character, which a raw literal cannot.
    static func rawStringLiteral(_ text: String) -> String {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return stringLiteral(text)
        }
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }

    /// `text` as a Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
