import Foundation

extension RawResponse {
    /// The response's `ETag`, or `nil` when it has none or it is not an entity tag.
    public var entityTag: EntityTag? {
        headers[HeaderName.etag].flatMap { EntityTag($0) }
    }

    /// The response's `Last-Modified` date, or `nil` when it has none or it is not an HTTP date.
    public var lastModified: Date? {
        headers[HeaderName.lastModified].flatMap(HTTPDate.parse)
    }
}
