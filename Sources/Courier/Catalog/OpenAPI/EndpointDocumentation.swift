/// What a catalog's OpenAPI document says of an endpoint beyond its shape: a summary, a longer
/// description, the tags that group it, and whether it is deprecated.
///
/// Declare it on a ``CatalogEndpoint``; an endpoint without one is summarised by its method and
/// path template (`GET /todos/{id}`):
///
/// ```swift
/// struct ListTodos: CatalogEndpoint {
///     typealias Success = [Todo]
///     typealias Failure = APIError
///
///     static let documentation = EndpointDocumentation(
///         summary: "Lists the todos",
///         details: "Newest first, `per_page` at a time.",
///         tags: ["Todos"])
///
///     var definition: some EndpointDefinition {
///         Method.get
///         Path("todos")
///     }
/// }
/// ```
///
/// It changes nothing that is sent or matched: a deprecated endpoint is still sent and answered.
public struct EndpointDocumentation: Sendable, Hashable {
    /// A short summary of what the endpoint does, the operation's `summary`; `nil` or empty for
    /// its method and path template.
    public var summary: String?
    /// A longer description, the operation's `description` (CommonMark); none when empty.
    public var details: String?
    /// The tags that group the endpoint with others (`Todos`), in order: the operation's `tags`
    /// (a repeated tag counts once, an empty one not at all), which the document also lists at
    /// its top level.
    public var tags: [String]
    /// Whether clients should stop using the endpoint: the operation's `deprecated`.
    public var isDeprecated: Bool

    /// Documents an endpoint.
    ///
    /// - Parameters:
    ///   - summary: A short summary; `nil` for the endpoint's method and path template.
    ///   - details: A longer description, in CommonMark.
    ///   - tags: The tags that group it; a repeated tag counts once.
    ///   - isDeprecated: Whether clients should stop using it.
    public init(
        summary: String? = nil, details: String? = nil, tags: [String] = [], isDeprecated: Bool = false
    ) {
        self.summary = summary
        self.details = details
        self.tags = tags
        self.isDeprecated = isDeprecated
    }
}

extension EndpointDocumentation {
    /// ``tags`` as the document lists them: each once, in order, without empty ones.
    var listedTags: [String] {
        var listed: [String] = []
        for tag in tags where !tag.isEmpty && !listed.contains(tag) { listed.append(tag) }
        return listed
    }
}
