import Foundation

/// Which header and query values a ``LoggingMiddleware`` hides, in addition to those it always hides.
///
/// Credential headers, headers and query items declared secret, and query, form and JSON values
/// under names such as `password` or `token` (``QueryItem/isSensitiveByDefault(name:)``) are always
/// hidden; a redaction names more. A hidden value reads `<redacted>`. Errors, cURL renderings and
/// descriptions follow the same rule with no names added.
///
/// ```swift
/// let redaction = LogRedaction(headers: [HeaderName("X-Tenant")], queryItems: ["sig", "code"])
/// let logging = LoggingMiddleware(level: .debug, redaction: redaction)
/// ```
///
/// Everything that is always hidden: <doc:UsingMiddleware#Log-requests-and-responses>.
public struct LogRedaction: Sendable, Hashable {
    /// More header names whose values are hidden, in requests and responses.
    public var headers: Set<HeaderName>
    /// More query parameter names (and form body field names) whose values are hidden, compared
    /// case-insensitively.
    public var queryItems: Set<String>

    /// Creates a redaction.
    ///
    /// - Parameters:
    ///   - headers: More header names whose values are hidden.
    ///   - queryItems: More query parameter and form field names whose values are hidden.
    public init(headers: Set<HeaderName> = [], queryItems: Set<String> = []) {
        self.headers = headers
        self.queryItems = queryItems
    }
}

extension LogRedaction {
    /// Whether a header's value is hidden.
    func hides(_ field: HeaderField) -> Bool {
        field.isSensitive || headers.contains(field.name)
    }

    /// Whether a query parameter's or form field's value is hidden, by its name.
    func hidesQueryItem(named name: String) -> Bool {
        if QueryItem.isSensitiveByDefault(name: name) { return true }
        guard !queryItems.isEmpty else { return false }
        let lowered = name.lowercased()
        return queryItems.contains { $0.lowercased() == lowered }
    }

    /// Whether a query parameter's value is hidden: marked secret, or hidden by its name.
    func hides(_ item: QueryItem) -> Bool {
        item.isSecret || hidesQueryItem(named: item.name)
    }

    /// The names of `request`'s query items marked secret, which a URL's text cannot tell.
    package static func secretQueryNames(of request: EndpointRequest) -> Set<String> {
        Set(request.query.filter(\.isSecret).map(\.name))
    }

    /// The fields as `Name: value` lines, hidden values as `<redacted>`.
    func lines(of headers: HeaderFields) -> [String] {
        headers.map { field in
            // A URL-valued field shows no user name or password.
            let value =
                field.name == .location || field.name == .contentLocation
                ? Self.hidingUserInfo(in: field.value) : field.value
            return HeaderField(name: field.name, value: value, isSecret: hides(field)).description
        }
    }

    /// A URL with the values of hidden query parameters, and any user name and password, replaced
    /// by `<redacted>`, as logs show it.
    ///
    /// ```swift
    /// let redaction = LogRedaction(queryItems: ["sig"])
    /// let shown = redaction.url("https://cdn.example.com/a.png?sig=abc123&size=2")
    /// // "https://cdn.example.com/a.png?sig=<redacted>&size=2"
    /// ```
    public func url(_ text: String) -> String {
        url(text, alsoHiding: [])
    }

    /// ``url(_:)``, also hiding the values of parameters named in `names` (unencoded, exact).
    func url(_ text: String, alsoHiding names: Set<String>) -> String {
        let text = Self.hidingUserInfo(in: text)
        // Found by byte: `?` and `#` are ASCII, and a URL's text is ASCII.
        guard let question = text.utf8.firstIndex(of: UInt8(ascii: "?")) else { return text }
        let fragment = text.utf8[question...].firstIndex(of: UInt8(ascii: "#")) ?? text.endIndex
        let query = text[text.index(after: question)..<fragment]
        return String(text[...question]) + self.query(query, alsoHiding: names) + String(text[fragment...])
    }

