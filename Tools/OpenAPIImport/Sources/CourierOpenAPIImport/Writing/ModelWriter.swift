/// Writes the Swift source of generated models.
struct ModelWriter {
    /// `public ` or nothing (internal).
    let access: String
    /// The enum of servers and endpoints, which holds `JSONValue` and `Indirect`.
    let namespace: String

    /// The source file of one model.
    func file(_ declaration: ModelDeclaration) -> String {
        var source = SourceText()
        if case .structure(let structure) = declaration {
            for line in SwiftNames.lintDirectives(declaring: structure.properties.map(\.name)) {
                source.line(line)
            }
        }
        source.line("import Courier")
        source.line("import Foundation")
        source.line()
        switch declaration {
        case .structure(let structure): write(structure, to: &source)
        case .enumeration(let enumeration): write(enumeration, to: &source)
        case .union(let union): write(union, to: &source)
        case .alias(let alias):
            source.doc(
                alias.documentation.isEmpty ? ["The \(alias.subject)."] : alias.documentation)
            source.line("\(access)typealias \(alias.name) = \(alias.type.text)")
        }
        return source.text
    }

    private func write(_ structure: ModelDeclaration.Structure, to source: inout SourceText) {
        source.doc(
            structure.documentation.isEmpty
                ? ["The \(structure.subject)."] : structure.documentation)
        let conformances = "Codable, Sendable, Hashable" + (structure.isError ? ", Error" : "")
        source.block("\(access)struct \(structure.name): \(conformances)") { source in
            for property in structure.properties {
                source.doc(
                    property.documentation.isEmpty
                        ? ["The `\(property.jsonName)` property."] : property.documentation)
                let optional = property.isOptional ? "?" : ""
                let name = SwiftNames.declared(property.name)
                guard property.isBoxed else {
                    source.line("\(access)var \(name): \(property.type.text)\(optional)")
                    continue
                }
                source.block("\(access)var \(name): \(property.type.text)\(optional)") { source in
                    source.line("get { _\(property.name)\(optional).value }")
                    source.line(
                        "set { _\(property.name) = \(boxed("newValue", optional: property.isOptional)) }"
                    )
                }
                source.line(
                    "private var _\(property.name): \(namespace).Indirect<\(property.type.text)>\(optional)")
            }
            if structure.properties.contains(where: {
                !SwiftNames.isWritten($0.name, as: $0.jsonName) || $0.isBoxed
            }) {
                source.line()
                source.block("enum CodingKeys: String, CodingKey") { source in
                    for property in structure.properties {
                        let name = property.isBoxed ? "_" + property.name : SwiftNames.declared(property.name)
                        source.line(
                            SwiftNames.isWritten(name, as: property.jsonName)
                                ? "case \(name)"
                                : "case \(name) = \(ModelBuilder.stringLiteral(property.jsonName))")
                    }
                }
            }
            source.line()
            source.doc(["Creates a value."])
            let arguments = structure.properties.map { property in
                "\(SwiftNames.declared(property.name)): \(property.type.text)\(property.isOptional ? "? = nil" : "")"
            }
            source.block("\(access)init(\(arguments.joined(separator: ", ")))") { source in
                for property in structure.properties {
                    let name = SwiftNames.declared(property.name)
                    source.line(
                        property.isBoxed
                            ? "self._\(property.name) = \(boxed(name, optional: property.isOptional))"
                            : "self.\(property.name) = \(name)")
                }
            }
        }
        let constrained = structure.properties.filter { !$0.constraints.isEmpty }
        guard !constrained.isEmpty else { return }
        source.line()
        source.block("extension \(structure.name): SchemaConstrained") { source in
            source.doc(["The limits the document sets on the properties."])
            source.line("\(access)static let schemaConstraints: [String: SchemaConstraint] = [")
            for property in constrained {
                source.line(
                    "    \(ModelBuilder.stringLiteral(property.jsonName)): \(Self.constraint(property.constraints)),"
                )
            }
            source.line("]")
        }
    }

    /// `value` in an `Indirect` box.
    private func boxed(_ value: String, optional: Bool) -> String {
        optional ? "\(value).map(\(namespace).Indirect.init)" : "\(namespace).Indirect(\(value))"
    }

