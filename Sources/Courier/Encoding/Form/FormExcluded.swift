/// Keeps a stored property out of the query or form that ``FormEncoding`` writes, while JSON and
/// other encoders still see it: for a request model whose identifier feeds the path.
///
/// ```swift
/// struct ListComments: RequestModel, Encodable {
///     typealias Success = [Comment]
///     typealias Failure = APIError
///
///     @FormExcluded var postID: Int
///     var page: Int
///     var perPage: Int
///
///     var definition: some EndpointDefinition {
///         Method.get
///         Path("posts", postID, "comments")
///         Query(fieldsOf: self)   // page=…&perPage=…, no postID
///     }
/// }
/// ```
@propertyWrapper
public struct FormExcluded<Value> {
    /// The property's value.
    public var wrappedValue: Value

    /// Wraps a value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Recognised by the form encoder, whatever the wrapped type.
protocol FormExcludedMarker {}

extension FormExcluded: FormExcludedMarker {}
extension FormExcluded: Sendable where Value: Sendable {}
extension FormExcluded: Equatable where Value: Equatable {}
extension FormExcluded: Hashable where Value: Hashable {}

extension FormExcluded: Encodable where Value: Encodable {
    /// Encodes the wrapped value, as if there were no wrapper; the form encoder skips it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension FormExcluded: Decodable where Value: Decodable {
    /// Decodes the wrapped value.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }
}
