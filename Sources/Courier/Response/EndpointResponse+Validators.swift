import Foundation

extension EndpointResponse {
    /// The response's `ETag`, to send back in ``Header/ifMatch(_:)`` when changing the resource,
    /// or `nil` when it has none or it is not an entity tag.
    public var entityTag: EntityTag? {
        headers[HeaderName.etag].flatMap { EntityTag($0) }
    }

    /// The response's `Last-Modified` date, for ``Header/ifUnmodifiedSince(_:)``, or `nil` when it
    /// has none or it is not an HTTP date.
    public var lastModified: Date? {
        headers[HeaderName.lastModified].flatMap(HTTPDate.parse)
    }
}
