import Foundation

extension EndpointRequest {
    /// The request as a `curl` command line, against `baseURL`.
    ///
    /// Every argument is single-quoted, so no value can break out of it. Values of
    /// `Authorization`, `Cookie`, `Proxy-Authorization` and headers marked secret read
    /// `<redacted>` unless `revealingSecrets` is `true`.
    ///
    /// ```swift
    /// print(try request.curlCommand(baseURL: BaseURL("api.example.com")))
    /// // curl -X 'GET' 'https://api.example.com/users/42' -H 'Authorization: <redacted>'
    /// ```
    public func curlCommand(baseURL: BaseURL, revealingSecrets: Bool = false) throws(CourierError) -> String {
        let shown = revealingSecrets ? self : redacted()
        var words = [
            "curl", "-X", Self.quoted(method.rawValue),
            Self.quoted(try baseURL.url(for: self).absoluteString),
        ]
        for field in shown.headers {
            words += ["-H", Self.quoted("\(field.name.rawValue): \(field.value)")]
        }
        if let body {
            if let text = String(data: body.data, encoding: .utf8) {
                words += ["--data-binary", Self.quoted(text)]
            } else {
                words += ["--data-binary", Self.quoted("<\(body.data.count) bytes of binary data>")]
            }
        }
        return words.joined(separator: " ")
    }

    /// Wraps `text` in single quotes for a POSIX shell; an embedded `'` becomes `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
