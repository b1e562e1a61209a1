/// Which responses an endpoint or client accepts: status codes and body content types.
///
/// Written in an endpoint's block, it replaces the ``ValidationMiddleware``'s rule for that
/// endpoint; it does not add to it. It holds even on a client without a ``ValidationMiddleware``:
/// the client then checks it itself.
///
/// ```swift
/// Method(.get)
/// Path("report")
/// ResponseValidation(statuses: [200...299, 404...404], contentTypes: [.json, .problemJSON])
/// ```
///
/// How statuses and content types match: <doc:UsingMiddleware#Validate-responses>.
public struct ResponseValidation: Sendable, Hashable {
    /// The accepted status ranges.
    public let statuses: [ClosedRange<HTTPStatus>]
    /// The accepted content types of a non-empty body; empty accepts any.
    public let contentTypes: [MediaType]

    /// Creates a validation.
    ///
    /// - Parameters:
    ///   - statuses: The accepted status ranges; 2xx by default.
    ///   - contentTypes: The accepted content types of a non-empty body; any by default.
    public init(statuses: [ClosedRange<HTTPStatus>] = [200...299], contentTypes: [MediaType] = []) {
        self.statuses = statuses
        self.contentTypes = contentTypes
    }

    /// Whether `status` lies in one of the accepted ranges.
    public func accepts(status: HTTPStatus) -> Bool {
        statuses.contains { $0.contains(status) }
    }

    /// Whether a body of type `contentType` (or no declared type, `nil`) is accepted.
    public func accepts(contentType: MediaType?) -> Bool {
        guard !contentTypes.isEmpty else { return true }
        guard let contentType else { return false }
        let candidate = contentType.essence
        return contentTypes.contains { Self.accepts($0.essence, candidate: candidate) }
    }

    /// Whether a body whose essence is `candidate` matches the accepted essence `accepted`: `*`
    /// or the same type, and `*`, the same subtype, or the candidate's structured suffix (`json`
    /// of `problem+json`).
    private static func accepts(_ accepted: String, candidate: String) -> Bool {
        let (candidateType, candidateSubtype) = split(candidate)
        let candidateSuffix = candidateSubtype.lastIndex(of: "+").map { candidateSubtype[$0...].dropFirst() }
        let (type, subtype) = split(accepted)
        guard type == "*" || type == candidateType else { return false }
        return subtype == "*" || subtype == candidateSubtype || subtype == candidateSuffix
    }

    private static func split(_ essence: String) -> (Substring, Substring) {
        let pieces = essence.split(separator: "/", maxSplits: 1)
        return (pieces.first ?? "", pieces.count > 1 ? pieces[1] : "")
    }
}

extension ResponseValidation: EndpointComponent {
    /// The component as request parts: this endpoint's responses are validated with these rules
    /// instead of the client's.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(.validation(self))
    }
}
