/// Writes the Swift source of generated endpoints and their failure enums.
struct EndpointWriter {
    /// `public ` or nothing (internal).
    let access: String

    /// The source file of one endpoint.
    func file(_ endpoint: EndpointDeclaration) -> String {
        var source = SourceText()
        for line in SwiftNames.lintDirectives(declaring: endpoint.properties.map(\.name)) {
            source.line(line)
        }
        source.line("import Courier")
        source.line("import Foundation")
        source.line()
        source.doc(endpoint.documentation)
        source.block("\(access)struct \(endpoint.name): CatalogEndpoint, Equatable") { source in
            source.doc(["What a success decodes as."])
            source.line("\(access)typealias Success = \(endpoint.success)")
            switch endpoint.failure {
            case .none:
                source.doc(["The operation documents no failure body."])
                source.line("\(access)typealias Failure = Never")
            case .model(let model, let statuses):
                source.doc(["What a documented failure decodes as."])
                source.line("\(access)typealias Failure = \(model)")
                if let statuses {
                    source.doc(["The failure statuses the document lists."])
                    source.line(
                        "\(access)static let failureStatuses: [HTTPStatus]? = ["
                            + statuses.map(String.init).joined(separator: ", ") + "]")
                }
            case .documented(let failure):
                source.doc(["What a documented failure decodes as, by status."])
                source.line("\(access)typealias Failure = \(failure.name)")
            }
            let operation = endpoint.operationDocumentation
            if !operation.isEmpty {
                // One statement a field, so that no layout depends on the texts' lengths.
                source.line()
                source.doc(["What the document says of the operation beyond its shape."])
                source.block("\(access)static var documentation: EndpointDocumentation") { source in
                    source.line("var documentation = EndpointDocumentation()")
                    if let summary = operation.summary {
                        source.line("documentation.summary = \(ModelBuilder.stringLiteral(summary))")
                    }
                    if let details = operation.details {
                        source.line("documentation.details = \(ModelBuilder.stringLiteral(details))")
                    }
                    for tag in operation.tags {
                        source.line("documentation.tags.append(\(ModelBuilder.stringLiteral(tag)))")
                    }
                    if operation.isDeprecated { source.line("documentation.isDeprecated = true") }
                    source.line("return documentation")
                }
            }
            for property in endpoint.properties {
                source.line()
                source.doc(
                    property.documentation.isEmpty ? ["The \(property.name) value."] : property.documentation)
                source.line(
                    "\(access)var \(SwiftNames.declared(property.name)): \(property.type)\(property.isOptional ? "?" : "")"
                )
            }
            if endpoint.properties.contains(where: { $0.codingKey != nil }) {
                source.line()
                source.block("enum CodingKeys: String, CodingKey") { source in
                    for property in endpoint.properties {
                        let name = SwiftNames.declared(property.name)
                        source.line(
                            property.codingKey.map { "case \(name) = \(ModelBuilder.stringLiteral($0))" }
                                ?? "case \(name)")
                    }
                }
            }
            source.line()
            source.doc(["Creates the request."])
            let arguments = endpoint.properties.map { property in
                "\(SwiftNames.declared(property.name)): \(property.type)\(property.isOptional ? "?" : "")"
                    + (property.defaultValue.map { " = \($0)" } ?? "")
            }
            source.block("\(access)init(\(arguments.joined(separator: ", ")))") { source in
                for property in endpoint.properties {
                    source.line("self.\(property.name) = \(SwiftNames.declared(property.name))")
                }
            }
            source.line()
            source.doc(["The request's components."])
            source.block("\(access)var definition: some EndpointDefinition") { source in
                for component in endpoint.components {
                    source.line(component)
                }
            }
        }
        let constrained = endpoint.properties.filter { !$0.constraints.isEmpty }
        if !constrained.isEmpty {
            source.line()
            source.block("extension \(endpoint.name): SchemaConstrained") { source in
                source.doc(["The limits the document sets on the parameters."])
                source.line("\(access)static let schemaConstraints: [String: SchemaConstraint] = [")
                for property in constrained {
                    source.line(
                        "    \(ModelBuilder.stringLiteral(property.codingKey ?? property.name)): "
                            + "\(ModelWriter.constraint(property.constraints)),")
                }
                source.line("]")
            }
        }
        return source.text
    }

    /// The source file of an endpoint's `DocumentedErrors` enum.
    func file(_ failure: EndpointDeclaration.DocumentedFailure, of endpoint: String) -> String {
        var source = SourceText()
        source.line("import Courier")
        source.line("import Foundation")
        source.line()
        source.doc(["The documented failures of ``\(endpoint)``, by status."])
        source.block("\(access)enum \(failure.name): DocumentedErrors, Equatable") { source in
            for item in failure.cases {
                let statuses = Self.statusText(item.statuses)
                source.doc(
                    item.documentation.isEmpty
                        ? ["\(statuses)."]
                        : ["\(statuses): \(item.documentation[0])"]
                            + item.documentation.dropFirst())
                source.line("case \(SwiftNames.declared(item.name))(\(item.model))")
            }
            source.line()
            source.doc(["Which statuses carry which model; the first that matches counts."])
            source.line("\(access)static let documentedStatuses: [DocumentedStatus<\(failure.name)>] = [")
            for item in failure.cases {
                let reference = "\(failure.name).\(SwiftNames.referenced(item.name))"
                if item.statuses.count == 1 {
                    source.line("    .status(\(item.statuses.lowerBound), \(item.model).self, \(reference)),")
                } else {
                    source.line(
                        "    .statuses(\(item.statuses.lowerBound)...\(item.statuses.upperBound), \(item.model).self, \(reference)),"
                    )
                }
            }
            source.line("]")
        }
        return source.text
    }

    static func statusText(_ statuses: ClosedRange<Int>) -> String {
        if statuses.count == 1 { return String(statuses.lowerBound) }
        if statuses == 400...599 { return "Any other failure status" }
        return "\(statuses.lowerBound / 100)XX"
    }
}
