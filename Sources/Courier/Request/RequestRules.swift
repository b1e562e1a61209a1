/// The checks every request value passes, shared by building and by later modification.
enum RequestRules {
    static func validate(header field: HeaderField) throws(CourierError) {
        if field.name.isFraming {
            throw CourierError(
                stage: .building, kind: .reservedHeader,
                message:
                    "The header '\(field.name)' frames the message; Courier sets it from the body and transport."
            )
        }
        guard field.hasValidValue else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderValue,
                message:
                    "The value of header '\(field.name)' contains a control character (CR, LF, NUL or similar)."
            )
        }
        if let end = field.whitespaceEnd {
            throw CourierError(
                stage: .building, kind: .invalidHeaderValue,
                message:
                    "The value of header '\(field.name)' \(end) with a space or tab, which receivers strip "
                    + "(RFC 9110 §5.5), so it would not arrive as declared; trim the value."
            )
        }
    }

    static func headerName(_ name: String) throws(CourierError) -> HeaderName {
        guard let headerName = HeaderName(validating: name) else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderName,
                message: "The header name \(name.debugDescription) is not a valid RFC 9110 token."
            )
        }
        return headerName
    }

    /// Rejects a query item without a name, which a server cannot read back.
    static func validate(queryItem item: QueryItem) throws(CourierError) {
        guard !item.name.isEmpty else {
            throw CourierError(
                stage: .building, kind: .invalidQueryName,
                message: "A query parameter needs a name; this one has only the value.")
        }
    }

    static func validate(pathSegment segment: String) throws(CourierError) {
        if segment.isEmpty {
            throw CourierError(
                stage: .building, kind: .invalidPathSegment,
                message: "A path segment is empty; an empty value would address a different resource."
            )
        }
        // A dot segment, plain or percent-encoded (`%2E%2e`, `.%2E`), is at most six bytes long and
        // starts with `.` or `%`; without a `%`, a segment decodes to itself. Anything else, a
        // byte-order mark before the dots included, is sent `%` encoded and cannot climb.
        guard segment.utf8.count <= 6, let first = segment.utf8.first,
            first == UInt8(ascii: ".") || first == UInt8(ascii: "%")
        else { return }
        let decoded =
            segment.utf8.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(segment) ?? segment : segment
        if segment == "." || segment == ".." || decoded == "." || decoded == ".." {
            throw CourierError(
                stage: .building, kind: .invalidPathSegment,
                message:
                    "The path segment \(segment.debugDescription) is a dot segment, which could climb out of the path."
            )
        }
    }
}
