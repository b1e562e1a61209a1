/// Declares path segments inside an endpoint block; every argument is exactly one segment.
///
/// ```swift
/// Path("users", userID, "posts")   // /users/42/posts
/// Path("files", "a/b")             // /files/a%2Fb  (a value never splits)
/// ```
///
/// Segments are percent-encoded by Courier (everything outside RFC 3986 unreserved), so a value
/// can never add segments, change the host or escape the base path. `.` and `..` (also
/// percent-encoded) are rejected when the request is built.
public struct Path: EndpointComponent {
    let segments: [String]

    /// Declares one segment per argument.
    public init<each Value: ParameterValue>(_ segments: repeat each Value) {
        var texts: [String] = []
        for segment in repeat each segments {
            texts.append(segment.parameterText)
        }
        self.segments = texts
    }

    /// Declares one segment per element of an array.
    public init(segments: [any ParameterValue]) {
        self.segments = segments.map(\.parameterText)
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(.path(segments))
    }
}
