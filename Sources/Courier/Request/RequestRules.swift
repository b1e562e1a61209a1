/// The checks every request value passes, shared by building and by later modification.
enum RequestRules {
    static func validate(header field: HeaderField) throws(CourierError) {
        if field.name.isFraming {
            throw CourierError(
                stage: .building, kind: .reservedHeader,
                message:
                    "The header '\(field.name)' frames the message or manages its connection; Courier sets it "
                    + "from the body and transport."
            )
        }
        if field.name == .proxyAuthorization {
            throw CourierError(
                stage: .building, kind: .reservedHeader,
                message:
                    "The header '\(field.name)' holds a proxy's credentials, and a request's header fields "
                    + "reach the server (through a proxy's tunnel too); give them to the transport's proxy "
                    + "settings instead (AsyncHTTPClientTransport.Proxy, or the proxy URL URLSession reads)."
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

    /// Adds `field` (validated) after `headers`: a `Cookie` field joins the one there, with `; `
    /// (RFC 6265 §5.4: one `Cookie` field), and a second field of a name a request carries once
    /// (``HeaderName/isSingleInRequests``) is refused.
    static func add(_ field: HeaderField, to headers: inout HeaderFields) throws(CourierError) {
        try validate(header: field)
        guard headers.contains(field.name) else { return headers.append(field) }
        if field.name == .cookie, let existing = headers[.cookie] {
            let isSecret = field.isSecret || headers.contains { $0.name == .cookie && $0.isSecret }
            return headers.set(
                HeaderField(name: .cookie, value: existing + "; " + field.value, isSecret: isSecret))
        }
        guard !field.name.isSingleInRequests else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderValue,
                message:
                    "The header '\(field.name)' is given twice; its value is not a list, so a request carries "
                    + "one (RFC 9110 §5.3). Give it once, or replace it (settingHeader in a middleware).")
        }
        headers.append(field)
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

    /// Rejects a client default's query item without a name: a default goes on every request,
    /// so an empty name is taken for a mistake (an endpoint may declare one on purpose).
    static func validate(queryItem item: QueryItem) throws(CourierError) {
        guard !item.name.isEmpty else {
            throw CourierError(
                stage: .building, kind: .invalidQueryName,
                message: "A query parameter needs a name; this one has only the value.")
        }
    }

    /// Whether `segment` is a dot segment, plain or percent-encoded (`%2E%2e`, `.%2E`): at most
    /// six bytes long and starting with `.` or `%`; without a `%`, a segment decodes to itself.
    /// Anything else, a byte-order mark before the dots included, is sent `%` encoded and cannot
    /// climb.
    static func isDotSegment(_ segment: String) -> Bool {
        guard segment.utf8.count <= 6, let first = segment.utf8.first,
            first == UInt8(ascii: ".") || first == UInt8(ascii: "%")
        else { return false }
        let decoded =
            segment.utf8.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(segment) ?? segment : segment
        return segment == "." || segment == ".." || decoded == "." || decoded == ".."
    }

    /// `path` (percent-encoded, from `/`) with its dot segments resolved as RFC 3986 §5.2.4
    /// resolves them, a percent-encoded dot read as a dot: `/a/../b/./c` is `/b/c`.
    static func removingDotSegments(from path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.contains(where: { isDotSegment(String($0)) }) else { return path }
        var output: [Substring] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            guard isDotSegment(String(segment)) else {
                output.append(segment)
                continue
            }
            if segment != ".", PercentEncoding.decode(String(segment)) != ".", output.count > 1 {
                output.removeLast()
            }
            if isLast { output.append("") }
        }
        return output.joined(separator: "/")
    }

    static func validate(pathSegment segment: String) throws(CourierError) {
        if segment.isEmpty {
            throw CourierError(
                stage: .building, kind: .invalidPathSegment,
                message: "A path segment is empty; an empty value would address a different resource."
            )
        }
        if isDotSegment(segment) {
            throw CourierError(
                stage: .building, kind: .invalidPathSegment,
                message:
                    "The path segment \(segment.debugDescription) is a dot segment, which could climb out of the path."
            )
        }
    }
}
