import Foundation

/// A request declared as a type: stored properties are its parameters, `definition` its shape.
///
/// ```swift
/// struct CreateTodo: RequestModel {
///     typealias Success = Todo
///     typealias Failure = APIError
///
///     let title: String
///
///     var definition: some EndpointDefinition {
///         Method.post
///         Path("todos")
///         Body.json(["title": title])
///     }
/// }
///
/// let todo = try await client.value(CreateTodo(title: "Write docs"))
/// ```
public protocol RequestModel: EndpointRepresentable {
    /// The declared components, usually written as `some EndpointDefinition`.
    associatedtype Definition: EndpointDefinition
    /// The request's components: exactly one ``Method``, plus paths, queries, headers and a body.
    @EndpointBuilder var definition: Definition { get }
    /// The decoder for this request's JSON responses; `nil` (the default) uses the client's.
    var decoder: JSONDecoder? { get }
}

extension RequestModel {
    /// Uses the client's decoder.
    public var decoder: JSONDecoder? { nil }

    /// The endpoint built from ``definition``.
    public var endpoint: Endpoint<Success, Failure> {
        Endpoint(parts: definition.endpointParts.parts, decoder: decoder)
    }
}