    /// `text` with the user name and password of its authority (`user:password@`) replaced by
    /// `<redacted>`.
    static func hidingUserInfo(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "@")), let scheme = text.range(of: "://"),
            !text[..<scheme.lowerBound].contains(where: { "/?#".contains($0) })
        else { return text }
        let authorityEnd = text[scheme.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + "<redacted>" + String(text[at...])
    }

    /// The URL `request` resolves to against `baseURL`, as logs and spans show it: the values of
    /// hidden query parameters, and every secret header or query value of the request echoed
    /// elsewhere in the URL (a path segment, another parameter), replaced by `<redacted>`.
    ///
    /// ```swift
    /// let shown = LogRedaction().url(of: request, baseURL: BaseURL("api.example.com"))
    /// // "https://api.example.com/todos/7?api_key=<redacted>"
    /// ```
    public func url(of request: EndpointRequest, baseURL: BaseURL) -> String {
        url(
            ofResolved: Self.resolvedText(of: request, baseURL: baseURL), for: request,
            hiding: secrets(of: request))
    }

    /// `text` with every secret value of `request` (secret header values, the credential after
    /// a scheme such as `Bearer`, hidden query and path values, unencoded and percent-encoded)
    /// replaced by `<redacted>`, wherever it appears; values shorter than four characters are
    /// left as they are, except in the request's own path and query.
    ///
    /// Wherever the request's path stands whole, percent-encoded as sent or decoded (in its URL,
    /// or alone), its secret path values read `<redacted>` by their place, however short; and
    /// wherever its query stands whole, its hidden query values do.
    ///
    /// For text that may echo the request, such as an error's message:
    ///
    /// ```swift
    /// let message = LogRedaction().redacting(error.message, for: request)
    /// ```
    public func redacting(_ text: String, for request: EndpointRequest) -> String {
        let text = hidingOwnTarget(of: request, in: text)
        let secrets = secrets(of: request)
        return secrets.isEmpty ? text : Self.scrub(text, hiding: secrets)
    }

    /// `text` with each whole occurrence of `request`'s path, percent-encoded or decoded, shown
    /// with its secret path values as `<redacted>`, and of its query with its hidden values as
    /// `<redacted>`. An occurrence is whole when no path or query character follows it, so
    /// `/a/b` is not read in `/a/bc`.
    private func hidingOwnTarget(of request: EndpointRequest, in text: String) -> String {
        var text = text
        if request.secretPath != nil {
            let encoded = request.percentEncodedPath
            text = Self.replacingWhole(
                encoded, with: request.hidingPathSecrets { $0.percentEncodedPath }, in: text)
            let decoded = "/" + request.pathSegments.joined(separator: "/")
            if decoded != encoded {
                text = Self.replacingWhole(
                    decoded, with: "/" + request.shownPathSegments.joined(separator: "/"), in: text)
            }
        }
        if let query = request.percentEncodedQuery {
            let hidden = self.query(Substring(query), alsoHiding: Self.secretQueryNames(of: request))
            if hidden != query { text = Self.replacingWhole("?" + query, with: "?" + hidden, in: text) }
        }
        return text
    }

    /// `text` with each occurrence of `target` that the text does not go on from replaced by
    /// `replacement`: one followed by a letter, digit, `%` or `/`, or by `-`, `.`, `_` or `~` and
    /// then one of those, is part of a longer path (`/a/b.json`, not the `/a/b` that ends a
    /// sentence).
    private static func replacingWhole(_ target: String, with replacement: String, in text: String) -> String
    {
        func goesOn(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || "%/".contains($0) } ?? false
        }
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: target) {
            let after = rest[range.upperBound...]
            let joins = after.first.map { "-._~".contains($0) } ?? false
            let isWhole = !goesOn(after.first) && !(joins && goesOn(after.dropFirst().first))
            let end = isWhole ? range.upperBound : rest.index(after: range.lowerBound)
            result += rest[..<range.lowerBound]
            result += isWhole ? replacement : String(rest[range.lowerBound..<end])
            rest = rest[end...]
        }
        return result + rest
    }

    /// The text `request` resolves to against `baseURL`, its secret path values as `<redacted>`
    /// and nothing else hidden yet.
    static func resolvedText(of request: EndpointRequest, baseURL: BaseURL) -> String {
        request.hidingPathSecrets { request in
            baseURL.absoluteString(for: request) ?? "\(baseURL)\(request.percentEncodedTarget)"
        }
    }

    /// `url`, a URL's text or a path, with each path segment that holds one of `secrets` (read
    /// percent-decoded, however the URL spells it) shown with the secret as `<redacted>`, and
    /// each secret of four characters or more hidden wherever else it stands as it is or
    /// percent-encoded (a redirect's `?next=`): for a URL whose path is not the request's own.
    static func hidingPathSecretTexts(_ secrets: [String], in url: String) -> String {
        let secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        guard !secrets.isEmpty else { return url }
        var start = url.startIndex
        if let scheme = url.range(of: "://") {
            start = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
        }
        let end = url[start...].firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let segments = url[start..<end].split(separator: "/", omittingEmptySubsequences: false).map {
            segment in
            let decoded = segment.removingPercentEncoding ?? String(segment)
            guard secrets.contains(where: decoded.contains) else { return String(segment) }
            let marked = secrets.reduce(decoded) { text, secret in
                text.replacingOccurrences(of: secret, with: String(PathLiteral.secretMark))
            }
            return showingSecretMarks(in: PercentEncoding.encode(marked))
        }
        let hidden = String(url[..<start]) + segments.joined(separator: "/") + String(url[end...])
        return scrub(hidden, hiding: longestFirst(secrets + secrets.map(PercentEncoding.encode)))
    }

    /// `text`, a URL or path rendered from ``EndpointRequest/redactedPathSegments``, with each
    /// ``PathLiteral/secretMark`` as `<redacted>`.
    static func showingSecretMarks(in text: String) -> String {
        text.replacingOccurrences(
            of: PercentEncoding.encode(String(PathLiteral.secretMark)), with: "<redacted>")
    }

    /// The URL text `resolved` as ``url(of:baseURL:)`` shows `request`'s: its hidden query values
    /// and the request's `secrets` replaced by `<redacted>`.
    func url(ofResolved resolved: String, for request: EndpointRequest, hiding secrets: [String]) -> String {
        let url = self.url(resolved, alsoHiding: Self.secretQueryNames(of: request))
        return secrets.isEmpty ? url : Self.scrub(url, hiding: secrets)
    }

    /// A query string or form body (`a=1&b=2`, percent-encoded) with hidden values replaced.
    func query(_ text: Substring, alsoHiding names: Set<String> = []) -> String {
        QueryText.pairs(of: text).map { pair in
            guard pair.value != nil,
                QueryText.readings(of: pair.name).contains(where: {
                    names.contains($0) || hidesQueryItem(named: $0)
                })
            else { return String(pair.text) }
            return pair.name + "=<redacted>"
        }
        .joined(separator: "&")
    }

    /// The hidden values of `request`, as they could reappear anywhere in a log line: secret
    /// header values (and the credential after a scheme such as `Bearer`), hidden query values and
    /// secret path values, unencoded and percent-encoded. Values shorter than four characters are
    /// left out.
    func secrets(of request: EndpointRequest) -> [String] {
        let ownQuery = hiddenValues(ofQuery: request.absoluteTarget?.percentEncodedQuery)
        guard
            !ownQuery.isEmpty || !request.pathSecrets.isEmpty || request.headers.contains(where: hides)
                || request.query.contains(where: hides)
        else { return [] }
        let marked = HeaderFields(
            request.headers.map { HeaderField(name: $0.name, value: $0.value, isSecret: hides($0)) })
        let queryValues = request.query.filter(hides).flatMap { item in
            [item.value, PercentEncoding.encode(item.value)]
        }
        let pathValues = request.pathSecrets.flatMap { [$0, PercentEncoding.encode($0)] }
        return Self.longestFirst(Self.sensitiveValues(of: marked) + queryValues + ownQuery + pathValues)
    }

    /// The secret values of one hop as it was sent: its sensitive header values (a cookie jar's
    /// `Cookie` too) and the hidden values of its URL's query (a redirect's target's too).
    func secrets(ofHop hop: TransportRequest) -> [String] {
        secrets(ofHeaders: hop.headers, url: hop.url)
    }

    /// The secret values of a hop sent with `headers` to `url`, as ``secrets(ofHop:)`` reads them,
    /// and the values of the items of `query` it hides (marked secret, which `url` cannot tell).
    func secrets(ofHeaders headers: HeaderFields, url: URL, query: [QueryItem] = []) -> [String] {
        let text = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        let itemValues = query.filter(hides).flatMap { [$0.value, PercentEncoding.encode($0.value)] }
        return Self.longestFirst(Self.sensitiveValues(of: headers) + hiddenValues(ofQuery: text) + itemValues)
    }

    /// The hidden values of `request` and of the hop `response` answers: a middleware may have
    /// added a credential after `request` was built, which a response can echo.
    func secrets(of request: EndpointRequest, answeredBy response: RawResponse) -> [String] {
        Self.longestFirst(secrets(of: request) + response.sentSecrets.values(hiddenBy: self))
    }

    /// The sensitive values of `headers`, and the credential after a scheme such as `Bearer`.
    private static func sensitiveValues(of headers: HeaderFields) -> [String] {
        headers.filter(\.isSensitive).flatMap { field -> [String] in
            let parts = field.value.split(separator: " ", maxSplits: 1).map(String.init)
            return [field.value] + (parts.count == 2 ? [parts[1]] : [])
        }
    }

    /// `secrets` of four characters or more, each once, the longest first.
    private static func longestFirst(_ secrets: [String]) -> [String] {
        Array(Set(secrets.filter { $0.count >= 4 })).sorted { $0.count > $1.count }
    }

    /// The values of the hidden parameters of a percent-encoded query (an absolute URL's own, such
    /// as a presigned URL's `?X-Amz-Signature=…`), as written and decoded.
    private func hiddenValues(ofQuery query: String?) -> [String] {
        guard let query else { return [] }
        return QueryText.pairs(of: query[...]).flatMap { pair -> [String] in
            guard let value = pair.value, QueryText.readings(of: pair.name).contains(where: hidesQueryItem)
            else { return [] }
            return [String(value)] + QueryText.readings(of: value)
        }
    }

    /// `text` with every occurrence of a secret replaced by `<redacted>`, longest secret first.
    static func scrub(_ text: String, hiding secrets: [String]) -> String {
        secrets.reduce(text) { text, secret in
            text.replacingOccurrences(of: secret, with: "<redacted>")
        }
    }
}