    /// One constraint, or a list of them.
    static func constraint(_ constraints: [String]) -> String {
        constraints.count == 1 ? constraints[0] : "[" + constraints.joined(separator: ", ") + "]"
    }

    /// What an enum's values or alternatives belong to: the `order` property itself rather than
    /// its schema.
    private static func owner(_ subject: String) -> String {
        subject.hasPrefix("schema of the ") ? String(subject.dropFirst("schema of the ".count)) : subject
    }

    private func write(_ enumeration: ModelDeclaration.Enumeration, to source: inout SourceText) {
        source.doc(
            enumeration.documentation.isEmpty
                ? ["The values of the \(Self.owner(enumeration.subject))."] : enumeration.documentation)
        let raw = enumeration.rawType
        source.block(
            "\(access)enum \(enumeration.name): RawRepresentable, Codable, Sendable, Hashable, CaseIterable, ParameterValue"
        ) { source in
            for item in enumeration.cases {
                source.doc(["`\(item.rawValue.trimmingCharacters(in: ["\""]))`"])
                source.line("case \(SwiftNames.declared(item.name))")
            }
            source.doc(["A value the document does not list, such as one added after it was written."])
            source.line("case unknown(\(raw))")
            source.line()
            source.doc(["The values the document lists."])
            source.line(
                "\(access)static let allCases: [\(enumeration.name)] = ["
                    + enumeration.cases.map { "." + SwiftNames.referenced($0.name) }.joined(separator: ", ")
                    + "]")
            source.line()
            source.doc(["The case of `rawValue`: ``unknown(_:)`` for a value the document does not list."])
            source.block("\(access)init(rawValue: \(raw))") { source in
                source.line("switch rawValue {")
                for item in enumeration.cases {
                    source.line("case \(item.rawValue): self = .\(SwiftNames.referenced(item.name))")
                }
                source.line("default: self = .unknown(rawValue)")
                source.line("}")
            }
            source.line()
            source.doc(["The value as the API writes it."])
            source.block("\(access)var rawValue: \(raw)") { source in
                source.line("switch self {")
                for item in enumeration.cases {
                    source.line("case .\(SwiftNames.referenced(item.name)): \(item.rawValue)")
                }
                source.line("case .unknown(let value): value")
                source.line("}")
            }
        }
    }

    private func write(_ union: ModelDeclaration.Union, to source: inout SourceText) {
        source.doc(
            union.documentation.isEmpty
                ? ["One of the alternatives of the \(Self.owner(union.subject))."] : union.documentation)
        let indirect = union.isIndirect ? "indirect " : ""
        source.block("\(access)\(indirect)enum \(union.name): Codable, Sendable, Hashable, SchemaDescribing")
        {
            source in
            for item in union.cases {
                source.doc([
                    item.type.modelName.map { "The value as ``\($0)``." }
                        ?? "The value as `\(item.type.text)`."
                ])
                source.line("case \(SwiftNames.declared(item.name))(\(item.type.text))")
            }
            let discriminator =
                union.cases.contains(where: { !$0.discriminatorValues.isEmpty }) ? union.discriminator : nil
            if let discriminator {
                source.line()
                source.block("private enum DiscriminatorKey: String, CodingKey") { source in
                    source.line("case discriminator = \(ModelBuilder.stringLiteral(discriminator))")
                }
            }
            let tagged = discriminator == nil ? Self.tagProperties(of: union) : []
            if !tagged.isEmpty {
                source.line()
                source.block("private enum TagKey: String, CodingKey") { source in
                    for (offset, property) in tagged.enumerated() {
                        source.line("case tag\(offset + 1) = \(ModelBuilder.stringLiteral(property))")
                    }
                }
            }
            source.line()
            writeSchemaDescription(of: union, discriminator: discriminator, to: &source)
            source.line()
            if let discriminator {
                writeDiscriminatedDecoding(of: union, discriminator: discriminator, to: &source)
            } else {
                writeFittingDecoding(of: union, tagged: tagged, to: &source)
            }
            source.line()
            source.doc(["Encodes the case's value."])
            source.block("\(access)func encode(to encoder: any Encoder) throws") { source in
                source.line("switch self {")
                for item in union.cases {
                    source.line(
                        "case .\(SwiftNames.referenced(item.name))(let value): try value.encode(to: encoder)")
                }
                source.line("}")
            }
        }
    }

    /// The decoding of a union with a discriminator: the case its value names, and an error
    /// naming the property and the value for a value that names none or a missing one.
    private func writeDiscriminatedDecoding(
        of union: ModelDeclaration.Union, discriminator: String, to source: inout SourceText
    ) {
        let property = ModelBuilder.stringLiteral(discriminator).dropFirst().dropLast()
        // The first case a value names wins, as in the schema description.
        var listed: Set<String> = []
        let named = union.cases.compactMap { item -> (ModelDeclaration.Union.Case, [String])? in
            let values = item.discriminatorValues.filter { listed.insert($0).inserted }
            return values.isEmpty ? nil : (item, values)
        }
        let known = named.flatMap(\.1).map { ModelBuilder.stringLiteral($0).dropFirst().dropLast() }
            .joined(separator: ", ")
        source.doc([
            "Decodes the case that the value's `\(discriminator)` names; a value that names none, or has",
            "no `\(discriminator)`, is a `DecodingError`.",
        ])
        source.block("\(access)init(from decoder: any Decoder) throws") { source in
            source.line("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
            source.line("switch try container.decodeIfPresent(String.self, forKey: .discriminator) {")
            for (item, values) in named {
                source.line(
                    "case \(values.map(ModelBuilder.stringLiteral).joined(separator: ", ")): "
                        + "self = .\(SwiftNames.referenced(item.name))(try \(item.type.text)(from: decoder))")
            }
            source.line("case let value?:")
            source.line("    throw DecodingError.dataCorruptedError(")
            source.line("        forKey: .discriminator, in: container,")
            source.line(
                "        debugDescription: \"The \(property) \\\"\\(value)\\\" names none of \(union.name)'s schemas (\(known)).\")"
            )
            source.line("case nil:")
            source.line("    throw DecodingError.keyNotFound(")
            source.line("        DiscriminatorKey.discriminator,")
            source.line("        .init(")
            source.line("            codingPath: decoder.codingPath,")
            source.line(
                "            debugDescription: \"The value has no \(property), which names which of \(union.name)'s schemas it is (\(known)).\"))"
            )
            source.line("}")
        }
    }

    /// The properties some case of `union` requires one string in, in the order of the cases.
    private static func tagProperties(of union: ModelDeclaration.Union) -> [String] {
        var seen: Set<String> = []
        return union.cases.flatMap(\.tags).map(\.property).filter { seen.insert($0).inserted }
    }

    /// The decoding of a union without a discriminator: the first case the value fits, a case with
    /// ``ModelDeclaration/Union/Tag``s only if the value has each tag's string in its property or
    /// lacks it (an enum of strings decodes any string); then, for a value that fits no case so,
    /// the first case with tags that it fits without them.
    private func writeFittingDecoding(
        of union: ModelDeclaration.Union, tagged: [String], to source: inout SourceText
    ) {
        source.doc(
            tagged.isEmpty
                ? ["Decodes the first case the value fits."]
                : [
                    "Decodes the first case the value fits; a case whose schema allows one string only in a",
                    "property fits a value with another string there only when no case fits it otherwise (a",
                    "newer server may send one).",
                ])
        source.block("\(access)init(from decoder: any Decoder) throws") { source in
            if !tagged.isEmpty {
                source.line("let tags = try? decoder.container(keyedBy: TagKey.self)")
                for offset in tagged.indices {
                    source.line(
                        "let tag\(offset + 1) = try? tags?.decodeIfPresent(String.self, forKey: .tag\(offset + 1))"
                    )
                }
            }
            // The cases with their strings checked, then those that have strings without the check,
            // for a string no member lists (a newer server's, or a catalog's probe value).
            let attempts =
                union.cases.map { ($0, true) } + union.cases.filter { !$0.tags.isEmpty }.map { ($0, false) }
            for (offset, (item, checked)) in attempts.enumerated() {
                let checks = (checked ? item.tags : []).map { tag in
                    let variable = "tag\(tagged.firstIndex(of: tag.property)! + 1)"
                    return "\(variable) == nil || \(variable) == \(ModelBuilder.stringLiteral(tag.value)), "
                }
                source.line(
                    (offset == 0 ? "if " : "} else if ") + checks.joined()
                        + "let value = try? \(item.type.text)(from: decoder) {")
                source.line("    self = .\(SwiftNames.referenced(item.name))(value)")
            }
            source.line("} else {")
            let names = union.cases.map(\.type.text).joined(separator: ", ")
            source.line("    throw DecodingError.typeMismatch(")
            source.line("        Self.self,")
            source.line(
                "        .init(codingPath: decoder.codingPath, debugDescription: \"The value is none of \(names).\"))"
            )
            source.line("}")
        }
    }

    /// The union's `schemaDescription`: its cases' types, and the discriminator values that
    /// name a type other than the component of the type's own name.
    private func writeSchemaDescription(
        of union: ModelDeclaration.Union, discriminator: String?, to source: inout SourceText
    ) {
        source.doc(["The union's cases, for a catalog's OpenAPI document."])
        source.block("\(access)static var schemaDescription: SchemaDescription") { source in
            let keyword = union.isAnyOf ? "anyOf" : "oneOf"
            let types = union.cases.map { "\($0.type.text).self" }
            guard let discriminator else {
                source.line(".\(keyword)([\(types.joined(separator: ", "))])")
                return
            }
            // The first case a value names wins, as the decoder's `switch` picks it.
            var listed: Set<String> = []
            let mapping = union.cases.flatMap { item in
                item.discriminatorValues.filter { $0 != item.type.text && listed.insert($0).inserted }.map {
                    "\(ModelBuilder.stringLiteral($0)): \(item.type.text).self"
                }
            }
            source.line(".\(keyword)(")
            source.line("    [\(types.joined(separator: ", "))],")
            source.line(
                "    discriminator: .init(property: \(ModelBuilder.stringLiteral(discriminator))"
                    + (mapping.isEmpty ? "))" : ", mapping: [\(mapping.joined(separator: ", "))]))"))
        }
    }

    /// A file of `import Courier` and an extension of the namespace holding what `body` writes.
    private func namespaceExtension(_ body: (inout SourceText) -> Void) -> String {
        var source = SourceText()
        source.line("import Courier")
        source.line()
        source.line("extension \(namespace) {")
        body(&source)
        source.line("}")
        return source.text
    }

    /// The source of `Indirect`, the box of a property that holds its own model again.
    func indirectFile() -> String {
        namespaceExtension { source in
            source.doc([
                "A value kept out of line, so that a model can hold a value that holds the model again,",
                "encoded and decoded as the value itself.",
            ])
            source.block(
                "\(access)struct Indirect<Wrapped: Codable & Sendable & Hashable>: Codable, Sendable, Hashable,"
                    + " SchemaDescribing"
            ) { source in
                source.block("private final class Storage: Sendable") { source in
                    source.line("let value: Wrapped")
                    source.line()
                    source.block("init(_ value: Wrapped)") { source in
                        source.line("self.value = value")
                    }
                }
                source.line()
                source.line("private let storage: Storage")
                source.line()
                source.doc(["The value."])
                source.line("\(access)var value: Wrapped { storage.value }")
                source.line()
                source.doc(["The value's schema, for a catalog's OpenAPI document."])
                source.line(
                    "\(access)static var schemaDescription: SchemaDescription { .schema(of: Wrapped.self) }")
                source.line()
                source.doc(["Keeps `value` out of line."])
                source.block("\(access)init(_ value: Wrapped)") { source in
                    source.line("storage = Storage(value)")
                }
                source.line()
                source.doc(["Decodes the value."])
                source.block("\(access)init(from decoder: any Decoder) throws") { source in
                    source.line("self.init(try Wrapped(from: decoder))")
                }
                source.line()
                source.doc(["Encodes the value."])
                source.block("\(access)func encode(to encoder: any Encoder) throws") { source in
                    source.line("try value.encode(to: encoder)")
                }
                source.line()
                source.doc(["Whether the values are equal."])
                source.block("\(access)static func == (lhs: Indirect, rhs: Indirect) -> Bool") { source in
                    source.line("lhs.value == rhs.value")
                }
                source.line()
                source.doc(["Hashes the value."])
                source.block("\(access)func hash(into hasher: inout Hasher)") { source in
                    source.line("hasher.combine(value)")
                }
            }
        }
    }

    /// The source of `JSONBody`, for a JSON body that is one string or one base64 string of bytes.
    func jsonBodyFile() -> String {
        namespaceExtension { source in
            source.doc([
                "A JSON body that is one value, such as a string: Courier reads a `String` or `Data`",
                "success as the body's raw text or bytes, and this as JSON.",
            ])
            source.block(
                "\(access)struct JSONBody<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable,"
                    + " SchemaDescribing"
            ) { source in
                source.doc(["The value."])
                source.line("\(access)var value: Value")
                source.line()
                source.doc(["The value's schema, for a catalog's OpenAPI document."])
                source.line(
                    "\(access)static var schemaDescription: SchemaDescription { .schema(of: Value.self) }")
                source.line()
                source.doc(["Wraps `value`."])
                source.block("\(access)init(_ value: Value)") { source in
                    source.line("self.value = value")
                }
                source.line()
                source.doc(["Decodes the value."])
                source.block("\(access)init(from decoder: any Decoder) throws") { source in
                    source.line("value = try decoder.singleValueContainer().decode(Value.self)")
                }
                source.line()
                source.doc(["Encodes the value."])
                source.block("\(access)func encode(to encoder: any Encoder) throws") { source in
                    source.line("var container = encoder.singleValueContainer()")
                    source.line("try container.encode(value)")
                }
            }
        }
    }

    /// The source of `JSONValue`, for schemas that allow any JSON.
    func jsonValueFile() -> String {
        namespaceExtension { source in
            source.doc(["Any JSON value, for a schema that allows any."])
            source.block("\(access)enum JSONValue: Codable, Sendable, Hashable, SchemaDescribing") { source in
                source.doc(["`null`."])
                source.line("case null")
                source.doc(["`true` or `false`."])
                source.line("case bool(Bool)")
                source.doc(["A number without a fraction that fits an `Int`."])
                source.line("case integer(Int)")
                source.doc(["Any other number."])
                source.line("case number(Double)")
                source.doc(["A string."])
                source.line("case string(String)")
                source.doc(["An array."])
                source.line("case array([JSONValue])")
                source.doc(["An object."])
                source.line("case object([String: JSONValue])")
                source.line()
                source.doc(["Any JSON value, for a catalog's OpenAPI document."])
                source.line("\(access)static var schemaDescription: SchemaDescription { .anyValue }")
                source.line()
                source.doc(["Decodes whichever kind of value is there."])
                source.block("\(access)init(from decoder: any Decoder) throws") { source in
                    source.line("let container = try decoder.singleValueContainer()")
                    source.line("if container.decodeNil() {")
                    source.line("    self = .null")
                    source.line("} else if let value = try? container.decode(Bool.self) {")
                    source.line("    self = .bool(value)")
                    source.line("} else if let value = try? container.decode(Int.self) {")
                    source.line("    self = .integer(value)")
                    source.line("} else if let value = try? container.decode(Double.self) {")
                    source.line("    self = .number(value)")
                    source.line("} else if let value = try? container.decode(String.self) {")
                    source.line("    self = .string(value)")
                    source.line("} else if let value = try? container.decode([JSONValue].self) {")
                    source.line("    self = .array(value)")
                    source.line("} else {")
                    source.line("    self = .object(try container.decode([String: JSONValue].self))")
                    source.line("}")
                }
                source.line()
                source.doc(["Encodes the value as it is."])
                source.block("\(access)func encode(to encoder: any Encoder) throws") { source in
                    source.line("var container = encoder.singleValueContainer()")
                    source.line("switch self {")
                    source.line("case .null: try container.encodeNil()")
                    source.line("case .bool(let value): try container.encode(value)")
                    source.line("case .integer(let value): try container.encode(value)")
                    source.line("case .number(let value): try container.encode(value)")
                    source.line("case .string(let value): try container.encode(value)")
                    source.line("case .array(let value): try container.encode(value)")
                    source.line("case .object(let value): try container.encode(value)")
                    source.line("}")
                }
            }
        }
    }
}
