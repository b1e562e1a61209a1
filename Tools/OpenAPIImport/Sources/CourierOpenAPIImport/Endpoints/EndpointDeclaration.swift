/// A generated `CatalogEndpoint`: its properties, the lines of its definition, and its
/// success and failure types.
struct EndpointDeclaration: Hashable, Sendable {
    /// A stored property, and an argument of the initializer.
    struct Property: Hashable, Sendable {
        var name: String
        /// The type as Swift spells it, without the `?` of an optional.
        var type: String
        var isOptional: Bool
        /// The initializer's default for the argument, as Swift source (`nil`, `[]`), if any.
        var defaultValue: String?
        var documentation: [String]
        /// The coding key's string when it is not the property's name (a path parameter keeps
        /// the document's name).
        var codingKey: String?
        /// ``SchemaConstraint`` source, if the value has limits.
        var constraints: [String]
    }

    /// How the endpoint's `Failure` is declared.
    enum Failure: Hashable, Sendable {
        /// `Never`: the operation documents no failure body.
        case none
        /// One model for the listed statuses (`nil`: every failure status).
        case model(String, statuses: [Int]?)
        /// An enum with a case per documented status or range.
        case documented(DocumentedFailure)
    }

    /// A `DocumentedErrors` enum.
    struct DocumentedFailure: Hashable, Sendable {
        struct Case: Hashable, Sendable {
            var name: String
            var model: String
            var statuses: ClosedRange<Int>
            var documentation: [String]
        }
        var name: String
        var cases: [Case]
    }

    /// What the document says of the operation beyond its shape, which the endpoint's
    /// `EndpointDocumentation` carries back into an export.
    struct OperationDocumentation: Hashable, Sendable {
        var summary: String?
        var details: String?
        var tags: [String] = []
        var isDeprecated = false

        /// Whether it says nothing, so the endpoint needs no `documentation`.
        var isEmpty: Bool { summary == nil && details == nil && tags.isEmpty && !isDeprecated }
    }

    var name: String
    var documentation: [String]
    var operationDocumentation = OperationDocumentation()
    var properties: [Property]
    /// The lines of `definition`, each one component.
    var components: [String]
    var success: String
    var failure: Failure
    /// Whether the catalog's OpenAPI 3.1 export lists the endpoint: not when its method has no
    /// field there (3.2's `query` and `additionalOperations`).
    var isExported = true

    /// The type names the endpoint's properties, success and failure use.
    var usedTypes: [String] {
        var types = [success] + properties.map(\.type)
        switch failure {
        case .none: break
        case .model(let model, _): types.append(model)
        case .documented(let failure): types += failure.cases.map(\.model)
        }
        return types
    }
}
