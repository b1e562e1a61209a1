import Foundation

extension Header {
    /// `If-Match`: change the resource only while its current entity tag is one of `tags`, so a
    /// write never overwrites a version the caller did not read (RFC 9110 §13.1.1).
    ///
    /// ```swift
    /// let current = try await client.send(API.document(id))
    /// guard let tag = current.entityTag else { return }
    /// // in the update endpoint's block:
    /// Method(.put)
    /// Header.ifMatch(tag)
    /// ```
    ///
    /// A server that finds another version answers `412`, thrown as
    /// ``CourierError/Kind/preconditionFailed`` unless the endpoint documents it. `If-Match`
    /// compares strongly, so a weak tag could never match: an empty list or a weak tag is
    /// rejected when the request is built, as ``CourierError/Kind/invalidHeaderValue``.
    public static func ifMatch(_ tags: EntityTag...) -> Header {
        if tags.isEmpty {
            return Header(rejecting: "Header 'If-Match' lists no entity tag; use Header.ifMatchAny for '*'.")
        }
        if let weak = tags.first(where: \.isWeak) {
            return Header(
                rejecting: "Header 'If-Match' compares entity tags strongly, so the weak tag \(weak) "
                    + "never matches; use the resource's strong tag, or If-Unmodified-Since with its date.")
        }
        return Header(.ifMatch, tags.map(\.description).joined(separator: ", "))
    }

    /// `If-Match: *`: change the resource only if it exists.
    public static var ifMatchAny: Header { Header(.ifMatch, "*") }

    /// `If-None-Match`: on a `GET` or `HEAD`, answer `304 Not Modified` while the current entity
    /// tag is one of `tags` (thrown as ``CourierError/Kind/notModified`` unless the endpoint
    /// documents it); on a write, change the resource only while it is none of them (tags compare
    /// weakly). An empty list is rejected when the request is built.
    public static func ifNoneMatch(_ tags: EntityTag...) -> Header {
        if tags.isEmpty {
            return Header(
                rejecting: "Header 'If-None-Match' lists no entity tag; use Header.ifNoneMatchAny for '*'.")
        }
        return Header(.ifNoneMatch, tags.map(\.description).joined(separator: ", "))
    }

    /// `If-None-Match: *`: create the resource only if it does not exist yet, so two writers
    /// never both create it (RFC 9110 §13.1.2).
    public static var ifNoneMatchAny: Header { Header(.ifNoneMatch, "*") }

    /// `If-Unmodified-Since`: change the resource only if it was not modified after `date`, for a
    /// resource without entity tags (RFC 9110 §13.1.4). Sent to the second, as an HTTP date.
    public static func ifUnmodifiedSince(_ date: Date) -> Header {
        Header(.ifUnmodifiedSince, HTTPDate.format(date))
    }

    /// `If-Modified-Since`: on a `GET` or `HEAD`, answer `304 Not Modified` unless the resource
    /// was modified after `date` (RFC 9110 §13.1.3). Sent to the second, as an HTTP date.
    public static func ifModifiedSince(_ date: Date) -> Header {
        Header(.ifModifiedSince, HTTPDate.format(date))
    }
}
